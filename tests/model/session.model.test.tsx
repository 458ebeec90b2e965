import { act, screen, waitFor, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { loginMachine, type InitializeLoginInput, type LoginTicketInput } from '../../machines/login.machine';
import {
  oneTimeCodeMachine,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import { sessionMachine } from '../../machines/session.machine';
import type { AvailableMfaMethodsResponse, SessionResponse } from '../../schemas/auth.schema';
import { activityThrottleMs } from '../../src/app/AppShell';
import { Deferreds, renderApp, runPath, type Executors, type PathRunner, type RenderedApp } from './harness';
import { generatePaths } from './generatePaths';
import { demoCode, demoCredentials, demoMethods, resendSeconds, sessionModel, texts } from './paths';

// Every generated path of the session (machines/session.machine.ts), run against the real app shell, guards and
// login screen. The login journey itself has its own paths (login.model.test.tsx); here it is walked once, the
// happy way, whenever a path says "sign in".

const inDialog = (name: string) => within(screen.getByRole('dialog', { name }));
const inHeader = () => within(screen.getByRole('banner'));

const executors: Executors<typeof sessionMachine> = {
  'user.activity': async (app) => {
    await app.user.keyboard('{Shift}');
  },
  'idle.stay': async (app) => {
    await app.user.click(inDialog(texts.idleDialog).getByRole('button', { name: 'Stay signed in' }));
  },
  'idle.signOut': async (app) => {
    await app.user.click(inDialog(texts.idleDialog).getByRole('button', { name: 'Sign out now' }));
  },
  'signOut.request': async (app) => {
    await app.user.click(inHeader().getByRole('button', { name: texts.signOut }));
  },
  'signOut.confirm': async (app) => {
    await app.user.click(inDialog(texts.signOutDialog).getByRole('button', { name: texts.signOut }));
  },
  'signOut.cancel': async (app) => {
    await app.user.click(inDialog(texts.signOutDialog).getByRole('button', { name: 'Cancel' }));
  },
  // The app forces a refresh when an API call is refused; there is no button for it, so the step sends it.
  'session.refresh': async (app) => {
    await act(async () => {
      app.session.send({ type: 'session.refresh' });
    });
  },
  // Sent by a journey that ends signed in (registration); its own model tests drive its screens.
  'session.started': async (app, event) => {
    await act(async () => {
      app.session.send(event);
    });
  },
  // Sent by the app shell itself after showing the expiry toast; marked `auto`, so the runner only waits.
  'notice.dismissed': async () => {},
};

/** What the login journey's effects answer when a session path signs in: the happy way, at once. */
let nextSession: SessionResponse | undefined;

function startSessionApp(): RenderedApp {
  const effects = new Deferreds();
  const logic = sessionMachine.provide({
    actors: {
      refreshSession: effects.logic<SessionResponse>(),
      signOut: effects.logic<void>(),
      login: loginMachine.provide({
        actors: {
          initializeLogin: fromPromise<{ login_token: string }, InitializeLoginInput>(async () => ({
            login_token: 'login-ticket-1',
          })),
          availableMfaMethods: fromPromise<AvailableMfaMethodsResponse, LoginTicketInput>(async () => ({
            available_mfa_methods: [...demoMethods],
          })),
          oneTimeCode: oneTimeCodeMachine.provide({
            actors: {
              sendCode: fromPromise<CodeSent, SendCodeInput>(async () => ({
                method: 'email',
                destination: demoMethods[0].destination,
                expires_in: 300,
                resend_in: resendSeconds,
              })),
              verifyCode: fromPromise<CodeGrant, VerifyCodeInput>(async ({ input }) => {
                if (!nextSession) throw new Error('no sign-in expected at this step');
                if (input.code !== demoCode) throw new Error(`unexpected code ${input.code}`);
                return { session: nextSession };
              }),
            },
          }),
        },
      }),
    },
  });
  return renderApp(logic, effects, '/');
}

/** "Sign in with password and one-time code": the user walks the login screens. */
async function signInThroughTheScreens(app: RenderedApp, session: SessionResponse) {
  nextSession = session;
  await screen.findByRole('heading', { level: 1, name: texts.signIn });
  await app.user.type(screen.getByLabelText('Email'), demoCredentials.email);
  await app.user.type(screen.getByLabelText('Password'), demoCredentials.password);
  await app.user.click(screen.getByRole('button', { name: texts.continue }));
  await app.user.click(await screen.findByRole('button', { name: /^Email:/ }));
  await app.user.type(await screen.findByLabelText('One-time code'), demoCode);
  await app.user.click(screen.getByRole('button', { name: texts.verify }));
}

const runner: PathRunner<typeof sessionMachine> = {
  model: sessionModel,
  executors,
  live: (app) => app.session.getSnapshot(),
  settleOther: async (app, action) => {
    if (action.id !== 'login') return false;
    await signInThroughTheScreens(app, action.output as SessionResponse);
    return true;
  },
};

const paths = generatePaths(sessionModel);
afterEach(() => {
  nextSession = undefined;
});

describe(`session: ${paths.length} generated paths`, () => {
  it('models the same activity throttle as the app shell', () => {
    expect(sessionModel.activity?.throttleMs).toBe(activityThrottleMs);
  });

  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startSessionApp();
    await runPath(runner, path, app);
  });
});

describe('the idle warning', () => {
  it('offers "Sign out now" and "Stay signed in", no "Cancel", and Escape keeps the session', async () => {
    // The first path to reach the warning with no other dialog on the way (the sign-out dialog gives focus back to
    // the header when it closes), walked up to the warning.
    const warned = (step: (typeof paths)[number]['steps'][number]) =>
      step.state.matches({ authenticated: { activity: 'warning' } });
    const toWarning = paths
      .map((path) => path.steps.slice(0, path.steps.findIndex(warned) + 1))
      .find((steps) => steps.length > 0 && !steps.some((step) => step.event.type === 'signOut.request'));
    expect(toWarning).toBeDefined();
    const app = startSessionApp();
    await runPath(runner, { ...paths[0]!, steps: toWarning! }, app);
    const dialog = inDialog(texts.idleDialog);
    expect(dialog.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Sign out now',
      'Stay signed in',
    ]);
    expect(document.activeElement?.textContent).toBe('Stay signed in');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: texts.idleDialog })).toBeNull());
    expect(app.session.getSnapshot().matches({ authenticated: { activity: 'active' } })).toBe(true);
  });
});
