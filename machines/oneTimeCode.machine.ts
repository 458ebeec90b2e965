import { assign, enqueueActions, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { LoginMfaMethod, SessionResponse } from '../schemas/auth.schema';
import { authDefaults, signInLimits } from '../schemas/authLimits';
import type { AcceptInvitationBody, AcceptInvitationResponse } from '../schemas/employees.schema';
import type { ErrorCode } from '../schemas/error.schema';
import type { RegistrationState } from '../schemas/registration.schema';
import type { StepUpMethod, StepUpPurpose, StepUpStartResponse } from '../schemas/stepUp.schema';
import { failureCode, knownErrors, toApiFailure, type ApiFailure } from './apiFailure';
import { count, duration } from './ruleWords';

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
  const fallback = authDefaults.otpResendCooldownSeconds;
  return failure.kind === 'http' ? (failure.retryAfterSeconds ?? fallback) : fallback;
}

// The server's defaults (schemas/authLimits.ts), for the descriptions.
const codeLife = `${duration(authDefaults.otpTtlSeconds * 1000)} by default (setting OTP_TTL_SECONDS)`;
const cooldown = duration(authDefaults.otpResendCooldownSeconds * 1000);
const tries = count(authDefaults.otpMaxAttempts, 'wrong try', 'wrong tries');
const wrongCodes = count(authDefaults.otpMaxAttempts, 'wrong code');

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
      description:
        '"Confirm it is you": where the code should go, email or SMS (the address masked) or the authenticator ' +
        'app. A journey that knows the method (registration, invitation) sends at once.',
      entry: 'sendAtOnce',
      on: {
        'method.selected': {
          target: 'sendingCode',
          description: "The user picks a method, or the journey's own method is taken at once.",
          actions: ['clearError', assign({ method: ({ event }) => event.method, sendAtOnce: null })],
        },
        'code.cancel': { target: 'cancelled', description: 'The user gives up before a code is sent.' },
      },
    },
    sendingCode: {
      description:
        'The server issues a new code for this one action, replacing any earlier one, stores only its keyed hash ' +
        `and queues the email or SMS; the code works for ${codeLife}. For the authenticator app nothing is sent: ` +
        "the app's own code will be checked.",
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ ...context.request, method: context.method ?? 'email' }),
        onDone: {
          target: 'awaitingCode',
          description: 'Sent: the code form, saying where the code went.',
          actions: { type: 'recordSent', params: ({ event }) => ({ sent: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            description:
              'The request itself is refused (the sign-in took too long, the registration or invitation is gone, ' +
              'the phone is refused): the journey handles it.',
            actions: { type: 'recordRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            // A code went out moments ago (a reload, a second tab): it still works; a new one after the wait.
            guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
            target: 'awaitingCode',
            description:
              `A code for this action went out less than ${cooldown} ago (a reload, a second tab): it still ` +
              'works, so the code form shows, saying where it went, with the wait the server gave before another.',
            actions: assign({
              resendIn: ({ event }) => retryAfterOf(event.error),
              // The code went where the journey sends it: the form says so as after a send ("We sent a code to …").
              destination: ({ context }) =>
                context.methods.find((option) => option.method === context.method)?.destination ??
                context.destination,
            }),
          },
          {
            target: 'choosingMethod',
            description:
              'Not sent (too many requests, the method is not available, no connection): back to the choice ' +
              'with the reason.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    awaitingCode: {
      description:
        `The code form. A code works for ${codeLife} and takes ${tries}; side by side, a new code may be asked ` +
        'for once the cooldown the server gave has passed. Checking a code does not restart the cooldown.',
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
          description: 'Typing the code and having it checked.',
          initial: 'entering',
          states: {
            entering: {
              description: `The code field; after a wrong code it says how many of the ${tries} are left.`,
              on: {
                'otp.submit': {
                  target: 'verifying',
                  actions: 'clearError',
                  description: 'The user sends the code.',
                },
                'method.change': {
                  target: '#oneTimeCode.choosingMethod',
                  actions: 'clearError',
                  description:
                    '"Use another method": back to the choice. The code sent stays valid until a new one replaces it.',
                },
              },
            },
            verifying: {
              description:
                'The server checks the code for this action only. A wrong code is counted (and committed) although ' +
                `the answer is an error; after ${wrongCodes} the code is dead, so even the right code fails ` +
                'after them. A right code is spent at once: it works once.',
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
                  description: 'The right code: what it grants goes to the journey.',
                  actions: ['clearError', assign({ grant: ({ event }) => event.output })],
                },
                onError: [
                  {
                    guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
                    target: '#oneTimeCode.refused',
                    description:
                      'The request itself is refused (the sign-in ticket expired, the registration or invitation is ' +
                      'gone, the phone or password refused): the journey handles it.',
                    actions: { type: 'recordRefusal', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    guard: { type: 'isCodeDead', params: ({ event }) => ({ error: event.error }) },
                    target: 'dead',
                    description:
                      `The code has had ${wrongCodes}, or it is older than ` +
                      `${duration(authDefaults.otpTtlSeconds * 1000)}: this code is dead.`,
                    actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    target: 'entering',
                    description:
                      'A wrong code (the tries left are shown), too many requests (with the wait), or no connection: ' +
                      'type it again.',
                    actions: [
                      { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                      assign({ attemptsLeft: ({ event }) => attemptsLeftOf(event.error) }),
                    ],
                  },
                ],
              },
            },
            dead: {
              description: `${wrongCodes} on this code, or it expired: it no longer works, only a new code helps.`,
              on: {
                'method.change': {
                  target: '#oneTimeCode.choosingMethod',
                  actions: 'clearError',
                  description: '"Get a new code": back to the choice of method.',
                },
              },
            },
          },
        },
        resend: {
          description: 'When another code may be sent.',
          initial: 'coolingDown',
          states: {
            coolingDown: {
              description:
                `The wait the server gave before another code: ${cooldown} by default (setting ` +
                'OTP_RESEND_COOLDOWN_SECONDS); none for the authenticator app, to which nothing is sent.',
              after: {
                resendCooldown: { target: 'ready', description: 'The wait is over: "Send again" appears.' },
              },
            },
            ready: {
              description:
                '"Send again" is offered. Resends have no fixed count: each waits the cooldown, a client may make ' +
                `${count(authDefaults.loginRateLimitPerMinute, 'request')} a minute to the code routes by default ` +
                '(setting LOGIN_RATE_LIMIT_PER_MINUTE), and sign-in codes pause after ' +
                `${count(signInLimits.codeFailuresPerAccount, 'wrong code')} in ` +
                `${duration(signInLimits.codeFailureWindowSeconds * 1000)}.`,
              on: {
                'otp.resend': {
                  guard: notVerifying,
                  target: '#oneTimeCode.resendingCode',
                  actions: 'clearError',
                  description:
                    '"Send again", not while a code is being checked: a new code replaces the old one.',
                },
              },
            },
          },
        },
      },
    },
    resendingCode: {
      description:
        'A new code is issued and sent to the same place; the earlier one stops working and the new one starts ' +
        'its own tries and expiry.',
      tags: ['busy'],
      invoke: {
        id: 'resendCode',
        src: 'sendCode',
        input: ({ context }) => ({ ...context.request, method: context.method ?? 'email' }),
        onDone: {
          target: 'awaitingCode',
          description: 'Sent: the code form again, and the cooldown starts again.',
          actions: { type: 'recordSent', params: ({ event }) => ({ sent: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            description: 'The request itself is refused: the journey handles it.',
            actions: { type: 'recordRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
            target: 'awaitingCode',
            description:
              'Asked too early (another tab sent one): the code form, with the wait the server gave.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ resendIn: ({ event }) => retryAfterOf(event.error) }),
            ],
          },
          {
            target: 'awaitingCode',
            description: 'Not sent (too many requests, no connection): the code form with the reason.',
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
