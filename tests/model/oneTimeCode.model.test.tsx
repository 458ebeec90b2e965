import { screen } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  oneTimeCodeMachine,
  selectOneTimeCodeStep,
  type CodeGrant,
  type CodeSent,
  type OneTimeCodeInput,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import { OneTimeCodeStep, type OneTimeCodeActor } from '../../src/ui/OneTimeCodeStep';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import {
  codeMethodButton,
  codeMethods,
  codeTexts,
  loginExpired,
  oneTimeCodeInput,
  oneTimeCodeModel,
  oneTimeCodePath,
} from './oneTimeCode.paths';
import { demoSession } from './paths';

// Every generated path of the one-time code child (machines/oneTimeCode.machine.ts), run on its screen part
// (src/ui/OneTimeCodeStep.tsx) hosted by a bare page, as a journey would host it.

const child = journeyCapture<OneTimeCodeActor>('one-time code step');

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

const oneTimeCodeExecutors: Executors<typeof oneTimeCodeMachine> = {
  'method.selected': async (app, event) => {
    const option = codeMethods.find((candidate) => candidate.method === event.method);
    if (!option) throw new Error(`no fixture for ${event.method}`);
    await click(app, codeMethodButton(option));
  },
  'otp.submit': async (app, event) => {
    const field = screen.getByLabelText('One-time code');
    await app.user.clear(field);
    await app.user.type(field, event.code);
    await click(app, codeTexts.verify);
  },
  'otp.resend': (app) => click(app, codeTexts.resend),
  'method.change': (app) => click(app, codeTexts.changeMethod),
  'code.cancel': (app) => click(app, codeTexts.cancel),
};

/** A bare page that runs the child and shows the step, then what it ended with. */
function Host({
  logic,
  clock,
  input,
}: {
  logic: typeof oneTimeCodeMachine;
  clock: SimulatedClock;
  input: OneTimeCodeInput;
}) {
  const actor = useActorRef(logic, { input, clock });
  child.current = actor;
  const step = useSelector(actor, selectOneTimeCodeStep);
  const refused = useSelector(actor, (snapshot) => snapshot.matches('refused'));
  return (
    <>
      {step === 'done' ? <h1>{codeTexts.doneHeading}</h1> : null}
      {step === 'cancelled' ? (
        <h1>{refused ? codeTexts.refusedHeading : codeTexts.cancelledHeading}</h1>
      ) : null}
      <OneTimeCodeStep actor={actor} intro="Why the code is asked for" />
    </>
  );
}

function startApp(input: OneTimeCodeInput = oneTimeCodeInput): RenderedApp {
  return renderJourneyScreen<OneTimeCodeActor>({
    path: oneTimeCodePath,
    route: oneTimeCodePath,
    journey: child,
    shell: false,
    screen: ({ effects, clock }) => (
      <Host
        logic={oneTimeCodeMachine.provide({
          actors: {
            sendCode: effects.logic<CodeSent, SendCodeInput>(),
            verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
          },
        })}
        clock={clock}
        input={input}
      />
    ),
  });
}

const paths = generatePaths(oneTimeCodeModel);

describe(`oneTimeCode step: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const runner: PathRunner<typeof oneTimeCodeMachine> = {
      model: oneTimeCodeModel,
      executors: oneTimeCodeExecutors,
      live: () => child.snapshot(),
    };
    const app = startApp();
    await runPath(runner, path, app);
    const last = path.steps.at(-1)!.state;
    if (last.status === 'done') {
      const output = child.snapshot().output;
      if (last.matches('done')) expect(output).toEqual({ session: demoSession });
      else if (last.matches('refused')) expect(output).toEqual({ refused: loginExpired });
      else expect(output).toBeNull();
    }
  });
});

describe('oneTimeCode step with an authenticator app', () => {
  it('offers the app, sends nothing to resend, says where to look, and verifies its code', async () => {
    const app = startApp({
      purpose: 'card_reveal',
      methods: [{ method: 'totp', destination: '' }, ...codeMethods],
    });
    await app.user.click(screen.getByRole('button', { name: 'Use a code from your authenticator app' }));
    expect(app.effects.made.find((call) => call.id === 'sendCode')?.input).toEqual({
      purpose: 'card_reveal',
      method: 'totp',
    });
    await app.effects.settle('sendCode', {
      output: { method: 'totp', destination: '', expires_in: 300, resend_in: 0 },
    });
    await screen.findByText('Enter the 6-digit code your authenticator app shows now.');
    expect(screen.queryByRole('button', { name: /Send a new code/ })).toBeNull();
    await app.user.type(screen.getByLabelText('One-time code'), '135790');
    await app.user.click(screen.getByRole('button', { name: codeTexts.verify }));
    expect(app.effects.made.find((call) => call.id === 'verifyCode')?.input).toEqual({
      purpose: 'card_reveal',
      method: 'totp',
      code: '135790',
    });
    await app.effects.settle('verifyCode', { output: { stepUpToken: 'grant-1' } });
    expect(child.snapshot().output).toEqual({ stepUpToken: 'grant-1' });
  });
});

describe('oneTimeCode step slowed by the server', () => {
  it.each([
    [3540, 'Too many attempts. Try again in 59 minutes.'],
    [40, 'Too many attempts. Try again in 40 seconds.'],
  ])(
    'says when to try again (Retry-After %i), and forgets it with the next try',
    async (retryAfterSeconds, says) => {
      const app = startApp();
      await click(app, codeMethodButton(codeMethods[0]));
      await app.effects.settle('sendCode', {
        output: { method: 'email', destination: codeMethods[0].destination, expires_in: 300, resend_in: 30 },
      });
      await app.user.type(await screen.findByLabelText('One-time code'), '123456');
      await click(app, codeTexts.verify);
      await app.effects.settle('verifyCode', {
        error: { kind: 'http', status: 429, code: 'rate_limited', message: 'Too many.', retryAfterSeconds },
      });
      expect((await screen.findByRole('alert')).textContent).toBe(says);
      await click(app, codeTexts.verify);
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );
});
