import type { SnapshotFrom } from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import {
  identityVerificationMachine,
  kycPath,
  selectKycCanResend,
  selectKycCodeDead,
  selectKycStep,
  type IdentityVerificationContext,
  type KycDetails,
  type KycError,
} from '../../machines/identityVerification.machine';
import {
  kycCriteriaIds,
  requiredSides,
  type KycCriteria,
  type KycVerification,
} from '../../schemas/kyc.schema';
import type { StepUpMethod } from '../../schemas/stepUp.schema';
import { clockOf, type Fixtures, type Model, type ScreenExpectation } from './generatePaths';
import { stepUpMethodButton } from './stepUpTexts';

/*
 * The test model of issue 3 item 3, identity verification (machines/identityVerification.machine.ts), run against
 * /identity-verification/, /otp-authentication/:method and /verification/:method by
 * identityVerification.model.test.tsx. Every verification starts with a fresh one-time code (step-up).
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
export const stepUpCode = '246810';
const resendSeconds = 30;
const cooldownRetryAfter = 12;

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
    created_at: '2026-01-15T09:00:00.000Z',
  };
}

export const identityVerificationFixtures = {
  events: {
    'method.selected': stepUpMethods.map((option) => ({
      event: { type: 'method.selected', method: option.method },
      does: `Click "${methodButton(option)}"`,
    })),
    'otp.submit': [
      {
        event: { type: 'otp.submit', code: stepUpCode },
        does: `Type ${stepUpCode} (from the message) as One-time code, click "Verify"`,
      },
    ],
    'otp.resend': [{ event: { type: 'otp.resend' }, does: 'Click "Send a new code"' }],
    'method.change': [{ event: { type: 'method.change' }, does: 'Click "Use another method"' }],
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
    startStepUp: {
      done: {
        output: (context) => {
          const method = context.method ?? 'email';
          const destination = stepUpMethods.find((option) => option.method === method)?.destination ?? '';
          return { method, destination, expires_in: 300, resend_in: resendSeconds };
        },
        says: `Server sends the code (valid 5 minutes; a new one after ${resendSeconds} s)`,
      },
      errors: [
        {
          failure: http(429, 'otp_cooldown', 'Wait before asking for another code.', {
            retryAfterSeconds: cooldownRetryAfter,
          }),
          says: `Server answers 429 otp_cooldown (Retry-After ${cooldownRetryAfter})`,
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    verifyStepUp: {
      done: {
        output: { step_up_token: 'grant-1', expires_in: 300 },
        says: 'Server accepts the code and gives a single-use grant (5 minutes)',
      },
      errors: [
        {
          failure: http(400, 'otp_invalid', 'The code is not correct.', { details: { attempts_left: 4 } }),
          says: 'Server answers 400 otp_invalid with 4 attempts left',
        },
        {
          failure: http(400, 'otp_exhausted', 'Too many wrong codes.'),
          says: 'Server answers 400 otp_exhausted (5 wrong tries killed the code)',
        },
        {
          failure: http(400, 'otp_expired', 'This code has expired.'),
          says: 'Server answers 400 otp_expired',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    initiateKyc: {
      done: { output: { id: verificationId }, says: 'Server answers 201 with the verification id' },
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
      ],
    },
    evaluateKyc: {
      done: {
        output: evaluation,
        says: 'Server answers with the checks: passed for Eleni, the name check failed for Maria',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
  },
  delays: {
    resendCooldown: 'Wait until the resend cooldown ends',
  },
} satisfies Fixtures<typeof identityVerificationMachine>;

export const kycTexts = {
  methodTitle: 'Confirm it is you',
  codeTitle: 'Enter the one-time code',
  codeLabel: 'One-time code',
  verify: 'Verify',
  resend: 'Send a new code',
  changeMethod: 'Use another method',
  startTitle: 'Verify your identity',
  continue: 'Continue to photos',
  sideTitles: { front: 'Front of your document', back: 'Back of your document', selfie: 'A selfie' },
  photoLabel: 'Take or choose a photo',
  usePhoto: 'Use this photo',
  startOver: 'Start over',
  readyTitle: 'Your photos are ready',
  evaluate: 'Verify my identity',
  retakeFront: 'Retake Front of your document',
  passedTitle: 'Your identity is verified',
  failedTitle: 'We could not verify your identity',
  tryAgain: 'Try again',
  nameFailed:
    'Failed: The name on the document does not match the representative in your onboarding. Check both.',
};

export function methodButton(option: StepUpMethod): string {
  return stepUpMethodButton(option);
}

export function kycErrorText(error: KycError, attemptsLeft: number | null = null): string {
  switch (error) {
    case 'otp_invalid':
      if (attemptsLeft === null) return 'That code is not right.';
      return `That code is not right. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`;
    case 'otp_exhausted':
      return 'Too many wrong tries. Send a new code.';
    case 'otp_expired':
      return 'That code has expired. Send a new code.';
    case 'otp_cooldown':
      return 'Please wait a little before asking for another code.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'mfa_method_unavailable':
      return 'This method is not available for your account. Choose another.';
    case 'step_up_required':
      return 'Your confirmation has expired. Confirm it is you with a new one-time code; what you entered is kept.';
    case 'validation_failed':
      return 'This was not accepted. Check what you entered or choose another photo.';
    case 'unsupported_file_type':
      return 'Choose a JPEG or PNG photo.';
    case 'payload_too_large':
      return 'The photo is too large.';
    case 'onboarding_locked':
      return 'Your information is in review and cannot be changed now.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

type KycSnapshot = SnapshotFrom<typeof identityVerificationMachine>;

/** Seconds the resend button counts down from in this state (the pending cooldown timer, rounded up). */
function resendSecondsLeft(snapshot: KycSnapshot): number {
  const { now, timers } = clockOf(snapshot);
  const timer = timers.find((pending) => pending.eventType.startsWith('xstate.after.resendCooldown.'));
  return timer ? Math.max(1, Math.ceil((timer.due - now) / 1000)) : snapshot.context.resendIn;
}

