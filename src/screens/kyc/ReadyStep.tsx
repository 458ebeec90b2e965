import { FormattedMessage, useIntl } from 'react-intl';
import { selectKycBusy, selectKycCaptured } from '../../../machines/identityVerification.machine';
import { Button } from '../../ui/Button';
import { Row } from '../../ui/Layout';
import { StepHeading } from '../../ui/StepHeading';
import { KycErrorAlert } from './KycErrorAlert';
import { useKyc, type KycActor } from './kycActor';
import { sideTitle } from './kycMessages';

/** Every photo is there: retake one, or send them for the checks. */
export function ReadyStep({ kyc }: { kyc: KycActor }) {
  const intl = useIntl();
  const busy = useKyc(kyc, selectKycBusy);
  const captured = useKyc(kyc, selectKycCaptured);
  return (
    <div>
      <StepHeading>
        <FormattedMessage id="kyc.ready.title" defaultMessage="Your photos are ready" />
      </StepHeading>
      <KycErrorAlert kyc={kyc} />
      <ul>
        {captured.map((side) => (
          <li key={side}>
            <span>{sideTitle(intl, side)}</span>
            <Button variant="quiet" disabled={busy} onClick={() => kyc.send({ type: 'side.retake', side })}>
              <FormattedMessage
                id="kyc.ready.retake"
                defaultMessage="Retake {side}"
                values={{ side: sideTitle(intl, side) }}
              />
            </Button>
          </li>
        ))}
      </ul>
      <Row>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => kyc.send({ type: 'verification.restart' })}
        >
          <FormattedMessage id="kyc.restart" defaultMessage="Start over" />
        </Button>
        <Button busy={busy} onClick={() => kyc.send({ type: 'verification.evaluate' })}>
          <FormattedMessage id="kyc.ready.evaluate" defaultMessage="Verify my identity" />
        </Button>
      </Row>
    </div>
  );
}
