import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import type { InspectionEvent, Observer } from 'xstate';
import {
  firstStep,
  onboardingMachine,
  onboardingSteps,
  selectOnboardingData,
  selectOnboardingStep,
  selectReference,
  stepDone,
  type OnboardingSnapshot,
} from '../../../machines/onboarding.machine';
import { api } from '../../api/client';
import { onboardingActors, onboardingServices } from '../../app/onboardingActors';
import { useSessionActor } from '../../app/session';
import { usePersistedJourney, useJourneyRestarts } from '../../app/usePersistedJourney';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Layout';
import { WizardFrame } from '../../ui/WizardFrame';
import { stepTitle } from './steps';
import { PageSpinner } from '../../ui/Spinner';
import { CompanyStep } from './CompanyStep';
import { DirectorsStep } from './DirectorsStep';
import { DocumentsStep } from './DocumentsStep';
import { ReferenceContext } from '../../ui/stepForm';
import { FundingStep } from './FundingStep';
import { IdentityStep } from './IdentityStep';
import { InformationRequestSummary, StepRequestNote } from './InformationRequestNotice';
import { useOnboarding, type OnboardingActor } from './onboardingActor';
import { RepresentativeStep } from './RepresentativeStep';
import { ReviewStep } from './ReviewStep';
import { OnboardingServicesContext, type OnboardingServices } from './services';
import { OnboardingErrorAlert } from './StepFrame';
import { ShareholdersStep } from './ShareholdersStep';

export const informationSubmittedPath = '/information-submitted';

/**
 * A rejected merchant sees why at the top of every step (SPEC §4: rejected reopens the steps); a merchant the bank
 * asked for more information sees which steps and the bank's notes (only those steps open).
 */
function RejectionNotice({ onboarding }: { onboarding: OnboardingActor }) {
  const data = useOnboarding(onboarding, selectOnboardingData);
  if (data?.merchant.status === 'information_requested') {
    return <InformationRequestSummary request={data.information_request} />;
  }
  if (data?.merchant.status !== 'rejected') return null;
  return (
    <Alert role="note">
      <p>
        <FormattedMessage
          id="onboarding.rejected"
          defaultMessage="We could not approve your application. Please correct your information and submit it again."
        />
      </p>
      {data.rejection_reason ? <p>{data.rejection_reason}</p> : null}
    </Alert>
  );
}

function OnboardingJourney({ onboarding }: { onboarding: OnboardingActor }) {
  const step = useOnboarding(onboarding, selectOnboardingStep);
  const data = useOnboarding(onboarding, selectOnboardingData);
  const reference = useOnboarding(onboarding, selectReference);
  const session = useSessionActor();
  const navigate = useNavigate();
  const { step: urlStep } = useParams();

  useEffect(() => {
    if (step === 'opening' && data) {
      // Nothing to change while in review (or once approved): say what happens next instead.
      if (!data.editable) void navigate(informationSubmittedPath, { replace: true });
      else onboarding.send({ type: 'step.open', step: firstStep(data, urlStep) });
    } else if (step === 'done') {
      // The session's user still says `onboarding`: refresh it so the guards see `in_review`.
      session.send({ type: 'session.refresh' });
      void navigate(informationSubmittedPath, { replace: true });
    }
    // The address of each step, and the history entries Back and Forward move through, follow the journey
    // (usePersistedJourney); urlStep is read only to open it.
  }, [step, data, urlStep, navigate, onboarding, session]);

  let body;
  switch (step) {
    case 'loading':
    case 'opening':
    case 'done':
      return <PageSpinner />;
    case 'failed':
      body = (
        <>
          <h1>
            <FormattedMessage id="onboarding.title" defaultMessage="Company onboarding" />
          </h1>
          <OnboardingErrorAlert onboarding={onboarding} />
          <Button onClick={() => onboarding.send({ type: 'load.retry' })}>
            <FormattedMessage id="screen.retry" defaultMessage="Try again" />
          </Button>
        </>
      );
      break;
    case 'representative':
      body = <RepresentativeStep onboarding={onboarding} />;
      break;
    case 'company':
      body = <CompanyStep onboarding={onboarding} />;
      break;
    case 'directors':
      body = <DirectorsStep onboarding={onboarding} />;
      break;
    case 'shareholders':
      body = <ShareholdersStep onboarding={onboarding} />;
      break;
    case 'documents':
      body = <DocumentsStep onboarding={onboarding} />;
      break;
    case 'funding':
      body = <FundingStep onboarding={onboarding} />;
      break;
    case 'identity':
      body = <IdentityStep onboarding={onboarding} />;
      break;
    case 'review':
      body = <ReviewStep onboarding={onboarding} />;
      break;
  }
  const request = data?.information_request ?? null;
  const shownStep = onboardingSteps.find((one) => one === step);
  return (
    <ReferenceContext.Provider value={reference ?? emptyReference}>
      <RejectionNotice onboarding={onboarding} />
      {shownStep ? <StepRequestNote request={request} step={shownStep} /> : null}
      {body}
    </ReferenceContext.Provider>
  );
}

