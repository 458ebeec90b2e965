import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  invitationMachine,
  selectAccepting,
  selectClosedState,
  selectInvitation,
  selectInvitationBusy,
  selectInvitationCodeActor,
  selectInvitationError,
  selectInvitationFieldErrors,
  selectInvitationMethod,
  selectInvitationNames,
  selectInvitationPhone,
  selectInvitationStep,
  type Names,
} from '../../../machines/invitation.machine';
import { nameMaxLength, normalizePhone, PersonName } from '../../../schemas/registration.schema';
import { api } from '../../api/client';
import { invitationActors } from '../../app/invitationActors';
import { useJourneyActor } from '../../app/inspection';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page, Stack } from '../../ui/Layout';
import { OneTimeCodeStep } from '../../ui/OneTimeCodeStep';
import { isPasswordPairAcceptable, PasswordFields } from '../../ui/PasswordFields';
import { PageSpinner } from '../../ui/Spinner';
import { StepHeading } from '../../ui/StepHeading';
import { TextField } from '../../ui/TextField';
import { accessToYouText, roleDescriptionText, roleText } from '../../i18n/teamText';
import {
  closedBodyText,
  closedTitleText,
  invitationErrorText,
  invitationText as m,
} from './invitationMessages';

type InvitationActor = ActorRefFrom<typeof invitationMachine>;

export const invitationSuccessPath = '/invitation/success';

function useInvitation<T>(
  journey: InvitationActor,
  selector: (snapshot: ReturnType<InvitationActor['getSnapshot']>) => T,
) {
  return useSelector(journey, selector);
}

function ErrorAlert({ journey }: { journey: InvitationActor }) {
  const intl = useIntl();
  const error = useInvitation(journey, selectInvitationError);
  if (!error) return null;
  return <Alert role="alert">{invitationErrorText(intl, error)}</Alert>;
}

