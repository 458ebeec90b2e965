import { createElement, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectRegistrationBusy, selectRegistrationError } from '../../../machines/registration.machine';
import { useBotCheck } from '../../app/botCheckContext';
import { Button } from '../../ui/Button';
import { Stack } from '../../ui/Layout';
import { isPasswordPairAcceptable, PasswordFields } from '../../ui/PasswordFields';
import { StepHeading } from '../../ui/StepHeading';
import { RegistrationError } from './RegistrationError';
import { useRegistration, type RegistrationActor } from './registrationActor';

const Check = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  margin-bottom: ${({ theme }) => theme.space(3)};
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin-top: 0.15rem;
    flex: none;
  }
`;

const CheckError = styled.p`
  margin: ${({ theme }) => `-${theme.space(2)} 0 ${theme.space(3)}`};
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.9rem;
  font-weight: 600;
`;

/** Opens a legal page in a new tab, so the half-filled form stays as it is. */
const legalLink = (to: string) => (chunks: ReactNode[]) => (
  <Link to={to} target="_blank" rel="noopener">
    {chunks}
  </Link>
);

/** Step 5: password (SPEC §5 policy shown live), terms and privacy acceptance, bot check; creates the account. */
export function PasswordStep({ registration }: { registration: RegistrationActor }) {
  const intl = useIntl();
  const BotCheck = useBotCheck();
  const busy = useRegistration(registration, selectRegistrationBusy);
  const error = useRegistration(registration, selectRegistrationError);
  const round = useRegistration(registration, (s) => s.context.botCheckRound);
  const email = useRegistration(registration, (s) => s.context.email);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // A proof is single use: one solved for an earlier round was spent by the attempt that failed.
  const [verified, setVerified] = useState<{ round: number; payload: string } | null>(null);
  const altcha = verified?.round === round ? verified.payload : null;

  const mustAccept = intl.formatMessage({
    id: 'registration.password.mustAccept',
    defaultMessage: 'You need to accept this to open an account.',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!isPasswordPairAcceptable(password, confirmation, { email }) || !terms || !privacy || !altcha) return;
    registration.send({ type: 'register.submit', password, passwordConfirmation: confirmation, altcha });
  };

  return (
    <form onSubmit={submit} noValidate>
      <StepHeading>
        <FormattedMessage id="registration.password.title" defaultMessage="Choose a password" />
      </StepHeading>
      <RegistrationError error={error} />
      <PasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        email={email}
        showErrors={submitted}
        disabled={busy}
      />
      <Check>
        <input
          type="checkbox"
          name="accept_terms"
          required
          aria-required="true"
          aria-invalid={submitted && !terms ? true : undefined}
          checked={terms}
          onChange={(event) => setTerms(event.target.checked)}
        />
        <span>
          <FormattedMessage
            id="registration.password.acceptTerms"
            defaultMessage="I accept the <link>terms of use</link>"
            values={{ link: legalLink('/terms-of-use') }}
          />
        </span>
      </Check>
      {submitted && !terms ? <CheckError>{mustAccept}</CheckError> : null}
      <Check>
        <input
          type="checkbox"
          name="accept_privacy"
          required
          aria-required="true"
          aria-invalid={submitted && !privacy ? true : undefined}
          checked={privacy}
          onChange={(event) => setPrivacy(event.target.checked)}
        />
        <span>
          <FormattedMessage
            id="registration.password.acceptPrivacy"
            defaultMessage="I have read the <link>privacy policy</link>"
            values={{ link: legalLink('/privacy-policy') }}
          />
        </span>
      </Check>
      {submitted && !privacy ? <CheckError>{mustAccept}</CheckError> : null}
      {
        // As on the login screen: the bot check comes from context; the key gives each round a fresh challenge.
        createElement(BotCheck, {
          key: round,
          round,
          onVerified: (payload: string) => setVerified({ round, payload }),
          onReset: () => setVerified(null),
        })
      }
      <Stack>
        <Button type="submit" block busy={busy} disabled={busy || !altcha}>
          <FormattedMessage id="registration.password.submit" defaultMessage="Create account" />
        </Button>
        <Button
          variant="quiet"
          disabled={busy}
          onClick={() => registration.send({ type: 'registration.restart' })}
        >
          <FormattedMessage id="registration.restart" defaultMessage="Start again" />
        </Button>
      </Stack>
    </form>
  );
}
