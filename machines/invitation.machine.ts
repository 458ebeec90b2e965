import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { MfaMethod } from '../schemas/auth.schema';
import { authDefaults } from '../schemas/authLimits';
import {
  invitationTtlHours,
  type AcceptInvitationBody,
  type AcceptInvitationResponse,
  type InvitationPreview,
  type InvitationState,
} from '../schemas/employees.schema';
import { passwordPolicy } from '../schemas/password.schema';
import { failureCode, knownErrors, toApiFailure, type ApiFailure } from './apiFailure';
import { oneTimeCodeMachine, refusalOf, type OneTimeCodeOutput } from './oneTimeCode.machine';
import { count, duration } from './ruleWords';

/*
 * Accepting an employee invitation (SPEC §2 /merchant-invitation/:key/accept then /invitation/success, §4 invitation
 * states; schemas/employees.schema.ts). Public: the key in the link is the secret.
 *
 * opening (until the screen has read the key from the address) → loading (invitationByKey; an unknown key is
 * notFound, an accepted, cancelled or expired one (410 invitation_unavailable, the state in `details.state`) is
 * closed: said plainly, no form) → details (first and last name, prefilled from the invitation) → choosingFactor:
 * where sign-in codes go → choosingPassword (SPEC §5 policy), then
 * - email (the invited address: the link proved it): accepting (acceptInvitation) → accepted;
 * - SMS: enteringPhone → confirmingPhone: the oneTimeCode child sends the code to the phone at once, and its check IS
 *   the acceptance (names, password, phone and the code in one acceptInvitation): a wrong code is typed again on the
 *   spot with the tries left, a spent or expired one needs a new code, and the code cannot run out while a password
 *   is chosen → accepted.
 * accepted: output the merchant and the role; the screen goes on to /invitation/success. The password waits in memory
 * between its step and the acceptance (for the SMS factor, until the code is typed); it is never stored.
 */

/** Why the last call failed; the screen turns it into a translated message. The code's own failures are the child's. */
export const toInvitationError = knownErrors(['validation_failed', 'conflict', 'rate_limited', 'network']);
export type InvitationError = ReturnType<typeof toInvitationError>;

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
export type AcceptInput = { key: string; body: AcceptInvitationBody };

