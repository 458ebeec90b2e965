import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  addAuthenticatorMachine,
  selectAddAuthenticatorAttemptsLeft,
  selectAddAuthenticatorBusy,
  selectAddAuthenticatorCodeActor,
  selectAddAuthenticatorError,
  selectAddAuthenticatorStep,
  selectEnrollment,
  type AddAuthenticatorSnapshot,
} from '../../../machines/addAuthenticator.machine';
import type { SecuritySettings } from '../../../schemas/settings.schema';
import { api } from '../../api/client';
import { createAddAuthenticatorLogic } from '../../app/settingsActors';
import { useJourneyActor } from '../../app/inspection';
import { Button } from '../../ui/Button';
import { Alert, Muted, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { OneTimeCodeStep } from '../../ui/OneTimeCodeStep';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useQrImage } from '../../ui/useQrImage';
import { addAuthenticatorErrorText, authenticatorText as m, settingsText } from './settingsMessages';

type Journey = ActorRefFrom<typeof addAuthenticatorMachine>;

const QrImage = styled.img`
  width: 12rem;
  height: 12rem;
  display: block;
  margin: ${({ theme }) => `${theme.space(3)} 0`};
`;

const Secret = styled.code`
  display: inline-block;
  word-break: break-all;
  font-size: 1rem;
  letter-spacing: 0.1em;
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

function use<T>(journey: Journey, selector: (snapshot: AddAuthenticatorSnapshot) => T) {
  return useSelector(journey, selector);
}

function ErrorAlert({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const error = use(journey, selectAddAuthenticatorError);
  const attemptsLeft = use(journey, selectAddAuthenticatorAttemptsLeft);
  if (!error) return null;
  return <Alert role="alert">{addAuthenticatorErrorText(intl, error, attemptsLeft)}</Alert>;
}

/** Groups of four, the way apps show a key to type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function ScanStep({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const enrollment = use(journey, selectEnrollment);
  const busy = use(journey, selectAddAuthenticatorBusy);
  const image = useQrImage(enrollment?.otpauth_uri ?? '');
  const [code, setCode] = useState('');
  const [shapeError, setShapeError] = useState<string | null>(null);
  if (!enrollment) return <PageSpinner />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(trimmed)) {
      setShapeError(intl.formatMessage(m.codeShape));
      return;
    }
    setShapeError(null);
    journey.send({ type: 'totp.submit', code: trimmed });
  };
  return (
    <form noValidate onSubmit={submit}>
      <h1>{intl.formatMessage(m.title)}</h1>
      <ErrorAlert journey={journey} />
      <Muted>{intl.formatMessage(m.scanIntro)}</Muted>
      {image ? <QrImage src={image} alt={intl.formatMessage(m.qrAlt)} /> : null}
      <p>{intl.formatMessage(m.secretLabel)}</p>
      <Secret>{grouped(enrollment.secret)}</Secret>
      <TextField
        label={intl.formatMessage(m.codeLabel)}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        required
        disabled={busy}
        value={code}
        error={shapeError}
        onChange={(event) => setCode(event.target.value)}
      />
      <Row>
        <Button type="submit" busy={busy} disabled={busy}>
          {intl.formatMessage(m.confirm)}
        </Button>
      </Row>
    </form>
  );
}

function CodeStep({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const child = use(journey, selectAddAuthenticatorCodeActor);
  const error = use(journey, selectAddAuthenticatorError);
  const attemptsLeft = use(journey, selectAddAuthenticatorAttemptsLeft);
  if (!child) return <PageSpinner />;
  return (
    <OneTimeCodeStep
      actor={child}
      intro={intl.formatMessage(m.codeIntro)}
      notice={
        error ? <Alert role="alert">{addAuthenticatorErrorText(intl, error, attemptsLeft)}</Alert> : null
      }
    />
  );
}

function Steps({ journey }: { journey: Journey }) {
  const intl = useIntl();
  const step = use(journey, selectAddAuthenticatorStep);
  useEffect(() => {
    if (step === 'added') notify('success', intl.formatMessage(m.addedToast));
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
    case 'code':
      return <CodeStep journey={journey} />;
    case 'scan':
      return <ScanStep journey={journey} />;
    case 'dead':
      return (
        <>
          <h1>{intl.formatMessage(m.deadTitle)}</h1>
          <ErrorAlert journey={journey} />
          <Button onClick={() => journey.send({ type: 'authenticator.restart' })}>
            {intl.formatMessage(m.restart)}
          </Button>
        </>
      );
    case 'added':
      return (
        <>
          <h1>{intl.formatMessage(m.addedTitle)}</h1>
          <Muted>{intl.formatMessage(m.addedText)}</Muted>
        </>
      );
    case 'ended':
      return (
        <>
          <h1>{intl.formatMessage(m.endedTitle)}</h1>
          <ErrorAlert journey={journey} />
        </>
      );
  }
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type AddAuthenticatorJourneyProps = {
  /** Told the user's methods once the app is added. */
  onAdded?: (settings: SecuritySettings) => void;
  logic?: typeof addAuthenticatorMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/** SPEC §2 /settings/security: adding an authenticator app (a fresh one-time code, the QR code, the first code). */
export function AddAuthenticatorJourney({ onAdded, logic, inspect, clock }: AddAuthenticatorJourneyProps) {
  const machine = useMemo(() => logic ?? createAddAuthenticatorLogic(api), [logic]);
  const journey = useJourneyActor(machine, {
    ...(inspect ? { inspect } : {}),
    ...(clock ? { clock } : {}),
  });
  useEffect(() => {
    const subscription = journey.subscribe((snapshot) => {
      if (snapshot.matches('added') && snapshot.context.settings) onAdded?.(snapshot.context.settings);
    });
    return () => subscription.unsubscribe();
  }, [journey, onAdded]);
  return <Steps journey={journey} />;
}
