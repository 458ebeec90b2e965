import { screen } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { addAuthenticatorMachine, type TotpConfirmInput } from '../../machines/addAuthenticator.machine';
import {
  oneTimeCodeMachine,
  type OneTimeCodeOutput,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import type { StepUpMethod } from '../../schemas/stepUp.schema';
import { AddAuthenticatorJourney } from '../../src/screens/settings/AddAuthenticatorJourney';
import type { SecuritySettings, TotpEnrollment } from '../../schemas/settings.schema';
import {
  addAuthenticatorModel,
  addedSettings,
  appCode,
  authenticatorTexts as t,
  enrollment,
} from './addAuthenticator.paths';
import { securityPath } from './changePassword.paths';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { codeMethods } from './oneTimeCode.paths';
import { finishCodeStep } from './oneTimeCodeSteps';

// Every generated path of adding an authenticator app (machines/addAuthenticator.machine.ts), run against the real
// journey at /settings/security, signed in as the owner. The one-time code child is driven through its own screen part.

type Journey = ActorRefFrom<typeof addAuthenticatorMachine>;

const journey = journeyCapture<Journey>('add-authenticator journey');
let added: SecuritySettings[] = [];

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

const executors: Executors<typeof addAuthenticatorMachine> = {
  'load.retry': (app) => click(app, t.retry),
  'totp.submit': async (app, event) => {
    await retype(app, t.codeLabel, event.code);
    await click(app, t.confirm);
  },
  'authenticator.restart': (app) => click(app, t.restart),
};

function startApp(): RenderedApp {
  return renderJourneyScreen<Journey>({
    path: securityPath,
    route: '/settings/security',
    journey,
    screen: ({ effects, clock, inspect }) => (
      <AddAuthenticatorJourney
        onAdded={(settings) => added.push(settings)}
        logic={addAuthenticatorMachine.provide({
          actors: {
            loadStepUpMethods: effects.logic<StepUpMethod[], void>(),
            oneTimeCode: oneTimeCodeMachine.provide({
              actors: {
                sendCode: effects.logic<CodeSent, SendCodeInput>(),
                verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
              },
            }),
            totpEnrollStart: effects.logic<TotpEnrollment, void>(),
            totpEnrollConfirm: effects.logic<SecuritySettings, TotpConfirmInput>(),
          },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(addAuthenticatorModel);
afterEach(() => {
  added = [];
});

const runner: PathRunner<typeof addAuthenticatorMachine> = {
  model: addAuthenticatorModel,
  executors,
  live: () => journey.snapshot(),
  settleOther: async (rendered, action) => {
    if (action.id !== 'oneTimeCode') return false;
    await finishCodeStep(rendered, action.output as OneTimeCodeOutput);
    return true;
  },
};

describe(`addAuthenticator journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startApp();
    await runPath(runner, path, app);
    for (const call of app.effects.made.filter((one) => one.id === 'sendCode'))
      expect((call.input as SendCodeInput).purpose).toBe('mfa_change');
  });
});

describe('adding an app', () => {
  it('shows the QR code and the key, sends the first code with the grant, and tells the page', async () => {
    const app = startApp();
    await app.effects.settle('loadStepUpMethods', { output: [...codeMethods] });
    await finishCodeStep(app, { stepUpToken: 'grant-1' });
    await app.effects.settle('totpEnrollStart', { output: enrollment });
    await screen.findByRole('heading', { level: 1, name: t.title });
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    await retype(app, t.codeLabel, '12ab');
    await click(app, t.confirm);
    expect(screen.getByText('Enter the 6-digit code from the app.')).toBeTruthy();
    await executors['totp.submit'](app, { type: 'totp.submit', code: appCode });
    expect(app.effects.made.find((call) => call.id === 'totpEnrollConfirm')?.input).toEqual({
      code: appCode,
      stepUpToken: 'grant-1',
    });
    await app.effects.settle('totpEnrollConfirm', { output: addedSettings });
    await screen.findByRole('heading', { level: 1, name: t.addedTitle });
    expect(added).toEqual([addedSettings]);
  });
});
