import { useEffect, useRef, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import {
  selectRegistrationId,
  selectRegistrationStep,
  type registrationMachine,
} from '../../../machines/registration.machine';
import { useSessionActor } from '../../app/session';
import { useJourneyActor } from '../../app/inspection';
import { WizardFrame } from '../../ui/WizardFrame';
import { PageSpinner } from '../../ui/Spinner';
import { CodeStep } from './CodeStep';
import { ContactStep } from './ContactStep';
import { DetailsStep } from './DetailsStep';
import { PasswordStep } from './PasswordStep';
import { useRegistration, type RegistrationActor } from './registrationActor';

export const registrationPath = '/registration';

function Journey({ registration }: { registration: RegistrationActor }) {
  const step = useRegistration(registration, selectRegistrationStep);
  const id = useRegistration(registration, selectRegistrationId);
  const navigate = useNavigate();
  const { step: urlStep, id: urlId } = useParams();

  // Registration ids the machine has held or been asked to resume; any other id in the address is new to it.
  const known = useRef(new Set<string>());

  // The address follows the journey (SPEC §2 /registration/:step?/:id?); the machine decides the step.
  useEffect(() => {
    if (id) known.current.add(id);
    if (step === 'done' || step === 'loading') return;
    // An address naming a registration not yet resumed keeps it until the machine has had a look.
    if (urlId && !known.current.has(urlId)) return;
    const target =
      step === 'contact' ? `${registrationPath}/contact` : `${registrationPath}/${step}/${id ?? ''}`;
    const current = `${registrationPath}/${urlStep ?? ''}${urlId ? `/${urlId}` : ''}`;
    if (current !== target) void navigate(target, { replace: true });
    // Only the machine's step moves the address; a changed address is handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, id]);

  // An address naming another registration (a reload, a link from another device) resumes that one.
  useEffect(() => {
    if (!urlId || urlId === registration.getSnapshot().context.registrationId) return;
    known.current.add(urlId);
    registration.send({ type: 'registration.resume', id: urlId });
  }, [urlId, registration]);

  switch (step) {
    case 'contact':
      return <ContactStep registration={registration} />;
    case 'verify-email':
      return <CodeStep key="email" registration={registration} channel="email" />;
    case 'verify-phone':
      return <CodeStep key="sms" registration={registration} channel="sms" />;
    case 'details':
      return <DetailsStep registration={registration} />;
    case 'password':
      return <PasswordStep registration={registration} />;
    case 'loading':
    case 'done':
      return <PageSpinner />;
  }
}

/**
 * SPEC §2 /registration/:step?/:id?, account phase: runs the registration statechart with the given effects. When it
 * ends, the new session goes to the session actor and the onboarding phase takes over.
 */
export type RegistrationScreenProps = {
  logic: typeof registrationMachine;
  /** Test seams: the clock the journey's timers run on, and a look at the running journey. */
  clock?: ActorOptions<AnyActorLogic>['clock'];
  onActor?: (registration: RegistrationActor) => void;
};

export function RegistrationScreen({ logic, clock, onActor }: RegistrationScreenProps) {
  const session = useSessionActor();
  const navigate = useNavigate();
  const registration = useJourneyActor(logic, clock ? { clock } : {});

  useEffect(() => {
    onActor?.(registration);
  }, [onActor, registration]);

  useEffect(() => {
    const subscription = registration.subscribe((snapshot) => {
      if (snapshot.status !== 'done' || !snapshot.output) return;
      const started = snapshot.output;
      session.send({ type: 'session.started', session: started });
      void navigate(`${registrationPath}/representative/${started.user.merchant.id}`, { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [registration, session, navigate]);

  return (
    <RegistrationFrame registration={registration}>
      <Journey registration={registration} />
    </RegistrationFrame>
  );
}

const stepNames = defineMessages({
  contact: { id: 'registration.step.contact', defaultMessage: 'Email and mobile' },
  'verify-email': { id: 'registration.step.verifyEmail', defaultMessage: 'Email code' },
  'verify-phone': { id: 'registration.step.verifyPhone', defaultMessage: 'Mobile code' },
  details: { id: 'registration.step.details', defaultMessage: 'About you' },
  password: { id: 'registration.step.password', defaultMessage: 'Password' },
});

const stepOrder = ['contact', 'verify-email', 'verify-phone', 'details', 'password'] as const;

/** The wizard frame: which of the five steps of creating the account this is. */
function RegistrationFrame({
  registration,
  children,
}: {
  registration: RegistrationActor;
  children: ReactNode;
}) {
  const intl = useIntl();
  const step = useRegistration(registration, selectRegistrationStep);
  const index = stepOrder.findIndex((one) => one === step);
  return (
    <WizardFrame
      steps={stepOrder.map((one) => intl.formatMessage(stepNames[one]))}
      current={index >= 0 ? index : null}
    >
      {children}
    </WizardFrame>
  );
}
