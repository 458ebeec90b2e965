import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
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
import { AppProviders } from '../../src/app/AppProviders';
import { AppShell } from '../../src/app/AppShell';
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
import { finishCodeStep } from './oneTimeCodeSteps';

// Every generated path of changing the password (machines/changePassword.machine.ts), run against the real journey
// at /settings/security, signed in as the owner. The one-time code child is driven through its own screen part.

type Journey = ActorRefFrom<typeof addAuthenticatorMachine>;

let journey: Journey | undefined;
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
  window.localStorage.clear();
  window.sessionStorage.clear();
  const effects = new Deferreds();
  const { clock, session, stop } = signedInSession(demoSession);
  const logic = addAuthenticatorMachine.provide({
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
  });
  render(
    <MemoryRouter initialEntries={[securityPath]}>
      <AppProviders session={session} botCheck={InstantBotCheck} locale="en">
        <AppShell>
          <Routes>
            <Route
              path="/settings/security"
              element={
                <AddAuthenticatorJourney
                  onAdded={(settings) => added.push(settings)}
                  logic={logic}
                  clock={clock}
                  inspect={(event) => {
                    if (event.type === '@xstate.event' && event.actorRef.sessionId === event.rootId) {
                      journey = event.actorRef as Journey;
                    }
                  }}
                />
              }
            />
          </Routes>
        </AppShell>
      </AppProviders>
    </MemoryRouter>,
  );
  return { user: userEvent.setup({ delay: null }), clock, session, effects, path: () => securityPath, stop };
}

const paths = generatePaths(addAuthenticatorModel);
let app: RenderedApp | undefined;
afterEach(() => {
  app?.stop();
  app = undefined;
  journey = undefined;
  added = [];
});

const runner: PathRunner<typeof addAuthenticatorMachine> = {
  model: addAuthenticatorModel,
  executors,
  live: () => {
    if (!journey) throw new Error('the screen runs no add-authenticator journey');
    return journey.getSnapshot();
  },
  settleOther: async (rendered, action) => {
    if (action.id !== 'oneTimeCode') return false;
    await finishCodeStep(rendered, action.output as OneTimeCodeOutput);
    return true;
  },
};

describe(`addAuthenticator journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    app = startApp();
    await runPath(runner, path, app);
    for (const call of app.effects.made.filter((one) => one.id === 'sendCode'))
      expect((call.input as SendCodeInput).purpose).toBe('mfa_change');
  });
});

describe('adding an app', () => {
  it('shows the QR code and the key, sends the first code with the grant, and tells the page', async () => {
    app = startApp();
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
