import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  changePasswordMachine,
  selectChangePasswordBusy,
  selectChangePasswordCodeActor,
  selectChangePasswordError,
  selectChangePasswordFields,
  selectChangePasswordStep,
  selectPasswordDraft,
  type ChangePasswordSnapshot,
} from '../../../machines/changePassword.machine';
import { api } from '../../api/client';
import { createChangePasswordLogic } from '../../app/settingsActors';
import { useJourneyActor } from '../../app/inspection';
import { Button } from '../../ui/Button';
import { Alert, Muted, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { OneTimeCodeStep } from '../../ui/OneTimeCodeStep';
import { isPasswordPairAcceptable, PasswordFields } from '../../ui/PasswordFields';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { changePasswordErrorText, passwordText as m, settingsText } from './settingsMessages';

type Journey = ActorRefFrom<typeof changePasswordMachine>;

const Check = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  margin: ${({ theme }) => `${theme.space(3)} 0`};
`;

function use<T>(journey: Journey, selector: (snapshot: ChangePasswordSnapshot) => T) {
  return useSelector(journey, selector);
}

function ErrorAlert({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const error = use(journey, selectChangePasswordError);
  if (!error) return null;
  return <Alert role="alert">{changePasswordErrorText(intl, error)}</Alert>;
}

function PasswordForm({ journey, email }: { journey: Journey; email: string | undefined }) {
  const intl = useIntl();
  const draft = use(journey, selectPasswordDraft);
  const busy = use(journey, selectChangePasswordBusy);
  const fields = use(journey, selectChangePasswordFields);
  const [current, setCurrent] = useState(draft?.current_password ?? '');
  const [password, setPassword] = useState(draft?.password ?? '');
  const [confirmation, setConfirmation] = useState(draft?.password_confirmation ?? '');
  const [signOutOthers, setSignOutOthers] = useState(draft?.sign_out_other_sessions ?? true);
  const [submitted, setSubmitted] = useState(false);
  const context = email ? { email } : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!current || !isPasswordPairAcceptable(password, confirmation, context)) return;
    journey.send({
      type: 'password.submit',
      currentPassword: current,
      password,
      passwordConfirmation: confirmation,
      signOutOthers,
    });
  };

  const currentError = fields['current_password']
    ? intl.formatMessage(m.invalidCurrent)
    : submitted && !current
      ? intl.formatMessage(m.currentMissing)
      : null;

  return (
    <form noValidate onSubmit={submit}>
      <h1>{intl.formatMessage(m.title)}</h1>
      <ErrorAlert journey={journey} />
      <TextField
        label={intl.formatMessage(m.current)}
        name="current_password"
        type="password"
        autoComplete="current-password"
        required
        disabled={busy}
        value={current}
        error={currentError}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <PasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        {...(email ? { email } : {})}
        showErrors={submitted}
        disabled={busy}
      />
      <Check>
        <input
          type="checkbox"
          name="sign_out_other_sessions"
          checked={signOutOthers}
          disabled={busy}
          onChange={(event) => setSignOutOthers(event.target.checked)}
        />
        <span>{intl.formatMessage(m.signOutOthers)}</span>
      </Check>
      <Row>
        <Button type="submit" disabled={busy}>
          {intl.formatMessage(m.submit)}
        </Button>
      </Row>
    </form>
  );
}

function CodeStep({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const child = use(journey, selectChangePasswordCodeActor);
  const error = use(journey, selectChangePasswordError);
  if (!child) return <PageSpinner />;
  return (
    <OneTimeCodeStep
      actor={child}
      intro={intl.formatMessage(m.codeIntro)}
      notice={error ? <Alert role="alert">{changePasswordErrorText(intl, error)}</Alert> : null}
    />
  );
}

function Steps({ journey, email }: { journey: Journey; email: string | undefined }) {
  const intl = useIntl();
  const step = use(journey, selectChangePasswordStep);
  useEffect(() => {
    if (step === 'changed') notify('success', intl.formatMessage(m.changedToast));
  }, [step, intl]);
  switch (step) {
    case 'loading':
      return <PageSpinner />;
    case 'loadFailed':
      return (
        <>
          <h1>{intl.formatMessage(m.title)}</h1>
          <ErrorAlert journey={journey} />
          <Button onClick={() => journey.send({ type: 'load.retry' })}>
            {intl.formatMessage(settingsText.retry)}
          </Button>
        </>
      );
    case 'form':
      return <PasswordForm journey={journey} email={email} />;
    case 'code':
      return <CodeStep journey={journey} />;
    case 'changed':
      return (
        <>
          <h1>{intl.formatMessage(m.changedTitle)}</h1>
          <Muted>{intl.formatMessage(m.changedText)}</Muted>
        </>
      );
  }
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type ChangePasswordJourneyProps = {
  /** The signed-in user's email: the new password must not contain its name. */
  email?: string | undefined;
  logic?: typeof changePasswordMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/** SPEC §2 /settings/security: the password change journey (a fresh one-time code, then the change). */
export function ChangePasswordJourney({ email, logic, inspect, clock }: ChangePasswordJourneyProps) {
  const machine = useMemo(() => logic ?? createChangePasswordLogic(api), [logic]);
  const journey = useJourneyActor(machine, {
    ...(inspect ? { inspect } : {}),
    ...(clock ? { clock } : {}),
  });
  return <Steps journey={journey} email={email} />;
}
