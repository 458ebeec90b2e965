import type { SnapshotFrom } from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import {
  identityVerificationMachine,
  kycPath,
  selectKycStep,
  type IdentityVerificationContext,
  type KycDetails,
  type KycError,
} from '../../machines/identityVerification.machine';
import {
  kycCriteriaIds,
  kycMinLongSide,
  kycMinShortSide,
  requiredSides,
  type KycCriteria,
  type KycVerification,
} from '../../schemas/kyc.schema';
import type { StepUpMethod } from '../../schemas/stepUp.schema';
import type { Fixtures, Model, ModelPath, ScreenExpectation } from './generatePaths';
import { codeTexts } from './oneTimeCode.paths';
import { failureWords, pathTitle, screenEnd } from './generatePaths';
import { stepUpMethodButton } from './stepUpTexts';

/*
 * The test model of identity verification (machines/identityVerification.machine.ts), run against
 * /identity-verification/, /otp-authentication/:method and /verification/:method by
 * identityVerification.model.test.tsx. Every verification starts with a fresh one-time code (step-up): the oneTimeCode
 * child, which here grants or is cancelled (its own paths are the oneTimeCode model's).
 */

export const verificationId = '00000000-0000-4000-8000-00000000c0de';
export const startPath = '/identity-verification/';

/** Two attempts: a passport whose name matches the representative, an identity card whose name does not. */
export const passportDetails = {
  document_type: 'passport' as const,
  document_number: 'AB1234567',
  expiry_date: '2031-05-31',
  first_name: 'Eleni',
  last_name: 'Papadopoulou',
} satisfies KycDetails;
export const idCardDetails = {
  ...passportDetails,
  document_type: 'id_card' as const,
  first_name: 'Maria',
} satisfies KycDetails;

/** Where the one-time code can go (the signed-in owner's email and phone, masked by the server). */
export const stepUpMethods: StepUpMethod[] = [
  { method: 'email', destination: 'e***@acropolis.test' },
  { method: 'sms', destination: '+30 ******4567' },
];
/** Where a cancelled code step leads: the onboarding, which opens with its spinner. */
export const onboardingPath = '/registration';

/** A photo from the camera or a file (the server checks its bytes; the model only needs a File). */
export const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' });

const criteria: KycCriteria = {
  document_types: [
    { type: 'passport', sides: ['front'] },
    { type: 'id_card', sides: ['front', 'back'] },
    { type: 'driving_licence', sides: ['front', 'back'] },
  ],
  image: { content_types: ['image/jpeg', 'image/png'], min_width: 600, min_height: 400, max_bytes: 10485760 },
  selfie_required: true,
  expiry_must_be_future: true,
  name_must_match_representative: true,
  criteria: [...kycCriteriaIds],
};

/** A photo smaller than the server accepts (a square selfie of 400 pixels). */
const tooSmall = { width: 400, height: 400 };

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

/** The server's evaluation: the name check fails unless the representative (Eleni) is on the document. */
function evaluation(context: IdentityVerificationContext): KycVerification {
  const nameOk = context.details?.first_name === 'Eleni';
  const type = context.documentType ?? 'passport';
  return {
    id: verificationId,
    document_type: type,
    document_number: context.details?.document_number ?? '',
    expiry_date: context.details?.expiry_date ?? '',
    first_name: context.details?.first_name ?? '',
    last_name: context.details?.last_name ?? '',
    status: nameOk ? 'passed' : 'failed',
    required_sides: requiredSides(type),
    images: [],
    checks: kycCriteriaIds.map((criterion) => ({
      criterion,
      passed: criterion === 'name_matches_representative' ? nameOk : true,
    })),
    evaluated_at: '2026-01-15T09:00:00.000Z',
    // Passed, the photos wait for a person at the bank.
    review: nameOk ? { status: 'awaiting_review', reason: null, reviewed_at: null } : null,
    created_at: '2026-01-15T09:00:00.000Z',
  };
}