function DetailsStep({ journey }: { journey: InvitationActor }) {
  const intl = useIntl();
  const invitation = useInvitation(journey, selectInvitation);
  const saved = useInvitation(journey, selectInvitationNames);
  const [names, setNames] = useState<Names>(saved);
  const [shown, setShown] = useState<Partial<Record<keyof Names, boolean>>>({});
  if (!invitation) return null;

  const problem = (value: string): string | null => {
    if (PersonName.safeParse(value).success) return null;
    if (value.trim() === '') return intl.formatMessage(m.required);
    if (value.trim().length > nameMaxLength) {
      return intl.formatMessage(
        { id: 'registration.form.maxLength', defaultMessage: 'Max {n} characters' },
        { n: nameMaxLength },
      );
    }
    return intl.formatMessage(m.latinOnly);
  };
  const problems = { first_name: problem(names.first_name), last_name: problem(names.last_name) };

  const field = (name: keyof Names, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      autoComplete={autoComplete}
      required
      aria-required="true"
      value={names[name]}
      error={shown[name] ? problems[name] : null}
      onChange={(event) => setNames((current) => ({ ...current, [name]: event.target.value }))}
      onBlur={() => setShown((current) => ({ ...current, [name]: true }))}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown({ first_name: true, last_name: true });
    if (problems.first_name || problems.last_name) return;
    journey.send({
      type: 'details.submit',
      names: { first_name: names.first_name.trim(), last_name: names.last_name.trim() },
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <StepHeading>{intl.formatMessage(m.detailsTitle, { merchant: invitation.merchant_name })}</StepHeading>
      <p>
        {intl.formatMessage(m.detailsIntro, {
          merchant: invitation.merchant_name,
          email: invitation.email,
          role: roleText(intl, invitation.role),
        })}
      </p>
      <p>{roleDescriptionText(intl, invitation.role, invitation.access_level, 'you')}</p>
      <p>{accessToYouText(intl, invitation.access_level)}</p>
      <ErrorAlert journey={journey} />
      {field('first_name', intl.formatMessage(m.firstName), 'given-name')}
      {field('last_name', intl.formatMessage(m.lastName), 'family-name')}
      <Button type="submit" block>
        {intl.formatMessage(m.continue)}
      </Button>
    </form>
  );
}

function FactorStep({ journey }: { journey: InvitationActor }) {
  const intl = useIntl();
  const invitation = useInvitation(journey, selectInvitation);
  return (
    <>
      <StepHeading>{intl.formatMessage(m.factorTitle)}</StepHeading>
      <Muted>{intl.formatMessage(m.factorIntro)}</Muted>
      <ErrorAlert journey={journey} />
      <Stack>
        <Button block onClick={() => journey.send({ type: 'factor.chosen', method: 'email' })}>
          {intl.formatMessage(m.factorEmail, { email: invitation?.email ?? '' })}
        </Button>
        <Button
          variant="secondary"
          block
          onClick={() => journey.send({ type: 'factor.chosen', method: 'sms' })}
        >
          {intl.formatMessage(m.factorSms)}
        </Button>
        <Button variant="quiet" onClick={() => journey.send({ type: 'details.edit' })}>
          {intl.formatMessage(m.back)}
        </Button>
      </Stack>
    </>
  );
}

function PhoneStep({ journey }: { journey: InvitationActor }) {
  const intl = useIntl();
  const busy = useInvitation(journey, selectInvitationBusy);
  const saved = useInvitation(journey, selectInvitationPhone);
  const serverFields = useInvitation(journey, selectInvitationFieldErrors);
  const [phone, setPhone] = useState(saved);
  const [shown, setShown] = useState(false);
  const normalized = normalizePhone(phone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (!normalized) return;
    journey.send({ type: 'phone.submit', phone: normalized });
  };

  return (
    <form noValidate onSubmit={submit}>
      <StepHeading>{intl.formatMessage(m.phoneTitle)}</StepHeading>
      <ErrorAlert journey={journey} />
      <TextField
        label={intl.formatMessage(m.phoneLabel)}
        hint={intl.formatMessage(m.phoneHint)}
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        required
        aria-required="true"
        maxLength={32}
        disabled={busy}
        value={phone}
        error={
          (shown && !normalized ? intl.formatMessage(m.phoneInvalid) : null) ?? serverFields['phone'] ?? null
        }
        onChange={(event) => setPhone(event.target.value)}
        onBlur={() => setShown(phone.trim() !== '')}
      />
      <Stack>
        <Button type="submit" block busy={busy}>
          {intl.formatMessage(m.sendCode)}
        </Button>
        <Button variant="quiet" disabled={busy} onClick={() => journey.send({ type: 'factor.change' })}>
          {intl.formatMessage(m.back)}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The code sent to the phone at once: the oneTimeCode child's step, whose check is the acceptance itself. "Change
 * number" cancels it.
 */
function CodeStep({ journey }: { journey: InvitationActor }) {
  const intl = useIntl();
  const code = useInvitation(journey, selectInvitationCodeActor);
  if (!code) return <PageSpinner />;
  return (
    <OneTimeCodeStep
      key={code.sessionId}
      actor={code}
      notice={<ErrorAlert journey={journey} />}
      texts={{
        methodTitle: intl.formatMessage(m.codeTitle),
        codeTitle: intl.formatMessage(m.codeTitle),
        codeLabel: intl.formatMessage(m.codeLabel),
        cancel: intl.formatMessage(m.changePhone),
      }}
    />
  );
}

function PasswordStep({ journey }: { journey: InvitationActor }) {
  const intl = useIntl();
  const invitation = useInvitation(journey, selectInvitation);
  const busy = useInvitation(journey, selectInvitationBusy);
  const accepting = useInvitation(journey, selectAccepting);
  const method = useInvitation(journey, selectInvitationMethod);
  const serverFields = useInvitation(journey, selectInvitationFieldErrors);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const email = invitation?.email ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!isPasswordPairAcceptable(password, confirmation, { email })) return;
    journey.send({ type: 'password.submit', password });
  };

  return (
    <form noValidate onSubmit={submit}>
      <StepHeading>{intl.formatMessage(m.passwordTitle)}</StepHeading>
      <Muted>{intl.formatMessage(m.passwordIntro, { email })}</Muted>
      <ErrorAlert journey={journey} />
      <PasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        email={email}
        showErrors={submitted}
        errors={{ password: serverFields['password'] ?? null }}
        disabled={busy}
      />
      <Stack>
        <Button type="submit" block busy={accepting} disabled={busy}>
          {/* With SMS codes the phone comes next; the code accepts. */}
          {intl.formatMessage(method === 'sms' ? m.continue : m.accept)}
        </Button>
        <Button variant="quiet" disabled={busy} onClick={() => journey.send({ type: 'factor.change' })}>
          {intl.formatMessage(m.back)}
        </Button>
      </Stack>
    </form>
  );
}

function Journey({ journey }: { journey: InvitationActor }) {
  const intl = useIntl();
  const step = useInvitation(journey, selectInvitationStep);
  const closed = useInvitation(journey, selectClosedState);
  switch (step) {
    case 'loading':
    case 'done':
      return <PageSpinner />;
    case 'loadFailed':
      return (
        <>
          <StepHeading>{intl.formatMessage(m.loadTitle)}</StepHeading>
          <ErrorAlert journey={journey} />
          <Button onClick={() => journey.send({ type: 'load.retry' })}>{intl.formatMessage(m.retry)}</Button>
        </>
      );
    case 'notFound':
      return (
        <>
          <StepHeading>{intl.formatMessage(m.notFoundTitle)}</StepHeading>
          <p>{intl.formatMessage(m.notFoundBody)}</p>
        </>
      );
    case 'closed':
      return (
        <>
          <StepHeading>{closedTitleText(intl, closed ?? 'expired')}</StepHeading>
          <p>{closedBodyText(intl, closed ?? 'expired')}</p>
          {closed === 'accepted' ? <Link to="/login">{intl.formatMessage(m.signIn)}</Link> : null}
        </>
      );
    case 'details':
      return <DetailsStep journey={journey} />;
    case 'factor':
      return <FactorStep journey={journey} />;
    case 'phone':
      return <PhoneStep journey={journey} />;
    case 'code':
      return <CodeStep journey={journey} />;
    case 'password':
      return <PasswordStep journey={journey} />;
  }
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type InvitationScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof invitationMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/**
 * SPEC §2 /merchant-invitation/:key/accept (public; SPEC §6: a signed-in user is not sent away): the invitee checks
 * their name, chooses where sign-in codes go and sets a password (with SMS codes, then proves the phone), then lands
 * on /invitation/success.
 */
export function InvitationScreen({ logic, inspect, clock }: InvitationScreenProps) {
  const { key = '' } = useParams();
  const navigate = useNavigate();
  const machine = useMemo(
    () => logic ?? invitationMachine.provide({ actors: invitationActors(api) }),
    [logic],
  );
  const journey = useJourneyActor(machine, { ...(inspect ? { inspect } : {}), ...(clock ? { clock } : {}) });

  useEffect(() => {
    journey.send({ type: 'invitation.opened', key });
  }, [journey, key]);

  useEffect(() => {
    const subscription = journey.subscribe((snapshot) => {
      if (snapshot.status !== 'done' || !snapshot.output) return;
      void navigate(invitationSuccessPath, { replace: true, state: snapshot.output });
    });
    return () => subscription.unsubscribe();
  }, [journey, navigate]);

  return (
    <Page $narrow>
      <Card>
        <Journey journey={journey} />
      </Card>
    </Page>
  );
}

/** Another key in the address starts a new journey. */
export function InvitationRoute(props: InvitationScreenProps) {
  const { key = '' } = useParams();
  return <InvitationScreen key={key} {...props} />;
}

export default InvitationRoute;
