import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import {
  selectKycAttemptsLeft,
  selectKycBusy,
  selectKycCanResend,
  selectKycCodeDead,
  selectKycDestination,
  selectKycError,
  selectKycMethod,
  selectKycMethods,
  selectKycResending,
  selectKycResendIn,
  selectKycVerifyingCode,
} from '../../../machines/identityVerification.machine';
import type { LoginMfaMethod } from '../../../schemas/auth.schema';
import { authenticatorCodeProps, authenticatorMessages } from '../../ui/authenticatorCode';
import { Button } from '../../ui/Button';
import { Muted, Stack } from '../../ui/Layout';
import { OtpCodeForm } from '../../ui/OtpCodeForm';
import { StepHeading } from '../../ui/StepHeading';
import { KycErrorAlert } from './KycErrorAlert';
import { useKyc, type KycActor } from './kycActor';

const methodLabels = defineMessages<Record<Exclude<LoginMfaMethod, 'totp'>, { destination: string }>>({
  email: { id: 'kyc.otp.method.email', defaultMessage: 'Send a code by email to {destination}' },
  sms: { id: 'kyc.otp.method.sms', defaultMessage: 'Send a code by SMS to {destination}' },
});

/** Before the details: confirm it is you, choosing where the one-time code goes. */
export function OtpMethodStep({ kyc }: { kyc: KycActor }) {
  const intl = useIntl();
  const busy = useKyc(kyc, selectKycBusy);
  const methods = useKyc(kyc, selectKycMethods);
  const chosen = useKyc(kyc, selectKycMethod);
  return (
    <div>
      <StepHeading>
        <FormattedMessage id="kyc.otp.method.title" defaultMessage="Confirm it is you" />
      </StepHeading>
      <Muted>
        <FormattedMessage
          id="kyc.otp.method.intro"
          defaultMessage="Before you verify your identity, we send you a one-time code. Choose where it should go."
        />
      </Muted>
      <KycErrorAlert kyc={kyc} />
      <Stack>
        {methods.map((option) => (
          <Button
            key={option.method}
            variant="secondary"
            block
            disabled={busy}
            busy={busy && chosen === option.method}
            onClick={() => kyc.send({ type: 'method.selected', method: option.method })}
          >
            {option.method === 'totp'
              ? intl.formatMessage(authenticatorMessages.method)
              : intl.formatMessage(methodLabels[option.method], { destination: option.destination })}
          </Button>
        ))}
      </Stack>
    </div>
  );
}

/** /otp-authentication/:method: the code, with resend after the cooldown and a way back to the methods. */
export function OtpCodeStep({ kyc }: { kyc: KycActor }) {
  const intl = useIntl();
  const busy = useKyc(kyc, selectKycBusy);
  const dead = useKyc(kyc, selectKycCodeDead);
  const verifying = useKyc(kyc, selectKycVerifyingCode);
  const resending = useKyc(kyc, selectKycResending);
  const canResend = useKyc(kyc, selectKycCanResend);
  const destination = useKyc(kyc, selectKycDestination);
  const resendIn = useKyc(kyc, selectKycResendIn);
  const error = useKyc(kyc, selectKycError);
  const attemptsLeft = useKyc(kyc, selectKycAttemptsLeft);
  const method = useKyc(kyc, selectKycMethod);
  return (
    <OtpCodeForm
      {...authenticatorCodeProps(intl, method)}
      heading={
        <StepHeading>
          <FormattedMessage id="kyc.otp.code.title" defaultMessage="Enter the one-time code" />
        </StepHeading>
      }
      label={intl.formatMessage({ id: 'kyc.otp.code.label', defaultMessage: 'One-time code' })}
      destination={destination}
      error={<KycErrorAlert kyc={kyc} />}
      rejection={error ? `${error}:${attemptsLeft}` : null}
      dead={dead}
      busy={busy}
      verifying={verifying}
      resending={resending}
      canResend={canResend}
      resendIn={resendIn}
      onSubmit={(code) => kyc.send({ type: 'otp.submit', code })}
      onResend={() => kyc.send({ type: 'otp.resend' })}
      secondary={
        <Button variant="quiet" disabled={busy} onClick={() => kyc.send({ type: 'method.change' })}>
          <FormattedMessage id="kyc.otp.code.changeMethod" defaultMessage="Use another method" />
        </Button>
      }
    />
  );
}
