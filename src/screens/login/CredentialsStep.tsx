import { createElement, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectLoginBusy } from '../../../machines/login.machine';
import { useBotCheck } from '../../app/botCheckContext';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { LoginError, tryAgainText } from './LoginError';
import { StepHeading } from '../../ui/StepHeading';
import { useLogin, type LoginActor } from './loginActor';

// Only a shape check so the user hears about a typo at once; the server validates for real.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type FieldErrors = { email?: string; password?: string };

const ForgotPassword = styled.p`
  margin: ${({ theme }) => `${theme.space(4)} 0 0`};
  text-align: center;
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/** Step 1: email, password and the bot check. */
export function CredentialsStep({ login }: { login: LoginActor }) {
  const intl = useIntl();
  const BotCheck = useBotCheck();
  const busy = useLogin(login, selectLoginBusy);
  const error = useLogin(login, (s) => s.context.error);
  const retryAfter = useLogin(login, (s) => s.context.retryAfterSeconds);
  // A sign-in that must wait says so beside the password, with when to try again.
  const waitText = error === 'rate_limited' ? tryAgainText(intl, retryAfter) : null;
  const round = useLogin(login, (s) => s.context.botCheckRound);
  const initialEmail = useLogin(login, (s) => s.context.email);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  // A proof is single use: one solved for an earlier round was spent by the attempt that failed.
  const [verified, setVerified] = useState<{ round: number; payload: string } | null>(null);
  const altcha = verified?.round === round ? verified.payload : null;
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const passwordField = useRef<HTMLInputElement>(null);
  // A refused password is cleared and its field focused, so the next try starts from an empty field instead of
  // editing the wrong one blind. The round moves on after every failed attempt; the state follows it while
  // rendering (React's "adjusting state when a prop changes"), the focus after.
  const [passwordRound, setPasswordRound] = useState(round);
  const refused = round !== passwordRound && error === 'invalid_credentials';
  if (round !== passwordRound) {
    setPasswordRound(round);
    if (refused) setPassword('');
  }
  const [focusRound, setFocusRound] = useState<number | null>(null);
  if (refused) setFocusRound(round);
  useEffect(() => {
    if (focusRound !== null) passwordField.current?.focus();
  }, [focusRound]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!emailShape.test(email.trim())) {
      errors.email = intl.formatMessage({
        id: 'login.credentials.emailInvalid',
        defaultMessage: 'Enter your email address, like name@example.com.',
      });
    }
    if (password.length === 0) {
      errors.password = intl.formatMessage({
        id: 'login.credentials.passwordMissing',
        defaultMessage: 'Enter your password.',
      });
    }
    setFieldErrors(errors);
    if (errors.email || errors.password || !altcha) return;
    login.send({ type: 'credentials.submit', email: email.trim(), password, altcha });
  };

  return (
    <form onSubmit={submit} noValidate>
      <StepHeading>
        <FormattedMessage id="login.credentials.title" defaultMessage="Sign in to Tameio" />
      </StepHeading>
      <LoginError error={waitText ? null : error} attemptsLeft={null} />
      <TextField
        label={intl.formatMessage({ id: 'login.credentials.email', defaultMessage: 'Email' })}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        required
        value={email}
        error={fieldErrors.email ?? null}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label={intl.formatMessage({ id: 'login.credentials.password', defaultMessage: 'Password' })}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        ref={passwordField}
        error={fieldErrors.password ?? waitText}
        onChange={(event) => setPassword(event.target.value)}
      />
      {
        // The component comes from context and is the same on every render (AppProviders `botCheck`), so its state
        // is kept; createElement says so where JSX would read as a component made during render. The key gives each
        // round a fresh widget and so a fresh challenge.
        createElement(BotCheck, {
          key: round,
          round,
          onVerified: (payload: string) => setVerified({ round, payload }),
          onReset: () => setVerified(null),
        })
      }
      <Button type="submit" block busy={busy} disabled={!altcha}>
        <FormattedMessage id="login.credentials.submit" defaultMessage="Continue" />
      </Button>
      <ForgotPassword>
        <Link to="/reset_password/">
          <FormattedMessage id="login.credentials.forgotPassword" defaultMessage="Forgot your password?" />
        </Link>
      </ForgotPassword>
      <ForgotPassword>
        <FormattedMessage
          id="login.credentials.register"
          defaultMessage="New to Tameio? <link>Create an account</link>"
          values={{ link: (chunks) => <Link to="/registration">{chunks}</Link> }}
        />
      </ForgotPassword>
    </form>
  );
}
