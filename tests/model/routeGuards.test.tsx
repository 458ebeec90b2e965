import { act } from '@testing-library/react';
import { matchPath, type RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { selectRestoring } from '../../machines/session.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import { AppRoutes, appRoutes } from '../../src/app/routes';
import { renderScreen } from './harness';
import { demoSession } from './paths';

/*
 * SPEC §6, walked through the real guards: every route of the app's route table (src/app/routes.tsx, so a new route
 * is walked as soon as it is added) for the owner, an admin, a cardholder (`employee`), a viewer and a visitor who is
 * not signed in, rendered with the real route table and guards, and where each ends up.
 *
 * The expected answers come from SPEC §6 as written below, not from schemas/permissions.ts (which the guards use), so
 * a change of the permission table that breaks SPEC §6 fails here. A new route without a line in `pages` fails too:
 * whoever adds it says which SPEC page it is.
 */

// ---------------------------------------------------------------------------------------------------------------
// SPEC §6, as written.

/** "Non-owner users who are not viewers are redirected to Overview from: …" */
const employeesRedirectedFrom = new Set([
  'card-selection',
  'plans',
  'delivery-address',
  'add-card',
  'add-physical-card',
  'add-physical-address',
  'my-employees',
  'add-employees',
  'dashboard',
  'analytics',
  'beneficiaries',
  'create-beneficiary',
  'cashback',
  'my-wallet',
  'send-money',
  'request-money',
  'scheduled-payments',
  'qr-codes',
  'profile',
  'my-addresses',
  'my-accounts',
  // Not in SPEC §6: issue 21's activity log (the company's audit trail) is the owner's alone.
  'activity-log',
]);

/** "Viewer employees are redirected to Overview from a smaller set: …" (physical card pages: both of them). */
const viewersRedirectedFrom = new Set([
  'plans',
  'delivery-address',
  'add-card',
  'add-physical-card',
  'add-physical-address',
  'create-beneficiary',
  'send-money',
  'request-money',
  'profile',
  'my-addresses',
  'my-accounts',
  'activity-log',
]);

/**
 * What each route of the table is, in SPEC §2 and §6 terms:
 * - `protected`: login required; `page` is its name in SPEC §6 (pages SPEC §6 does not list are open to every role);
 * - `guest`: the sign-in pages; a signed-in user goes on to the remembered page (SPEC §2, default `/`);
 * - `invitation`: public, and a signed-in user is not sent away (SPEC §6);
 * - `registration`: public onboarding; signed in, it is the onboarding of a merchant that is not approved yet, so an
 *   approved merchant's user is sent home;
 * - `verification`: the identity check of the signed-in representative during onboarding: without a session
 *   it asks to sign in first, for an approved merchant there is nothing left to verify;
 * - `status`: where the merchant's application stands (/information-submitted): every signed-in user; signed out it
 *   is nobody's, so it goes to /login;
 * - `open`: everyone, signed in or not (legal pages, the sandbox outbox, not found).
 */
type Page =
  | { kind: 'protected'; page: string }
  | { kind: 'guest' | 'invitation' | 'registration' | 'verification' | 'status' | 'open' };

const protectedAs = (page: string): Page => ({ kind: 'protected', page });

const pages: Record<string, Page> = {
  '/login/:step?': { kind: 'guest' },
  '/reset_password/': { kind: 'guest' },
  '/create-password/:step?': { kind: 'guest' },
  '/registration/:step?/:id?': { kind: 'registration' },
  '/information-submitted': { kind: 'status' },
  '/identity-verification/': { kind: 'verification' },
  '/otp-authentication/:method': { kind: 'verification' },
  '/verification/:method': { kind: 'verification' },
  '/merchant-invitation/:key/accept': { kind: 'invitation' },
  '/invitation/success': { kind: 'invitation' },
  '/terms-of-use': { kind: 'open' },
  '/privacy-policy': { kind: 'open' },
  // SPEC §2 lists /faq among the login pages; docs/product.md makes it public, signed in or not; /download-app is
  // public in SPEC §2.
  '/faq': { kind: 'open' },
  '/download-app': { kind: 'open' },
  '/analytics': protectedAs('analytics'),
  // SPEC §6 names it in neither list: every role may open it (buying is send money's, refused by the server).
  '/advertise-with-us': protectedAs('advertise-with-us'),
  // Every signed-in user has their own notifications.
  '/notifications': protectedAs('notifications'),
  // Every signed-in user has their own language, password, second factors and sessions.
  '/settings/:page?': protectedAs('settings'),
  // Issue 21: the company's audit trail names every employee's sign-ins: the owner's alone.
  '/settings/activity-log': protectedAs('activity-log'),
  '/dev/outbox': { kind: 'open' },
  '/dev/style-guide': { kind: 'open' },
  '*': { kind: 'open' },
  '/': protectedAs('dashboard'),
  '/dashboard': protectedAs('dashboard'),
  '/overview': protectedAs('overview'),
  '/my-wallet': protectedAs('my-wallet'),
  '/my-wallet/my-accounts/:accountType?': protectedAs('my-accounts'),
  '/my-wallet/qr-codes': protectedAs('qr-codes'),
  // The link a QR code carries opens send money.
  '/pay/:code': protectedAs('send-money'),
  '/my-wallet/request-money': protectedAs('request-money'),
  // SPEC §2 "pending requests": answering a money request pays it, so it counts as request money.
  '/my-wallet/pending-requests': protectedAs('request-money'),
  '/my-wallet/scheduled-payments/:id?': protectedAs('scheduled-payments'),
  '/my-wallet/:accountType/send-money/:account?/:tag?': protectedAs('send-money'),
  '/cards/:card?': protectedAs('cards'),
  '/cards/:card/:id/card-limit': protectedAs('cards'),
  '/cards/add-card/physical/address': protectedAs('add-physical-address'),
  '/cards/add-card/physical': protectedAs('add-physical-card'),
  '/cards/add-card/:card?': protectedAs('add-card'),
  '/plans/card-selection/:id': protectedAs('card-selection'),
  '/plans/address': protectedAs('delivery-address'),
  '/plans/card/checkout/:card?': protectedAs('add-card'),
  // The plans page and plan checkout; /plans/address (above) is the POS terminal's shipping step too.
  '/plans/plan/checkout': protectedAs('plans'),
  '/plans/:plan_id?': protectedAs('plans'),
  // SPEC §6 "profile and its children": billing, company information and details, structure, documents,
  // representative, about us.
  '/profile/:page?': protectedAs('profile'),
  // Cancelling is a plans action (the sample address); deleting the account is the profile's: both are kept from
  // non-owners and viewers alike.
  '/account/:action_type': protectedAs('plans'),
  '/cashback': protectedAs('cashback'),
  '/transactions/:id?': protectedAs('transactions'),
  '/my-beneficiaries': protectedAs('beneficiaries'),
  '/my-beneficiaries/create-beneficiary': protectedAs('create-beneficiary'),
  // Editing a beneficiary changes where money may go, as creating one does.
  '/my-beneficiaries/edit-beneficiary/:id': protectedAs('create-beneficiary'),
  '/my-addresses': protectedAs('my-addresses'),
  '/my-employees': protectedAs('my-employees'),
  '/my-employees/add-employees': protectedAs('add-employees'),
};

type Role = 'owner' | 'admin' | 'employee' | 'viewer';
type Visitor = Role | 'signed out';

/** Where a signed-in user lands when sent home: `/` (SPEC §2), which is the dashboard, or Overview for those sent from it. */
const home: Record<Role, string> = { owner: '/', viewer: '/', admin: '/overview', employee: '/overview' };

/** Where SPEC §6 sends this visitor from this route: `null` means they stay. */
function expectedRedirect(page: Page, visitor: Visitor): string | null {
  if (visitor === 'signed out') {
    return page.kind === 'protected' || page.kind === 'verification' || page.kind === 'status'
      ? '/login'
      : null;
  }
  switch (page.kind) {
    case 'open':
    case 'invitation':
    case 'status':
      return null;
    case 'guest':
    case 'registration':
    case 'verification':
      return home[visitor];
    case 'protected':
      if (visitor === 'owner') return null;
      if (visitor === 'viewer') return viewersRedirectedFrom.has(page.page) ? '/overview' : null;
      return employeesRedirectedFrom.has(page.page) ? '/overview' : null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The route table, walked.

/** Every route path of the table, with layout routes' children, as written there. */
function routePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own =
      route.path === undefined
        ? parent
        : route.path.startsWith('/') || route.path === '*'
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.path === undefined ? [] : [own];
    return [...here, ...routePaths(route.children ?? [], own)];
  });
}

