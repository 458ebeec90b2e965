import { screen } from '@testing-library/react';
import { fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { loginMachine, type InitializeLoginInput, type LoginTicketInput } from '../../machines/login.machine';
import {
  oneTimeCodeMachine,
  type CodeGrant,
  type CodeSent,
  type OneTimeCodeOutput,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import { sessionMachine } from '../../machines/session.machine';
import type { AvailableMfaMethodsResponse, SessionResponse } from '../../schemas/auth.schema';
import {
  Deferreds,
  journeyCapture,
  renderApp,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { generatePaths } from './generatePaths';
import { finishCodeStep } from './oneTimeCodeSteps';
import { demoMethods, loginModel, methodButton, resendSeconds, texts } from './paths';

// Every generated path of the login journey (machines/login.machine.ts), run against the real login screens. The
// second factor is the oneTimeCode child, driven through its screen in the sign-in's words.

type LoginActor = ActorRefFrom<typeof loginMachine>;

/** The journey under test, kept after it finishes (the session drops its finished child). */
const journey = journeyCapture<LoginActor>('login journey');

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  await app.user.type(field, value);
}

const executors: Executors<typeof loginMachine> = {
  'credentials.submit': async (app, event) => {
    await retype(app, 'Email', event.email);
    await retype(app, 'Password', event.password);
    await app.user.click(screen.getByRole('button', { name: texts.continue }));
  },
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
          oneTimeCode: oneTimeCodeMachine.provide({
            actors: {
              sendCode: effects.logic<CodeSent, SendCodeInput>(),
              verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
            },
          }),
        },
      }),
    },
  });
  return renderApp(logic, effects, '/login');
}

const email = demoMethods[0];

const runner: PathRunner<typeof loginMachine> = {
  model: loginModel,
  executors,
  live: () => journey.snapshot(),
  // The code step ends through its screen: the emailed code and the session, the ticket refused, or another account.
  settleOther: async (app, action) => {
    if (action.id !== 'oneTimeCode') return false;
    await finishCodeStep(app, action.output as OneTimeCodeOutput, {
      methodButton: methodButton(email),
      firstHeading: texts.chooseMethod,
      codeHeading: texts.enterCode,
      codeLabel: 'One-time code',
      cancel: texts.restart,
      sent: { method: 'email', destination: email.destination, expires_in: 300, resend_in: resendSeconds },
      onCodeForm: () => {
        if (app.path() !== '/login/code') throw new Error(`the code step is at ${app.path()}`);
      },
    });
    return true;
  },
};

const paths = generatePaths(loginModel);

describe(`login journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startLoginApp();
    const unauthenticated = await waitFor(app.session, (s) => s.children.login !== undefined);
    journey.current = unauthenticated.children.login;
    await runPath(runner, path, app);
  });
});

describe('a sign-in the server slows down', () => {
  it.each([
    [60, 'Too many failed sign-ins. Try again in 1 minute.'],
    [840, 'Too many failed sign-ins. Try again in 14 minutes.'],
    [25, 'Too many failed sign-ins. Try again in 25 seconds.'],
  ])('says beside the password when to try again (Retry-After %i)', async (retryAfterSeconds, says) => {
    const app = startLoginApp();
    await waitFor(app.session, (s) => s.children.login !== undefined);
    await executors['credentials.submit'](app, {
      type: 'credentials.submit',
      email: 'demo@tameio.test',
      password: 'wrong-password',
      altcha: 'solved',
    });
    await app.effects.settle('initializeLogin', {
      error: { kind: 'http', status: 429, code: 'rate_limited', message: 'Too many.', retryAfterSeconds },
    });
    const password = await screen.findByLabelText('Password');
    const described = (password.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toBe(says);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a refused password', () => {
  it('is cleared from its field, which takes the focus for the next try; the email stays', async () => {
    const app = startLoginApp();
    await waitFor(app.session, (s) => s.children.login !== undefined);
    await executors['credentials.submit'](app, {
      type: 'credentials.submit',
      email: 'demo@tameio.test',
      password: 'wrong-password',
      altcha: 'solved',
    });
    await app.effects.settle('initializeLogin', {
      error: { kind: 'http', status: 401, code: 'invalid_credentials', message: 'Wrong email or password.' },
    });
    await screen.findByRole('alert');
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('demo@tameio.test');
  });
});
