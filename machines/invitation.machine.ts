import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { MfaMethod } from '../schemas/auth.schema';
import type {
  AcceptInvitationBody,
  AcceptInvitationResponse,
  InvitationPreview,
  InvitationState,
} from '../schemas/employees.schema';
import type { SendVerificationResponse } from '../schemas/registration.schema';
import { failureCode, toApiFailure } from './apiFailure';

/*
 * Accepting an employee invitation (issue 6; SPEC §2 /merchant-invitation/:key/accept then /invitation/success, §4
 * invitation states; schemas/employees.schema.ts). Public: the key in the link is the secret.
 *
 * opening (until the screen has read the key from the address) → loading (invitationByKey; an unknown key is
 * notFound, an accepted, cancelled or expired one (410, the state in `details.state`) is closed: said plainly, no
 * form) → details (first and last name, prefilled from the invitation) → choosingFactor: where sign-in codes go,
 * - email: the invited address (the link proved it) → choosingPassword;
 * - SMS: enteringPhone → sendingCode (invitationSendSms) → awaitingCode (the 6-digit code, with the resend cooldown in
 *   parallel) → choosingPassword;
 * → accepting (acceptInvitation with names, password, factor, and the phone and its code) → accepted (output: the
 * merchant and the role; the screen goes on to /invitation/success). The SMS code is checked by acceptInvitation: a
 * wrong one goes back to the code with the tries left, a spent or expired one waits for a new code. The password
 * travels in the submit event only; the machine never keeps it.
 */

export type InvitationError =
  | 'otp_invalid'
  | 'otp_exhausted'
  | 'otp_expired'
  | 'otp_cooldown'
  | 'validation_failed'
  | 'conflict'
  | 'rate_limited'
  | 'network'
  | 'unknown';

const knownErrors: ReadonlySet<string> = new Set<InvitationError>([
  'otp_invalid',
  'otp_exhausted',
  'otp_expired',
  'otp_cooldown',
  'validation_failed',
  'conflict',
  'rate_limited',
  'network',
]);

export function toInvitationError(error: unknown): InvitationError {
  const code = failureCode(error);
  return knownErrors.has(code) ? (code as InvitationError) : 'unknown';
}

/** Why an invitation can no longer be used (SPEC §4: pending, then accepted or cancelled; or past its expiry). */
export type ClosedState = Exclude<InvitationState, 'pending'>;

const closedStates: ReadonlySet<string> = new Set<ClosedState>(['accepted', 'cancelled', 'expired']);

/** The state a 410 names in `details.state`; an answer without one counts as expired. */
export function closedStateOf(error: unknown): ClosedState {
  const failure = toApiFailure(error);
  const state = failure.kind === 'http' ? failure.details?.['state'] : undefined;
  return typeof state === 'string' && closedStates.has(state) ? (state as ClosedState) : 'expired';
}

export type Names = { first_name: string; last_name: string };

export type InvitationKeyInput = { key: string };
export type InvitationSmsInput = { key: string; phone: string };
export type AcceptInput = { key: string; body: AcceptInvitationBody };

export type InvitationContext = {
  key: string;
  invitation: InvitationPreview | null;
  closedState: ClosedState | null;
  names: Names;
  method: MfaMethod | null;
  /** The mobile number as typed and normalised by the form (E.164). */
  phone: string;
  /** Where the last SMS code went, masked. */
  destination: string | null;
  /** The code typed for the phone; sent with the acceptance, which checks it. */
  code: string | null;
  /** Seconds until another code may be asked for, as the server last said. */
  resendIn: number;
  attemptsLeft: number | null;
  result: AcceptInvitationResponse | null;
  error: InvitationError | null;
  /** Which body fields the server refused (validation_failed), keyed by field. */
  fieldErrors: Record<string, string>;
};