const invitationKey = 'q3Jd8sKx0m9VbT2nR7wYcL5pA1eZ4uHg6fXoN3iWkQs';
/** A value for each kind of required parameter; optional ones are left out. */
const sampleParams: Record<string, string> = {
  key: invitationKey,
  id: '00000000-0000-4000-8000-0000000000c1',
  card: 'physical',
  accountType: 'eur',
  method: 'email',
  code: 'qr-sample',
  action_type: 'cancellation',
};

/** A concrete address for a route pattern. */
function addressOf(pattern: string): string {
  if (pattern === '*') return '/no-such-page';
  const segments = pattern
    .split('/')
    .filter((segment) => !segment.endsWith('?'))
    .map((segment) => (segment.startsWith(':') ? (sampleParams[segment.slice(1)] ?? 'sample') : segment));
  return segments.join('/') || '/';
}

const table = routePaths(appRoutes({ sandbox: true }));

// ---------------------------------------------------------------------------------------------------------------
// Rendering one visit.

const users: Record<Role, SessionResponse['user']> = {
  owner: demoSession.user,
  admin: {
    ...demoSession.user,
    id: '00000000-0000-4000-8000-000000000012',
    is_owner: false,
    employee_type: 'admin',
  },
  employee: {
    ...demoSession.user,
    id: '00000000-0000-4000-8000-000000000013',
    is_owner: false,
    employee_type: 'employee',
  },
  viewer: {
    ...demoSession.user,
    id: '00000000-0000-4000-8000-000000000014',
    is_owner: false,
    employee_type: 'viewer',
  },
};

