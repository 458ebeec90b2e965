import { assign, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { LoginMfaMethod } from '../schemas/auth.schema';
import type {
  StepUpMethod,
  StepUpPurpose,
  StepUpStartResponse,
  StepUpVerifyResponse,
} from '../schemas/stepUp.schema';
import { failureCode, toApiFailure } from './apiFailure';

/*
 * A fresh one-time code before a sensitive action (ADR 006 "step-up"), as ONE child machine that every journey
 * invokes instead of repeating the code states: accepting a money request now, card reveals and the other
 * purposes of schemas/stepUp.schema.ts later.
 *
 * Input `{ purpose, methods }` (the parent loads the step-up methods, so it can also say when there are none).
 * choosingMethod → sendingCode (startStepUp) → awaitingCode: the code (entering → verifying, verifyStepUp; a wrong
 * code shows the tries left; a spent or expired code is dead and only a new code helps) in parallel with the resend
 * cooldown (coolingDown → ready; resendingCode asks for a new one) → `done`, output `{ stepUpToken }`. `code.cancel`
 * from any waiting state ends it in `cancelled`, output null: the parent decides what cancelling means.
 *
 * The code and the cooldown run in parallel regions so that checking a code does not restart the cooldown.
 */

export type OneTimeCodeError =
  | 'otp_invalid'
  | 'otp_exhausted'
  | 'otp_expired'
  | 'otp_cooldown'
  | 'mfa_method_unavailable'
  | 'rate_limited'
  | 'network'
  | 'unknown';

const knownErrors: ReadonlySet<string> = new Set<OneTimeCodeError>([
  'otp_invalid',
  'otp_exhausted',
  'otp_expired',
  'otp_cooldown',
  'mfa_method_unavailable',
  'rate_limited',
  'network',
]);

export function toOneTimeCodeError(error: unknown): OneTimeCodeError {
  const code = failureCode(error);
  return knownErrors.has(code) ? (code as OneTimeCodeError) : 'unknown';
}

export type OneTimeCodeInput = { purpose: StepUpPurpose; methods: StepUpMethod[] };
/** The grant for the action's `X-Step-Up-Token` header, or null when the user cancelled. */
export type OneTimeCodeOutput = { stepUpToken: string } | null;

export type StartStepUpInput = { purpose: StepUpPurpose; method: LoginMfaMethod };
export type VerifyStepUpInput = { purpose: StepUpPurpose; code: string };

export type OneTimeCodeContext = {
  purpose: StepUpPurpose;
  /** Where the code can go (email, and SMS when the user has a phone), masked. */
  methods: StepUpMethod[];
  method: LoginMfaMethod | null;
  /** Where the last code went, masked. */
  destination: string | null;
  /** Seconds until another code may be asked for, as the server last said. */
  resendIn: number;
  attemptsLeft: number | null;
  stepUpToken: string | null;
  error: OneTimeCodeError | null;
};

export type OneTimeCodeEvent =
  | { type: 'method.selected'; method: LoginMfaMethod }
  | { type: 'otp.submit'; code: string }
  | { type: 'otp.resend' }
  | { type: 'method.change' }
  | { type: 'code.cancel' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

function attemptsLeftOf(error: unknown): number | null {
  const failure = toApiFailure(error);
  const left = failure.kind === 'http' ? failure.details?.['attempts_left'] : undefined;
  return typeof left === 'number' ? left : null;
}

function retryAfterOf(error: unknown): number {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.retryAfterSeconds ?? 30) : 30;
}

export const oneTimeCodeMachine = setup({
  types: {
    context: {} as OneTimeCodeContext,
    events: {} as OneTimeCodeEvent,
    input: {} as OneTimeCodeInput,
    output: {} as OneTimeCodeOutput,
  },
  actors: {
    startStepUp: fromPromise<StepUpStartResponse, StartStepUpInput>(async () => notProvided('startStepUp')),
    verifyStepUp: fromPromise<StepUpVerifyResponse, VerifyStepUpInput>(async () =>
      notProvided('verifyStepUp'),
    ),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toOneTimeCodeError(params.error) }),
    clearError: assign({ error: null, attemptsLeft: null }),
  },
  guards: {
    isCodeDead: (_, params: { error: unknown }) => {
      const code = failureCode(params.error);
      return code === 'otp_exhausted' || code === 'otp_expired';
    },
    isCooldown: (_, params: { error: unknown }) => failureCode(params.error) === 'otp_cooldown',
  },
  delays: {
    resendCooldown: ({ context }) => Math.max(0, context.resendIn) * 1000,
  },
}).createMachine({
  id: 'oneTimeCode',
  context: ({ input }) => ({
    purpose: input.purpose,
    methods: input.methods,
    method: null,
    destination: null,
    resendIn: 0,
    attemptsLeft: null,
    stepUpToken: null,
    error: null,
  }),
  initial: 'choosingMethod',
  output: ({ context }) => (context.stepUpToken ? { stepUpToken: context.stepUpToken } : null),
  states: {
    /** "Confirm it is you": where the code should go. */
    choosingMethod: {
      on: {
        'method.selected': {
          target: 'sendingCode',
          actions: ['clearError', assign({ method: ({ event }) => event.method })],
        },
        'code.cancel': 'cancelled',
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'startStepUp',
        src: 'startStepUp',
        input: ({ context }) => ({ purpose: context.purpose, method: context.method ?? 'email' }),
        onDone: {
          target: 'awaitingCode',
          actions: assign({
            destination: ({ event }) => event.output.destination,
            resendIn: ({ event }) => event.output.resend_in,
          }),
        },
        onError: {
          target: 'choosingMethod',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    awaitingCode: {
      type: 'parallel',
      on: {
        'code.cancel': { target: 'cancelled', guard: not(stateIn({ awaitingCode: { code: 'verifying' } })) },
      },
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                'otp.submit': { target: 'verifying', actions: 'clearError' },
                'method.change': { target: '#oneTimeCode.choosingMethod', actions: 'clearError' },
              },
            },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifyStepUp',
                src: 'verifyStepUp',
                input: ({ context, event }) => {
                  if (event.type !== 'otp.submit') throw new Error(`unexpected ${event.type}`);
                  return { purpose: context.purpose, code: event.code };
                },
                onDone: {
                  target: '#oneTimeCode.done',
                  actions: ['clearError', assign({ stepUpToken: ({ event }) => event.output.step_up_token })],
                },
                onError: [
                  {
                    guard: { type: 'isCodeDead', params: ({ event }) => ({ error: event.error }) },
                    target: 'dead',
                    actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    target: 'entering',
                    actions: [
                      { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                      assign({ attemptsLeft: ({ event }) => attemptsLeftOf(event.error) }),
                    ],
                  },
                ],
              },
            },
            /** Too many wrong tries, or expired: only a new code helps. */
            dead: {
              on: { 'method.change': { target: '#oneTimeCode.choosingMethod', actions: 'clearError' } },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { resendCooldown: 'ready' } },
            ready: {
              on: {
                'otp.resend': {
                  guard: not(stateIn({ awaitingCode: { code: 'verifying' } })),
                  target: '#oneTimeCode.resendingCode',
                  actions: 'clearError',
                },
              },
            },
          },
        },
      },
    },
    resendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'resendStepUp',
        src: 'startStepUp',
        input: ({ context }) => ({ purpose: context.purpose, method: context.method ?? 'email' }),
        onDone: {
          target: 'awaitingCode',
          actions: assign({
            destination: ({ event }) => event.output.destination,
            resendIn: ({ event }) => event.output.resend_in,
          }),
        },
        onError: [
          {
            guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
            target: 'awaitingCode',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ resendIn: ({ event }) => retryAfterOf(event.error) }),
            ],
          },
          {
            target: 'awaitingCode',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The right code: the grant goes to the parent as the output. */
    done: { type: 'final' },
    /** The user gave up: output null. */
    cancelled: { type: 'final' },
  },
});

