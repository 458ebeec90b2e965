import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type {
  CompanyProfile,
  ProfileChange,
  ProfileChangeBody,
  ProfileChangeKind,
} from '../schemas/profile.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';

/*
 * Editing legal data on the profile and sending it to review (SPEC §2 /profile/company-information,
 * /profile/representative): the bank never lets a legal name, registration or VAT number, director, shareholder or
 * the representative's identity change silently.
 *
 * loading (loadProfile) → viewing; a failure is loadFailed (try again). viewing → "Edit" (only while the owner may
 * edit and no change of this kind waits) → editing → "Send for review" → submitting (requestProfileChange) → viewing
 * with the change pending review ("Sent for review"). Refused fields (400) go back to editing with each field's
 * message; a change that changes nothing (422) back to editing with that message; one of the same kind already
 * waiting (409, sent from another tab) reloads the profile, which then shows it pending; anything else back to
 * editing with the error, the draft kept.
 */

export type ProfileChangeError = 'network' | 'unchanged' | 'pending' | 'unknown';

const knownProfileChangeError = knownErrors(['profile_unchanged', 'profile_change_pending', 'network']);

export function toProfileChangeError(error: unknown): ProfileChangeError {
  switch (knownProfileChangeError(error)) {
    case 'profile_unchanged':
      return 'unchanged';
    case 'profile_change_pending':
      return 'pending';
    case 'network':
      return 'network';
    case 'unknown':
      return 'unknown';
  }
}

export type ProfileChangeData = ProfileChangeBody['data'];
export type RequestProfileChangeInput = { body: ProfileChangeBody };

export type ProfileChangeContext = {
  kind: ProfileChangeKind;
  profile: CompanyProfile | null;
  /** The draft last sent, kept while editing goes on after a refusal. */
  draft: ProfileChangeData | null;
  error: ProfileChangeError | null;
  /** The server's message per refused field (`validation_failed`), keyed by the field's path inside `data`. */
  fieldErrors: Record<string, string>;
  /** The change just sent for review (the screen says so until the next edit). */
  sent: ProfileChange | null;
};

export type ProfileChangeEvent =
  | { type: 'load.retry' }
  | { type: 'edit.start' }
  | { type: 'edit.cancel' }
  | { type: 'edit.submit'; data: ProfileChangeData };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/** The change of this kind that waits for review, if any. */
export function pendingChangeOf(
  profile: CompanyProfile | null,
  kind: ProfileChangeKind,
): ProfileChange | null {
  return (
    profile?.changes.find((change) => change.kind === kind && change.status === 'pending_review') ?? null
  );
}