/**
 * Lets React, lazy screens and effects run until the address has not changed for a few turns and nothing is loading
 * (a lazy screen that decides a redirect itself has come in). A screen that keeps loading ends the wait after 100 turns.
 */
async function settle(location: { path: string }): Promise<void> {
  let last = '';
  let steady = 0;
  for (let turn = 0; turn < 100 && steady < 4; turn++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    const loading = document.querySelector('main [role="progressbar"]') !== null;
    steady = location.path === last && !loading ? steady + 1 : 0;
    last = location.path;
  }
}

/** Opens `address` as `visitor` (or an owner whose merchant is still onboarding) and says where it ended. */
async function visit(address: string, who: Visitor | 'onboarding owner'): Promise<string> {
  const app = renderScreen({
    path: address,
    session:
      who === 'signed out'
        ? null
        : {
            ...demoSession,
            user:
              who === 'onboarding owner'
                ? { ...users.owner, merchant: { ...users.owner.merchant, status: 'onboarding' } }
                : users[who],
          },
    routeTable: <AppRoutes sandbox />,
  });
  try {
    await vi.waitFor(() => expect(selectRestoring(app.session.getSnapshot())).toBe(false));
    await settle(app.location);
    return app.location.path;
  } finally {
    app.view.unmount();
    app.stop();
  }
}

/** The SPEC's places a user is sent to; staying means ending anywhere else (a screen may refine its own address). */
function stayed(address: string, ended: string): boolean {
  return ended === address || !['/login', '/overview', '/'].includes(ended);
}

// Screens are lazy chunks; load them once up front so every visit renders the same way.
beforeAll(async () => {
  await Promise.all(Object.values(import.meta.glob('../../src/screens/**/*.tsx')).map((load) => load()));
}, 60_000);

// The screens' own data calls have no server here: they fail at once, which is all a guard test needs.
const fetchStub = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
  throw new TypeError('no server in the guard test');
});
afterAll(() => fetchStub.mockRestore());

describe('the route table', () => {
  it('has an expected SPEC §6 answer for every route it holds', () => {
    expect(table.filter((path) => !(path in pages))).toEqual([]);
    // …and no stale lines: every line names a route that exists.
    expect(Object.keys(pages).filter((path) => !table.includes(path))).toEqual([]);
  });
});

const visitors: Visitor[] = ['signed out', 'owner', 'admin', 'employee', 'viewer'];

describe.each(visitors)('%s', (visitor) => {
  it.each(table.filter((path) => path in pages))('%s', async (pattern) => {
    const page = pages[pattern]!;
    const address = addressOf(pattern);
    const ended = await visit(address, visitor);
    const redirect = expectedRedirect(page, visitor);
    if (redirect === null) {
      expect(stayed(address, ended), `${visitor} on ${address} stays (ended on ${ended})`).toBe(true);
    } else {
      expect(ended, `${visitor} on ${address}`).toBe(redirect);
    }
  });
});

describe('an owner whose merchant is still onboarding', () => {
  const onboardingRoutes = table.filter(
    (path) => pages[path]?.kind === 'registration' || pages[path]?.kind === 'verification',
  );
  it.each(onboardingRoutes)('stays on %s (SPEC §6: onboarding and verification routes)', async (pattern) => {
    const ended = await visit(addressOf(pattern), 'onboarding owner');
    // The journey may move to another of its own addresses (the identity check starts at its first step).
    expect(
      onboardingRoutes.some((route) => matchPath(route, ended) !== null),
      ended,
    ).toBe(true);
  });
});
