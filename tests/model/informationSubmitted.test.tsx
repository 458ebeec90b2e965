import { act, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { Notification, NotificationsPage } from '../../schemas/notifications.schema';
import type { OnboardingState } from '../../schemas/onboarding.schema';
import { NotificationsServiceContext, type NotificationsService } from '../../src/app/notifications';
import { InformationSubmittedScreen } from '../../src/screens/onboarding/InformationSubmittedScreen';
import { renderScreen } from './harness';
import { merchantId, rejectedState } from './onboarding.paths';
import { demoSession } from './paths';

// /information-submitted (issue 20): the review's decision arrives on the notification stream and the page changes
// by itself — "Your account is open" with the way to the dashboard on approval, the reason and the way back to the
// steps on rejection — and signing out from it leaves it for /login.

const inReviewSession = {
  ...demoSession,
  user: {
    ...demoSession.user,
    merchant: { id: merchantId, name: 'Acropolis Coffee IKE', status: 'in_review' },
  },
} satisfies SessionResponse;

const inReview: OnboardingState = {
  ...rejectedState,
  merchant: { ...rejectedState.merchant, status: 'in_review' },
  editable: false,
  information_request: null,
  rejection_reason: null,
};

/** The onboarding once the bank asked for more information on `steps`. */
const informationRequested = (
  steps: NonNullable<OnboardingState['information_request']>['steps'],
): OnboardingState => ({
  ...inReview,
  merchant: { ...inReview.merchant, status: 'information_requested' },
  editable: true,
  information_request: { requested_at: new Date(Date.UTC(2026, 0, 15, 10)).toISOString(), steps },
});

/** The server's answer to GET /api/merchants/onboarding/, which the test changes when the bank decides. */
let onboarding: OnboardingState = inReview;
afterEach(() => {
  onboarding = inReview;
});

/** GET /api/merchants/onboarding/ as the server answers it at the time of the call. */
const load = async () => onboarding;

/** A refresh of the session waits for this (a test holds it to see the page before the refresh lands). */
let refreshHeld: Promise<void> = Promise.resolve();
afterEach(() => {
  refreshHeld = Promise.resolve();
});

/** The session as the server restores and refreshes it: the user's merchant has the onboarding's status then. */
const sessionLogic = sessionMachine.provide({
  actors: {
    refreshSession: fromPromise<SessionResponse>(async () => {
      await refreshHeld;
      return {
        ...inReviewSession,
        user: {
          ...inReviewSession.user,
          merchant: { ...inReviewSession.user.merchant, status: onboarding.merchant.status },
        },
      };
    }),
    signOut: fromPromise<void>(async () => {}),
  },
});

function liveService() {
  let push: ((n: Notification) => void) | null = null;
  const service: NotificationsService = {
    list: async (): Promise<NotificationsPage> => ({ items: [], next_cursor: null, unread_count: 0 }),
    markRead: async () => {
      throw new Error('not in this test');
    },
    markAllRead: async () => ({ marked: 0, unread_count: 0 }),
    connect: (handlers) => {
      push = handlers.onNotification;
      return () => {
        push = null;
      };
    },
  };
  return {
    service,
    arrive: async (n: Notification) => {
      await waitFor(() => expect(push).not.toBeNull());
      act(() => push?.(n));
    },
  };
}

const decisionParams = {
  onboarding_approved: { iban: 'GR1601101250000000012300695' },
  onboarding_rejected: { reason: 'Blurry ID' },
  onboarding_information_requested: { steps: 'directors', count: '1' },
};
const decisionIds = {
  onboarding_approved: 'a1',
  onboarding_rejected: 'b1',
  onboarding_information_requested: 'c1',
};

const decision = (kind: keyof typeof decisionParams): Notification => ({
  id: `00000000-0000-4000-8000-0000000000${decisionIds[kind]}`,
  kind,
  params: decisionParams[kind],
  read: false,
  read_at: null,
  created_at: new Date(Date.UTC(2026, 0, 15, 10)).toISOString(),
});

function open(live: ReturnType<typeof liveService>) {
  return renderScreen({
    path: '/information-submitted',
    sessionLogic,
    wrap: (page) => (
      <NotificationsServiceContext.Provider value={live.service}>{page}</NotificationsServiceContext.Provider>
    ),
    routes: (
      <>
        <Route path="/information-submitted" element={<InformationSubmittedScreen load={load} />} />
        <Route path="/login" element={<h1>Sign in</h1>} />
      </>
    ),
  });
}

describe('the application status page', () => {
  it('says the application is in review, then that the account is open the moment the approval arrives', async () => {
    const live = liveService();
    open(live);
    await screen.findByRole('heading', { level: 1, name: 'Thank you, your information has been submitted' });
    expect(screen.getByText('Status: in review')).toBeTruthy();

    onboarding = { ...inReview, merchant: { ...inReview.merchant, status: 'approved' } };
    await live.arrive(decision('onboarding_approved'));

    await screen.findByRole('heading', { level: 1, name: 'Your account is open' });
    expect(screen.getByText('Status: approved')).toBeTruthy();
    // Nothing says it is still being reviewed next to "approved".
    expect(screen.queryByText(/We are reviewing/)).toBeNull();
    expect((await screen.findByRole('link', { name: 'Go to your dashboard' })).getAttribute('href')).toBe(
      '/',
    );
  });

  it('offers the way to the dashboard once the session knows the account is open, not before (the guards read it)', async () => {
    const live = liveService();
    open(live);
    await screen.findByText('Status: in review');

    let release = () => {};
    refreshHeld = new Promise((resolve) => {
      release = resolve;
    });
    onboarding = { ...inReview, merchant: { ...inReview.merchant, status: 'approved' } };
    await live.arrive(decision('onboarding_approved'));
    await screen.findByRole('heading', { level: 1, name: 'Your account is open' });
    // The session still takes the merchant for in review: the dashboard would send the merchant straight back here.
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).toBeNull();

    act(() => release());
    expect((await screen.findByRole('link', { name: 'Go to your dashboard' })).getAttribute('href')).toBe(
      '/',
    );
  });

  it('shows the reason and the way back to the steps when the rejection arrives', async () => {
    const live = liveService();
    open(live);
    await screen.findByText('Status: in review');

    onboarding = {
      ...inReview,
      merchant: { ...inReview.merchant, status: 'rejected' },
      editable: true,
      rejection_reason: 'The identity document is blurry.',
    };
    await live.arrive(decision('onboarding_rejected'));

    await screen.findByRole('heading', { level: 1, name: 'We could not approve your application yet' });
    expect(screen.getByText('The identity document is blurry.')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Correct your information' })).getAttribute('href')).toBe(
      `/registration/review/${merchantId}`,
    );
  });

  it('names the steps the bank asks about, each with its note, and leads back to them', async () => {
    onboarding = informationRequested([
      { step: 'directors', note: 'Add the second director named in the articles.' },
      { step: 'identity', note: 'The selfie is too dark.' },
    ]);
    open(liveService());
    await screen.findByRole('heading', { level: 1, name: 'We need more information' });
    expect(screen.getByText('Status: more information needed')).toBeTruthy();
    const asked = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(asked).toEqual([
      'Directors: Add the second director named in the articles.',
      'Identity verification: The selfie is too dark.',
    ]);
    // Nothing says it is being reviewed while the bank waits for the merchant.
    expect(screen.queryByText(/We are reviewing/)).toBeNull();
    expect((await screen.findByRole('link', { name: 'Change these steps' })).getAttribute('href')).toBe(
      '/registration',
    );
  });

  it('names the step to change the moment the request for more information arrives', async () => {
    const live = liveService();
    open(live);
    await screen.findByText('Status: in review');

    onboarding = informationRequested([
      { step: 'directors', note: 'Add the second director named in the articles.' },
    ]);
    await live.arrive(decision('onboarding_information_requested'));

    await screen.findByRole('heading', { level: 1, name: 'We need more information' });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Directors: Add the second director named in the articles.',
    ]);
    expect(screen.queryByText('Status: in review')).toBeNull();
  });

  it('leaves for /login when the merchant signs out from it', async () => {
    const live = liveService();
    const app = open(live);
    await screen.findByText('Status: in review');
    await app.user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(app.path()).toBe('/login');
  });
});
