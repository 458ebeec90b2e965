import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  selectCodeAttemptsLeft,
  selectCodeRetryAfter,
  selectCodeCanCancel,
  selectCodeCanResend,
  selectCodeDestination,
  selectCodeIsDead,
  selectCodeMethod,
  selectCodeMethodFixed,
  selectCodeMethods,
  selectCodeResending,
  selectCodeResendIn,
  selectCodeVerifying,
  selectOneTimeCodeBusy,
  selectOneTimeCodeError,
  selectOneTimeCodeStep,
  type CodeMethod,
  type oneTimeCodeMachine,
  type OneTimeCodeError,
} from '../../machines/oneTimeCode.machine';
import type { LoginMfaMethod } from '../../schemas/auth.schema';
import { authenticatorCodeProps, authenticatorMessages } from './authenticatorCode';
import { loginErrorText } from '../i18n/errorMessages';
import { Button } from './Button';
import { Alert, Muted, Stack } from './Layout';
import { OtpCodeForm } from './OtpCodeForm';
import { StepHeading } from './StepHeading';

export type OneTimeCodeActor = ActorRefFrom<typeof oneTimeCodeMachine>;

const m = defineMessages({
  methodTitle: { id: 'oneTimeCode.method.title', defaultMessage: 'Confirm it is you' },
  noMethods: {
    id: 'oneTimeCode.method.none',
    defaultMessage: 'We have no address to send you a code. Contact support.',
  },
  codeTitle: { id: 'oneTimeCode.code.title', defaultMessage: 'Enter the one-time code' },
  codeLabel: { id: 'oneTimeCode.code.label', defaultMessage: 'One-time code' },
  changeMethod: { id: 'oneTimeCode.code.changeMethod', defaultMessage: 'Use another method' },
  cancel: { id: 'oneTimeCode.cancel', defaultMessage: 'Cancel' },
  methodUnavailable: {
    id: 'oneTimeCode.error.methodUnavailable',
    defaultMessage: 'This method is not available for your account. Choose another.',
  },
});

const methodLabels = defineMessages<Record<Exclude<LoginMfaMethod, 'totp'>, { destination: string }>>({
  email: { id: 'oneTimeCode.method.email', defaultMessage: 'Send a code by email to {destination}' },
  sms: { id: 'oneTimeCode.method.sms', defaultMessage: 'Send a code by SMS to {destination}' },
});

/** When a refused code step may be tried again, from the server's Retry-After. */
function tryAgainText(intl: IntlShape, retryAfter: number): string {
  if (retryAfter < 60) {
    return intl.formatMessage(
      {
        id: 'oneTimeCode.error.tryAgainInSeconds',
        defaultMessage:
          'Too many attempts. Try again in {seconds, plural, one {# second} other {# seconds}}.',
      },
      { seconds: retryAfter },
    );
  }
  return intl.formatMessage(
    {
      id: 'oneTimeCode.error.tryAgainInMinutes',
      defaultMessage: 'Too many attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
    },
    { minutes: Math.ceil(retryAfter / 60) },
  );
}

/** The sentence for a failure of the code step (a wrong code says how many tries are left). */
export function oneTimeCodeErrorText(
  intl: IntlShape,
  error: OneTimeCodeError,
  attemptsLeft: number | null,
): string {
  if (error === 'mfa_method_unavailable') return intl.formatMessage(m.methodUnavailable);
  return loginErrorText(intl, error, attemptsLeft);
}

/** The journey's own words for the step, where they differ from the step-up defaults. */
export type OneTimeCodeTexts = {
  methodTitle?: string;
  codeTitle?: string;
  codeLabel?: string;
  /** What cancelling means in the journey ("Edit the payment", "Start again"...). */
  cancel?: string;
  /** A method button's label. */
  method?: (option: CodeMethod) => string;
};

export type OneTimeCodeStepProps = {
  /** The journey's oneTimeCode child (machines/oneTimeCode.machine.ts). */
  actor: OneTimeCodeActor;
  /** Why a code is asked for, in the journey's words ("…to accept this request"), under the method title. */
  intro?: string;
  /** The journey's own message above the step (e.g. "your confirmation expired"), if any. */
  notice?: ReactNode;
  texts?: OneTimeCodeTexts;
};

/** The step's own error; without one, the journey's notice (one message at a time, the newest). */
function ErrorAlert({ actor, notice }: { actor: OneTimeCodeActor; notice: ReactNode }) {
  const intl = useIntl();
  const error = useSelector(actor, selectOneTimeCodeError);
  const attemptsLeft = useSelector(actor, selectCodeAttemptsLeft);
  const retryAfter = useSelector(actor, selectCodeRetryAfter);
  if (!error) return <>{notice}</>;
  // Codes paused for the account (docs/decisions/020-sign-in-limits.md), or too many calls: say when to try again.
  const text =
    error === 'rate_limited' && retryAfter !== null
      ? tryAgainText(intl, retryAfter)
      : oneTimeCodeErrorText(intl, error, attemptsLeft);
  return <Alert role="alert">{text}</Alert>;
}