/** The server's field messages without the body's `data.` prefix. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  if (failure.kind !== 'http' || !failure.fields) return {};
  return Object.fromEntries(
    Object.entries(failure.fields).map(([path, message]) => [path.replace(/^data\./, ''), message]),
  );
}

export const profileChangeMachine = setup({
  types: {
    context: {} as ProfileChangeContext,
    events: {} as ProfileChangeEvent,
    input: {} as { kind: ProfileChangeKind },
  },
  actors: {
    loadProfile: fromPromise<CompanyProfile, void>(async () => notProvided('loadProfile')),
    requestProfileChange: fromPromise<ProfileChange, RequestProfileChangeInput>(async () =>
      notProvided('requestProfileChange'),
    ),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toProfileChangeError(params.error),
      fieldErrors: {},
    }),
    clearError: assign({ error: null, fieldErrors: {} }),
  },
  guards: {
    /** The owner of an approved merchant, with no change of this kind waiting. */
    canEdit: ({ context }) =>
      Boolean(context.profile?.editable) && pendingChangeOf(context.profile, context.kind) === null,
    isValidation: (_, params: { error: unknown }) => failureCode(params.error) === 'validation_failed',
    isPending: (_, params: { error: unknown }) => failureCode(params.error) === 'profile_change_pending',
  },
}).createMachine({
  id: 'profileChange',
  context: ({ input }) => ({
    kind: input.kind,
    profile: null,
    draft: null,
    error: null,
    fieldErrors: {},
    sent: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The company profile with its changes: those waiting for review and those decided.',
      tags: ['busy'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: {
          target: 'viewing',
          actions: assign({ profile: ({ event }) => event.output }),
          description: 'Loaded: the legal data as it stands.',
        },
        onError: {
          target: 'loadFailed',
          description: 'No answer: "Try again".',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The profile could not be read: "Try again".',
      on: { 'load.retry': { target: 'loading', actions: 'clearError', description: '"Try again".' } },
    },
    viewing: {
      description:
        'The legal data as it stands (legal name, registration and VAT numbers, directors, shareholders, the ' +
        "representative's identity), with a change of this part that waits for review, or the one just sent.",
      on: {
        'edit.start': {
          guard: 'canEdit',
          target: 'editing',
          actions: assign({ error: null, fieldErrors: {}, sent: null, draft: null }),
          description:
            '"Edit": only the owner of an approved business, and only while no change of this part waits for review.',
        },
      },
    },
    editing: {
      description: 'The form with the data as it stands; nothing changes until the bank approves.',
      on: {
        'edit.cancel': {
          target: 'viewing',
          actions: 'clearError',
          description: '"Cancel": nothing is sent.',
        },
        'edit.submit': {
          target: 'submitting',
          actions: assign({ draft: ({ event }) => event.data, error: null, fieldErrors: {} }),
          description: '"Send for review".',
        },
      },
    },
    submitting: {
      description:
        'The server stores the change as pending review and records profile_change_requested (with the change ' +
        "and its part) in the business's audit. The profile itself changes only when the bank approves it; a " +
        'rejection keeps the data, with the reason.',
      tags: ['busy'],
      invoke: {
        id: 'requestProfileChange',
        src: 'requestProfileChange',
        input: ({ context }) => ({ body: { kind: context.kind, data: context.draft } as ProfileChangeBody }),
        onDone: {
          target: 'viewing',
          description: '"Sent for review": the change shows as waiting.',
          actions: assign({
            sent: ({ event }) => event.output,
            draft: null,
            profile: ({ context, event }) =>
              context.profile
                ? { ...context.profile, changes: [event.output, ...context.profile.changes] }
                : null,
          }),
        },
        onError: [
          {
            guard: { type: 'isValidation', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            description: "Refused fields: the form with each field's reason, the draft kept.",
            actions: assign({ fieldErrors: ({ event }) => fieldErrorsOf(event.error), error: null }),
          },
          {
            guard: { type: 'isPending', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            description:
              'A change of this part was sent meanwhile (another tab): the profile is read again and shows it waiting.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            description: 'It changes nothing, or no answer: the form with the reason, the draft kept.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
});

export type ProfileChangeSnapshot = SnapshotFrom<typeof profileChangeMachine>;
export type ProfileChangeStep = 'loading' | 'loadFailed' | 'viewing' | 'editing';

/** Which view the screen shows; submitting keeps the form (greyed out). */
export function selectProfileChangeStep(snapshot: ProfileChangeSnapshot): ProfileChangeStep {
  if (snapshot.matches('loading')) return snapshot.context.profile ? 'viewing' : 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('editing') || snapshot.matches('submitting')) return 'editing';
  return 'viewing';
}

export const selectProfile = (snapshot: ProfileChangeSnapshot): CompanyProfile | null =>
  snapshot.context.profile;
export const selectPendingChange = (snapshot: ProfileChangeSnapshot): ProfileChange | null =>
  pendingChangeOf(snapshot.context.profile, snapshot.context.kind);
export const selectProfileChangeBusy = (snapshot: ProfileChangeSnapshot): boolean => snapshot.hasTag('busy');
export const selectCanEdit = (snapshot: ProfileChangeSnapshot): boolean =>
  snapshot.can({ type: 'edit.start' });
export const selectProfileChangeError = (snapshot: ProfileChangeSnapshot): ProfileChangeError | null =>
  snapshot.context.error;
export const selectFieldErrors = (snapshot: ProfileChangeSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
export const selectSentChange = (snapshot: ProfileChangeSnapshot): ProfileChange | null =>
  snapshot.context.sent;
export const selectDraft = (snapshot: ProfileChangeSnapshot): ProfileChangeData | null =>
  snapshot.context.draft;
