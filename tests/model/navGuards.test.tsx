import { act } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { selectRestoring } from '../../machines/session.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { MerchantStatus } from '../../schemas/onboarding.schema';
import { allNavDestinations, bottomBarDestinationsFor, navGroupsFor } from '../../src/app/navGroups';
import { AppRoutes } from '../../src/app/routes';
import { renderScreen } from './harness';
import { demoSession } from './paths';

/*
 * The menu and the route guards cannot disagree (issue 20: while in onboarding or in review every menu link showed and
 * each silently bounced back). For a merchant in each status and for each role, every destination the menu could hold
 * is opened through the real route table: a link the menu shows stays where it leads; one it hides is a page that sends
 * this user elsewhere (public pages and the application's status page excepted: it stays open to every signed-in user, to say where the
 * review stands, but the menu offers it only while the merchant is in review).
 */

type Role = 'owner' | 'admin' | 'employee' | 'viewer';

function userOf(role: Role, status: MerchantStatus): SessionResponse['user'] {
  const base = demoSession.user;
  const merchant = { ...base.merchant, status };
  if (role === 'owner') return { ...base, merchant };
  return {
    ...base,
    id: `00000000-0000-4000-8000-00000000001${role.length}`,
    is_owner: false,
    employee_type: role,
    merchant,
  };
}

/** Lets lazy screens and their redirects run until the address has not changed for a few turns. */
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

async function visit(address: string, user: SessionResponse['user']): Promise<string> {
  const app = renderScreen({
    path: address,
    session: { ...demoSession, user },
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

beforeAll(async () => {
  await Promise.all(Object.values(import.meta.glob('../../src/screens/**/*.tsx')).map((load) => load()));
}, 60_000);

// The screens' own data calls have no server here: they fail at once, which is all a guard needs.
const fetchStub = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
  throw new TypeError('no server in the guard test');
});
afterAll(() => fetchStub.mockRestore());

const cases: Array<[Role, MerchantStatus]> = [
  ['owner', 'onboarding'],
  ['owner', 'rejected'],
  ['owner', 'in_review'],
  ['owner', 'approved'],
  ['admin', 'in_review'],
  ['employee', 'approved'],
  ['viewer', 'approved'],
];

describe.each(cases)('%s of a merchant %s', (role, status) => {
  const user = userOf(role, status);
  const shown = new Set(navGroupsFor(user).flatMap((group) => group.destinations.map((one) => one.to)));

  it('is offered only what it can use now', () => {
    if (status === 'approved') {
      expect(shown.has('/overview')).toBe(true);
      expect(shown.has('/registration')).toBe(false);
    } else {
      expect([...shown]).toEqual([
        status === 'in_review' ? '/information-submitted' : '/registration',
        '/faq',
      ]);
    }
    // The phone's bar holds a subset of the menu.
    for (const destination of bottomBarDestinationsFor(user)) expect(shown.has(destination.to)).toBe(true);
  });

  it.each(allNavDestinations.map((destination) => [destination.to, destination.access.kind] as const))(
    '%s',
    async (to, kind) => {
      const ended = await visit(to, user);
      // A screen may refine its own address (/registration → /registration/representative/…).
      const stayed = ended === to || ended.startsWith(`${to}/`);
      if (shown.has(to)) expect(stayed, `shown, and ended on ${ended}`).toBe(true);
      // Public pages (the FAQ) open for everyone; an approved merchant finds the FAQ in the footer instead.
      else if (kind !== 'public' && to !== '/information-submitted') {
        expect(stayed, `hidden, and ended on ${ended}`).toBe(false);
      }
    },
  );
});

describe('a sign-in page reached by Back once signed in', () => {
  it('goes forward again to where the merchant was, keeping the history beyond (not on to the dashboard)', async () => {
    // Signed out on /login, a link to another page (as "Create an account" is), then signed in there: the sign-in
    // page is one entry back.
    const app = renderScreen({ path: '/login', session: null, routeTable: <AppRoutes sandbox /> });
    await vi.waitFor(() => expect(selectRestoring(app.session.getSnapshot())).toBe(false));
    await app.navigate('/faq');
    act(() => app.session.send({ type: 'session.started', session: demoSession }));
    await settle(app.location);
    expect(app.location.path).toBe('/faq');

    await app.navigate(-1);
    await settle(app.location);
    expect(app.location.path).toBe('/faq');

    // Opened by a link, a sign-in page still sends a signed-in merchant on to the app.
    await app.navigate('/login');
    await settle(app.location);
    expect(app.location.path).toBe('/');
  });
});
