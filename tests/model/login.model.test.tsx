import { screen } from '@testing-library/react';
import { fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { afterEach, describe, it } from 'vitest';
import {
  loginMachine,
  type InitializeLoginInput,
  type LoginTicketInput,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/login.machine';
import { sessionMachine } from '../../machines/session.machine';
import type {
  AvailableMfaMethodsResponse,
  SendLoginOtpResponse,
  SessionResponse,
} from '../../schemas/auth.schema';
import { Deferreds, renderApp, runPath, type Executors, type PathRunner, type RenderedApp } from './harness';
import { generatePaths } from './generatePaths';
import { loginModel, texts } from './paths';

// Every generated path of the login journey (machines/login.machine.ts), run against the real login screens.

type LoginActor = ActorRefFrom<typeof loginMachine>;

/** The journey under test, kept after it finishes (the session drops its finished child). */
let journey: LoginActor | undefined;

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  await app.user.type(field, value);
}

const click = async (app: RenderedApp, name: string | RegExp) => {
  await app.user.click(screen.getByRole('button', { name }));
};

const executors: Executors<typeof loginMachine> = {
  'credentials.submit': async (app, event) => {
    await retype(app, 'Email', event.email);
    await retype(app, 'Password', event.password);
    await click(app, texts.continue);
  },
  'method.selected': async (app, event) => {
    if (event.method === 'totp') await click(app, 'Authenticator app');
    else await click(app, new RegExp(`^${event.method === 'email' ? 'Email' : 'SMS'}:`));
  },
  'otp.submit': async (app, event) => {
    await retype(app, 'One-time code', event.code);
    await click(app, texts.verify);
  },
  'otp.resend': (app) => click(app, texts.resend),
  'method.change': (app) => click(app, texts.changeMethod),
  'login.restart': (app) => click(app, texts.restart),
};

function startLoginApp(): RenderedApp {
  const effects = new Deferreds();
  const logic = sessionMachine.provide({
    actors: {
      // No refresh cookie: the page opens on the login journey.
      refreshSession: fromPromise<SessionResponse>(async () => {
        throw { kind: 'http', status: 401, code: 'session_expired', message: 'No session.' };
      }),
      signOut: fromPromise<void>(async () => {}),
      login: loginMachine.provide({
        actors: {
          initializeLogin: effects.logic<{ login_token: string }, InitializeLoginInput>(),
          availableMfaMethods: effects.logic<AvailableMfaMethodsResponse, LoginTicketInput>(),
          sendLoginOtp: effects.logic<SendLoginOtpResponse, SendCodeInput>(),
          otpLogin: effects.logic<SessionResponse, VerifyCodeInput>(),
        },
      }),
    },
  });
  return renderApp(logic, effects, '/login');
}

const runner: PathRunner<typeof loginMachine> = {
  model: loginModel,
  executors,
  live: () => {
    if (!journey) throw new Error('the session runs no login journey');
    return journey.getSnapshot();
  },
};

const paths = generatePaths(loginModel);
let app: RenderedApp | undefined;
afterEach(() => {
  app?.stop();
  app = undefined;
  journey = undefined;
});

describe(`login journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    app = startLoginApp();
    const unauthenticated = await waitFor(app.session, (s) => s.children.login !== undefined);
    journey = unauthenticated.children.login;
    await runPath(runner, path, app);
  });
});