export const identityVerificationFixtures = {
  events: {
    'details.submit': [
      {
        event: { type: 'details.submit', values: passportDetails },
        does: 'Choose "Passport", type number AB1234567, expiry 2031-05-31, Eleni Papadopoulou; click "Continue to photos"',
      },
      {
        event: { type: 'details.submit', values: idCardDetails },
        does: 'Choose "Identity card", type number AB1234567, expiry 2031-05-31, Maria Papadopoulou; click "Continue to photos"',
      },
    ],
    'image.capture': [
      {
        event: { type: 'image.capture', file: photo },
        does: 'Take a photo (or choose photo.png), see its preview, click "Use this photo"',
      },
    ],
    'side.retake': [
      { event: { type: 'side.retake', side: 'front' }, does: 'Click "Retake Front of your document"' },
    ],
    'verification.evaluate': [
      { event: { type: 'verification.evaluate' }, does: 'Click "Verify my identity"' },
    ],
    'verification.restart': [
      {
        event: { type: 'verification.restart' },
        does: 'Click "Start over" (or "Try again" after a failed check)',
      },
    ],
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
  },
  actors: {
    loadCriteria: {
      done: {
        output: criteria,
        says: 'Server answers with the criteria (passport front; cards front and back)',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    loadStepUpMethods: {
      done: {
        output: { available_methods: stepUpMethods },
        says: 'Server lists the email and SMS methods (masked)',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    oneTimeCode: {
      done: {
        output: { stepUpToken: 'grant-1' },
        says: `Choose "${methodButton(stepUpMethods[0]!)}" (the address becomes /otp-authentication/email), type the emailed code 246810, click "Verify" (the server grants one verification)`,
        effect:
          'the code is spent (otp_codes.consumed_at) and a step-up grant for identity_verification is stored ' +
          '(step_up_grants), good for one verification before it expires.',
      },
      alsoDone: [{ output: null, says: 'Click "Cancel" on "Confirm it is you"' }],
      errors: [],
    },
    initiateKyc: {
      done: {
        output: { id: verificationId },
        says: 'Server answers 201 with the verification id',
        effect: (context) =>
          'the step-up grant is used up (step_up_grants.consumed_at) and a new verification is stored ' +
          `(kyc_verifications: ${context.details?.document_type ?? 'the document'} ` +
          `${context.details?.document_number ?? ''}, expiry ${context.details?.expiry_date ?? ''}, ` +
          `${context.details?.first_name ?? ''} ${context.details?.last_name ?? ''}, status pending); earlier ` +
          'attempts stay as a trail.',
      },
      errors: [
        {
          failure: http(403, 'step_up_required', 'Confirm with a one-time code first.'),
          says: 'Server answers 403 step_up_required (the grant expired meanwhile)',
        },
        {
          failure: http(400, 'validation_failed', 'Some fields are missing or not valid.', {
            fields: { expiry_date: 'The document has expired.' },
          }),
          says: 'Server answers 400 validation_failed (expiry date in the past)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    uploadKycImage: {
      done: {
        output: (context) => ({
          side: context.side ?? 'front',
          content_type: 'image/png',
          width: 800,
          height: 600,
          size: 4,
          uploaded_at: '2026-01-15T09:00:00.000Z',
        }),
        says: 'Server answers 201: the photo is a PNG of 800 × 600 pixels',
        effect: (context) =>
          `the photo of the ${context.side ?? 'front'} is stored (kyc_images: PNG, 800 × 600), replacing an earlier ` +
          'one of that side; the verification goes back to pending and its last checks are cleared.',
      },
      errors: [
        {
          failure: http(400, 'unsupported_file_type', 'Upload a JPEG, PNG file.'),
          says: 'Server answers 400 unsupported_file_type (not a JPEG or PNG by content)',
        },
        {
          failure: http(413, 'payload_too_large', 'The request body is too large.'),
          says: 'Server answers 413 payload_too_large',
        },
        {
          failure: http(400, 'validation_failed', 'Some fields are missing or not valid.', {
            fields: { file: `The image must be at least ${kycMinLongSide} × ${kycMinShortSide} pixels.` },
            details: { width: tooSmall.width, height: tooSmall.height },
          }),
          says:
            `Server answers 400 validation_failed (the photo is ${tooSmall.width} × ${tooSmall.height} pixels, ` +
            `smaller than ${kycMinLongSide} × ${kycMinShortSide})`,
        },
      ],
    },
    evaluateKyc: {
      done: {
        output: evaluation,
        says: 'Server answers with the checks: passed for Eleni, the name check failed for Maria',
        effect: (context) =>
          `the verification records its five checks and the time (kyc_verifications.checks, evaluated_at) and ` +
          `status ${evaluation(context).status}` +
          (evaluation(context).status === 'passed'
            ? ': the onboarding’s identity check is met.'
            : ' (the name does not match the representative): the onboarding cannot be submitted yet.'),
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
  },
  delays: {},
} satisfies Fixtures<typeof identityVerificationMachine>;

export const kycTexts = {
  methodTitle: codeTexts.methodTitle,
  cancel: codeTexts.cancel,
  startTitle: 'Verify your identity',
  continue: 'Continue to photos',
  sideTitles: { front: 'Front of your document', back: 'Back of your document', selfie: 'A selfie' },
  photoLabel: 'Take or choose a photo',
  usePhoto: 'Use this photo',
  startOver: 'Start over',
  readyTitle: 'Your photos are ready',
  evaluate: 'Verify my identity',
  retakeFront: 'Retake Front of your document',
  passedTitle: 'Photos received: we are checking them',
  failedTitle: 'We could not verify your identity',
  tryAgain: 'Try again',
  nameFailed:
    'Failed: The name on the document does not match the representative in your onboarding. Check both.',
};

export function methodButton(option: StepUpMethod): string {
  return stepUpMethodButton(option);
}

export function kycErrorText(error: KycError): string {
  switch (error) {
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'step_up_required':
      return 'Your confirmation has expired. Confirm it is you with a new one-time code; what you entered is kept.';
    case 'validation_failed':
      return 'Some details were not accepted. Check the fields marked below.';
    case 'unsupported_file_type':
      return photoTypeWords;
    case 'payload_too_large':
      return photoTooLargeWords;
    case 'onboarding_locked':
      return 'Your information is in review and cannot be changed now.';
    case 'step_locked':
      return 'The bank asked for more information on other steps: the identity verification stays as it is.';
    case 'forbidden':
      return 'Only the owner of the company can verify the representative’s identity.';
    case 'not_found':
      return 'This verification is no longer there. Start over to begin a new one.';
    case 'bad_request':
      return 'What was sent could not be read. Reload the page, then try again.';
    case 'conflict':
      return 'This verification has passed already: nothing more is needed. Reload the page to see it.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

const photoTypes = criteria.image.content_types
  .map((type) => type.replace('image/', '').toUpperCase())
  .join(' or ');
const photoTypeWords =
  `This file is not a ${photoTypes} file: we look at what is inside it, not at its name. Save or scan it as ` +
  `${photoTypes} and choose it again.`;
const photoTooLargeWords =
  `This file is larger than ${criteria.image.max_bytes / (1024 * 1024)} MB. Choose a smaller file, or save or scan ` +
  'it at a lower resolution.';

/** What the capture step says beside the photo when the upload was refused. */
export function kycPhotoErrorText(
  error: KycError,
  details: IdentityVerificationContext['errorDetails'],
): string {
  const { width, height } = details;
  if (error === 'validation_failed' && typeof width === 'number' && typeof height === 'number') {
    return (
      `This photo is ${width} × ${height} pixels; it must be at least ${criteria.image.min_width} × ` +
      `${criteria.image.min_height} pixels, either way round. Take it again closer, or choose a larger photo.`
    );
  }
  if (error === 'validation_failed') {
    return (
      'This file is empty or cannot be read. Open it to check it, then choose it again or choose another ' +
      `${photoTypes} file.`
    );
  }
  if (error === 'network')
    return 'The file was not sent: the connection was lost. Check it, then choose the file again.';
  return kycErrorText(error);
}

type KycSnapshot = SnapshotFrom<typeof identityVerificationMachine>;

function screenFor(snapshot: KycSnapshot): ScreenExpectation {
  const t = kycTexts;
  const busy = snapshot.hasTag('busy');
  const { error } = snapshot.context;
  const alert = error ? kycErrorText(error) : null;
  const path = kycPath(snapshot);
  switch (selectKycStep(snapshot)) {
    case 'loading':
      return { path: startPath, heading: null };
    case 'loadFailed':
      return { path, heading: t.startTitle, alert, enabled: [t.tryAgain] };
    case 'confirm':
      // The oneTimeCode child starts at the method choice; the journey's own message (an expired grant) above it.
      return {
        path,
        heading: t.methodTitle,
        alert,
        enabled: [...snapshot.context.methods.map(methodButton), t.cancel],
      };
    case 'start':
      return {
        path,
        heading: t.startTitle,
        alert,
        ...(busy ? { disabled: [t.continue] } : { enabled: [t.continue] }),
      };
    case 'capture':
      return {
        path,
        heading: t.sideTitles[snapshot.context.side ?? 'front'],
        alert: error ? kycPhotoErrorText(error, snapshot.context.errorDetails) : null,
        ...(busy ? { disabled: [t.usePhoto, t.startOver] } : { enabled: [t.startOver] }),
      };
    case 'ready':
      return {
        path,
        heading: t.readyTitle,
        alert,
        ...(busy
          ? { disabled: [t.evaluate, t.startOver] }
          : { enabled: [t.evaluate, t.startOver, t.retakeFront] }),
      };
    case 'failed':
      return { path, heading: t.failedTitle, alert: null, enabled: [t.tryAgain] };
    case 'passed':
      return { path, heading: t.passedTitle, alert: null, absent: [t.tryAgain] };
    case 'cancelled':
      return { path: onboardingPath, heading: null };
  }
}

const kycAnswers: Record<string, string> = {
  loadCriteria: 'the criteria',
  loadStepUpMethods: 'the code methods',
  initiateKyc: 'the details',
  uploadKycImage: 'the photo',
  evaluateKyc: 'the check',
};

function kycWords(step: ModelPath<KycSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'event': {
      const event = action.event as { type: string; values?: KycDetails };
      switch (event.type) {
        case 'details.submit':
          return event.values?.document_type === 'passport'
            ? `a passport for ${event.values.first_name}`
            : `an identity card for ${event.values?.first_name ?? ''}`;
        case 'image.capture':
          return 'a photo';
        case 'side.retake':
          return 'retake the front';
        case 'verification.restart':
          return 'start over';
        case 'load.retry':
          return 'load again';
        default:
          return null;
      }
    }
    case 'actorError':
      return failureWords(action, kycAnswers[action.src] ?? action.src);
    case 'actorDone':
      if (action.src === 'oneTimeCode') return action.output ? 'a one-time code' : 'cancel the code';
      if (action.src === 'evaluateKyc') {
        return (action.output as KycVerification).status === 'passed'
          ? 'checks pass'
          : 'the name check fails';
      }
      return null;
    default:
      return null;
  }
}

/** Identity verification: the code, the document and whose name, the photos, the checks' answer, then where it ends. */
export function identityVerificationTitle(path: ModelPath<KycSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const step = selectKycStep(last);
  const end =
    step === 'passed'
      ? 'photos received, being checked'
      : step === 'cancelled'
        ? 'back to the onboarding'
        : screenEnd(screenFor(last), last.hasTag('busy'));
  return pathTitle(path, kycWords, end);
}

export const identityVerificationModel: Model<typeof identityVerificationMachine> = {
  name: 'identityVerification',
  machine: identityVerificationMachine,
  file: 'identityVerification.machine.ts',
  start: `Signed in as the owner of a merchant in onboarding (representative Eleni Papadopoulou saved, email and phone on file), open ${startPath}`,
  fixtures: identityVerificationFixtures,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      type: snapshot.context.documentType,
      name: snapshot.context.details?.first_name ?? null,
      side: snapshot.context.side,
      captured: snapshot.context.captured,
    }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 30 },
  screen: screenFor,
  title: identityVerificationTitle,
};
