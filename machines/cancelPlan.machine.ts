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
      description: 'The subscription and the questions of the cancellation questionnaire are read.',
      tags: ['busy'],
      invoke: {
        id: 'loadCancellation',
        src: 'loadCancellation',
        onDone: [
          {
            description: 'The merchant is on Free: there is nothing to cancel.',
            guard: { type: 'isFree', params: ({ event }) => ({ data: event.output }) },
            target: 'free',
            actions: assign({ subscription: ({ event }) => event.output.subscription }),
          },
          {
            description: 'The plan is cancelled already: it is shown with its end date and "Undo".',
            guard: { type: 'isCancelled', params: ({ event }) => ({ data: event.output }) },
            target: 'cancelled',
            actions: assign({
              subscription: ({ event }) => event.output.subscription,
              questions: ({ event }) => event.output.questions,
            }),
          },
          {
            target: 'answering',
            description: 'A paid plan that renews: the questionnaire is shown.',
            actions: assign({
              subscription: ({ event }) => event.output.subscription,
              questions: ({ event }) => event.output.questions,
            }),
          },
        ],
        onError: {
          target: 'loadFailed',
          description: 'The subscription could not be read; nothing changed.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The subscription could not be read: the page says so and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The user asks to read the subscription again.',
          actions: 'clearError',
        },
      },
    },
    free: { description: 'On Free: there is no subscription to cancel.' },
    answering: {
      description:
        'Why the merchant leaves: the questions as the server lists them; the required ones must be answered.',
      on: {
        'answers.submit': {
          description:
            'The user sends the answers: every required question answered, only the questions and options listed.',
          guard: 'answersComplete',
          target: 'confirming',
          actions: ['clearError', assign({ answers: ({ event }) => event.answers })],
        },
      },
    },
    confirming: {
      description: 'A dialog asks "Cancel your plan?": it stays until the period\'s end, then becomes Free.',
      on: {
        'cancel.confirm': {
          target: 'cancelling',
          description: 'The user confirms; the cancellation and the answers are sent.',
        },
        'cancel.back': {
          target: 'answering',
          description: 'The user closes the dialog; nothing is cancelled.',
        },
      },
    },
    cancelling: {
      description:
        'The server marks the plan to end with its current period (a downgrade that was waiting is dropped) and ' +
        'records the answers with who cancelled and when it takes effect. With no paid period running, the ' +
        'merchant is on Free at once.',
      tags: ['busy'],
      invoke: {
        id: 'cancelPlan',
        src: 'cancelPlan',
        input: ({ context }) => ({ body: { answers: context.answers } }),
        onDone: {
          target: 'cancelled',
          description: 'The plan is cancelled: a toast says so, and the page shows until when it stays.',
          actions: assign({ subscription: ({ event }) => event.output, outcome: 'cancelled' }),
        },
        onError: {
          target: 'answering',
          description:
            'Nothing is cancelled (already cancelled, on Free, answers refused, or no answer): the questions say why.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    cancelled: {
      description: 'The plan stays until the period\'s end, then becomes Free; "Undo" until then.',
      on: {
        'undo.request': {
          target: 'undoing',
          description: 'The user asks to keep the plan after all.',
          actions: 'clearError',
        },
      },
    },
    undoing: {
      description:
        'The server keeps the plan, only while its period has not ended; the answers given stay recorded.',
      tags: ['busy'],
      invoke: {
        id: 'undoCancelPlan',
        src: 'undoCancelPlan',
        onDone: {
          target: 'kept',
          description: 'The cancellation is undone: a toast says so.',
          actions: assign({ subscription: ({ event }) => event.output, outcome: 'undone' }),
        },
        onError: {
          target: 'cancelled',
          description: 'The plan stays cancelled (the period has ended, or no answer): the page says why.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    kept: {
      description: 'The cancellation is undone: the plan renews as before.',
      on: {
        'cancel.restart': {
          target: 'answering',
          description: 'The user starts the questionnaire again, with no answers.',
          actions: ['clearError', assign({ answers: [] })],
        },
      },
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
