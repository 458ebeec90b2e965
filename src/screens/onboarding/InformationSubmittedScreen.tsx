import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { selectAuthenticated, selectRestoring, selectUser } from '../../../machines/session.machine';
import type { NotificationKind } from '../../../schemas/notifications.schema';
import type { OnboardingState } from '../../../schemas/onboarding.schema';
import { api, unwrap } from '../../api/client';
import { useNotifications } from '../../app/notifications';
import { useSessionActor } from '../../app/session';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { StepHeading } from '../../ui/StepHeading';
import { InformationRequestSummary } from './InformationRequestNotice';

type Loaded = { status: 'loading' } | { status: 'loaded'; state: OnboardingState } | { status: 'failed' };

/**
 * The saved onboarding of the signed-in user's merchant, read again whenever `decision` changes (a review decision
 * arrived). What was shown stays while it is read again, so the page does not flash a spinner.
 */
function useOnboardingStatus(
  enabled: boolean,
  decision: string | null,
  load: (signal: AbortSignal) => Promise<OnboardingState>,
): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (state) => setLoaded({ status: 'loaded', state }),
      () => {
        if (!controller.signal.aborted)
          setLoaded((was) => (was.status === 'loaded' ? was : { status: 'failed' }));
      },
    );
    return () => controller.abort();
  }, [enabled, decision, load]);
  return loaded;
}

/**
 * The id of the newest review decision among the notifications (src/app/liveNotifications.tsx): the server sends one
 * on approval and on rejection (server/notifications/events.ts `onboardingReviewed`) and when it asks for more
 * information (`onboardingInformationRequested`), so it changes the moment the bank decides, without a reload.
 */
const reviewKinds: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'onboarding_approved',
  'onboarding_rejected',
  'onboarding_information_requested',
]);

function useLatestDecision(): string | null {
  const notifications = useNotifications();
  let latest: { id: string; at: string } | null = null;
  for (const item of notifications?.items ?? []) {
    if (!reviewKinds.has(item.kind)) continue;
    if (!latest || item.created_at > latest.at) latest = { id: item.id, at: item.created_at };
  }
  return latest?.id ?? null;
}

/**
 * The way on from where the application stands, shown once the session's user has the same status as the page: the
 * guards read the session, and a link followed before its refresh lands was sent straight back here (the dashboard,
 * for a merchant the session still took for in review).
 */
function WayOn({ ready, to, children }: { ready: boolean; to: string; children: ReactNode }) {
  if (!ready) return null;
  return (
    <p>
      <Link to={to}>{children}</Link>
    </p>
  );
}

