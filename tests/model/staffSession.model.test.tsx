import { act, screen, within } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { createActor, SimulatedClock, type ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { staffSessionMachine, type StaffSessionSnapshot } from '../../machines/staffSession.machine';
import {
  staffSignInMachine,
  type StaffLoginStep,
  type StaffSessionStart,
} from '../../machines/staffSignIn.machine';
import { createApiClient } from '../../src/api/client';
import { BackOfficeContext, type BackOffice } from '../../src/app/backOfficeContext';
import { BackOfficeRoutes } from '../../src/screens/backOffice/BackOfficeRoutes';
import { generatePaths } from './generatePaths';
import {
  Deferreds,
  renderScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import {
  backOfficePath,
  staffCode,
  staffCredentials,
  staffSessionModel,
  staffStart,
  staffTexts as t,
  stepWithoutPasskey,
} from './staffSignIn.paths';

// Every generated path of the back office's session (machines/staffSession.machine.ts), run against the back office's
// real routes and shell (BackOfficeRoutes) at /back-office: the cookie's answer, the sign-in through the real sign-in
// screen, refreshes on the clock and on a refused call, and signing out. The session's effects are the harness's
// controllable calls, and its timers run on a clock of its own that the delay steps move on.

type StaffSession = ActorRefFrom<typeof staffSessionMachine>;

let staffSession: StaffSession | undefined;
const live = (): StaffSession => {
  if (!staffSession) throw new Error('no staff session runs');
  return staffSession;
};

afterEach(() => {
  staffSession?.stop();
  staffSession = undefined;
});

/**
 * BackOfficeRoutes, with a <main> landmark around its whole-page spinner (restoring, signing out), which the real
 * routes render bare: the harness looks for the spinner inside <main>, as on every page of the merchants' app.
 */
function BackOfficePage({ session }: { session: StaffSession }) {
  const state = useSelector(session, (snapshot: StaffSessionSnapshot) => snapshot.value);
  const spinner = state === 'restoring' || state === 'signingOut';
  return spinner ? (
    <main>
      <BackOfficeRoutes />
    </main>
  ) : (
    <BackOfficeRoutes />
  );
}

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

const executors: Executors<typeof staffSessionMachine> = {
  'session.signOut': (app) => click(app, t.signOut),
  // What the staff API client does on a 401 (src/app/backOffice.tsx onUnauthorized).
  'session.refresh': async () => {
    await act(async () => {
      live().send({ type: 'session.refresh' });
    });
  },
};

/** The staff sign-in journey's step, through the real sign-in screen: password, then the authenticator code. */
async function signInThroughTheScreen(app: RenderedApp, session: StaffSessionStart) {
  await screen.findByRole('heading', { level: 1, name: t.title });
  await retype(app, t.email, staffCredentials.email);
  await retype(app, t.password, staffCredentials.password);
  await click(app, t.continue);
  await app.effects.settle('checkPassword', { output: stepWithoutPasskey });
  await retype(app, t.code, staffCode);
  await click(app, t.verify);
  await app.effects.settle('signInWithCode', { output: session });
}

function startBackOffice(): RenderedApp {
  const effects = new Deferreds();
  const clock = new SimulatedClock();
  const session = createActor(
    staffSessionMachine.provide({
      actors: {
        restoreSession: effects.logic<StaffSessionStart>(),
        endSession: effects.logic<void>(),
        staffSignIn: staffSignInMachine.provide({
          actors: {
            checkPassword: effects.logic<StaffLoginStep, { email: string; password: string }>(),
            signInWithPasskey: effects.logic<
              StaffSessionStart,
              { ticket: string; options: { challenge: string } }
            >(),
            signInWithCode: effects.logic<StaffSessionStart, { ticket: string; code: string }>(),
          },
        }),
      },
    }),
    { clock },
  );
  session.start();
  staffSession = session;
  // A staff API client the pages under test never call (the shell and the home page show the session only).
  const backOffice: BackOffice = {
    api: createApiClient({ hooks: () => ({ getAccessToken: () => null, onUnauthorized: () => {} }) }),
    session,
  };
  // The back office is its own app: no merchant is signed in; its session's timers run on its own clock.
  const app = renderScreen({
    path: backOfficePath,
    session: null,
    effects,
    routeTable: (
      <BackOfficeContext.Provider value={backOffice}>
        <BackOfficePage session={session} />
      </BackOfficeContext.Provider>
    ),
  });
  return { ...app, clock };
}

const paths = generatePaths(staffSessionModel);

const runner: PathRunner<typeof staffSessionMachine> = {
  model: staffSessionModel,
  executors,
  live: () => live().getSnapshot(),
  settleOther: async (app, action) => {
    if (action.id !== 'signIn') return false;
    await signInThroughTheScreen(app, action.output as StaffSessionStart);
    return true;
  },
};

describe(`staffSession: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startBackOffice();
    await runPath(runner, path, app);
  });
});

describe('the signed-in shell', () => {
  it('says who is signed in and in which role, opens only what the role may, and signs out', async () => {
    const app = startBackOffice();
    await app.effects.settle('restoreSession', { output: staffStart });
    await screen.findByRole('heading', { level: 1, name: t.home });
    expect(screen.getByText(t.signedInAs)).toBeTruthy();
    // A reviewer: the overview and their own passkeys, never the staff accounts (admins only).
    const menu = within(screen.getByRole('navigation', { name: 'Back office' }));
    expect(menu.getByRole('link', { name: 'My passkeys' })).toBeTruthy();
    expect(menu.queryByRole('link', { name: 'Staff accounts' })).toBeNull();
    expect(live().getSnapshot().context.accessToken).toBe(staffStart.access_token);
    await click(app, t.signOut);
    await app.effects.settle('endSession', { output: undefined });
    await screen.findByRole('heading', { level: 1, name: t.title });
    expect(screen.queryByText(t.signedInAs)).toBeNull();
    expect(live().getSnapshot().context.accessToken).toBeNull();
  });

  it('keeps the session through a refresh that gets no answer, and tries again 5 s later', async () => {
    const app = startBackOffice();
    await app.effects.settle('restoreSession', { output: staffStart });
    await executors['session.refresh'](app, { type: 'session.refresh' });
    await app.effects.settle('refreshSession', { error: { kind: 'network' } });
    expect(live().getSnapshot().value).toBe('retryWaiting');
    expect(screen.getByText(t.signedInAs)).toBeTruthy();
    await act(async () => {
      app.clock.increment(5_000);
    });
    await app.effects.settle('refreshSession', {
      output: { ...staffStart, access_token: 'eyJhbGciOiJIUzI1NiJ9.staff-model-test.renewed' },
    });
    expect(live().getSnapshot().context.accessToken).toBe('eyJhbGciOiJIUzI1NiJ9.staff-model-test.renewed');
  });
});
