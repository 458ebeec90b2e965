import type { ApiFailure } from '../../machines/apiFailure';
import {
  oneTimeCodeMachine,
  selectCodeCanResend,
  selectCodeIsDead,
  selectOneTimeCodeStep,
  type OneTimeCodeError,
  type OneTimeCodeInput,
  type OneTimeCodeSnapshot,
} from '../../machines/oneTimeCode.machine';
import { clockOf, type Fixtures, type Model, type ScreenExpectation } from './generatePaths';
import { loginErrorText } from './paths';
import type { StepUpMethod } from '../../schemas/stepUp.schema';
import { stepUpMethodButton } from './stepUpTexts';

/*
 * The test model of the one-time code step (machines/oneTimeCode.machine.ts), the child every journey invokes for a
 * fresh code (ADR 006). oneTimeCode.model.test.tsx runs its paths on src/ui/OneTimeCodeStep.tsx by itself; the
 * pending-requests model runs it as a child with a grant or cancelled.
 */

export const codeMethods = [
  { method: 'email', destination: 'd***@tameio.test' },
  { method: 'sms', destination: '+30 ******0001' },
] as const satisfies ReadonlyArray<{ method: 'email' | 'sms'; destination: string }>;
export const codeResendSeconds = 30;
export const codeCooldownRetryAfter = 12;
export const oneTimeCodeInput = {
  purpose: 'send_money',
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
    startStepUp: {
      done: {
        output: (context) => {
          const method = context.method ?? 'email';
          const destination = codeMethods.find((option) => option.method === method)?.destination ?? '';
          return { method, destination, expires_in: 300, resend_in: codeResendSeconds };
        },
        says: `Server sends the code (a new one after ${codeResendSeconds} s)`,
      },
      errors: [
        {
          failure: http(429, 'otp_cooldown', 'Wait before asking for another code.', {
            retryAfterSeconds: codeCooldownRetryAfter,
          }),
          says: `Server answers 429 otp_cooldown (Retry-After ${codeCooldownRetryAfter})`,
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    verifyStepUp: {
      done: {
        output: { step_up_token: 'grant-1', expires_in: 300 },
        says: 'Server accepts the code and grants one action',
      },
      errors: [
        {
          failure: http(400, 'otp_invalid', 'That code is not right.', { details: { attempts_left: 4 } }),
          says: 'Server answers 400 otp_invalid with 4 attempts left',
        },
        {
          failure: http(400, 'otp_expired', 'That code has expired.'),
          says: 'Server answers 400 otp_expired',
        },
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

/**
 * What the step shows in each state of the child, at `path` (the parent's page), with `alert` standing for the
 * child's own error: every journey that shows OneTimeCodeStep can use it.
 */
export function oneTimeCodeScreen(snapshot: OneTimeCodeSnapshot, path: string): ScreenExpectation {
  const t = codeTexts;
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
          ...methods.map((option): [string, boolean] => [codeMethodButton(option), !busy]),
          [t.cancel, !busy],
        ]),
      };
    case 'code': {
      const dead = selectCodeIsDead(snapshot);
      const canResend = selectCodeCanResend(snapshot);
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
          [t.cancel, !busy],
        ]),
      };
    }
    case 'done':
      return { path, heading: t.doneHeading, alert: null };
    case 'cancelled':
      return { path, heading: t.cancelledHeading, alert: null };
  }
}

export const oneTimeCodeModel: Model<typeof oneTimeCodeMachine> = {
  name: 'oneTimeCode',
  machine: oneTimeCodeMachine,
  file: 'oneTimeCode.machine.ts',
  start: 'A journey asks for a fresh one-time code (purpose send_money; email and SMS on file)',
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
};
