import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LoginMfaMethod } from '../schemas/auth.schema';
import { authDefaults } from '../schemas/authLimits';
import type { SecuritySettings } from '../schemas/settings.schema';
import type { StepUpMethod, StepUpPurpose } from '../schemas/stepUp.schema';
import { failureCode, knownErrors } from './apiFailure';
import { oneTimeCodeMachine, stepUpTokenOf, type OneTimeCodeOutput } from './oneTimeCode.machine';
import { duration } from './ruleWords';

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

const grantLife = `${duration(authDefaults.stepUpGrantTtlSeconds * 1000)} by default (setting STEP_UP_GRANT_TTL_SECONDS)`;

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
    confirming: {
      description:
        '"Remove the authenticator app?" (or email, or SMS) with what it means: one way fewer to confirm it is you. ' +
        'The last method cannot be removed.',
      on: {
        'remove.confirm': {
          target: 'loading',
          actions: 'clearError',
          description: '"Remove": a fresh code first.',
        },
        'remove.cancel': { target: 'cancelled', description: '"Cancel": nothing changes.' },
      },
    },
    loading: {
      description: 'Where a code can go for this user.',
      tags: ['busy'],
      invoke: {
        id: 'loadStepUpMethods',
        src: 'loadStepUpMethods',
        onDone: {
          target: 'confirmingCode',
          actions: assign({ methods: ({ event }) => event.output }),
          description: 'Loaded: the code.',
        },
        onError: {
          target: 'failed',
          description: 'No answer: nothing was removed.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingCode: {
      description:
        'The oneTimeCode child (purpose mfa_change): fewer ways to confirm changes how the account is protected, ' +
        'so it needs a fresh code; cancelled, nothing is removed.',
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({ purpose, methods: context.methods }),
        onDone: [
          {
            guard: { type: 'gotGrant', params: ({ event }) => ({ output: event.output }) },
            target: 'removing',
            description: `The right code: a single-use grant for this change, good for ${grantLife}.`,
            actions: assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) }),
          },
          { target: 'cancelled', description: 'Cancelled: nothing is removed.' },
        ],
      },
    },
    removing: {
      description:
        'In one transaction the server checks this is not the last method, spends the grant and turns the method ' +
        'off (for the app, its secret is deleted); when it was the default, the next one becomes the default. A ' +
        'refused removal keeps the grant.',
      tags: ['busy'],
      invoke: {
        id: 'removeMfaMethod',
        src: 'removeMfaMethod',
        input: ({ context }) => ({ method: context.method, stepUpToken: context.stepUpToken ?? '' }),
        onDone: {
          target: 'removed',
          description: 'Removed.',
          actions: assign({ settings: ({ event }) => event.output, stepUpToken: null }),
        },
        onError: [
          {
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'confirmingCode',
            description: 'The grant expired or was spent: a new code for the same removal.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
          {
            target: 'failed',
            description: 'The last method ("keep at least one way to confirm it is you"), or no answer.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
        ],
      },
    },
    failed: {
      description: 'Nothing was removed: "Try again" starts over at the code, "Close" ends.',
      on: {
        'remove.confirm': {
          target: 'loading',
          actions: 'clearError',
          description: '"Try again": a new code.',
        },
        'remove.cancel': { target: 'cancelled', description: '"Close".' },
      },
    },
    removed: { type: 'final', description: "Removed: the user's methods as they now are." },
    cancelled: { type: 'final', description: 'Nothing was removed.' },
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
