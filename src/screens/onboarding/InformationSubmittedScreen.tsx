import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { selectAuthenticated, selectRestoring } from '../../../machines/session.machine';
import type { OnboardingState } from '../../../schemas/onboarding.schema';
import { api, unwrap } from '../../api/client';
import { useSessionActor } from '../../app/session';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { StepHeading } from '../../ui/StepHeading';

type Loaded = { status: 'loading' } | { status: 'loaded'; state: OnboardingState } | { status: 'failed' };

/** The saved onboarding of the signed-in user's merchant (null while signed out). */
function useOnboardingStatus(enabled: boolean): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    unwrap(api.GET('/api/merchants/onboarding/', { signal: controller.signal })).then(
      (state) => setLoaded({ status: 'loaded', state }),
      () => {
        if (!controller.signal.aborted) setLoaded({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [enabled]);
  return loaded;
}

function Status({ state }: { state: OnboardingState }) {
  switch (state.merchant.status) {
    case 'in_review':
      return (
        <p role="status">
          <strong>
            <FormattedMessage id="submitted.status.inReview" defaultMessage="Status: in review" />
          </strong>
        </p>
      );
    case 'approved':
      return (
        <>
          <p role="status">
            <strong>
              <FormattedMessage id="submitted.status.approved" defaultMessage="Status: approved" />
            </strong>
          </p>
          <p>
            <Link to="/">
              <FormattedMessage id="submitted.toDashboard" defaultMessage="Go to your dashboard" />
            </Link>
          </p>
        </>
      );
    case 'rejected':
      return (
        <Alert>
          <p>
            <FormattedMessage id="submitted.status.rejected" defaultMessage="Status: not approved" />
          </p>
          {state.rejection_reason ? <p>{state.rejection_reason}</p> : null}
          <p>
            <Link to={`/registration/review/${state.merchant.id}`}>
              <FormattedMessage id="submitted.fix" defaultMessage="Correct your information" />
            </Link>
          </p>
        </Alert>
      );
    case 'onboarding':
      return (
        <p>
          <Link to="/registration">
            <FormattedMessage id="submitted.continue" defaultMessage="Continue your onboarding" />
          </Link>
        </p>
      );
  }
}

/** SPEC §2 /information-submitted: what happens after "Submit for review", and where the review stands. */
export function InformationSubmittedScreen() {
  const session = useSessionActor();
  const restoring = useSelector(session, selectRestoring);
  const authenticated = useSelector(session, selectAuthenticated);
  const loaded = useOnboardingStatus(authenticated);
  if (restoring || (authenticated && loaded.status === 'loading')) return <PageSpinner />;
  return (
    <Page $narrow>
      <Card>
        <StepHeading>
          <FormattedMessage
            id="submitted.title"
            defaultMessage="Thank you, your information has been submitted"
          />
        </StepHeading>
        <p>
          <FormattedMessage
            id="submitted.next"
            defaultMessage="We are reviewing your company's information. This usually takes one to two working days. We will email you when it is done; if we need anything else, we will tell you what."
          />
        </p>
        {loaded.status === 'loaded' ? <Status state={loaded.state} /> : null}
        {loaded.status === 'failed' ? (
          <Muted>
            <FormattedMessage
              id="submitted.statusUnknown"
              defaultMessage="We could not load the review status."
            />
          </Muted>
        ) : null}
      </Card>
    </Page>
  );
}

export default InformationSubmittedScreen;
