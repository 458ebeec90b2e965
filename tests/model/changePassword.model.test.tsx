import { screen } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { changePasswordMachine, type ChangePasswordInput } from '../../machines/changePassword.machine';
import {
  oneTimeCodeMachine,
  type OneTimeCodeOutput,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import type { StepUpMethod } from '../../schemas/stepUp.schema';
import { ChangePasswordJourney } from '../../src/screens/settings/ChangePasswordJourney';
import {
  changePasswordModel,
  currentPassword,
  newPassword,
  passwordTexts as t,
  securityPath,
} from './changePassword.paths';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { codeMethods, codeTexts } from './oneTimeCode.paths';
import { demoSession } from './paths';
import { finishCodeStep } from './oneTimeCodeSteps';

// Every generated path of changing the password (machines/changePassword.machine.ts), run against the real journey
// at /settings/security, signed in as the owner. The one-time code child is driven through its own screen part.

type Journey = ActorRefFrom<typeof changePasswordMachine>;

const journey = journeyCapture<Journey>('change-password journey');

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

const executors: Executors<typeof changePasswordMachine> = {
  'load.retry': (app) => click(app, t.retry),
  'password.submit': async (app, event) => {
    await retype(app, t.current, event.currentPassword);
    await retype(app, t.password, event.password);
    await retype(app, t.confirmation, event.passwordConfirmation);
    const box = screen.getByRole('checkbox', { name: 'Sign out of every other session' });
    if ((box as HTMLInputElement).checked !== event.signOutOthers) await app.user.click(box);
    await click(app, t.submit);
  },
};

function startApp(): RenderedApp {
  return renderJourneyScreen<Journey>({
    path: securityPath,
    route: '/settings/security',
    journey,
    screen: ({ effects, clock, inspect }) => (
      <ChangePasswordJourney
        email={demoSession.user.email}
        logic={changePasswordMachine.provide({
          actors: {
            loadStepUpMethods: effects.logic<StepUpMethod[], void>(),
            oneTimeCode: oneTimeCodeMachine.provide({
              actors: {
                sendCode: effects.logic<CodeSent, SendCodeInput>(),
                verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
              },
            }),
            changePassword: effects.logic<void, ChangePasswordInput>(),
          },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(changePasswordModel);

const runner: PathRunner<typeof changePasswordMachine> = {
  model: changePasswordModel,
  executors,
  live: () => journey.snapshot(),
  settleOther: async (rendered, action) => {
    if (action.id !== 'oneTimeCode') return false;
    await finishCodeStep(rendered, action.output as OneTimeCodeOutput);
    return true;
  },
};

describe(`changePassword journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startApp();
    await runPath(runner, path, app);
    for (const call of app.effects.made.filter((one) => one.id === 'sendCode'))
      expect((call.input as SendCodeInput).purpose).toBe('password_change');
  });
});

describe('the password form', () => {
  it('checks the new password before asking for a code, and sends the grant with the change', async () => {
    const app = startApp();
    await app.effects.settle('loadStepUpMethods', { output: [...codeMethods] });
    await screen.findByRole('heading', { level: 1, name: t.title });
    await retype(app, t.current, currentPassword);
    await retype(app, t.password, newPassword);
    await retype(app, t.confirmation, 'Something-Else-99');
    await click(app, t.submit);
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: codeTexts.methodTitle })).toBeNull();
    await retype(app, t.confirmation, newPassword);
    await click(app, t.submit);
    await finishCodeStep(app, { stepUpToken: 'grant-1' });
    expect(app.effects.made.find((call) => call.id === 'changePassword')?.input).toEqual({
      body: {
        current_password: currentPassword,
        password: newPassword,
        password_confirmation: newPassword,
        sign_out_other_sessions: true,
      },
      stepUpToken: 'grant-1',
    });
  });

  it('shows a wrong current password on its field, keeping what was typed', async () => {
    const app = startApp();
    await app.effects.settle('loadStepUpMethods', { output: [...codeMethods] });
    await screen.findByRole('heading', { level: 1, name: t.title });
    await executors['password.submit'](app, {
      type: 'password.submit',
      currentPassword: 'Wrong-Password-1',
      password: newPassword,
      passwordConfirmation: newPassword,
      signOutOthers: false,
    });
    await finishCodeStep(app, { stepUpToken: 'grant-1' });
    await app.effects.settle('changePassword', {
      error: {
        kind: 'http',
        status: 400,
        code: 'invalid_current_password',
        message: 'The current password is not correct.',
        fields: { current_password: 'invalid_current_password' },
      },
    });
    await screen.findByRole('heading', { level: 1, name: t.title });
    expect(screen.getAllByText('Your current password is not correct.').length).toBeGreaterThan(0);
    expect(screen.getByLabelText<HTMLInputElement>(t.password).value).toBe(newPassword);
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Sign out of every other session' }).checked,
    ).toBe(false);
  });
});