export type InvitationEvent =
  /** Sent by the screen once it has read the key from the address. */
  | { type: 'invitation.opened'; key: string }
  | { type: 'load.retry' }
  | { type: 'details.submit'; names: Names }
  | { type: 'details.edit' }
  | { type: 'factor.chosen'; method: MfaMethod }
  | { type: 'factor.change' }
  | { type: 'phone.submit'; phone: string }
  | { type: 'phone.change' }
  | { type: 'otp.submit'; code: string }
  | { type: 'otp.resend' }
  | { type: 'password.submit'; password: string };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

function attemptsLeftOf(error: unknown): number | null {
  const failure = toApiFailure(error);
  const left = failure.kind === 'http' ? failure.details?.['attempts_left'] : undefined;
  return typeof left === 'number' ? left : null;
}

/** The acceptance body of what the invitee entered. */
export function acceptBodyOf(context: InvitationContext, password: string): AcceptInvitationBody {
  const base = { ...context.names, password };
  if (context.method !== 'sms') return { ...base, mfa_method: 'email' };
  return { ...base, mfa_method: 'sms', phone: context.phone, phone_code: context.code ?? '' };
}

const forgetCode = { code: null, destination: null, attemptsLeft: null } as const;

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    output: {} as AcceptInvitationResponse,
  },
  actors: {
    invitationByKey: fromPromise<InvitationPreview, InvitationKeyInput>(async () =>
      notProvided('invitationByKey'),
    ),
    invitationSendSms: fromPromise<SendVerificationResponse, InvitationSmsInput>(async () =>
      notProvided('invitationSendSms'),
    ),
    acceptInvitation: fromPromise<AcceptInvitationResponse, AcceptInput>(async () =>
      notProvided('acceptInvitation'),
    ),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toInvitationError(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error),
    }),
    clearError: assign({ error: null, fieldErrors: {}, attemptsLeft: null }),
    /** The invitation can no longer be used: which way it ended. */
    recordClosed: assign({ closedState: (_, params: { error: unknown }) => closedStateOf(params.error) }),
  },
  guards: {
    /** 410: accepted, cancelled or expired. */
    isClosed: (_, params: { error: unknown }) => {
      const failure = toApiFailure(params.error);
      return failure.kind === 'http' && failure.status === 410;
    },
    isNotFound: (_, params: { error: unknown }) => failureCode(params.error) === 'not_found',
    /** No invitation has this key, or it is not even shaped like one (a link cut short). */
    isUnknownKey: (_, params: { error: unknown }) => {
      const code = failureCode(params.error);
      return code === 'not_found' || code === 'validation_failed';
    },
    isCooldown: (_, params: { error: unknown }) => failureCode(params.error) === 'otp_cooldown',
    /** The SMS code sent with the acceptance was wrong (only the SMS factor has one). */
    isCodeWrong: ({ context }, params: { error: unknown }) =>
      context.method === 'sms' && failureCode(params.error) === 'otp_invalid',
    isCodeDead: ({ context }, params: { error: unknown }) => {
      const code = failureCode(params.error);
      return context.method === 'sms' && (code === 'otp_exhausted' || code === 'otp_expired');
    },
    wantsSms: ({ event }) => event.type === 'factor.chosen' && event.method === 'sms',
  },
  delays: {
    resendCooldown: ({ context }) => Math.max(1, context.resendIn) * 1000,
  },
}).createMachine({
  id: 'invitation',
  context: {
    key: '',
    invitation: null,
    closedState: null,
    names: { first_name: '', last_name: '' },
    method: null,
    phone: '',
    destination: null,
    code: null,
    resendIn: 0,
    attemptsLeft: null,
    result: null,
    error: null,
    fieldErrors: {},
  },
  initial: 'opening',
  states: {
    /** Until the screen has read the key. */
    opening: {
      on: {
        'invitation.opened': { target: 'loading', actions: assign({ key: ({ event }) => event.key }) },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'invitationByKey',
        src: 'invitationByKey',
        input: ({ context }) => ({ key: context.key }),
        onDone: {
          target: 'details',
          actions: assign({
            invitation: ({ event }) => event.output,
            names: ({ event }) => ({
              first_name: event.output.first_name,
              last_name: event.output.last_name,
            }),
          }),
        },
        onError: [
          {
            guard: { type: 'isClosed', params: ({ event }) => ({ error: event.error }) },
            target: 'closed',
            actions: { type: 'recordClosed', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isUnknownKey', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            target: 'loadFailed',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    loadFailed: {
      on: { 'load.retry': { target: 'loading', actions: 'clearError' } },
    },
    /** No invitation has this key (a mistyped or cut-off link). */
    notFound: {},
    /** Accepted, cancelled or expired (`closedState`): said plainly, with no form. */
    closed: {},
    /** Who is invited where, as what; first and last name, prefilled from the invitation. */
    details: {
      on: {
        'details.submit': {
          target: 'choosingFactor',
          actions: ['clearError', assign({ names: ({ event }) => event.names })],
        },
      },
    },
    /** Where sign-in codes go: the invited email, or a mobile phone proven by a code. */
    choosingFactor: {
      on: {
        'factor.chosen': [
          {
            guard: 'wantsSms',
            target: 'enteringPhone',
            actions: ['clearError', assign({ method: 'sms' as const })],
          },
          {
            target: 'choosingPassword',
            actions: ['clearError', assign({ method: 'email' as const, phone: '', ...forgetCode })],
          },
        ],
        'details.edit': { target: 'details', actions: 'clearError' },
      },
    },
    enteringPhone: {
      on: {
        'phone.submit': {
          target: 'sendingCode',
          actions: ['clearError', assign({ phone: ({ event }) => event.phone, ...forgetCode })],
        },
        'factor.change': { target: 'choosingFactor', actions: 'clearError' },
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'invitationSendSms',
        src: 'invitationSendSms',
        input: ({ context }) => ({ key: context.key, phone: context.phone }),
        onDone: {
          target: 'awaitingCode',
          actions: assign({
            destination: ({ event }) => event.output.destination,
            resendIn: ({ event }) => event.output.resend_in,
          }),
        },
        onError: [
          {
            guard: { type: 'isClosed', params: ({ event }) => ({ error: event.error }) },
            target: 'closed',
            actions: { type: 'recordClosed', params: ({ event }) => ({ error: event.error }) },
          },
          {
            // A code went to this phone moments ago: it still works; a new one after the wait.
            guard: { type: 'isCooldown', params: ({ event }) => ({ error: event.error }) },
            target: 'awaitingCode',
            actions: assign({
              resendIn: ({ event }) => {
                const failure = toApiFailure(event.error);
                return failure.kind === 'http' ? (failure.retryAfterSeconds ?? 30) : 30;
              },
            }),
          },
          {
            // Not a mobile number, too many tries, no answer: the phone step says why.
            target: 'enteringPhone',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The code sent by SMS, with the resend cooldown in parallel. */
    awaitingCode: {
      type: 'parallel',
      on: {
        'phone.change': { target: 'enteringPhone', actions: ['clearError', assign(forgetCode)] },
      },
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                'otp.submit': {
                  target: '#invitation.choosingPassword',
                  actions: ['clearError', assign({ code: ({ event }) => event.code })],
                },
              },
            },
            /** Too many wrong tries, or expired: only a new code helps. */
            dead: {},
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: {
              after: { resendCooldown: 'ready' },
            },
            ready: {
              on: {
                // The code step stays on screen while the new code is sent.
                'otp.resend': {
                  target: '#invitation.sendingCode',
                  actions: ['clearError', assign({ code: null })],
                },
              },
            },
          },
        },
      },
    },
    /** The new password (SPEC §5 policy), then the acceptance. */
    choosingPassword: {
      on: {
        'password.submit': { target: 'accepting', actions: 'clearError' },
        'factor.change': { target: 'choosingFactor', actions: ['clearError', assign(forgetCode)] },
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context, event }) => {
          if (event.type !== 'password.submit') throw new Error(`unexpected ${event.type}`);
          return { key: context.key, body: acceptBodyOf(context, event.password) };
        },
        onDone: { target: 'accepted', actions: assign({ result: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isClosed', params: ({ event }) => ({ error: event.error }) },
            target: 'closed',
            actions: { type: 'recordClosed', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            // The SMS code was wrong: type it again (the server said how many tries are left); a new one may be
            // asked for at once.
            guard: { type: 'isCodeWrong', params: ({ event }) => ({ error: event.error }) },
            target: 'awaitingCode',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({
                attemptsLeft: ({ event }) => attemptsLeftOf(event.error),
                code: null,
                resendIn: 0,
              }),
            ],
          },
          {
            guard: { type: 'isCodeDead', params: ({ event }) => ({ error: event.error }) },
            target: '#invitation.awaitingCode.code.dead',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ code: null, resendIn: 0 }),
            ],
          },
          {
            // The password refused, the address taken meanwhile, no answer: the password step says why.
            target: 'choosingPassword',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** Joined: the screen goes on to /invitation/success. */
    accepted: { type: 'final' },
  },
  output: ({ context }) => {
    if (!context.result) throw new Error('accepted without a result');
    return context.result;
  },
});

export type InvitationSnapshot = SnapshotFrom<typeof invitationMachine>;

export type InvitationStep =
  | 'loading'
  | 'loadFailed'
  | 'notFound'
  | 'closed'
  | 'details'
  | 'factor'
  | 'phone'
  | 'code'
  | 'password'
  | 'done';

/** Which step the screen shows; screens use this instead of state names. */
export function selectInvitationStep(snapshot: InvitationSnapshot): InvitationStep {
  if (snapshot.matches('opening') || snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('notFound')) return 'notFound';
  if (snapshot.matches('closed')) return 'closed';
  if (snapshot.matches('details')) return 'details';
  if (snapshot.matches('choosingFactor')) return 'factor';
  if (snapshot.matches('enteringPhone')) return 'phone';
  // The phone step stays on screen (greyed out) while its code is being sent.
  if (snapshot.matches('sendingCode')) return snapshot.context.destination === null ? 'phone' : 'code';
  if (snapshot.matches('awaitingCode')) return 'code';
  if (snapshot.matches('choosingPassword') || snapshot.matches('accepting')) return 'password';
  return 'done';
}

export const selectInvitationBusy = (snapshot: InvitationSnapshot): boolean => snapshot.hasTag('busy');
export const selectInvitationError = (snapshot: InvitationSnapshot): InvitationError | null =>
  snapshot.context.error;
export const selectInvitationFieldErrors = (snapshot: InvitationSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
export const selectInvitation = (snapshot: InvitationSnapshot): InvitationPreview | null =>
  snapshot.context.invitation;
export const selectClosedState = (snapshot: InvitationSnapshot): ClosedState | null =>
  snapshot.context.closedState;
export const selectInvitationNames = (snapshot: InvitationSnapshot): Names => snapshot.context.names;
export const selectInvitationMethod = (snapshot: InvitationSnapshot): MfaMethod | null =>
  snapshot.context.method;
export const selectInvitationPhone = (snapshot: InvitationSnapshot): string => snapshot.context.phone;
export const selectCodeDestination = (snapshot: InvitationSnapshot): string | null =>
  snapshot.context.destination;
export const selectResendIn = (snapshot: InvitationSnapshot): number => snapshot.context.resendIn;
export const selectAttemptsLeft = (snapshot: InvitationSnapshot): number | null =>
  snapshot.context.attemptsLeft;
export const selectSendingCode = (snapshot: InvitationSnapshot): boolean => snapshot.matches('sendingCode');
export const selectCanResend = (snapshot: InvitationSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { resend: 'ready' } });
export const selectCodeDead = (snapshot: InvitationSnapshot): boolean =>
  snapshot.matches({ awaitingCode: { code: 'dead' } });
export const selectAccepting = (snapshot: InvitationSnapshot): boolean => snapshot.matches('accepting');
export const selectAcceptResult = (snapshot: InvitationSnapshot): AcceptInvitationResponse | null =>
  snapshot.context.result;
