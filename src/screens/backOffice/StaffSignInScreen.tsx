import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { StaffSignInError, staffSignInMachine } from '../../../machines/staffSignIn.machine';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { TextField } from '../../ui/TextField';

const m = defineMessages({
  title: { id: 'backOffice.signIn.title', defaultMessage: 'Tameio back office' },
  intro: {
    id: 'backOffice.signIn.intro',
    defaultMessage: 'For the bank’s staff. Merchants sign in at the Tameio app, not here.',
  },
  email: { id: 'backOffice.signIn.email', defaultMessage: 'Work email' },
  password: { id: 'backOffice.signIn.password', defaultMessage: 'Password' },
  continue: { id: 'backOffice.signIn.continue', defaultMessage: 'Continue' },
  passkeyTitle: { id: 'backOffice.signIn.passkeyTitle', defaultMessage: 'Confirm with your passkey' },
  passkeyIntro: {
    id: 'backOffice.signIn.passkeyIntro',
    defaultMessage: 'Your browser will ask for your device’s lock: fingerprint, face or PIN.',
  },
  usePasskey: { id: 'backOffice.signIn.usePasskey', defaultMessage: 'Use my passkey' },
  useCode: { id: 'backOffice.signIn.useCode', defaultMessage: 'Use the authenticator app instead' },
  codeTitle: {
    id: 'backOffice.signIn.codeTitle',
    defaultMessage: 'Enter the code of your authenticator app',
  },
  code: { id: 'backOffice.signIn.code', defaultMessage: '6-digit code' },
  codeHint: {
    id: 'backOffice.signIn.codeHint',
    defaultMessage: 'The code the authenticator app shows for the Tameio back office now.',
  },
  verify: { id: 'backOffice.signIn.verify', defaultMessage: 'Sign in' },
  backToPasskey: { id: 'backOffice.signIn.backToPasskey', defaultMessage: 'Use my passkey instead' },
  restart: { id: 'backOffice.signIn.restart', defaultMessage: 'Sign in with another account' },
  triesLeft: defineMessage<{ count: number }>({
    id: 'backOffice.signIn.triesLeft',
    defaultMessage: '{count, plural, one {# try left.} other {# tries left.}}',
  }),
  wrongCode: {
    id: 'backOffice.signIn.wrongCode',
    defaultMessage: 'This code is not right. Enter the 6 digits the app shows now.',
  },
  wrongCredentials: {
    id: 'backOffice.signIn.wrongCredentials',
    defaultMessage: 'The email or the password is not right. Check both and try again.',
  },
  expired: {
    id: 'backOffice.signIn.expired',
    defaultMessage: 'That sign-in expired or ran out of tries. Enter your email and password again.',
  },
});

type SignIn = ActorRefFrom<typeof staffSignInMachine>;

function useErrorText(error: StaffSignInError | null, attemptsLeft: number | null): string | null {
  const intl = useIntl();
  if (!error) return null;
  // No tries left: the journey is back at the password, whichever factor was refused last.
  if (attemptsLeft === 0) return intl.formatMessage(m.expired);
  const words =
    error === 'invalid_credentials'
      ? intl.formatMessage(m.wrongCredentials)
      : error === 'otp_invalid'
        ? intl.formatMessage(m.wrongCode)
        : error === 'login_expired'
          ? intl.formatMessage(m.expired)
          : error === 'passkey_refused'
            ? intl.formatMessage(errorMessages.passkey_refused)
            : error === 'rate_limited'
              ? intl.formatMessage(errorMessages.rate_limited)
              : error === 'network'
                ? intl.formatMessage(errorMessages.network)
                : intl.formatMessage(errorMessages.unknown);
  return attemptsLeft !== null && attemptsLeft > 0
    ? `${words} ${intl.formatMessage(m.triesLeft, { count: attemptsLeft })}`
    : words;
}

/** The staff sign-in journey (machines/staffSignIn.machine.ts): password, then passkey or authenticator code. */
export function StaffSignInScreen({ signIn }: { signIn: SignIn }) {
  const intl = useIntl();
  const snapshot = useSelector(signIn, (s) => s);
  const [email, setEmail] = useState(snapshot.context.email);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const error = useErrorText(snapshot.context.error, snapshot.context.attemptsLeft);
  const state = snapshot.value;
  const codeErrorId = useId();
  // As the machine's hasPasskey guard: a passkey registered and the server's challenge for it.
  const hasPasskey = snapshot.context.methods.includes('passkey') && snapshot.context.passkeyOptions !== null;

  const submitCredentials = (event: FormEvent) => {
    event.preventDefault();
    signIn.send({ type: 'credentials.submit', email, password });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    signIn.send({ type: 'code.submit', code });
    setCode('');
  };

  // The page's main landmark: outside the signed-in shell, this screen is the whole page.
  return (
    <Page as="main" $narrow>
      <Card>
        <h1>{intl.formatMessage(m.title)}</h1>
        {state === 'enteringCredentials' || state === 'checkingPassword' ? (
          <form onSubmit={submitCredentials} noValidate>
            <Muted>{intl.formatMessage(m.intro)}</Muted>
            {error ? <Alert role="alert">{error}</Alert> : null}
            <TextField
              label={intl.formatMessage(m.email)}
              type="email"
              autoComplete="username webauthn"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
            />
            <TextField
              label={intl.formatMessage(m.password)}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
            <Button type="submit" block busy={state === 'checkingPassword'}>
              {intl.formatMessage(m.continue)}
            </Button>
          </form>
        ) : state === 'choosingPasskey' || state === 'usingPasskey' ? (
          <div>
            <h2>{intl.formatMessage(m.passkeyTitle)}</h2>
            <Muted>{intl.formatMessage(m.passkeyIntro)}</Muted>
            {error ? <Alert role="alert">{error}</Alert> : null}
            <Button
              block
              busy={state === 'usingPasskey'}
              onClick={() => signIn.send({ type: 'passkey.use' })}
            >
              {intl.formatMessage(m.usePasskey)}
            </Button>
            <Button variant="secondary" block onClick={() => signIn.send({ type: 'code.choose' })}>
              {intl.formatMessage(m.useCode)}
            </Button>
            <Button variant="secondary" block onClick={() => signIn.send({ type: 'signIn.restart' })}>
              {intl.formatMessage(m.restart)}
            </Button>
          </div>
        ) : (
          <form onSubmit={submitCode} noValidate>
            <h2>{intl.formatMessage(m.codeTitle)}</h2>
            {error ? (
              <Alert role="alert" id={codeErrorId}>
                {error}
              </Alert>
            ) : null}
            <TextField
              label={intl.formatMessage(m.code)}
              hint={intl.formatMessage(m.codeHint)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              {...(error ? { describedBy: codeErrorId } : {})}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
            <Button type="submit" block busy={state === 'checkingCode'}>
              {intl.formatMessage(m.verify)}
            </Button>
            {hasPasskey ? (
              <Button variant="secondary" block onClick={() => signIn.send({ type: 'passkey.use' })}>
                {intl.formatMessage(m.backToPasskey)}
              </Button>
            ) : null}
            <Button variant="secondary" block onClick={() => signIn.send({ type: 'signIn.restart' })}>
              {intl.formatMessage(m.restart)}
            </Button>
          </form>
        )}
      </Card>
    </Page>
  );
}