function screenFor(snapshot: KycSnapshot): ScreenExpectation {
  const t = kycTexts;
  const busy = snapshot.hasTag('busy');
  const { error, attemptsLeft } = snapshot.context;
  const alert = error ? kycErrorText(error, attemptsLeft) : null;
  const path = kycPath(snapshot);
  const split = (names: Array<[string, boolean]>) => ({
    enabled: names.filter(([, on]) => on).map(([name]) => name),
    disabled: names.filter(([, on]) => !on).map(([name]) => name),
  });
  switch (selectKycStep(snapshot)) {
    case 'loading':
      return { path: startPath, heading: null };
    case 'loadFailed':
      return { path, heading: t.startTitle, alert, enabled: [t.tryAgain] };
    case 'method':
      return {
        path,
        heading: t.methodTitle,
        alert,
        ...split(snapshot.context.methods.map((option): [string, boolean] => [methodButton(option), !busy])),
      };
    case 'code': {
      const dead = selectKycCodeDead(snapshot);
      const canResend = selectKycCanResend(snapshot);
      const resendLabel =
        canResend || snapshot.matches('resendingCode')
          ? t.resend
          : `${t.resend} in ${resendSecondsLeft(snapshot)} s`;
      return {
        path,
        heading: t.codeTitle,
        alert,
        ...split([
          [t.verify, !dead && !busy],
          [resendLabel, canResend && !busy],
          [t.changeMethod, !busy],
        ]),
      };
    }
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
        alert,
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
  }
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
      attemptsLeft: snapshot.context.attemptsLeft,
      // Where the code went matters only while it is awaited (the address names the method).
      method: ['method', 'code'].includes(selectKycStep(snapshot)) ? snapshot.context.method : null,
      type: snapshot.context.documentType,
      name: snapshot.context.details?.first_name ?? null,
      side: snapshot.context.side,
      captured: snapshot.context.captured,
    }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 30 },
  screen: screenFor,
};
