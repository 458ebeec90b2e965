import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { selectPasswordLinkStep, type PasswordLinkStep } from '../../../machines/passwordLink.machine';
import type { PasswordTokenPurpose } from '../../../schemas/passwordJourneys.schema';
import { Card, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { usePasswordLink, type PasswordLinkActor } from './passwordActor';
import { DoneStep, InvalidStep, PasswordStep, RequestStep, SentStep } from './PasswordSteps';

export type PasswordLinkJourneyProps = {
  journey: PasswordLinkActor;
  purpose: PasswordTokenPurpose;
  /** The address of each step (SPEC §2); the link's query string is kept only while the link is in use. */
  pathOf: (step: PasswordLinkStep) => string;
};

/** Renders the password journey (machines/passwordLink.machine.ts); the address follows the step. */
export function PasswordLinkJourney({ journey, purpose, pathOf }: PasswordLinkJourneyProps) {
  const step = usePasswordLink(journey, selectPasswordLinkStep);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (step === 'opening') return;
    const usesLink = step === 'password' || step === 'invalid';
    const target = pathOf(step);
    if (location.pathname !== target || (!usesLink && location.search !== '')) {
      void navigate(usesLink ? `${target}${location.search}` : target, { replace: true });
    }
  }, [step, pathOf, location.pathname, location.search, navigate]);

  const props = { journey, purpose };
  return (
    <Page $narrow>
      <Card>
        {step === 'opening' ? <PageSpinner /> : null}
        {step === 'request' ? <RequestStep {...props} /> : null}
        {step === 'sent' ? <SentStep {...props} /> : null}
        {step === 'password' ? <PasswordStep {...props} /> : null}
        {step === 'invalid' ? <InvalidStep {...props} /> : null}
        {step === 'done' ? <DoneStep {...props} /> : null}
      </Card>
    </Page>
  );
}
