import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { authDefaults } from '../schemas/authLimits';
import { Iban } from '../schemas/payee.schema';
import type { AccountDeleteBody, AccountDeletion } from '../schemas/plans.schema';
import type { StepUpMethod, StepUpPurpose } from '../schemas/stepUp.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';
import { oneTimeCodeMachine, stepUpTokenOf, type OneTimeCodeOutput } from './oneTimeCode.machine';
import { duration } from './ruleWords';

/*
 * Asking for the account to be deleted (SPEC §2 /account/:action_type, "delete account"; §4 "An account
 * deletion request is also effective at the end of the billing period and a representative follows up").
 *
 * loading (loadDeletion: an existing request, the step-up methods and the end of the billing period) → a scheduled
 * request is shown as it is (scheduled); else explaining: when it takes effect, that money left is paid out to an
 * IBAN the user gives (checked here: mod-97 and the country's format), and what must be settled first (balance, a
 * pending transfer, an active card, an active plan). The request needs a fresh one-time code (the oneTimeCode child,
 * purpose account_deletion; cancelled, back to the explanation) → requesting (accountDeleteRequest with the grant; an
 * expired grant asks for a new code) → scheduled, with its date, the payout IBAN and the blockers the server reports.
 * "Withdraw" (withdrawing, withdrawAccountDeletion) takes the request back. Outcomes are recorded for the toast.
 */

export const toAccountDeletionError = knownErrors([
  'step_up_required',
  'validation_failed',
  'deletion_state',
  'forbidden',
  'rate_limited',
  'network',
]);
export type AccountDeletionError = ReturnType<typeof toAccountDeletionError>;

/** The request as it stands (null: none, or withdrawn), where a code can go, and when the billing period ends. */
export type DeletionData = {
  deletion: AccountDeletion | null;
  methods: StepUpMethod[];
  /** The end of the current billing period; null on Free (the request is effective at once). */
  periodEnd: string | null;
};

export type DeletionDraft = { payoutIban: string; reason: string };

export type AccountDeleteInput = { body: AccountDeleteBody; stepUpToken: string };

export type DeletionOutcome = 'requested' | 'withdrawn';

export type AccountDeletionContext = {
  deletion: AccountDeletion | null;
  methods: StepUpMethod[];
  periodEnd: string | null;
  draft: DeletionDraft | null;
  stepUpToken: string | null;
  outcome: DeletionOutcome | null;
  error: AccountDeletionError | null;
  fieldErrors: Record<string, string>;
};