const emptyReference = { countries: [], legalForms: [], industries: [], sizes: [], turnovers: [] };

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type OnboardingScreenProps = {
  merchantId: string;
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof onboardingMachine;
  services?: OnboardingServices;
  /** XState inspection of the journey (dev tools; tests use it to watch the journey they drive). */
  inspect?: InspectionObserver;
};

// docs/engineering.md "Front end": each step is a history entry, so the browser's Back goes to the step before and
// Forward again (src/app/usePersistedJourney.ts). Every step is saved on the server, and the identity check happens on
// its own pages: a reload reads the onboarding afresh at the step in the address rather than taking up a snapshot that
// may be stale (a verification passed meanwhile).
const storageKey = 'tameio.onboarding';
const keepOnboarding = () => false;
const navOfOnboarding = (snapshot: OnboardingSnapshot) => snapshot.context.nav;
/** Onboarding moves no money: leaving it by a link asks nothing (what was saved stays saved). */
const nothingAtStake = () => false;

function OnboardingHost({
  machine,
  merchantId,
  inspect,
  restart,
  fresh,
  calls,
}: {
  machine: typeof onboardingMachine;
  merchantId: string;
  inspect?: InspectionObserver | undefined;
  restart: () => void;
  fresh: boolean;
  calls: OnboardingServices;
}) {
  const pathOf = useCallback(
    (snapshot: OnboardingSnapshot) => {
      const step = selectOnboardingStep(snapshot);
      return onboardingSteps.some((one) => one === step) ? `/registration/${step}/${merchantId}` : null;
    },
    [merchantId],
  );
  const { journey: onboarding } = usePersistedJourney(machine, {
    storageKey,
    input: { merchantId },
    inspect,
    pathOf,
    navOf: navOfOnboarding,
    keep: keepOnboarding,
    atStake: nothingAtStake,
    onForeignEntry: restart,
    fresh,
  });
  return (
    <OnboardingFrame onboarding={onboarding}>
      <OnboardingServicesContext.Provider value={calls}>
        <OnboardingJourney onboarding={onboarding} />
      </OnboardingServicesContext.Provider>
    </OnboardingFrame>
  );
}

/** The onboarding phase of SPEC §2 /registration/:step?/:id? (signed in, merchant not approved). */
export function OnboardingScreen({ merchantId, logic, services, inspect }: OnboardingScreenProps) {
  const machine = useMemo(
    () => logic ?? onboardingMachine.provide({ actors: onboardingActors(api) }),
    [logic],
  );
  const calls = useMemo(() => services ?? onboardingServices(api), [services]);
  const { run, restart } = useJourneyRestarts();
  return (
    <OnboardingHost
      key={run}
      machine={machine}
      merchantId={merchantId}
      inspect={inspect}
      restart={restart}
      fresh={run > 0}
      calls={calls}
    />
  );
}

const frameText = defineMessages({
  summaryTitle: { id: 'onboarding.summary.title', defaultMessage: 'Your application' },
  done: { id: 'onboarding.summary.done', defaultMessage: 'Done' },
  toDo: { id: 'onboarding.summary.toDo', defaultMessage: 'Still to do' },
});

const gistText = defineMessage<Record<string, number>>({
  id: 'onboarding.summary.gist',
  defaultMessage: '{done} of {total} steps done',
});

/**
 * The wizard frame: which of the eight steps this is, and beside it which steps are done and which are still to do
 * (the review lists everything itself).
 */
function OnboardingFrame({ onboarding, children }: { onboarding: OnboardingActor; children: ReactNode }) {
  const intl = useIntl();
  const step = useOnboarding(onboarding, selectOnboardingStep);
  const data = useOnboarding(onboarding, selectOnboardingData);
  const index = onboardingSteps.findIndex((one) => one === step);
  const toFill = onboardingSteps.filter((one) => one !== 'review');
  const done = data ? toFill.filter((one) => stepDone(data, one)) : [];
  const summary =
    data && index >= 0 && step !== 'review'
      ? toFill.map((one) => ({
          term: stepTitle(intl, one),
          value: intl.formatMessage(done.includes(one) ? frameText.done : frameText.toDo),
        }))
      : [];
  return (
    <WizardFrame
      steps={onboardingSteps.map((one) => stepTitle(intl, one))}
      current={index >= 0 ? index : null}
      summaryTitle={intl.formatMessage(frameText.summaryTitle)}
      summary={summary}
      summaryGist={intl.formatMessage(gistText, { done: done.length, total: toFill.length })}
    >
      {children}
    </WizardFrame>
  );
}

export default OnboardingScreen;
