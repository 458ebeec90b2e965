import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { CancellationQuestion, CancelPlanBody, Subscription } from '../schemas/plans.schema';
import { knownErrors } from './apiFailure';

/*
 * Cancelling the subscription (SPEC §2 /account/:action_type "questionnaire, e.g. cancellation", §4
 * "Cancelling a subscription downgrades to Free at the end of the billing period").
 *
 * loading (loadCancellation: the subscription and the questions, whose ids the app translates) → on Free there is
 * nothing to cancel (free); already cancelled → cancelled; else answering (the questionnaire; required questions must
 * be answered) → confirming ("Cancel your plan?") → cancelling (cancelPlan with the answers) → cancelled: the plan
 * stays until the period's end, then becomes Free, and "Undo" (undoing, undoCancelPlan) keeps it (kept). From kept the
 * questionnaire can be started again. Each outcome is recorded in `outcome` for the toast.
 */

export const toCancelPlanError = knownErrors([
  'subscription_state',
  'forbidden',
  'validation_failed',
  'rate_limited',
  'network',
]);
export type CancelPlanError = ReturnType<typeof toCancelPlanError>;

export type CancelAnswer = CancelPlanBody['answers'][number];

export type CancellationData = { subscription: Subscription; questions: CancellationQuestion[] };

export type CancelPlanInput = { body: CancelPlanBody };

export type CancelOutcome = 'cancelled' | 'undone';

export type CancelPlanContext = {
  subscription: Subscription | null;
  questions: CancellationQuestion[];
  answers: CancelAnswer[];
  outcome: CancelOutcome | null;
  error: CancelPlanError | null;
};

