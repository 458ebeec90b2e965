import type { ApiFailure } from '../../machines/apiFailure';
import {
  oneTimeCodeMachine,
  selectCodeCanResend,
  selectCodeIsDead,
  selectCodeMethodFixed,
  selectOneTimeCodeStep,
  type OneTimeCodeError,
  type OneTimeCodeInput,
  type OneTimeCodeSnapshot,
} from '../../machines/oneTimeCode.machine';
import { clockOf, type Fixtures, type Model, type ModelPath, type ScreenExpectation } from './generatePaths';
import { failureWords, pathTitle, screenEnd } from './generatePaths';
import { demoSession, loginErrorText } from './paths';
import type { StepUpMethod } from '../../schemas/stepUp.schema';
import { stepUpMethodButton } from './stepUpTexts';

/*
 * The test model of the one-time code step (machines/oneTimeCode.machine.ts), the child every journey that asks for a
 * code invokes. oneTimeCode.model.test.tsx runs its paths on src/ui/OneTimeCodeStep.tsx by itself, for the second
 * factor of a sign-in (the request the server may refuse as a whole: the sign-in can expire); the journeys' models run
 * it as a child that ends with a grant, refused or cancelled (./oneTimeCodeSteps.ts).
 */

export const codeMethods = [
  { method: 'email', destination: 'd***@tameio.test' },
  { method: 'sms', destination: '+30 ******0001' },
] as const satisfies ReadonlyArray<{ method: 'email' | 'sms'; destination: string }>;
export const codeResendSeconds = 30;
export const codeCooldownRetryAfter = 12;
export const oneTimeCodeInput = {
  purpose: 'login',
  loginToken: 'login-ticket-1',
  methods: [...codeMethods],
} satisfies OneTimeCodeInput;
/** Where the stand-alone model test shows the step. */
export const oneTimeCodePath = '/confirm';

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const loginExpired = http(401, 'login_expired', 'The sign-in has expired.');

export function codeMethodButton(option: StepUpMethod): string {
  return stepUpMethodButton(option);
}

