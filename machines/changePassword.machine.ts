import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { authDefaults } from '../schemas/authLimits';
import { passwordPolicy } from '../schemas/password.schema';
import type { ChangePasswordBody } from '../schemas/settings.schema';
import type { StepUpMethod, StepUpPurpose } from '../schemas/stepUp.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';
import { oneTimeCodeMachine, stepUpTokenOf, type OneTimeCodeOutput } from './oneTimeCode.machine';
import { duration } from './ruleWords';

/*
 * Changing the password (SPEC §2 /settings/security): the current password, a new one typed twice, and
 * whether to sign out every other session; then a fresh one-time code (the oneTimeCode child, purpose
 * password_change; cancelled: back to the form) → changing (changePassword with the grant) → changed.
 *
 * loading (loadStepUpMethods: where a code can go) → editing. A wrong current password, or a new one the server
 * refuses, brings the form back with the field's error; an expired grant asks for a new code.
 */

export const toChangePasswordError = knownErrors([
  'invalid_current_password',
  'validation_failed',
  'step_up_required',
  'rate_limited',
  'network',
]);
export type ChangePasswordError = ReturnType<typeof toChangePasswordError>;

export type PasswordDraft = ChangePasswordBody;

export type ChangePasswordInput = { body: ChangePasswordBody; stepUpToken: string };

export type ChangePasswordContext = {
  methods: StepUpMethod[];
  draft: PasswordDraft | null;
  stepUpToken: string | null;
  error: ChangePasswordError | null;
  fieldErrors: Record<string, string>;
};

export type ChangePasswordEvent =
  | { type: 'load.retry' }
  | {
      type: 'password.submit';
      currentPassword: string;
      password: string;
      passwordConfirmation: string;
      signOutOthers: boolean;
    };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

const purpose: StepUpPurpose = 'password_change';

// Rules for the descriptions, from the constants the server uses.
const grantLife = duration(authDefaults.stepUpGrantTtlSeconds * 1000);
const passwordRules =
  `${passwordPolicy.minLength} to ${passwordPolicy.maxLength} characters, not one of the most common passwords, ` +
  'not containing the name part of the email';

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    children: {} as { oneTimeCode: 'oneTimeCode' },
  },
  actors: {
    loadStepUpMethods: fromPromise<StepUpMethod[], void>(async () => notProvided('loadStepUpMethods')),
    oneTimeCode: oneTimeCodeMachine,
    changePassword: fromPromise<void, ChangePasswordInput>(async () => notProvided('changePassword')),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toChangePasswordError(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error),
    }),
    clearError: assign({ error: null, fieldErrors: {} }),
  },
  guards: {
    gotGrant: (_, params: { output: OneTimeCodeOutput }) => stepUpTokenOf(params.output) !== null,
    isStepUpRequired: (_, params: { error: unknown }) => failureCode(params.error) === 'step_up_required',
  },
}).createMachine({
  id: 'changePassword',
  context: { methods: [], draft: null, stepUpToken: null, error: null, fieldErrors: {} },
  initial: 'loading',
  states: {
    loading: {
      description:
        'Where a code can go for this user: email, SMS when there is a phone, the authenticator app.',
      tags: ['busy'],
      invoke: {
        id: 'loadStepUpMethods',
        src: 'loadStepUpMethods',
        onDone: {
          target: 'editing',
          actions: assign({ methods: ({ event }) => event.output }),
          description: 'Loaded: the form.',
        },
        onError: {
          target: 'loadFailed',
          description: 'No answer: nothing can be changed yet.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The form could not be prepared: "Try again".',
      on: { 'load.retry': { target: 'loading', actions: 'clearError', description: '"Try again".' } },
    },
    editing: {
      description:
        `The current password, the new one twice (${passwordRules}) and "Sign out of other sessions"; the screen ` +
        'checks the rules as the user types.',
      on: {
        'password.submit': {
          target: 'confirmingCode',
          description: '"Change password": a fresh one-time code first.',
          actions: [
            'clearError',
            assign({
              draft: ({ event }) => ({
                current_password: event.currentPassword,
                password: event.password,
                password_confirmation: event.passwordConfirmation,
                sign_out_other_sessions: event.signOutOthers,
              }),
            }),
          ],
        },
      },
    },
    confirmingCode: {
      description:
        'The oneTimeCode child (purpose password_change): changing the password needs a fresh code; cancelled, ' +
        'back to the form.',
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({ purpose, methods: context.methods }),
        onDone: [
          {
            guard: { type: 'gotGrant', params: ({ event }) => ({ output: event.output }) },
            target: 'changing',
            description:
              `The right code: a single-use grant for this change, good for ${grantLife} by default (setting ` +
              'STEP_UP_GRANT_TTL_SECONDS).',
            actions: assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) }),
          },
          { target: 'editing', actions: 'clearError', description: 'Cancelled: back to the form as it was.' },
        ],
      },
    },
    changing: {
      description:
        'In one transaction the server checks the grant and the current password (a wrong one is recorded as ' +
        'password_change_failed in the sign-in audit and leaves the grant good), then the new password; it ' +
        'spends the grant, stores the new hash and records password_changed. Other sessions end when asked; this ' +
        'one stays.',
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => {
          if (!context.draft) throw new Error('changing the password without a draft');
          return { body: context.draft, stepUpToken: context.stepUpToken ?? '' };
        },
        onDone: {
          target: 'changed',
          actions: assign({ draft: null, stepUpToken: null }),
          description: 'Changed.',
        },
        onError: [
          {
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'confirmingCode',
            description: `The grant expired (after ${grantLife} by default) or was spent: a new code for the same change.`,
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
          {
            target: 'editing',
            description:
              'A wrong current password, a new one that breaks a rule, too many tries, or no answer: the form with ' +
              'the reason. The grant stays good: the server spends it only on success.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    changed: {
      description: 'Done: the new password works from now on (and other sessions ended, when asked).',
    },
  },
});

export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

export type ChangePasswordStep = 'loading' | 'loadFailed' | 'form' | 'code' | 'changed';

export function selectChangePasswordStep(snapshot: ChangePasswordSnapshot): ChangePasswordStep {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('confirmingCode')) return 'code';
  if (snapshot.matches('changed')) return 'changed';
  return 'form';
}

export const selectChangePasswordBusy = (snapshot: ChangePasswordSnapshot): boolean =>
  snapshot.hasTag('busy');
export const selectChangePasswordError = (snapshot: ChangePasswordSnapshot): ChangePasswordError | null =>
  snapshot.context.error;
export const selectChangePasswordFields = (snapshot: ChangePasswordSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
export const selectPasswordDraft = (snapshot: ChangePasswordSnapshot): PasswordDraft | null =>
  snapshot.context.draft;
export const selectChangePasswordCodeActor = (snapshot: ChangePasswordSnapshot) =>
  snapshot.children.oneTimeCode;