export type CancelPlanEvent =
  | { type: 'load.retry' }
  | { type: 'answers.submit'; answers: CancelAnswer[] }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.back' }
  | { type: 'undo.request' }
  | { type: 'cancel.restart' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/** Free has nothing to cancel: no period, nothing billed (SPEC §4). */
export function isOnFree(subscription: Subscription | null): boolean {
  return subscription !== null && subscription.period === null;
}

/** Whether an answer says something: an option chosen or words written. */
export function isAnswered(answer: CancelAnswer | undefined): boolean {
  if (!answer) return false;
  return (answer.options?.length ?? 0) > 0 || (answer.text?.trim().length ?? 0) > 0;
}

/** Every required question is answered, and nothing answers a question that was not asked or an unknown option. */
export function answersComplete(questions: CancellationQuestion[], answers: CancelAnswer[]): boolean {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const fits = answers.every((answer) => {
    const question = byId.get(answer.question_id);
    if (!question) return false;
    const options = answer.options ?? [];
    if (options.some((option) => !question.options.includes(option))) return false;
    return question.type !== 'single' || options.length <= 1;
  });
  const required = questions
    .filter((question) => question.required)
    .every((question) => isAnswered(answers.find((answer) => answer.question_id === question.id)));
  return fits && required;
}

export const cancelPlanMachine = setup({
  types: {
    context: {} as CancelPlanContext,
    events: {} as CancelPlanEvent,
  },
  actors: {
    loadCancellation: fromPromise<CancellationData, void>(async () => notProvided('loadCancellation')),
    cancelPlan: fromPromise<Subscription, CancelPlanInput>(async () => notProvided('cancelPlan')),
    undoCancelPlan: fromPromise<Subscription, void>(async () => notProvided('undoCancelPlan')),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toCancelPlanError(params.error) }),
    /** A new request: the last outcome has been told, its reason is no longer news. */
    clearError: assign({ error: null, outcome: null }),
  },
  guards: {
    isFree: (_, params: { data: CancellationData }) => isOnFree(params.data.subscription),
    isCancelled: (_, params: { data: CancellationData }) => params.data.subscription.cancel_at_period_end,
    answersComplete: ({ context, event }) =>
      event.type === 'answers.submit' && answersComplete(context.questions, event.answers),
  },
}).createMachine({
  id: 'cancelPlan',
  context: { subscription: null, questions: [], answers: [], outcome: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCancellation',
        src: 'loadCancellation',
        onDone: [
          {
            guard: { type: 'isFree', params: ({ event }) => ({ data: event.output }) },
            target: 'free',
            actions: assign({ subscription: ({ event }) => event.output.subscription }),
          },
          {
            guard: { type: 'isCancelled', params: ({ event }) => ({ data: event.output }) },
            target: 'cancelled',
            actions: assign({
              subscription: ({ event }) => event.output.subscription,
              questions: ({ event }) => event.output.questions,
            }),
          },
          {
            target: 'answering',
            actions: assign({
              subscription: ({ event }) => event.output.subscription,
              questions: ({ event }) => event.output.questions,
            }),
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      on: { 'load.retry': { target: 'loading', actions: 'clearError' } },
    },
    /** On Free: there is no subscription to cancel. */
    free: {},
    /** Why the merchant leaves: the questions as the server lists them; the required ones must be answered. */
    answering: {
      on: {
        'answers.submit': {
          guard: 'answersComplete',
          target: 'confirming',
          actions: ['clearError', assign({ answers: ({ event }) => event.answers })],
        },
      },
    },
    /** "Cancel your plan?": it stays until the period's end, then becomes Free. */
    confirming: {
      on: {
        'cancel.confirm': 'cancelling',
        'cancel.back': 'answering',
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelPlan',
        src: 'cancelPlan',
        input: ({ context }) => ({ body: { answers: context.answers } }),
        onDone: {
          target: 'cancelled',
          actions: assign({ subscription: ({ event }) => event.output, outcome: 'cancelled' }),
        },
        onError: {
          target: 'answering',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The plan stays until the period's end, then becomes Free; "Undo" until then. */
    cancelled: {
      on: { 'undo.request': { target: 'undoing', actions: 'clearError' } },
    },
    undoing: {
      tags: ['busy'],
      invoke: {
        id: 'undoCancelPlan',
        src: 'undoCancelPlan',
        onDone: {
          target: 'kept',
          actions: assign({ subscription: ({ event }) => event.output, outcome: 'undone' }),
        },
        onError: {
          target: 'cancelled',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The cancellation is undone: the plan renews as before. */
    kept: {
      on: { 'cancel.restart': { target: 'answering', actions: ['clearError', assign({ answers: [] })] } },
    },
  },
});

export type CancelPlanSnapshot = SnapshotFrom<typeof cancelPlanMachine>;

export type CancelPlanStep = 'loading' | 'loadFailed' | 'free' | 'questions' | 'cancelled' | 'kept';

/** Which page the screen shows (the confirmation is a dialog over the questions: `selectConfirmingCancel`). */
export function selectCancelPlanStep(snapshot: CancelPlanSnapshot): CancelPlanStep {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('free')) return 'free';
  if (snapshot.matches('cancelled') || snapshot.matches('undoing')) return 'cancelled';
  if (snapshot.matches('kept')) return 'kept';
  return 'questions';
}

export const selectConfirmingCancel = (snapshot: CancelPlanSnapshot): boolean =>
  snapshot.matches('confirming') || snapshot.matches('cancelling');
export const selectCancelPlanBusy = (snapshot: CancelPlanSnapshot): boolean => snapshot.hasTag('busy');
export const selectCancelPlanError = (snapshot: CancelPlanSnapshot): CancelPlanError | null =>
  snapshot.context.error;
export const selectCancelSubscription = (snapshot: CancelPlanSnapshot): Subscription | null =>
  snapshot.context.subscription;
export const selectCancellationQuestions = (snapshot: CancelPlanSnapshot): CancellationQuestion[] =>
  snapshot.context.questions;
export const selectCancelAnswers = (snapshot: CancelPlanSnapshot): CancelAnswer[] => snapshot.context.answers;
export const selectCancelOutcome = (snapshot: CancelPlanSnapshot): CancelOutcome | null =>
  snapshot.context.outcome;