function CancelButton({
  actor,
  texts,
  busy,
}: Pick<OneTimeCodeStepProps, 'actor' | 'texts'> & { busy: boolean }) {
  const intl = useIntl();
  const canCancel = useSelector(actor, selectCodeCanCancel);
  return (
    <Button variant="quiet" disabled={busy || !canCancel} onClick={() => actor.send({ type: 'code.cancel' })}>
      {texts?.cancel ?? intl.formatMessage(m.cancel)}
    </Button>
  );
}

function MethodChoice({ actor, intro, notice, texts }: OneTimeCodeStepProps) {
  const intl = useIntl();
  const busy = useSelector(actor, selectOneTimeCodeBusy);
  const methods = useSelector(actor, selectCodeMethods);
  const chosen = useSelector(actor, selectCodeMethod);
  const label = (option: CodeMethod) => {
    if (texts?.method) return texts.method(option);
    return option.method === 'totp'
      ? intl.formatMessage(authenticatorMessages.method)
      : intl.formatMessage(methodLabels[option.method], { destination: option.destination });
  };
  return (
    <>
      <StepHeading>{texts?.methodTitle ?? intl.formatMessage(m.methodTitle)}</StepHeading>
      {intro ? <Muted>{intro}</Muted> : null}
      <ErrorAlert actor={actor} notice={notice} />
      {methods.length === 0 ? <Muted>{intl.formatMessage(m.noMethods)}</Muted> : null}
      <Stack>
        {methods.map((option) => (
          <Button
            key={option.method}
            variant="secondary"
            block
            disabled={busy}
            busy={busy && chosen === option.method}
            onClick={() => actor.send({ type: 'method.selected', method: option.method })}
          >
            {label(option)}
          </Button>
        ))}
        <CancelButton actor={actor} texts={texts} busy={busy} />
      </Stack>
    </>
  );
}

function CodeEntry({ actor, notice, texts }: OneTimeCodeStepProps) {
  const intl = useIntl();
  const busy = useSelector(actor, selectOneTimeCodeBusy);
  const dead = useSelector(actor, selectCodeIsDead);
  const verifying = useSelector(actor, selectCodeVerifying);
  const resending = useSelector(actor, selectCodeResending);
  const sendingFirst = useSelector(actor, (snapshot) => snapshot.matches('sendingCode'));
  const canResend = useSelector(actor, selectCodeCanResend);
  const destination = useSelector(actor, selectCodeDestination);
  const resendIn = useSelector(actor, selectCodeResendIn);
  const error = useSelector(actor, selectOneTimeCodeError);
  const attemptsLeft = useSelector(actor, selectCodeAttemptsLeft);
  const method = useSelector(actor, selectCodeMethod);
  const fixed = useSelector(actor, selectCodeMethodFixed);
  return (
    <OtpCodeForm
      {...authenticatorCodeProps(intl, method)}
      heading={<StepHeading>{texts?.codeTitle ?? intl.formatMessage(m.codeTitle)}</StepHeading>}
      label={texts?.codeLabel ?? intl.formatMessage(m.codeLabel)}
      destination={destination}
      error={<ErrorAlert actor={actor} notice={notice} />}
      rejection={error ? `${error}:${attemptsLeft}` : null}
      dead={dead}
      busy={busy}
      verifying={verifying}
      resending={resending}
      canResend={canResend}
      resendIn={resendIn}
      inputDisabled={sendingFirst}
      onSubmit={(code) => actor.send({ type: 'otp.submit', code })}
      onResend={() => actor.send({ type: 'otp.resend' })}
      secondary={
        <>
          {fixed ? null : (
            <Button variant="quiet" disabled={busy} onClick={() => actor.send({ type: 'method.change' })}>
              {intl.formatMessage(m.changeMethod)}
            </Button>
          )}
          <CancelButton actor={actor} texts={texts} busy={busy} />
        </>
      }
    />
  );
}

/**
 * The screen of the oneTimeCode child machine, for every journey that asks for a code: the method buttons, then the
 * code form (src/ui/OtpCodeForm.tsx) with resend, another method and cancel, in the journey's words where it has its
 * own. The journey renders it while its child runs and reacts to the child's output; this part only sends the child
 * its events.
 */
export function OneTimeCodeStep(props: OneTimeCodeStepProps) {
  const step = useSelector(props.actor, selectOneTimeCodeStep);
  if (step === 'method') return <MethodChoice {...props} />;
  if (step === 'code') return <CodeEntry {...props} />;
  // Done, refused or cancelled: the parent moves on at once.
  return null;
}
