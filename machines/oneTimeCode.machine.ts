import { assign, enqueueActions, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { LoginMfaMethod, SessionResponse } from '../schemas/auth.schema';
import type { AcceptInvitationBody, AcceptInvitationResponse } from '../schemas/employees.schema';
import type { ErrorCode } from '../schemas/error.schema';
import type { RegistrationState } from '../schemas/registration.schema';
import type { StepUpMethod, StepUpPurpose, StepUpStartResponse } from '../schemas/stepUp.schema';
import { failureCode, knownErrors, toApiFailure, type ApiFailure } from './apiFailure';

/*
 * A one-time code, as ONE child machine that every journey asking for a code invokes instead of repeating the code
 * states: a fresh code before a sensitive action (ADR 006 "step-up": payments, card reveals, identity verification...),
 * the second factor of sign-in, the email and phone of a registration, the phone of an invited employee.
 *
 * Input: what the code is for (`purpose` and what that purpose needs: a login ticket, a registration, an invitation),
 * where it can go (`methods`), and, when the journey already knows the method (registration, invitation), `chosen`:
 * the code is sent there at once. The child hands the request to its two effects untouched; each journey provides
 * them (src/app wires the API calls): `sendCode` sends a code (or, for an authenticator app, expects one) and
 * `verifyCode` checks it and answers with what the journey gets for it (a step-up grant, a session, the registration,
 * the joined employee).
 *
 * choosingMethod → sendingCode → awaitingCode: the code (entering → verifying; a wrong code shows the tries left; a
 * spent or expired code is dead and only a new code helps) in parallel with the resend cooldown (coolingDown → ready;
 * resendingCode asks for a new one) → `done`, output the grant. `code.cancel` from any waiting state ends it in
 * `cancelled`, output null: the journey decides what cancelling means. An answer that refuses the request itself
 * (the sign-in took too long, the registration or invitation is gone, the phone or password is refused) ends it in
 * `refused`, output `{ refused }`: only the journey can do something about it.
 *
 * The code and the cooldown run in parallel regions so that checking a code does not restart the cooldown.
 */

/** Failures the step shows itself; the sentence comes from the screen. */
export const toOneTimeCodeError = knownErrors([
  'otp_invalid',
  'otp_exhausted',
  'otp_expired',
  'otp_cooldown',
  'mfa_method_unavailable',
  'rate_limited',
  'network',
]);
export type OneTimeCodeError = ReturnType<typeof toOneTimeCodeError>;

/** Answers about the request rather than the code: they end the step and the journey handles them. */
const refusals = [
  'login_expired',
  'not_found',
  'invitation_unavailable',
  'validation_failed',
  'conflict',
] as const satisfies readonly ErrorCode[];

function isRefusal(error: unknown): boolean {
  const code = failureCode(error);
  return refusals.some((refusal) => refusal === code);
}

/** What the code is for, with what its two effects need; the child passes it on as it is. */
export type CodeRequest =
  /** A fresh code before an action (ADR 006); the grant goes in the action's `X-Step-Up-Token` header. */
  | { purpose: StepUpPurpose }
  /** The second factor of sign-in, for the login ticket of the password step. */
  | { purpose: 'login'; loginToken: string }
  /** The email, then the mobile number, of a registration. */
  | { purpose: 'registration'; registrationId: string; channel: 'email' | 'sms' }
  /** The invitee's mobile number: the acceptance itself checks the code, with the rest of the body. */
  | { purpose: 'invitation'; key: string; body: AcceptInvitationBody & { phone: string } };

type JourneyPurpose = Exclude<CodeRequest['purpose'], StepUpPurpose>;

function isFor<P extends JourneyPurpose>(
  request: CodeRequest,
  purpose: P,
): request is Extract<CodeRequest, { purpose: P }> {
  return request.purpose === purpose;
}

/** The request of one journey: each journey's effects serve only the codes it asked for. */
export function requestFor<P extends JourneyPurpose>(
  request: CodeRequest,
  purpose: P,
): Extract<CodeRequest, { purpose: P }> {
  if (!isFor(request, purpose)) throw new Error(`a ${request.purpose} code reached the ${purpose} effects`);
  return request;
}

/** The purpose of a step-up request (ADR 006); the step-up calls serve no other. */
export function stepUpPurposeOf(request: CodeRequest): StepUpPurpose {
  if (isFor(request, 'login') || isFor(request, 'registration') || isFor(request, 'invitation')) {
    throw new Error(`a ${request.purpose} code reached the step-up effects`);
  }
  return request.purpose;
}

/** Where a code can go: email or SMS (masked address), or the user's authenticator app. */
export type CodeMethod = StepUpMethod;

export type OneTimeCodeInput = CodeRequest & {
  methods: CodeMethod[];
  /** The journey already knows where the code goes: it is sent there at once, with no choice to make. */
  chosen?: LoginMfaMethod;
};

/** Where a code went and when another may be asked for (the step-up answer is the widest of the send answers). */
export type CodeSent = StepUpStartResponse;
export type SendCodeInput = CodeRequest & { method: LoginMfaMethod };
export type VerifyCodeInput = CodeRequest & { method: LoginMfaMethod; code: string };

/** What a right code gives the journey that asked for it. */
export type CodeGrant =
  | { stepUpToken: string }
  | { session: SessionResponse }
  | { registration: RegistrationState }
  | { joined: AcceptInvitationResponse };

/** The grant; the refusal of the request itself; or null when the user cancelled. */
export type OneTimeCodeOutput = CodeGrant | { refused: ApiFailure } | null;

/** The step-up grant in a child's output, or null (cancelled, refused, or not a step-up). */
export function stepUpTokenOf(output: OneTimeCodeOutput): string | null {
  return output !== null && 'stepUpToken' in output ? output.stepUpToken : null;
}

/** The refusal in a child's output, or null. */
export function refusalOf(output: OneTimeCodeOutput): ApiFailure | null {
  return output !== null && 'refused' in output ? output.refused : null;
}

export type OneTimeCodeContext = {
  request: CodeRequest;
  /** Where the code can go (email, and SMS when the user has a phone; the authenticator app once set up). */
  methods: CodeMethod[];
  /** The journey chose the method: there is nothing to choose, and no other method to change to. */
  fixed: boolean;
  /** Set until the journey's chosen method has been asked for once. */
  sendAtOnce: LoginMfaMethod | null;
  method: LoginMfaMethod | null;
  /** Where the last code went, masked. */
  destination: string | null;
  /** Seconds until another code may be asked for, as the server last said. */
  resendIn: number;
  attemptsLeft: number | null;
  grant: CodeGrant | null;
  refusal: ApiFailure | null;
  error: OneTimeCodeError | null;
  /** How long the server asked to wait (its `Retry-After`) with the last error, when it said so. */
  retryAfter: number | null;
};

export type OneTimeCodeEvent =
  | { type: 'method.selected'; method: LoginMfaMethod }
  | { type: 'otp.submit'; code: string }
  | { type: 'otp.resend' }
  | { type: 'method.change' }
  | { type: 'code.cancel' };

function notProvided(name: string): never {
  throw new Error(`The journey must provide the "${name}" actor`);
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

const notVerifying = not(stateIn({ awaitingCode: { code: 'verifying' } }));

export const oneTimeCodeMachine = setup({
  types: {
    context: {} as OneTimeCodeContext,
    events: {} as OneTimeCodeEvent,
    input: {} as OneTimeCodeInput,
    output: {} as OneTimeCodeOutput,
  },
  actors: {
    sendCode: fromPromise<CodeSent, SendCodeInput>(async () => notProvided('sendCode')),
    verifyCode: fromPromise<CodeGrant, VerifyCodeInput>(async () => notProvided('verifyCode')),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => {
      const failure = toApiFailure(params.error);
      return {
        error: toOneTimeCodeError(params.error),
        retryAfter: failure.kind === 'http' ? (failure.retryAfterSeconds ?? null) : null,
      };
    }),
    recordRefusal: assign({ refusal: (_, params: { error: unknown }) => toApiFailure(params.error) }),
    clearError: assign({ error: null, attemptsLeft: null, retryAfter: null }),
    recordSent: assign({
      destination: (_, params: { sent: CodeSent }) => params.sent.destination,
      resendIn: (_, params: { sent: CodeSent }) => params.sent.resend_in,
    }),
    /** The journey's own method is asked for once, as if chosen; after a failed send the user asks again. */
    sendAtOnce: enqueueActions(({ context, enqueue }) => {
      if (context.sendAtOnce) enqueue.raise({ type: 'method.selected', method: context.sendAtOnce });
    }),
  },
  guards: {
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
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
  context: ({ input }) => {
    const { methods, chosen, ...request } = input;
    return {
      request,
      methods,
      fixed: chosen !== undefined,
      sendAtOnce: chosen ?? null,
      method: null,
      destination: null,
      resendIn: 0,
      attemptsLeft: null,
      grant: null,
      refusal: null,
      error: null,
      retryAfter: null,
    };
  },
  initial: 'choosingMethod',
  output: ({ context }) => context.grant ?? (context.refusal ? { refused: context.refusal } : null),
  states: {
    choosingMethod: {
      description: '"Confirm it is you": where the code should go. A journey that knows it sends at once.',
      entry: 'sendAtOnce',
      on: {
        'method.selected': {
          target: 'sendingCode',
          actions: ['clearError', assign({ method: ({ event }) => event.method, sendAtOnce: null })],
        },
        'code.cancel': { target: 'cancelled', description: 'The user gives up before a code is sent.' },
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ ...context.request, method: context.method ?? 'email' }),
        onDone: {
          target: 'awaitingCode',
          actions: { type: 'recordSent', params: ({ event }) => ({ sent: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'recordRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            // A code went out moments ago (a reload, a second tab): it still works; a new one after the wait.
            guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
            target: 'awaitingCode',
            actions: assign({ resendIn: ({ event }) => retryAfterOf(event.error) }),
          },
          {
            target: 'choosingMethod',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    awaitingCode: {
      description: 'The code form; a new code may be asked for once the cooldown the server gave has passed.',
      type: 'parallel',
      on: {
        'code.cancel': {
          target: 'cancelled',
          // A code under verification may still be right: its answer comes first.
          guard: notVerifying,
          description: 'The user gives up while waiting for the code.',
        },
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
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context, event }) => {
                  if (event.type !== 'otp.submit') throw new Error(`unexpected ${event.type}`);
                  return { ...context.request, method: context.method ?? 'email', code: event.code };
                },
                onDone: {
                  target: '#oneTimeCode.done',
                  actions: ['clearError', assign({ grant: ({ event }) => event.output })],
                },
                onError: [
                  {
                    guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
                    target: '#oneTimeCode.refused',
                    actions: { type: 'recordRefusal', params: ({ event }) => ({ error: event.error }) },
                  },
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
            dead: {
              description: 'Too many wrong tries, or expired: only a new code helps.',
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
                  guard: notVerifying,
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
        id: 'resendCode',
        src: 'sendCode',
        input: ({ context }) => ({ ...context.request, method: context.method ?? 'email' }),
        onDone: {
          target: 'awaitingCode',
          actions: { type: 'recordSent', params: ({ event }) => ({ sent: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'recordRefusal', params: ({ event }) => ({ error: event.error }) },
          },
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
    done: { type: 'final', description: 'The right code: the grant goes to the journey as the output.' },
    refused: { type: 'final', description: 'The request itself was refused: the journey handles it.' },
    cancelled: { type: 'final', description: 'The user gave up: output null.' },
  },
});

export type OneTimeCodeSnapshot = SnapshotFrom<typeof oneTimeCodeMachine>;

export type OneTimeCodeStepName = 'method' | 'code' | 'done' | 'cancelled';

/**
 * Which part of the step the screen shows: choosing (and sending to) a method, or entering the code. A code sent to
 * the journey's own method shows the code form at once, as it goes out.
 */
export function selectOneTimeCodeStep(snapshot: OneTimeCodeSnapshot): OneTimeCodeStepName {
  if (snapshot.matches('sendingCode')) return snapshot.context.fixed ? 'code' : 'method';
  if (snapshot.matches('choosingMethod')) return 'method';
  if (snapshot.matches('awaitingCode') || snapshot.matches('resendingCode')) return 'code';
  if (snapshot.matches('done')) return 'done';
  return 'cancelled';
}

export const selectOneTimeCodeBusy = (snapshot: OneTimeCodeSnapshot): boolean => snapshot.hasTag('busy');
export const selectOneTimeCodeError = (snapshot: OneTimeCodeSnapshot): OneTimeCodeError | null =>
  snapshot.context.error;
export const selectCodeMethods = (snapshot: OneTimeCodeSnapshot): CodeMethod[] => snapshot.context.methods;
export const selectCodeMethod = (snapshot: OneTimeCodeSnapshot): LoginMfaMethod | null =>
  snapshot.context.method;
/** The journey chose the method: no other method to change to. */
export const selectCodeMethodFixed = (snapshot: OneTimeCodeSnapshot): boolean => snapshot.context.fixed;
export const selectCodeDestination = (snapshot: OneTimeCodeSnapshot): string | null =>
  snapshot.context.destination;
export const selectCodeResendIn = (snapshot: OneTimeCodeSnapshot): number => snapshot.context.resendIn;
export const selectCodeAttemptsLeft = (snapshot: OneTimeCodeSnapshot): number | null =>
  snapshot.context.attemptsLeft;
export const selectCodeRetryAfter = (snapshot: OneTimeCodeSnapshot): number | null =>
  snapshot.context.retryAfter;
export const selectCodeCanResend = (snapshot: OneTimeCodeSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { resend: 'ready' } });
export const selectCodeIsDead = (snapshot: OneTimeCodeSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { code: 'dead' } });
/** A code is on its way: a resend, or the first code to the journey's own method (shown on the code form). */
export const selectCodeResending = (snapshot: OneTimeCodeSnapshot): boolean =>
  snapshot.matches('resendingCode') || (snapshot.context.fixed && snapshot.matches('sendingCode'));
export const selectCodeVerifying = (snapshot: OneTimeCodeSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { code: 'verifying' } });
export const selectCodeCanCancel = (snapshot: OneTimeCodeSnapshot): boolean =>
  snapshot.can({ type: 'code.cancel' });