export type AccountDeletionEvent =
  | { type: 'load.retry' }
  | { type: 'deletion.submit'; payoutIban: string; reason: string }
  | { type: 'withdraw.request' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

const purpose: StepUpPurpose = 'account_deletion';

const grantLife = `${duration(authDefaults.stepUpGrantTtlSeconds * 1000)} by default (setting STEP_UP_GRANT_TTL_SECONDS)`;

/** The payout IBAN as typed, checked (mod-97, the country's length and format) and compacted; null when invalid. */
export function payoutIbanOf(value: string): string | null {
  const parsed = Iban.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The request body of the draft. */
export function deleteBodyOf(draft: DeletionDraft | null): AccountDeleteBody {
  const reason = draft?.reason.trim() ?? '';
  return {
    payout_iban: payoutIbanOf(draft?.payoutIban ?? '') ?? draft?.payoutIban ?? '',
    ...(reason ? { reason } : {}),
  };
}

const isScheduled = (deletion: AccountDeletion | null) => deletion?.status === 'scheduled';

export const accountDeletionMachine = setup({
  types: {
    context: {} as AccountDeletionContext,
    events: {} as AccountDeletionEvent,
    children: {} as { oneTimeCode: 'oneTimeCode' },
  },
  actors: {
    loadDeletion: fromPromise<DeletionData, void>(async () => notProvided('loadDeletion')),
    oneTimeCode: oneTimeCodeMachine,
    accountDeleteRequest: fromPromise<AccountDeletion, AccountDeleteInput>(async () =>
      notProvided('accountDeleteRequest'),
    ),
    withdrawAccountDeletion: fromPromise<AccountDeletion, void>(async () =>
      notProvided('withdrawAccountDeletion'),
    ),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toAccountDeletionError(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error),
    }),
    clearError: assign({ error: null, fieldErrors: {}, outcome: null }),
  },
  guards: {
    hasRequest: (_, params: { data: DeletionData }) => isScheduled(params.data.deletion),
    /** The payout IBAN is a valid IBAN (the form says why not before sending). */
    ibanValid: ({ event }) => event.type === 'deletion.submit' && payoutIbanOf(event.payoutIban) !== null,
    gotGrant: (_, params: { output: OneTimeCodeOutput }) => stepUpTokenOf(params.output) !== null,
    isStepUpRequired: (_, params: { error: unknown }) => failureCode(params.error) === 'step_up_required',
  },
}).createMachine({
  id: 'accountDeletion',
  context: {
    deletion: null,
    methods: [],
    periodEnd: null,
    draft: null,
    stepUpToken: null,
    outcome: null,
    error: null,
    fieldErrors: {},
  },
  initial: 'loading',
  states: {
    loading: {
      description:
        'An existing request, where a code can go, and when the current billing period ends (none on Free).',
      tags: ['busy'],
      invoke: {
        id: 'loadDeletion',
        src: 'loadDeletion',
        onDone: [
          {
            guard: { type: 'hasRequest', params: ({ event }) => ({ data: event.output }) },
            target: 'scheduled',
            description: 'A request is scheduled already: shown as it is.',
            actions: assign({
              deletion: ({ event }) => event.output.deletion,
              methods: ({ event }) => event.output.methods,
              periodEnd: ({ event }) => event.output.periodEnd,
            }),
          },
          {
            target: 'explaining',
            description: 'No request: what deleting means.',
            actions: assign({
              deletion: null,
              methods: ({ event }) => event.output.methods,
              periodEnd: ({ event }) => event.output.periodEnd,
            }),
          },
        ],
        onError: {
          target: 'loadFailed',
          description: 'No answer: "Try again".',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The page could not be read: "Try again".',
      on: { 'load.retry': { target: 'loading', actions: 'clearError', description: '"Try again".' } },
    },
    explaining: {
      description:
        'What deleting means: it takes effect at the end of a running paid billing period (at once on Free), a ' +
        'representative follows up, money left is paid out to an IBAN at another bank, and a balance, a pending ' +
        'transfer, an active card or an active plan must be settled first. The payout IBAN and an optional reason.',
      on: {
        'deletion.submit': {
          guard: 'ibanValid',
          target: 'confirmingCode',
          description:
            '"Delete account" with a valid IBAN (mod-97 and the country\'s length and format, checked here first): ' +
            'a fresh code.',
          actions: [
            'clearError',
            assign({ draft: ({ event }) => ({ payoutIban: event.payoutIban, reason: event.reason }) }),
          ],
        },
      },
    },
    confirmingCode: {
      description:
        'The oneTimeCode child (purpose account_deletion): the request needs a fresh code; cancelled, back to the ' +
        'explanation.',
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({ purpose, methods: context.methods }),
        onDone: [
          {
            guard: { type: 'gotGrant', params: ({ event }) => ({ output: event.output }) },
            target: 'requesting',
            description: `The right code: a single-use grant for this request, good for ${grantLife}.`,
            actions: assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) }),
          },
          { target: 'explaining', actions: 'clearError', description: 'Cancelled: nothing is requested.' },
        ],
      },
    },
    requesting: {
      description:
        "The server refuses one of the business's own Tameio accounts as payout IBAN, then in one transaction " +
        'spends the grant, refuses a second open request, sets the date (the end of a running paid period, else ' +
        "now), lists what blocks it, records the request (IBAN, reason, date, blockers) and the representative's " +
        'follow-up task, and emails the owner.',
      tags: ['busy'],
      invoke: {
        id: 'accountDeleteRequest',
        src: 'accountDeleteRequest',
        input: ({ context }) => ({
          body: deleteBodyOf(context.draft),
          stepUpToken: context.stepUpToken ?? '',
        }),
        onDone: {
          target: 'scheduled',
          description: 'Requested: the date, the payout IBAN and the blockers.',
          actions: assign({
            deletion: ({ event }) => event.output,
            stepUpToken: null,
            outcome: 'requested',
          }),
        },
        onError: [
          {
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'confirmingCode',
            description: 'The grant expired or was spent: a new code for the same request.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
          {
            target: 'explaining',
            description:
              'Refused (an own account as IBAN, a request open already, not the owner) or no answer: the form with ' +
              'the reason.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
        ],
      },
    },
    scheduled: {
      description:
        'The request with its date, the payout IBAN and what must be settled first; "Withdraw" takes it back.',
      on: {
        'withdraw.request': {
          target: 'withdrawing',
          actions: 'clearError',
          description: '"Withdraw the request".',
        },
      },
    },
    withdrawing: {
      description:
        "The server marks the request withdrawn (with the time) and closes the representative's task; the account " +
        'stays.',
      tags: ['busy'],
      invoke: {
        id: 'withdrawAccountDeletion',
        src: 'withdrawAccountDeletion',
        onDone: {
          target: 'explaining',
          actions: assign({ deletion: null, draft: null, outcome: 'withdrawn' }),
          description: 'Withdrawn: the account stays.',
        },
        onError: {
          target: 'scheduled',
          description:
            'Not withdrawn (none open any more, or no answer): the request as it stands, with the reason.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type AccountDeletionSnapshot = SnapshotFrom<typeof accountDeletionMachine>;

export type AccountDeletionStep = 'loading' | 'loadFailed' | 'explain' | 'code' | 'scheduled';

/** Which page the screen shows. */
export function selectAccountDeletionStep(snapshot: AccountDeletionSnapshot): AccountDeletionStep {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('confirmingCode')) return 'code';
  if (snapshot.matches('scheduled') || snapshot.matches('withdrawing')) return 'scheduled';
  return 'explain';
}

export const selectAccountDeletionBusy = (snapshot: AccountDeletionSnapshot): boolean =>
  snapshot.hasTag('busy');
export const selectAccountDeletionError = (snapshot: AccountDeletionSnapshot): AccountDeletionError | null =>
  snapshot.context.error;
export const selectAccountDeletionFieldErrors = (snapshot: AccountDeletionSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
export const selectDeletionRequest = (snapshot: AccountDeletionSnapshot): AccountDeletion | null =>
  snapshot.context.deletion;
export const selectDeletionDraft = (snapshot: AccountDeletionSnapshot): DeletionDraft | null =>
  snapshot.context.draft;
export const selectDeletionPeriodEnd = (snapshot: AccountDeletionSnapshot): string | null =>
  snapshot.context.periodEnd;
export const selectDeletionOutcome = (snapshot: AccountDeletionSnapshot): DeletionOutcome | null =>
  snapshot.context.outcome;
export const selectDeletionCodeActor = (snapshot: AccountDeletionSnapshot) => snapshot.children.oneTimeCode;
