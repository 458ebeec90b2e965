import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  identityVerificationMachine,
  type EvaluateInput,
  type InitiateInput,
  type UploadImageInput,
} from '../../machines/identityVerification.machine';
import {
  oneTimeCodeMachine,
  type CodeGrant,
  type CodeSent,
  type OneTimeCodeOutput,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { KycCriteria, KycImage, KycInitiateResponse, KycVerification } from '../../schemas/kyc.schema';
import type { StepUpMethodsResponse } from '../../schemas/stepUp.schema';
import { IdentityVerificationRoute } from '../../src/screens/kyc/IdentityVerificationRoute';
import { PageSpinner } from '../../src/ui/Spinner';
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
  identityVerificationModel,
  kycTexts,
  methodButton,
  onboardingPath,
  photo,
  startPath,
  stepUpMethods,
} from './identityVerification.paths';
import { finishCodeStep, stepUpCodeScreen } from './oneTimeCodeSteps';
import { demoSession } from './paths';

// Every generated path of the identity verification (machines/identityVerification.machine.ts), run against the
// real screens at /identity-verification/, /otp-authentication/:method and /verification/:method, signed in as an
// owner in onboarding.

type KycActor = ActorRefFrom<typeof identityVerificationMachine>;

const ownerSession = {
  ...demoSession,
  user: {
    ...demoSession.user,
    merchant: {
      id: '00000000-0000-4000-8000-0000000000aa',
      name: 'Acropolis Coffee IKE',
      status: 'onboarding',
    },
  },
} satisfies SessionResponse;

const journey = journeyCapture<KycActor>('identity verification journey');

const click = async (app: RenderedApp, name: string | RegExp) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  await app.user.type(field, value);
}

const executors: Executors<typeof identityVerificationMachine> = {
  'details.submit': async (app, event) => {
    const names = { passport: 'Passport', id_card: 'Identity card', driving_licence: 'Driving licence' };
    await app.user.selectOptions(screen.getByLabelText('Document type'), names[event.values.document_type]);
    await retype(app, 'Document number', event.values.document_number);
    await retype(app, 'Expiry date', event.values.expiry_date);
    await retype(app, 'First name (as on the document)', event.values.first_name);
    await retype(app, 'Last name (as on the document)', event.values.last_name);
    await click(app, kycTexts.continue);
  },
  'image.capture': async (app, event) => {
    const input = screen.getByLabelText(kycTexts.photoLabel);
    // Phones open the camera: the back one for the document, the front one for the selfie.
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(['environment', 'user']).toContain(input.getAttribute('capture'));
    await app.user.upload(input, event.file);
    await click(app, kycTexts.usePhoto);
  },
  'side.retake': (app) => click(app, kycTexts.retakeFront),
  'verification.evaluate': (app) => click(app, kycTexts.evaluate),
  'verification.restart': (app) => click(app, new RegExp(`^(${kycTexts.startOver}|${kycTexts.tryAgain})$`)),
  'load.retry': (app) => click(app, kycTexts.tryAgain),
};

function startKycApp(): RenderedApp {
  return renderJourneyScreen<KycActor>({
    path: startPath,
    // As in src/app/routes.tsx: one layout for the three addresses, so the journey survives the step's address.
    route: ['/identity-verification/', '/otp-authentication/:method', '/verification/:method'],
    // Where a cancelled code step goes: the onboarding, whose first frame is its spinner.
    routes: <Route path={onboardingPath} element={<PageSpinner />} />,
    journey,
    session: ownerSession,
    screen: ({ effects, clock, inspect }) => (
      <IdentityVerificationRoute
        logic={identityVerificationMachine.provide({
          actors: {
            loadCriteria: effects.logic<KycCriteria, void>(),
            loadStepUpMethods: effects.logic<StepUpMethodsResponse, void>(),
            oneTimeCode: oneTimeCodeMachine.provide({
              actors: {
                sendCode: effects.logic<CodeSent, SendCodeInput>(),
                verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
              },
            }),
            initiateKyc: effects.logic<KycInitiateResponse, InitiateInput>(),
            uploadKycImage: effects.logic<KycImage, UploadImageInput>(),
            evaluateKyc: effects.logic<KycVerification, EvaluateInput>(),
          },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

/** The oneTimeCode child ends through its screen; while its code is awaited the address names the method. */
async function settleCodeStep(
  rendered: RenderedApp,
  action: { id: string; output: unknown },
): Promise<boolean> {
  if (action.id !== 'oneTimeCode') return false;
  const email = stepUpMethods[0]!;
  await finishCodeStep(rendered, action.output as OneTimeCodeOutput, {
    ...stepUpCodeScreen,
    methodButton: methodButton(email),
    sent: { method: 'email', destination: email.destination, expires_in: 300, resend_in: 30 },
    onCodeForm: () => expect(rendered.path()).toBe('/otp-authentication/email'),
  });
  return true;
}

const paths = generatePaths(identityVerificationModel);

describe(`identity verification journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const runner: PathRunner<typeof identityVerificationMachine> = {
      model: identityVerificationModel,
      executors,
      live: () => journey.snapshot(),
      settleOther: settleCodeStep,
    };
    const app = startKycApp();
    await runPath(runner, path, app);
  });
});

describe('identity verification screens', () => {
  it('lists each check with its message after a failed evaluation', async () => {
    // A generated path through `failed`, cut where it gets there.
    const failing = paths.flatMap((path) => {
      const at = path.steps.findIndex((step) => step.state.matches('failed'));
      return at < 0 ? [] : [{ ...path, steps: path.steps.slice(0, at + 1) }];
    })[0];
    expect(failing).toBeDefined();
    const app = startKycApp();
    await runPath(
      {
        model: identityVerificationModel,
        executors,
        live: () => journey.snapshot(),
        settleOther: settleCodeStep,
      },
      failing!,
      app,
    );
    expect(screen.getByText(kycTexts.nameFailed)).toBeTruthy();
    expect(screen.getByText('Passed: The document has not expired.')).toBeTruthy();
    expect(photo.name).toBe('photo.png');
  });
});
