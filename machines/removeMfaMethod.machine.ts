import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LoginMfaMethod } from '../schemas/auth.schema';
import type { SecuritySettings } from '../schemas/settings.schema';
import type { StepUpMethod, StepUpPurpose } from '../schemas/stepUp.schema';
import { failureCode, knownErrors } from './apiFailure';
import { oneTimeCodeMachine, stepUpTokenOf, type OneTimeCodeOutput } from './oneTimeCode.machine';

/*
 * Removing a second-factor method (SPEC §2 /settings/security): fewer ways to confirm is a change to how the
 * account is protected, so, as adding an authenticator app, it needs a fresh one-time code (purpose mfa_change).
 *
 * confirming ("Remove …?": remove.confirm or remove.cancel) → loading (loadStepUpMethods) → confirmingCode (the
 * oneTimeCode child; cancelled ends the journey) → removing (removeMfaMethod with the grant) → removed, output the
 * user's methods. An expired grant asks for a new code; the last method (409 last_mfa_method) or any other failure
 * is `failed`, where the user may try again or close.
 */

export const toRemoveMfaMethodError = knownErrors(['last_mfa_method', 'step_up_required', 'network']);
export type RemoveMfaMethodError = ReturnType<typeof toRemoveMfaMethodError>;

export type RemoveMfaMethodInput = { method: LoginMfaMethod; stepUpToken: string };

export type RemoveMfaMethodContext = {
  method: LoginMfaMethod;
  methods: StepUpMethod[];
  stepUpToken: string | null;
  error: RemoveMfaMethodError | null;
  settings: SecuritySettings | null;
};

export type RemoveMfaMethodEvent = { type: 'remove.confirm' } | { type: 'remove.cancel' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

const purpose: StepUpPurpose = 'mfa_change';

export const removeMfaMethodMachine = setup({
  types: {
    context: {} as RemoveMfaMethodContext,
    events: {} as RemoveMfaMethodEvent,
    input: {} as { method: LoginMfaMethod },
    output: {} as SecuritySettings | null,
    children: {} as { oneTimeCode: 'oneTimeCode' },
  },
  actors: {
    loadStepUpMethods: fromPromise<StepUpMethod[], void>(async () => notProvided('loadStepUpMethods')),
    oneTimeCode: oneTimeCodeMachine,
    removeMfaMethod: fromPromise<SecuritySettings, RemoveMfaMethodInput>(async () =>
      notProvided('removeMfaMethod'),
    ),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toRemoveMfaMethodError(params.error),
    }),
    clearError: assign({ error: null }),
  },
  guards: {
    gotGrant: (_, params: { output: OneTimeCodeOutput }) => stepUpTokenOf(params.output) !== null,
    isStepUpRequired: (_, params: { error: unknown }) => failureCode(params.error) === 'step_up_required',
  },
}).createMachine({
  id: 'removeMfaMethod',
  context: ({ input }) => ({
    method: input.method,
    methods: [],
    stepUpToken: null,
    error: null,
    settings: null,
  }),
  initial: 'confirming',
  output: ({ context }) => context.settings,
  states: {
    /** "Remove the authenticator app?" with what it means. */
    confirming: {
      on: {
        'remove.confirm': { target: 'loading', actions: 'clearError' },
        'remove.cancel': 'cancelled',
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStepUpMethods',
        src: 'loadStepUpMethods',
        onDone: { target: 'confirmingCode', actions: assign({ methods: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The oneTimeCode child: a fresh code for this change; cancelled, nothing is removed. */
    confirmingCode: {
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({ purpose, methods: context.methods }),
        onDone: [
          {
            guard: { type: 'gotGrant', params: ({ event }) => ({ output: event.output }) },
            target: 'removing',
            actions: assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) }),
          },
          { target: 'cancelled' },
        ],
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removeMfaMethod',
        src: 'removeMfaMethod',
        input: ({ context }) => ({ method: context.method, stepUpToken: context.stepUpToken ?? '' }),
        onDone: {
          target: 'removed',
          actions: assign({ settings: ({ event }) => event.output, stepUpToken: null }),
        },
        onError: [
          {
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'confirmingCode',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
          {
            target: 'failed',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
        ],
      },
    },
    /** Nothing was removed: "Try again" starts over at the code, "Close" ends. */
    failed: {
      on: {
        'remove.confirm': { target: 'loading', actions: 'clearError' },
        'remove.cancel': 'cancelled',
      },
    },
    removed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type RemoveMfaMethodSnapshot = SnapshotFrom<typeof removeMfaMethodMachine>;

export type RemoveMfaMethodStep = 'confirm' | 'loading' | 'code' | 'failed' | 'removed' | 'cancelled';

export function selectRemoveMfaMethodStep(snapshot: RemoveMfaMethodSnapshot): RemoveMfaMethodStep {
  if (snapshot.matches('confirming')) return 'confirm';
  if (snapshot.matches('loading') || snapshot.matches('removing')) return 'loading';
  if (snapshot.matches('confirmingCode')) return 'code';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('removed')) return 'removed';
  return 'cancelled';
}

export const selectRemoveMfaMethodError = (snapshot: RemoveMfaMethodSnapshot): RemoveMfaMethodError | null =>
  snapshot.context.error;
export const selectRemovedMethod = (snapshot: RemoveMfaMethodSnapshot): LoginMfaMethod =>
  snapshot.context.method;
export const selectRemoveMfaMethodCodeActor = (snapshot: RemoveMfaMethodSnapshot) =>
  snapshot.children.oneTimeCode;
