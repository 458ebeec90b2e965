import { useEffect, useMemo, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { ActorOptions, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  identityVerificationMachine,
  kycPath,
  selectKycStep,
} from '../../../machines/identityVerification.machine';
import { api } from '../../api/client';
import { kycActors } from '../../app/kycActors';
import { useJourneyActor } from '../../app/inspection';
import { Button } from '../../ui/Button';
import { WizardFrame } from '../../ui/WizardFrame';
import { PageSpinner } from '../../ui/Spinner';
import { StepHeading } from '../../ui/StepHeading';
import { CaptureStep } from './CaptureStep';
import { KycErrorAlert } from './KycErrorAlert';
import { useKyc, type KycActor } from './kycActor';
import { ConfirmStep } from './OtpStep';
import { ReadyStep } from './ReadyStep';
import { ResultStep } from './ResultStep';
import { StartStep } from './StartStep';

function Journey({ kyc }: { kyc: KycActor }) {
  const step = useKyc(kyc, selectKycStep);
  const path = useKyc(kyc, kycPath);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    // The address follows the journey (SPEC §2 /identity-verification/, /verification/:method) without driving it;
    // the code step keeps /otp-authentication/:method itself (./OtpStep.tsx).
    const settled = step !== 'loading' && step !== 'confirm' && step !== 'cancelled';
    if (settled && location.pathname !== path) void navigate(path, { replace: true });
  }, [step, path, location.pathname, navigate]);

  switch (step) {
    case 'loading':
      return <PageSpinner />;
    case 'loadFailed':
      return (
        <>
          <StepHeading>
            <FormattedMessage id="kyc.start.title" defaultMessage="Verify your identity" />
          </StepHeading>
          <KycErrorAlert kyc={kyc} />
          <Button onClick={() => kyc.send({ type: 'load.retry' })}>
            <FormattedMessage id="screen.retry" defaultMessage="Try again" />
          </Button>
        </>
      );
    case 'confirm':
      return <ConfirmStep kyc={kyc} />;
    case 'cancelled':
      // Cancelled before a verification started: back to the onboarding, where the user came from.
      return <Navigate to="/registration" replace />;
    case 'start':
      return <StartStep kyc={kyc} />;
    case 'capture':
      return <CaptureStep kyc={kyc} />;
    case 'ready':
      return <ReadyStep kyc={kyc} />;
    case 'failed':
      return <ResultStep kyc={kyc} passed={false} />;
    case 'passed':
      return <ResultStep kyc={kyc} passed />;
  }
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type IdentityVerificationScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof identityVerificationMachine;
  /** XState inspection of the journey (dev tools; tests use it to watch the journey they drive). */
  inspect?: InspectionObserver;
  /** The journey's clock (the resend cooldown; tests run it on a SimulatedClock). */
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/**
 * SPEC §2 /identity-verification/, /otp-authentication/:method and /verification/:method, one
 * journey for the three addresses: the route table mounts this once as their layout, so moving between them keeps
 * the journey. A fresh one-time code (step-up) comes first: the server starts a verification only with its grant.
 */
export function IdentityVerificationScreen({ logic, inspect, clock }: IdentityVerificationScreenProps) {
  const machine = useMemo(
    () => logic ?? identityVerificationMachine.provide({ actors: kycActors(api) }),
    [logic],
  );
  const kyc = useJourneyActor(machine, { ...(inspect ? { inspect } : {}), ...(clock ? { clock } : {}) });
  return (
    <KycFrame kyc={kyc}>
      <Journey kyc={kyc} />
    </KycFrame>
  );
}

const stepNames = defineMessages({
  confirm: { id: 'kyc.step.confirm', defaultMessage: 'Confirm it is you' },
  start: { id: 'kyc.step.start', defaultMessage: 'Your document' },
  capture: { id: 'kyc.step.capture', defaultMessage: 'Photos' },
  ready: { id: 'kyc.step.ready', defaultMessage: 'Send for checking' },
});

/** The wizard frame: the one-time code, the document chosen, its photos and the selfie, then sending them. */
function KycFrame({ kyc, children }: { kyc: KycActor; children: ReactNode }) {
  const intl = useIntl();
  const step = useKyc(kyc, selectKycStep);
  const order = ['confirm', 'start', 'capture', 'ready'] as const;
  const index = order.findIndex((one) => one === step);
  return (
    <WizardFrame
      steps={order.map((one) => intl.formatMessage(stepNames[one]))}
      current={index >= 0 ? index : null}
    >
      {children}
    </WizardFrame>
  );
}