/** `ready`: the session knows the status shown (see WayOn). */
function Status({ state, ready }: { state: OnboardingState; ready: boolean }) {
  switch (state.merchant.status) {
    case 'in_review':
      return (
        <>
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
          <p>
            <strong>
              <FormattedMessage id="submitted.status.inReview" defaultMessage="Status: in review" />
            </strong>
          </p>
          <Muted>
            <FormattedMessage
              id="submitted.live"
              defaultMessage="This page changes by itself when we decide; you can also leave it and come back."
            />
          </Muted>
        </>
      );
    case 'approved':
      return (
        <>
          <StepHeading>
            <FormattedMessage id="submitted.approved.title" defaultMessage="Your account is open" />
          </StepHeading>
          <p>
            <strong>
              <FormattedMessage id="submitted.status.approved" defaultMessage="Status: approved" />
            </strong>
          </p>
          <p>
            <FormattedMessage
              id="submitted.approved.next"
              defaultMessage="We approved your company. Your account and its IBAN are ready: add money, pay suppliers and order cards from the dashboard."
            />
          </p>
          <WayOn ready={ready} to="/">
            <FormattedMessage id="submitted.toDashboard" defaultMessage="Go to your dashboard" />
          </WayOn>
        </>
      );
    case 'rejected':
      return (
        <>
          <StepHeading>
            <FormattedMessage
              id="submitted.rejected.title"
              defaultMessage="We could not approve your application yet"
            />
          </StepHeading>
          <Alert>
            <p>
              <FormattedMessage id="submitted.status.rejected" defaultMessage="Status: not approved" />
            </p>
            {state.rejection_reason ? <p>{state.rejection_reason}</p> : null}
          </Alert>
          <p>
            <FormattedMessage
              id="submitted.rejected.next"
              defaultMessage="Correct what the reason names and submit your application again; what you entered is kept."
            />
          </p>
          <WayOn ready={ready} to={`/registration/review/${state.merchant.id}`}>
            <FormattedMessage id="submitted.fix" defaultMessage="Correct your information" />
          </WayOn>
        </>
      );
    case 'information_requested':
      return (
        <>
          <StepHeading>
            <FormattedMessage
              id="submitted.informationRequested.title"
              defaultMessage="We need more information"
            />
          </StepHeading>
          <p>
            <strong>
              <FormattedMessage
                id="submitted.status.informationRequested"
                defaultMessage="Status: more information needed"
              />
            </strong>
          </p>
          <InformationRequestSummary request={state.information_request} />
          {/* The onboarding opens on the first step the bank named (machines/onboarding.machine.ts firstStep). */}
          <WayOn ready={ready} to="/registration">
            <FormattedMessage id="submitted.informationRequested.fix" defaultMessage="Change these steps" />
          </WayOn>
        </>
      );
    case 'onboarding':
      return (
        <>
          <StepHeading>
            <FormattedMessage
              id="submitted.onboarding.title"
              defaultMessage="Your application is not sent yet"
            />
          </StepHeading>
          <WayOn ready={ready} to="/registration">
            <FormattedMessage id="submitted.continue" defaultMessage="Continue your onboarding" />
          </WayOn>
        </>
      );
  }
}

/**
 * SPEC §2 /information-submitted: what happens after "Submit for review", and where the review stands, kept up to date
 * by the notification stream. Signed out (after "Sign out" here, too) it is nobody's page: it goes to /login.
 */
const loadFromApi = (signal: AbortSignal) => unwrap(api.GET('/api/merchants/onboarding/', { signal }));

export function InformationSubmittedScreen({
  load = loadFromApi,
}: {
  /** Reads the merchant's onboarding; the API unless a test answers itself. */
  load?: (signal: AbortSignal) => Promise<OnboardingState>;
}) {
  const session = useSessionActor();
  const restoring = useSelector(session, selectRestoring);
  const authenticated = useSelector(session, selectAuthenticated);
  const user = useSelector(session, selectUser);
  const decision = useLatestDecision();
  const loaded = useOnboardingStatus(authenticated, decision, load);
  const shown = loaded.status === 'loaded' ? loaded.state.merchant.status : null;
  const known = user?.merchant.status ?? null;

  useEffect(() => {
    // The session's user still carries the status it signed in with: refreshed, the guards open the banking pages
    // on approval (or the steps on rejection) and the menu follows.
    if (shown !== null && known !== null && shown !== known) session.send({ type: 'session.refresh' });
  }, [shown, known, session]);

  if (restoring) return <PageSpinner />;
  if (!authenticated) return <Navigate to="/login" replace />;
  if (loaded.status === 'loading') return <PageSpinner />;
  return (
    <Page $narrow>
      <Card>
        <div role="status" aria-atomic="true">
          {loaded.status === 'loaded' ? (
            <Status state={loaded.state} ready={shown === known} />
          ) : (
            <>
              <StepHeading>
                <FormattedMessage
                  id="submitted.title"
                  defaultMessage="Thank you, your information has been submitted"
                />
              </StepHeading>
              <Muted>
                <FormattedMessage
                  id="submitted.statusUnknown"
                  defaultMessage="We could not load the review status."
                />
              </Muted>
            </>
          )}
        </div>
      </Card>
    </Page>
  );
}

export default InformationSubmittedScreen;
