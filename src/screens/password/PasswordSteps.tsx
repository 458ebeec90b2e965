import { createElement, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import {
  selectCanAskAgain,
  selectPasswordLinkBusy,
  type PasswordFieldProblems,
  type PasswordLinkError,
} from '../../../machines/passwordLink.machine';
import type { PasswordTokenPurpose } from '../../../schemas/passwordJourneys.schema';
import { useBotCheck } from '../../app/botCheckContext';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert, Muted, Stack } from '../../ui/Layout';
import { isPasswordPairAcceptable, PasswordFields } from '../../ui/PasswordFields';
import { TextField } from '../../ui/TextField';
import { StepHeading } from '../../ui/StepHeading';
import { notify } from '../../ui/notify';
import { usePasswordLink, type PasswordLinkActor } from './passwordActor';

// Only a shape check so the user hears about a typo at once; the server validates for real.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const BackLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;

type StepProps = { journey: PasswordLinkActor; purpose: PasswordTokenPurpose };

function errorText(intl: IntlShape, error: PasswordLinkError): string {
  switch (error) {
    case 'bot_check_failed':
    case 'rate_limited':
    case 'network':
    case 'unknown':
      return intl.formatMessage(errorMessages[error]);
    case 'token_invalid':
      return intl.formatMessage({
        id: 'password.error.tokenInvalid',
        defaultMessage: 'This link does not work any more. Ask for a new one.',
      });
    case 'validation_failed':
      return intl.formatMessage({
        id: 'password.error.validation',
        defaultMessage: 'The new password was not accepted. Check the fields below.',
      });
  }
}

function JourneyError({ journey }: { journey: PasswordLinkActor }) {
  const intl = useIntl();
  const error = usePasswordLink(journey, (s) => s.context.error);
  if (!error) return null;
  return <Alert role="alert">{errorText(intl, error)}</Alert>;
}

function SignInLink() {
  return (
    <p>
      <BackLink to="/login">
        <FormattedMessage id="password.backToSignIn" defaultMessage="Back to sign in" />
      </BackLink>
    </p>
  );
}

/** No link yet: ask for one by email, with the bot check. */
export function RequestStep({ journey, purpose }: StepProps) {
  const intl = useIntl();
  const BotCheck = useBotCheck();
  const busy = usePasswordLink(journey, selectPasswordLinkBusy);
  const round = usePasswordLink(journey, (s) => s.context.botCheckRound);
  const initialEmail = usePasswordLink(journey, (s) => s.context.email);
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  // A proof is single use: one solved for an earlier round was spent by the request that failed.
  const [verified, setVerified] = useState<{ round: number; payload: string } | null>(null);
  const altcha = verified?.round === round ? verified.payload : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = !emailShape.test(email.trim());
    setEmailError(
      invalid
        ? intl.formatMessage({
            id: 'password.request.emailInvalid',
            defaultMessage: 'Enter your email address, like name@example.com.',
          })
        : null,
    );
    if (invalid || !altcha) return;
    journey.send({ type: 'link.request', email: email.trim(), altcha });
  };

  return (
    <form onSubmit={submit} noValidate>
      <StepHeading>
        {purpose === 'reset' ? (
          <FormattedMessage id="password.reset.title" defaultMessage="Reset your password" />
        ) : (
          <FormattedMessage id="password.create.title" defaultMessage="Create your password" />
        )}
      </StepHeading>
      <Muted>
        {purpose === 'reset' ? (
          <FormattedMessage
            id="password.reset.intro"
            defaultMessage="Enter the email you sign in with. We will send you a link to choose a new password."
          />
        ) : (
          <FormattedMessage
            id="password.create.intro"
            defaultMessage="Were you invited to Tameio? Enter your email and we will send you a link to create your password."
          />
        )}
      </Muted>
      <JourneyError journey={journey} />
      <TextField
        label={intl.formatMessage({ id: 'password.request.email', defaultMessage: 'Email' })}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        required
        value={email}
        error={emailError}
        onChange={(event) => setEmail(event.target.value)}
      />
      {
        // Same component on every render (AppProviders `botCheck`); the key gives each round a fresh challenge.
        createElement(BotCheck, {
          key: round,
          round,
          onVerified: (payload: string) => setVerified({ round, payload }),
          onReset: () => setVerified(null),
        })
      }
      <Stack>
        <Button type="submit" block busy={busy} disabled={!altcha}>
          <FormattedMessage id="password.request.submit" defaultMessage="Send link" />
        </Button>
        <SignInLink />
      </Stack>
    </form>
  );
}

/** The same words whether or not an account exists, so the page tells nobody which emails have accounts. */
export function SentStep({ journey, purpose }: StepProps) {
  const email = usePasswordLink(journey, (s) => s.context.email);
  const minutes = usePasswordLink(journey, (s) => s.context.linkMinutes);
  const canAskAgain = usePasswordLink(journey, selectCanAskAgain);
  return (
    <div>
      <StepHeading>
        <FormattedMessage id="password.sent.title" defaultMessage="Check your email" />
      </StepHeading>
      <p>
        {purpose === 'reset' ? (
          <FormattedMessage
            id="password.sent.reset"
            defaultMessage="If an account exists for {email}, we have sent it a link to choose a new password. The link works once, for {minutes} minutes."
            values={{ email: <strong>{email}</strong>, minutes }}
          />
        ) : (
          <FormattedMessage
            id="password.sent.create"
            defaultMessage="If {email} belongs to an account that has no password yet, we have sent it a link to create one. The link works once, for {minutes} minutes."
            values={{ email: <strong>{email}</strong>, minutes }}
          />
        )}
      </p>
      <Muted>
        <FormattedMessage
          id="password.sent.spam"
          defaultMessage="Nothing arrived after a few minutes? Check your spam folder, or ask again."
        />
      </Muted>
      {canAskAgain ? null : (
        <Muted>
          <FormattedMessage
            id="password.sent.wait"
            defaultMessage="You can ask for another link in a minute."
          />
        </Muted>
      )}
      <Stack>
        <Button
          variant="secondary"
          block
          disabled={!canAskAgain}
          onClick={() => journey.send({ type: 'link.requestAnother' })}
        >
          <FormattedMessage id="password.sent.again" defaultMessage="Send another link" />
        </Button>
        <SignInLink />
      </Stack>
    </div>
  );
}