export const oneTimeCodeFixtures = {
  events: {
    'method.selected': codeMethods.map((option) => ({
      event: { type: 'method.selected', method: option.method },
      does: `Click "${codeMethodButton(option)}"`,
    })),
    'otp.submit': [
      { event: { type: 'otp.submit', code: '246810' }, does: 'Type 246810 as One-time code, click "Verify"' },
    ],
    'otp.resend': [{ event: { type: 'otp.resend' }, does: 'Click "Send a new code"' }],
    'method.change': [{ event: { type: 'method.change' }, does: 'Click "Use another method"' }],
    'code.cancel': [{ event: { type: 'code.cancel' }, does: 'Click "Cancel"' }],
  },
  actors: {
    sendCode: {
      done: {
        output: (context) => {
          const method = context.method ?? 'email';
          const destination = codeMethods.find((option) => option.method === method)?.destination ?? '';
          return { method, destination, expires_in: 300, resend_in: codeResendSeconds };
        },
        says: `Server sends the code (a new one after ${codeResendSeconds} s)`,
        // A string, not a function of the context: tests/model/coverage.test.ts passes these fixtures loosely typed.
        effect:
          'a new code is stored for this sign-in (otp_codes, hashed, with its expiry and tries) and any earlier one ' +
          'superseded (superseded_at); the email or SMS chosen is queued (outbox) and sign_in_audit records ' +
          'otp_sent_email or otp_sent_sms.',
      },
      errors: [
        {
          failure: http(429, 'otp_cooldown', 'Wait before asking for another code.', {
            retryAfterSeconds: codeCooldownRetryAfter,
          }),
          says: `Server answers 429 otp_cooldown (Retry-After ${codeCooldownRetryAfter}; the code sent before still works)`,
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
        { failure: loginExpired, says: 'Server answers 401 login_expired (the sign-in took too long)' },
      ],
    },
    verifyCode: {
      done: {
        output: { session: demoSession },
        says: 'Server accepts the code and opens the session',
        effect:
          'the code is spent (otp_codes.consumed_at) and the login ticket consumed (login_tickets.consumed_at); ' +
          'sign_in_audit records signed_in and a session is opened (sessions, refresh_tokens).',
      },
      errors: [
        {
          failure: http(400, 'otp_invalid', 'That code is not right.', { details: { attempts_left: 4 } }),
          says: 'Server answers 400 otp_invalid with 4 attempts left',
          does: 'Type 000000 (not the code from the outbox) as One-time code, click "Verify"',
        },
        {
          failure: http(400, 'otp_expired', 'That code has expired.'),
          says: 'Server answers 400 otp_expired',
          does: 'Wait until the code from the outbox has expired, then type it as One-time code, click "Verify"',
        },
        { failure: loginExpired, says: 'Server answers 401 login_expired (the sign-in took too long)' },
      ],
    },
  },
  delays: { resendCooldown: 'Wait until the resend cooldown ends' },
} satisfies Fixtures<typeof oneTimeCodeMachine>;

export const codeTexts = {
  methodTitle: 'Confirm it is you',
  cancel: 'Cancel',
  codeTitle: 'Enter the one-time code',
  verify: 'Verify',
  resend: 'Send a new code',
  changeMethod: 'Use another method',
  /** What the stand-alone test page shows once the step has ended. */
  doneHeading: 'Code step done',
  refusedHeading: 'Code step refused',
  cancelledHeading: 'Code step cancelled',
};

export function codeErrorText(error: OneTimeCodeError, attemptsLeft: number | null): string {
  if (error === 'mfa_method_unavailable') {
    return 'This method is not available for your account. Choose another.';
  }
  return loginErrorText(error, attemptsLeft);
}

function resendSecondsLeft(snapshot: OneTimeCodeSnapshot): number {
  const { now, timers } = clockOf(snapshot);
  const timer = timers.find((pending) => pending.eventType.startsWith('xstate.after.resendCooldown.'));
  return timer ? Math.max(1, Math.ceil((timer.due - now) / 1000)) : snapshot.context.resendIn;
}

/** A journey's own words for the step (src/ui/OneTimeCodeStep.tsx `texts`), where they differ from the defaults. */
export type CodeScreenTexts = {
  methodTitle?: string;
  codeTitle?: string;
  cancel?: string;
  method?: (option: StepUpMethod) => string;
};

/**
 * What the step shows in each state of the child, at `path` (the parent's page), in the journey's words, with `alert`
 * standing for the child's own error: every journey that shows OneTimeCodeStep can use it.
 */
export function oneTimeCodeScreen(
  snapshot: OneTimeCodeSnapshot,
  path: string,
  words: CodeScreenTexts = {},
): ScreenExpectation {
  const t = { ...codeTexts, ...words };
  const busy = snapshot.hasTag('busy');
  const { error, attemptsLeft, methods } = snapshot.context;
  const alert = error ? codeErrorText(error, attemptsLeft) : null;
  const split = (names: Array<[string, boolean]>) => ({
    enabled: names.filter(([, on]) => on).map(([name]) => name),
    disabled: names.filter(([, on]) => !on).map(([name]) => name),
  });
  switch (selectOneTimeCodeStep(snapshot)) {
    case 'method':
      return {
        path,
        heading: t.methodTitle,
        alert,
        ...split([
          ...methods.map((option): [string, boolean] => [(words.method ?? codeMethodButton)(option), !busy]),
          [t.cancel, !busy],
        ]),
      };
    case 'code': {
      const dead = selectCodeIsDead(snapshot);
      const canResend = selectCodeCanResend(snapshot);
      const sending = snapshot.matches('resendingCode') || snapshot.matches('sendingCode');
      const resendLabel = canResend || sending ? t.resend : `${t.resend} in ${resendSecondsLeft(snapshot)} s`;
      const fixed = selectCodeMethodFixed(snapshot);
      return {
        path,
        heading: t.codeTitle,
        alert,
        ...split([
          [t.verify, !dead && !busy],
          [resendLabel, canResend && !busy],
          ...(fixed ? [] : [[t.changeMethod, !busy] as [string, boolean]]),
          [t.cancel, !busy],
        ]),
        ...(fixed ? { absent: [t.changeMethod] } : {}),
      };
    }
    case 'done':
      return { path, heading: t.doneHeading, alert: null };
    case 'cancelled':
      return {
        path,
        heading: snapshot.matches('refused') ? t.refusedHeading : t.cancelledHeading,
        alert: null,
      };
  }
}

const codeAnswers: Record<string, string> = { sendCode: 'the code', verifyCode: 'the typed code' };

function codeWords(step: ModelPath<OneTimeCodeSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'event':
      switch (action.event.type) {
        case 'method.selected':
          return (action.event as unknown as { method: string }).method === 'sms' ? 'by SMS' : 'by email';
        case 'otp.resend':
          return 'ask for a new code';
        case 'method.change':
          return 'another method';
        case 'code.cancel':
          return 'cancel';
        default:
          return null;
      }
    case 'delay':
      return 'wait out the cooldown';
    case 'actorError':
      return failureWords(action, codeAnswers[action.src] ?? action.src);
    case 'actorDone':
      return action.src === 'verifyCode' ? 'the right code' : null;
    default:
      return null;
  }
}

/** One-time code: the method, the code's answers and refusals, resends, then granted, refused or cancelled. */
export function oneTimeCodeTitle(path: ModelPath<OneTimeCodeSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const step = selectOneTimeCodeStep(last);
  const end =
    step === 'done'
      ? 'code accepted'
      : step === 'cancelled'
        ? last.matches('refused')
          ? 'the sign-in is refused'
          : 'cancelled'
        : screenEnd(oneTimeCodeScreen(last, oneTimeCodePath), last.hasTag('busy'));
  return pathTitle(path, codeWords, end);
}

export const oneTimeCodeModel: Model<typeof oneTimeCodeMachine> = {
  name: 'oneTimeCode',
  machine: oneTimeCodeMachine,
  file: 'oneTimeCode.machine.ts',
  start:
    'A journey asks for a one-time code (the second factor of a sign-in; email and SMS on file), the step opens',
  input: oneTimeCodeInput,
  fixtures: oneTimeCodeFixtures,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      attemptsLeft: snapshot.context.attemptsLeft,
      method: snapshot.context.method,
    }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 30 },
  screen: (snapshot) => oneTimeCodeScreen(snapshot, oneTimeCodePath),
  title: oneTimeCodeTitle,
};