export type OneTimeCodeSnapshot = SnapshotFrom<typeof oneTimeCodeMachine>;

export type OneTimeCodeStepName = 'method' | 'code' | 'done' | 'cancelled';

/** Which part of the step the screen shows: choosing (and sending to) a method, or entering the code. */
export function selectOneTimeCodeStep(snapshot: OneTimeCodeSnapshot): OneTimeCodeStepName {
  if (snapshot.matches('choosingMethod') || snapshot.matches('sendingCode')) return 'method';
  if (snapshot.matches('awaitingCode') || snapshot.matches('resendingCode')) return 'code';
  if (snapshot.matches('done')) return 'done';
  return 'cancelled';
}

export const selectOneTimeCodeBusy = (snapshot: OneTimeCodeSnapshot): boolean => snapshot.hasTag('busy');
export const selectOneTimeCodeError = (snapshot: OneTimeCodeSnapshot): OneTimeCodeError | null =>
  snapshot.context.error;
export const selectCodeMethods = (snapshot: OneTimeCodeSnapshot): StepUpMethod[] => snapshot.context.methods;
export const selectCodeMethod = (snapshot: OneTimeCodeSnapshot): LoginMfaMethod | null =>
  snapshot.context.method;
export const selectCodeDestination = (snapshot: OneTimeCodeSnapshot): string | null =>
  snapshot.context.destination;
export const selectCodeResendIn = (snapshot: OneTimeCodeSnapshot): number => snapshot.context.resendIn;
export const selectCodeAttemptsLeft = (snapshot: OneTimeCodeSnapshot): number | null =>
  snapshot.context.attemptsLeft;
export const selectCodeCanResend = (snapshot: OneTimeCodeSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { resend: 'ready' } });
export const selectCodeIsDead = (snapshot: OneTimeCodeSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { code: 'dead' } });
export const selectCodeResending = (snapshot: OneTimeCodeSnapshot): boolean =>
  snapshot.matches('resendingCode');
export const selectCodeVerifying = (snapshot: OneTimeCodeSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { code: 'verifying' } });
export const selectCodeCanCancel = (snapshot: OneTimeCodeSnapshot): boolean =>
  snapshot.can({ type: 'code.cancel' });