function problemText(intl: IntlShape, problems: PasswordFieldProblems) {
  return {
    password: problems.password
      ? problems.password === 'contains_email'
        ? intl.formatMessage({
            id: 'password.fields.containsEmail',
            defaultMessage: 'Choose a password that does not contain your email name.',
          })
        : intl.formatMessage({
            id: 'password.fields.passwordInvalid',
            defaultMessage: 'Choose a password that meets every rule below.',
          })
      : null,
    confirmation: problems.password_confirmation
      ? intl.formatMessage({ id: 'password.fields.mismatch', defaultMessage: 'Passwords do not match' })
      : null,
  };
}

/** Opened from the emailed link: choose the password (policy shown live). */
export function PasswordStep({ journey, purpose }: StepProps) {
  const intl = useIntl();
  const busy = usePasswordLink(journey, selectPasswordLinkBusy);
  const email = usePasswordLink(journey, (s) => s.context.link?.email ?? undefined);
  const problems = usePasswordLink(journey, (s) => s.context.fieldProblems);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [tried, setTried] = useState(false);
  // The server's verdict on the fields holds until the user edits them again.
  const [edited, setEdited] = useState(false);
  const serverErrors = edited ? {} : problemText(intl, problems);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!isPasswordPairAcceptable(password, confirmation, email ? { email } : {})) return;
    setEdited(false);
    journey.send({ type: 'password.submit', password, confirmation });
  };

  return (
    <form onSubmit={submit} noValidate>
      <StepHeading>
        {purpose === 'reset' ? (
          <FormattedMessage id="password.choose.resetTitle" defaultMessage="Choose a new password" />
        ) : (
          <FormattedMessage id="password.create.title" defaultMessage="Create your password" />
        )}
      </StepHeading>
      {email ? (
        <Muted>
          <FormattedMessage
            id="password.choose.account"
            defaultMessage="For the account {email}."
            values={{ email: <strong>{email}</strong> }}
          />
        </Muted>
      ) : null}
      <JourneyError journey={journey} />
      <PasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={(value) => {
          setPassword(value);
          setEdited(true);
        }}
        onConfirmationChange={(value) => {
          setConfirmation(value);
          setEdited(true);
        }}
        {...(email ? { email } : {})}
        showErrors={tried}
        errors={serverErrors}
        disabled={busy}
      />
      <Button type="submit" block busy={busy}>
        <FormattedMessage id="password.choose.submit" defaultMessage="Save password" />
      </Button>
    </form>
  );
}

/** A used, expired or foreign link: nothing changed; offer a new one. */
export function InvalidStep({ journey }: StepProps) {
  const minutes = usePasswordLink(journey, (s) => s.context.linkMinutes);
  return (
    <div>
      <StepHeading>
        <FormattedMessage id="password.invalid.title" defaultMessage="This link does not work any more" />
      </StepHeading>
      <p>
        <FormattedMessage
          id="password.invalid.body"
          defaultMessage="A link works once and for {minutes} minutes, and a newer password change ends it. Your password has not changed. Ask for a new link."
          values={{ minutes }}
        />
      </p>
      <Stack>
        <Button block onClick={() => journey.send({ type: 'link.requestAnother' })}>
          <FormattedMessage id="password.invalid.again" defaultMessage="Send a new link" />
        </Button>
        <SignInLink />
      </Stack>
    </div>
  );
}

export function DoneStep({ purpose }: StepProps) {
  const intl = useIntl();
  useEffect(() => {
    // SPEC §8 "password changed", as a toast too (the id keeps a repeat from stacking).
    if (purpose !== 'reset') return;
    notify('success', intl.formatMessage({ id: 'password.done.toast', defaultMessage: 'Password changed' }), {
      id: 'password-changed',
    });
  }, [purpose, intl]);
  return (
    <div>
      <StepHeading>
        {purpose === 'reset' ? (
          <FormattedMessage id="password.done.resetTitle" defaultMessage="Your password has been changed" />
        ) : (
          <FormattedMessage id="password.done.createTitle" defaultMessage="Your password is ready" />
        )}
      </StepHeading>
      <p>
        {purpose === 'reset' ? (
          <FormattedMessage
            id="password.done.resetBody"
            defaultMessage="For your security we signed you out on every device. Sign in with your new password and a one-time code."
          />
        ) : (
          <FormattedMessage
            id="password.done.createBody"
            defaultMessage="Sign in with your email, the new password and a one-time code."
          />
        )}
      </p>
      <p>
        <BackLink to="/login">
          <FormattedMessage id="password.done.signIn" defaultMessage="Sign in" />
        </BackLink>
      </p>
    </div>
  );
}
