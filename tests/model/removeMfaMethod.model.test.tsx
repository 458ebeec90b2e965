import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ActorOptions, ActorRefFrom, AnyActorLogic } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  oneTimeCodeMachine,
  type OneTimeCodeOutput,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import { removeMfaMethodMachine, type RemoveMfaMethodInput } from '../../machines/removeMfaMethod.machine';
import type { SecuritySettings } from '../../schemas/settings.schema';
import type { StepUpMethod } from '../../schemas/stepUp.schema';
import { AppProviders } from '../../src/app/AppProviders';
import { AppShell } from '../../src/app/AppShell';
import { RemoveMethodJourney } from '../../src/screens/settings/RemoveMethodJourney';
import { generatePaths } from './generatePaths';
import {
  Deferreds,
  InstantBotCheck,
  runPath,
  signedInSession,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { codeMethods } from './oneTimeCode.paths';
import { demoSession } from './paths';
import {
  afterRemoval,
  removeMfaMethodModel,
  removeSecurityPath,
  removeTexts as t,
} from './removeMfaMethod.paths';
import { finishCodeStep } from './oneTimeCodeSteps';

// Every generated path of removing a second-factor method (machines/removeMfaMethod.machine.ts), run on the real
// journey (src/screens/settings/RemoveMethodJourney.tsx) hosted as the security page hosts it: when the journey ends
// the page comes back. The one-time code child is driven through its own screen part.

type Journey = ActorRefFrom<typeof removeMfaMethodMachine>;

let journey: Journey | undefined;
let ended: SecuritySettings | null | undefined;

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

const executors: Executors<typeof removeMfaMethodMachine> = {
  'remove.confirm': async (app) => {
    const retry = screen.queryByRole('button', { name: t.retry });
    await click(app, retry ? t.retry : t.confirm);
  },
  'remove.cancel': async (app) => {
    const back = screen.queryByRole('button', { name: t.back });
    await click(app, back ? t.back : t.keep);
  },
};

/** The security page's part: the journey while it runs, the page's heading once it ended. */
function Host({
  logic,
  clock,
}: {
  logic: typeof removeMfaMethodMachine;
  clock: ActorOptions<AnyActorLogic>['clock'];
}) {
  const [done, setDone] = useState(false);
  const onEnded = useCallback((settings: SecuritySettings | null) => {
    ended = settings;
    setDone(true);
  }, []);
  if (done) return <h1>{t.endedHeading}</h1>;
  return (
    <RemoveMethodJourney
      method="sms"
      onEnded={onEnded}
      logic={logic}
      clock={clock}
      inspect={(event) => {
        if (event.type === '@xstate.event' && event.actorRef.sessionId === event.rootId) {
          journey = event.actorRef as Journey;
        }
      }}
    />
  );
}

function startApp(): RenderedApp {
  window.localStorage.clear();
  const effects = new Deferreds();
  const { clock, session, stop } = signedInSession(demoSession);
  const logic = removeMfaMethodMachine.provide({
    actors: {
      loadStepUpMethods: effects.logic<StepUpMethod[], void>(),
      oneTimeCode: oneTimeCodeMachine.provide({
        actors: {
          sendCode: effects.logic<CodeSent, SendCodeInput>(),
          verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
        },
      }),
      removeMfaMethod: effects.logic<SecuritySettings, RemoveMfaMethodInput>(),
    },
  });
  render(
    <MemoryRouter initialEntries={[removeSecurityPath]}>
      <AppProviders session={session} botCheck={InstantBotCheck} locale="en">
        <AppShell>
          <Routes>
            <Route path={removeSecurityPath} element={<Host logic={logic} clock={clock} />} />
          </Routes>
        </AppShell>
      </AppProviders>
    </MemoryRouter>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    clock,
    session,
    effects,
    path: () => removeSecurityPath,
    stop,
  };
}

const paths = generatePaths(removeMfaMethodModel);
let app: RenderedApp | undefined;
afterEach(() => {
  app?.stop();
  app = undefined;
  journey = undefined;
  ended = undefined;
});

const runner: PathRunner<typeof removeMfaMethodMachine> = {
  model: removeMfaMethodModel,
  executors,
  live: () => {
    if (!journey) throw new Error('the page runs no remove-method journey');
    return journey.getSnapshot();
  },
  settleOther: async (rendered, action) => {
    if (action.id !== 'oneTimeCode') return false;
    await finishCodeStep(rendered, action.output as OneTimeCodeOutput);
    return true;
  },
};

describe(`removeMfaMethod journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    app = startApp();
    await runPath(runner, path, app);
    for (const call of app.effects.made.filter((one) => one.id === 'sendCode'))
      expect((call.input as SendCodeInput).purpose).toBe('mfa_change');
    const last = path.steps.at(-1)!.state;
    if (last.matches('removed')) expect(ended).toEqual(afterRemoval);
    if (last.matches('cancelled')) expect(ended).toBeNull();
  });
});

describe('removing a method', () => {
  it('asks first, then sends the grant with the method to remove', async () => {
    app = startApp();
    await screen.findByRole('heading', { level: 1, name: t.title });
    expect(app.effects.made).toEqual([]);
    await click(app, t.confirm);
    await app.effects.settle('loadStepUpMethods', { output: [...codeMethods] });
    await finishCodeStep(app, { stepUpToken: 'grant-7' });
    expect(app.effects.made.find((call) => call.id === 'removeMfaMethod')?.input).toEqual({
      method: 'sms',
      stepUpToken: 'grant-7',
    });
  });
});
