import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useClientConfig } from './clientConfig';
import { useCountdown } from './useCountdown';
import { Button } from './Button';
import { Muted, Stack } from './Layout';
import { TextField } from './TextField';

const codeShape = /^\d{6}$/;

/** The label of the resend button while the server's cooldown runs; mounted when a cooldown starts. */
function ResendCountdown({ seconds }: { seconds: number }) {
  // The machine enables the button; the count only informs, so it never shows 0 before the button is usable.
  const left = Math.max(1, useCountdown(seconds));
  return (
    <FormattedMessage
      id="otp.code.resendIn"
      defaultMessage="Send a new code in {seconds} s"
      values={{ seconds: left }}
    />
  );
}

export type OtpCodeFormProps = {
  heading: ReactNode;
  label: string;
  /** Where the code went (masked), when known. */
  destination: string | null;
  /** The journey's error message for the last answer (wrong code, tries left, expired...). */
  error: ReactNode;
  /** Changes whenever the server rejected a code, so the old digits get selected for the next try. */
  rejection: unknown;
  dead: boolean;
  busy: boolean;
  verifying: boolean;
  resending: boolean;
  canResend: boolean;
  resendIn: number;
  inputDisabled?: boolean;
  onSubmit: (code: string) => void;
  onResend: () => void;
  /** No resend button: the code is not sent (an authenticator app's). */
  noResend?: boolean;
  /** Said above the field instead of where the code went. */
  intro?: string;
  /** The way out of this step (another method, start again). */
  secondary: ReactNode;
};

/**
 * Entering a 6-digit one-time code: the code form of src/ui/OneTimeCodeStep.tsx, which every journey that asks for a
 * code shows. The oneTimeCode machine decides what happens; this part only checks the shape before sending and shows
 * the machine's state.
 */
export function OtpCodeForm(props: OtpCodeFormProps) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [shapeError, setShapeError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The server's OTP_TTL_SECONDS, rounded as the code's email and SMS round it (server/auth/otp.ts).
  const codeMinutes = Math.round(useClientConfig().otp_ttl_seconds / 60);

  useEffect(() => {
    if (props.rejection) input.current?.select();
  }, [props.rejection]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    if (!codeShape.test(trimmed)) {
      setShapeError(
        intl.formatMessage({
          id: 'otp.code.shape',
          defaultMessage: 'Enter the 6-digit code from the message.',
        }),
      );
      return;
    }
    setShapeError(null);
    props.onSubmit(trimmed);
  };

  return (
    <form onSubmit={submit} noValidate>
      {props.heading}
      {props.intro ? <Muted>{props.intro}</Muted> : null}
      {props.destination ? (
        <Muted>
          <FormattedMessage
            id="otp.code.sentTo"
            defaultMessage="We sent a 6-digit code to {destination}. It is valid for {minutes, plural, one {# minute} other {# minutes}}."
            values={{ destination: props.destination, minutes: codeMinutes }}
          />
        </Muted>
      ) : null}
      {props.error}
      <TextField
        ref={input}
        label={props.label}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        disabled={props.dead || props.inputDisabled}
        value={code}
        error={shapeError}
        onChange={(event) => setCode(event.target.value)}
      />
      <Stack>
        <Button type="submit" block busy={props.verifying} disabled={props.dead || props.busy}>
          <FormattedMessage id="otp.code.submit" defaultMessage="Verify" />
        </Button>
        {props.noResend ? null : (
          <Button
            variant="secondary"
            block
            busy={props.resending}
            disabled={!props.canResend || props.busy}
            onClick={props.onResend}
          >
            {props.canResend || props.resending ? (
              <FormattedMessage id="otp.code.resend" defaultMessage="Send a new code" />
            ) : (
              <ResendCountdown key={props.resendIn} seconds={props.resendIn} />
            )}
          </Button>
        )}
        {props.secondary}
      </Stack>
    </form>
  );
}
