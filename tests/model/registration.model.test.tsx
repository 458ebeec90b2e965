import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { describe, it } from 'vitest';
import {
  registrationMachine,
  type PrevalidateInput,
  type RegisterInput,
  type RegistrationIdInput,
  type SaveDetailsInput,
  type StartRegistrationInput,
} from '../../machines/registration.machine';
import {
  oneTimeCodeMachine,
  type CodeGrant,
  type CodeSent,
  type OneTimeCodeOutput,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { PrevalidateResponse, RegistrationState } from '../../schemas/registration.schema';
import { RequireAuth } from '../../src/app/guards';
import { RegistrationRoute } from '../../src/app/RegistrationRoute';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  SignedInStandIn,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { finishCodeStep } from './oneTimeCodeSteps';
import { registrationModel, registrationTexts, resendSeconds, resumeIds } from './registration.paths';

// Every generated path of the registration journey (machines/registration.machine.ts), run against its real screens.

type RegistrationActor = ActorRefFrom<typeof registrationMachine>;

const journey = journeyCapture<RegistrationActor>('registration journey');

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  await app.user.type(field, value);
}

const click = async (app: RenderedApp, name: string | RegExp) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function tick(app: RenderedApp, name: RegExp) {
  const box = screen.getByRole<HTMLInputElement>('checkbox', { name });
  if (!box.checked) await app.user.click(box);
}

const executors: Executors<typeof registrationMachine> = {
  'contact.check': async (app, event) => {
    await retype(app, event.field === 'email' ? 'Email' : 'Mobile phone', event.value);
    await app.user.tab();
  },
  'contact.submit': async (app, event) => {
    await retype(app, 'Email', event.email);
    await retype(app, 'Mobile phone', event.phone.replace(/^\+30/, ''));
    await click(app, registrationTexts.continue);
  },
  // The resume link from the email, opened in the app that is already running.
  'registration.resume': async (app, event) => {
    const step = Object.entries(resumeIds).find(([, id]) => id === event.id)?.[0];
    await app.navigate(`/registration/${step}/${event.id}`);
  },
  'details.submit': async (app, event) => {
    await retype(app, 'First name', event.details.first_name);
    await retype(app, 'Last name', event.details.last_name);
    await retype(app, 'Company name', event.details.company_name);
    await click(app, registrationTexts.continue);
  },
  'register.submit': async (app, event) => {
    await retype(app, 'New password', event.password);
    await retype(app, 'Confirm new password', event.passwordConfirmation);
    await tick(app, /terms of use/);
    await tick(app, /privacy policy/);
    await click(app, registrationTexts.createAccount);
  },
  'registration.restart': (app) => click(app, registrationTexts.restart),
};

function startRegistrationApp(): RenderedApp {
  return renderJourneyScreen<RegistrationActor>({
    path: '/registration',
    route: '/registration/:step?/:id?',
    routes: (
      <Route
        path="/"
        element={
          <RequireAuth area="dashboard">
            <SignedInStandIn />
          </RequireAuth>
        }
      />
    ),
    journey,
    // No refresh cookie: the visitor is signed out.
    session: null,
    screen: ({ effects, clock }) => (
      <RegistrationRoute
        logic={registrationMachine.provide({
          actors: {
            prevalidate: effects.logic<PrevalidateResponse, PrevalidateInput>(),
            startRegistration: effects.logic<RegistrationState, StartRegistrationInput>(),
            getRegistration: effects.logic<RegistrationState, RegistrationIdInput>(),
            oneTimeCode: oneTimeCodeMachine.provide({
              actors: {
                sendCode: effects.logic<CodeSent, SendCodeInput>(),
                verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
              },
            }),
            saveDetails: effects.logic<RegistrationState, SaveDetailsInput>(),
            register: effects.logic<SessionResponse, RegisterInput>(),
          },
        })}
        clock={clock}
        onActor={(actor) => {
          journey.current = actor;
        }}
      />
    ),
  });
}

const runner: PathRunner<typeof registrationMachine> = {
  model: registrationModel,
  executors,
  live: () => journey.snapshot(),
  // Each code step ends through its screen (the code goes out at once): proven, refused, or "Start again".
  settleOther: async (app, action) => {
    if (action.id !== 'oneTimeCode') return false;
    const email = journey.current?.getSnapshot().matches('confirmingEmail') ?? true;
    const title = email ? registrationTexts.verifyEmail : registrationTexts.verifyPhone;
    await finishCodeStep(app, action.output as OneTimeCodeOutput, {
      methodButton: null,
      firstHeading: title,
      codeHeading: title,
      codeLabel: 'Verification code',
      cancel: registrationTexts.restart,
      sent: {
        method: email ? 'email' : 'sms',
        destination: email ? 'e***@olive-grove.test' : '+30 ********5678',
        expires_in: 300,
        resend_in: resendSeconds,
      },
    });
    return true;
  },
};

const paths = generatePaths(registrationModel);

describe(`registration journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startRegistrationApp();
    await runPath(runner, path, app);
  });
});
