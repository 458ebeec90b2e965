import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { selectKycChecks } from '../../../machines/identityVerification.machine';
import { selectUser } from '../../../machines/session.machine';
import { useSessionActor } from '../../app/session';
import { Button } from '../../ui/Button';
import { Row } from '../../ui/Layout';
import { StepHeading } from '../../ui/StepHeading';
import { useKyc, type KycActor } from './kycActor';
import { criterionText } from './kycMessages';

/**
 * The evaluation: each check with what it means, and a new attempt when one failed. Passing the automatic checks is
 * not "verified": a person at the bank still looks at the photos (server/review/identityReview.ts).
 */
export function ResultStep({ kyc, passed }: { kyc: KycActor; passed: boolean }) {
  const intl = useIntl();
  const checks = useKyc(kyc, selectKycChecks);
  const user = useSelector(useSessionActor(), selectUser);
  // Onboarding's last step, where the checked photos let the company be submitted for review.
  const merchantId = user?.merchant.id ?? null;
  return (
    <div>
      <StepHeading>
        {passed ? (
          <FormattedMessage id="kyc.result.received" defaultMessage="Photos received: we are checking them" />
        ) : (
          <FormattedMessage id="kyc.result.failed" defaultMessage="We could not verify your identity" />
        )}
      </StepHeading>
      {passed ? (
        <p>
          <FormattedMessage
            id="kyc.result.receivedNext"
            defaultMessage="The automatic checks passed. A person at the bank now compares your face with the document; you can go on with your application meanwhile, and we will tell you if we need new photos."
          />
        </p>
      ) : null}
      <ul>
        {checks.map((check) => (
          <li key={check.criterion} data-passed={check.passed}>
            {check.passed
              ? intl.formatMessage(
                  { id: 'kyc.result.ok', defaultMessage: 'Passed: {text}' },
                  { text: criterionText(intl, check.criterion, true) },
                )
              : intl.formatMessage(
                  { id: 'kyc.result.notOk', defaultMessage: 'Failed: {text}' },
                  { text: criterionText(intl, check.criterion, false) },
                )}
          </li>
        ))}
      </ul>
      <Row>
        {passed ? (
          <Link to={merchantId ? `/registration/review/${merchantId}` : '/registration'}>
            <FormattedMessage
              id="kyc.result.toReview"
              defaultMessage="Back to onboarding: review and submit"
            />
          </Link>
        ) : (
          <Button onClick={() => kyc.send({ type: 'verification.restart' })}>
            <FormattedMessage id="kyc.result.retry" defaultMessage="Try again" />
          </Button>
        )}
      </Row>
    </div>
  );
}