export type InvitationContext = {
  key: string;
  invitation: InvitationPreview | null;
  closedState: ClosedState | null;
  names: Names;
  method: MfaMethod | null;
  /** The mobile number as typed and normalised by the form (E.164). */
  phone: string;
  /** The new password, from its step until the acceptance uses it (never stored). */
  password: string | null;
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
  | { type: 'password.submit'; password: string }
  | { type: 'phone.submit'; phone: string };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

/** The acceptance body of what the invitee entered; for the SMS factor the code step adds the code. */
export function acceptBodyOf(context: InvitationContext, password: string): AcceptInvitationBody {
  const base = { ...context.names, password };
  if (context.method !== 'sms') return { ...base, mfa_method: 'email' };
  return { ...base, mfa_method: 'sms', phone: context.phone };
}

// Rules for the descriptions, from the constants the server uses.
const keyLife = duration(invitationTtlHours * 3_600_000);
const passwordRules =
  `${passwordPolicy.minLength} to ${passwordPolicy.maxLength} characters, not one of the most common passwords, ` +
  'not containing the name part of the invited email';
const codeRules =
  `The code works for ${duration(authDefaults.otpTtlSeconds * 1000)} by default and takes ` +
  `${count(authDefaults.otpMaxAttempts, 'wrong try', 'wrong tries')}.`;

const isClosedFailure = (failure: ApiFailure | null): boolean =>
  failure !== null && failure.kind === 'http' && failure.status === 410;

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    output: {} as AcceptInvitationResponse,
    children: {} as { oneTimeCode: 'oneTimeCode' },
  },
  actors: {
    invitationByKey: fromPromise<InvitationPreview, InvitationKeyInput>(async () =>
      notProvided('invitationByKey'),
    ),
    acceptInvitation: fromPromise<AcceptInvitationResponse, AcceptInput>(async () =>
      notProvided('acceptInvitation'),
    ),
    oneTimeCode: oneTimeCodeMachine,
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toInvitationError(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error),
    }),
    /** The code step ended without joining: the refusal's reason and fields, or nothing when the user chose to. */
    recordOutcome: assign({
      error: (_, params: { output: OneTimeCodeOutput }) => {
        const refusal = refusalOf(params.output);
        return refusal ? toInvitationError(refusal) : null;
      },
      fieldErrors: (_, params: { output: OneTimeCodeOutput }) => fieldsOf(refusalOf(params.output)),
    }),
    clearError: assign({ error: null, fieldErrors: {} }),
    /** The invitation can no longer be used: which way it ended. */
    recordClosed: assign({ closedState: (_, params: { error: unknown }) => closedStateOf(params.error) }),
    forgetPassword: assign({ password: null }),
  },
  guards: {
    /** 410: accepted, cancelled or expired. */
    isClosed: (_, params: { error: unknown }) => isClosedFailure(toApiFailure(params.error)),
    isNotFound: (_, params: { error: unknown }) => failureCode(params.error) === 'not_found',
    /** No invitation has this key, or it is not even shaped like one (a link cut short). */
    isUnknownKey: (_, params: { error: unknown }) => {
      const code = failureCode(params.error);
      return code === 'not_found' || code === 'validation_failed';
    },
    wantsSms: ({ context }) => context.method === 'sms',
    joined: (_, params: { output: OneTimeCodeOutput }) => params.output !== null && 'joined' in params.output,
    closedMeanwhile: (_, params: { output: OneTimeCodeOutput }) => isClosedFailure(refusalOf(params.output)),
    goneMeanwhile: (_, params: { output: OneTimeCodeOutput }) => {
      const refusal = refusalOf(params.output);
      return refusal !== null && failureCode(refusal) === 'not_found';
    },
    /** "Change number", or the phone itself refused (not a mobile number, taken): back to the phone. */
    backToPhone: (_, params: { output: OneTimeCodeOutput }) => {
      const refusal = refusalOf(params.output);
      return refusal === null || fieldsOf(refusal)['phone'] !== undefined;
    },
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
    password: null,
    result: null,
    error: null,
    fieldErrors: {},
  },
  initial: 'opening',
  states: {
    opening: {
      description: 'Until the screen has read the key from the link.',
      on: {
        'invitation.opened': {
          target: 'loading',
          actions: assign({ key: ({ event }) => event.key }),
          description: 'The key is read: look the invitation up.',
        },
      },
    },
    loading: {
      description:
        `The server looks the invitation up by its key (only a hash of it is stored). A key works once, for ` +
        `${keyLife} after the invitation was sent.`,
      tags: ['busy'],
      invoke: {
        id: 'invitationByKey',
        src: 'invitationByKey',
        input: ({ context }) => ({ key: context.key }),
        onDone: {
          target: 'details',
          description: 'A pending invitation: who invites, to which business, as what.',
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
            description: `Accepted already, cancelled by the owner, or older than ${keyLife}.`,
            actions: { type: 'recordClosed', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isUnknownKey', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            description: 'No invitation has this key, or the link was cut short.',
          },
          {
            target: 'loadFailed',
            description: 'No answer: "Try again".',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The invitation could not be read: "Try again".',
      on: { 'load.retry': { target: 'loading', actions: 'clearError', description: '"Try again".' } },
    },
    notFound: { description: 'No invitation has this key (a mistyped or cut-off link).' },
    closed: { description: 'Accepted, cancelled or expired (`closedState`): said plainly, with no form.' },
    details: {
      description: 'Who is invited where, as what; first and last name, prefilled from the invitation.',
      on: {
        'details.submit': {
          target: 'choosingFactor',
          description: '"Continue" with the names.',
          actions: ['clearError', assign({ names: ({ event }) => event.names })],
        },
      },
    },
    choosingFactor: {
      description: 'Where sign-in codes go: the invited email, or a mobile phone proven by a code.',
      on: {
        'factor.chosen': {
          target: 'choosingPassword',
          actions: ['clearError', assign({ method: ({ event }) => event.method })],
          description: 'Email or SMS chosen: the password next.',
        },
        'details.edit': { target: 'details', actions: 'clearError', description: '"Back" to the names.' },
      },
    },
    choosingPassword: {
      description:
        `The new password (${passwordRules}); with email codes it accepts at once, with SMS the phone next. ` +
        'The password waits in memory only until the acceptance uses it; it is never stored as typed.',
      on: {
        'password.submit': [
          {
            guard: 'wantsSms',
            target: 'enteringPhone',
            actions: ['clearError', assign({ password: ({ event }) => event.password })],
            description: 'SMS codes: the mobile number next.',
          },
          { target: 'accepting', actions: 'clearError', description: 'Email codes: accept now.' },
        ],
        'factor.change': {
          target: 'choosingFactor',
          actions: ['clearError', 'forgetPassword'],
          description: '"Back" to the choice of codes; the password is forgotten.',
        },
      },
    },
    accepting: {
      description:
        "The server checks the password, then in one transaction, under the invitation's lock so two accepts " +
        'cannot both succeed: the invitation is still pending and unexpired, the address is free; it creates the ' +
        'employee with the invited email, role and access level, marks the invitation accepted, records ' +
        'invitation_accepted in the sign-in audit, and tells the owners and the inviter. The employee then signs in.',
      tags: ['busy'],
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context, event }) => {
          if (event.type !== 'password.submit') throw new Error(`unexpected ${event.type}`);
          return { key: context.key, body: acceptBodyOf(context, event.password) };
        },
        onDone: {
          target: 'accepted',
          actions: assign({ result: ({ event }) => event.output }),
          description: 'Joined.',
        },
        onError: [
          {
            guard: { type: 'isClosed', params: ({ event }) => ({ error: event.error }) },
            target: 'closed',
            description: 'The invitation was accepted, cancelled or expired meanwhile.',
            actions: { type: 'recordClosed', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            description: 'The invitation is gone.',
          },
          {
            target: 'choosingPassword',
            description:
              'The password refused, the address taken meanwhile, too many requests or no answer: the password ' +
              'step says why.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    enteringPhone: {
      description: 'The mobile number for sign-in codes by SMS.',
      on: {
        'phone.submit': {
          target: 'confirmingPhone',
          actions: ['clearError', assign({ phone: ({ event }) => event.phone })],
          description: '"Send code" to this number.',
        },
        'factor.change': {
          target: 'choosingFactor',
          actions: ['clearError', 'forgetPassword'],
          description: '"Back" to the choice of codes; the password is forgotten.',
        },
      },
    },
    confirmingPhone: {
      description:
        'The oneTimeCode child sends the code to the phone at once; its check is the acceptance itself (a wrong ' +
        'code is counted and nothing is created). A refused phone, or "Change number", goes back to the phone; a ' +
        `refused password or address to the password. ${codeRules}`,
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({
          purpose: 'invitation' as const,
          key: context.key,
          body: { ...acceptBodyOf(context, context.password ?? ''), phone: context.phone },
          methods: [{ method: 'sms' as const, destination: context.phone }],
          chosen: 'sms' as const,
        }),
        onDone: [
          {
            guard: { type: 'joined', params: ({ event }) => ({ output: event.output }) },
            target: 'accepted',
            description:
              'The right code: joined, the phone stored as proven, recorded as invitation_accepted.',
            actions: [
              assign({
                result: ({ event }) =>
                  event.output !== null && 'joined' in event.output ? event.output.joined : null,
              }),
              'forgetPassword',
            ],
          },
          {
            guard: { type: 'closedMeanwhile', params: ({ event }) => ({ output: event.output }) },
            target: 'closed',
            description: 'The invitation was accepted, cancelled or expired meanwhile.',
            actions: [
              {
                type: 'recordClosed',
                params: ({ event }) => ({ error: refusalOf(event.output) }),
              },
              'forgetPassword',
            ],
          },
          {
            guard: { type: 'goneMeanwhile', params: ({ event }) => ({ output: event.output }) },
            target: 'notFound',
            description: 'The invitation is gone.',
            actions: 'forgetPassword',
          },
          {
            guard: { type: 'backToPhone', params: ({ event }) => ({ output: event.output }) },
            target: 'enteringPhone',
            description:
              '"Change number", or the number refused (not a mobile number, taken): the phone again.',
            actions: { type: 'recordOutcome', params: ({ event }) => ({ output: event.output }) },
          },
          {
            target: 'choosingPassword',
            description: 'The password or the address refused: the password step says why.',
            actions: [
              { type: 'recordOutcome', params: ({ event }) => ({ output: event.output }) },
              'forgetPassword',
            ],
          },
        ],
      },
    },
    accepted: {
      type: 'final',
      description: 'Joined: the screen goes on to /invitation/success; the employee signs in at /login.',
    },
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
  if (snapshot.matches('confirmingPhone')) return 'code';
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
export const selectAccepting = (snapshot: InvitationSnapshot): boolean => snapshot.matches('accepting');
export const selectAcceptResult = (snapshot: InvitationSnapshot): AcceptInvitationResponse | null =>
  snapshot.context.result;
/** The running oneTimeCode child while the phone is proven (and the invitation accepted with its code). */
export const selectInvitationCodeActor = (snapshot: InvitationSnapshot) => snapshot.children.oneTimeCode;
