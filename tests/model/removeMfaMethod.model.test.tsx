import { screen } from '@testing-library/react';
import { useCallback, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
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
import { RemoveMethodJourney } from '../../src/screens/settings/RemoveMethodJourney';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
  type JourneyScreenTools,
} from './harness';
import { codeMethods } from './oneTimeCode.paths';
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

const journey = journeyCapture<Journey>('remove-method journey');
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
function Host({ logic, clock, inspect }: JourneyScreenTools & { logic: typeof removeMfaMethodMachine }) {
  const [done, setDone] = useState(false);
  const onEnded = useCallback((settings: SecuritySettings | null) => {
    ended = settings;
    setDone(true);
  }, []);
  if (done) return <h1>{t.endedHeading}</h1>;
  return <RemoveMethodJourney method="sms" onEnded={onEnded} logic={logic} clock={clock} inspect={inspect} />;
}

function startApp(): RenderedApp {
  return renderJourneyScreen<Journey>({
    path: removeSecurityPath,
    route: removeSecurityPath,
    journey,
    screen: (tools) => (
      <Host
        {...tools}
        logic={removeMfaMethodMachine.provide({
          actors: {
            loadStepUpMethods: tools.effects.logic<StepUpMethod[], void>(),
            oneTimeCode: oneTimeCodeMachine.provide({
              actors: {
                sendCode: tools.effects.logic<CodeSent, SendCodeInput>(),
                verifyCode: tools.effects.logic<CodeGrant, VerifyCodeInput>(),
              },
            }),
            removeMfaMethod: tools.effects.logic<SecuritySettings, RemoveMfaMethodInput>(),
          },
        })}
      />
    ),
  });
}

const paths = generatePaths(removeMfaMethodModel);
afterEach(() => {
  ended = undefined;
});

const runner: PathRunner<typeof removeMfaMethodMachine> = {
  model: removeMfaMethodModel,
  executors,
  live: () => journey.snapshot(),
  settleOther: async (rendered, action) => {
    if (action.id !== 'oneTimeCode') return false;
    await finishCodeStep(rendered, action.output as OneTimeCodeOutput);
    return true;
  },
};

describe(`removeMfaMethod journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startApp();
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
    const app = startApp();
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
