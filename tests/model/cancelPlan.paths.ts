import type { ApiFailure } from '../../machines/apiFailure';
import {
  cancelPlanMachine,
  selectCancelPlanStep,
  type CancellationData,
  type CancelPlanError,
  type CancelPlanEvent,
  type CancelPlanSnapshot,
} from '../../machines/cancelPlan.machine';
import type { CancellationQuestion, Subscription } from '../../schemas/plans.schema';
import {
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
  failureWords,
  pathTitle,
} from './generatePaths';
import { businessYearly, yearEndDay } from './planCheckout.paths';

/*
 * The test model of cancelling the subscription (machines/cancelPlan.machine.ts), run on the real screen at
 * /account/cancellation by cancelPlan.model.test.tsx: Demo Coffee is on Business, billed yearly until Jan 1, 2027.
 * Dora Demou answers why (too expensive, with a comment), confirms, sees that the plan stays until Jan 1, 2027 and then
 * becomes Free, and may undo it. A merchant on Free has nothing to cancel; one that cancelled already sees the undo.
 */

export const cancellationPath = '/account/cancellation';

/** The questionnaire as the server lists it (server/billing/cancellation.ts). */
export const cancellationQuestions = [
  {
    id: 'reason',
    type: 'single',
    required: true,
    options: [
      'too_expensive',
      'missing_features',
      'switching_provider',
      'closing_business',
      'temporary_pause',
      'other',
    ],
  },
  {
    id: 'missing_features',
    type: 'multiple',
    required: false,
    options: ['international_payments', 'more_cards', 'integrations', 'analytics', 'pos', 'other'],
  },
  { id: 'comments', type: 'text', required: false, options: [] },
] satisfies CancellationQuestion[];

export const cancelledSubscription = {
  ...businessYearly,
  cancel_at_period_end: true,
} satisfies Subscription;

export const freeSubscription = {
  ...businessYearly,
  plan_id: 'free',
  plan_name: 'Free',
  period: null,
  current_period_start: null,
  current_period_end: null,
} satisfies Subscription;

export const tooExpensive = [
  { question_id: 'reason', options: ['too_expensive'] },
  { question_id: 'comments', text: 'Prices went up this year.' },
];

const plan = businessYearly.plan_name;

/**
 * What cancelling records (server/billing/cancellation.ts `cancelPlan`): with a paid period running, the plan stays
 * to its end and the billing job moves the merchant to Free then.
 */
const cancelEffect =
  `no money moves and nothing is refunded; the plan stays ${plan} until ${yearEndDay}, then the billing job moves ` +
  'the merchant to Free (subscriptions: cancel_at_period_end = true, cancelled_at set, any scheduled change ' +
  `dropped); the answers are recorded (cancellation_answers: plan ${businessYearly.plan_id}, the answers, ` +
  'effective_at the period’s end).';

/** What undoing changes (server/billing/cancellation.ts `undoCancelPlan`): the renewal, nothing else. */
const undoEffect =
  `no money moves now; the ${plan} plan renews as before (subscriptions: cancel_at_period_end = false, ` +
  'cancelled_at cleared); the answers given stay recorded.';

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const cancelPlanTexts = {
  title: 'Cancel subscription',
  retry: 'Try again',
  submit: 'Cancel my subscription',
  confirmTitle: 'Cancel your Business plan?',
  confirm: 'Yes, cancel my plan',
  back: 'Go back',
  cancelledTitle: 'Your subscription is cancelled',
  undo: 'Undo',
  keptTitle: 'Your subscription continues',
  cancelledToast: 'Subscription cancelled',
  undoneToast: 'Cancellation undone',
};

const data = (subscription: Subscription): CancellationData => ({
  subscription,
  questions: cancellationQuestions,
});

export const cancelPlanFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'answers.submit': [
      {
        event: { type: 'answers.submit', answers: tooExpensive },
        does: 'Choose "It costs too much", type "Prices went up this year." as the comment, click "Cancel my subscription"',
      },
    ],
    'cancel.confirm': [
      { event: { type: 'cancel.confirm' }, does: 'Click "Yes, cancel my plan" in the dialog' },
    ],
    'cancel.back': [{ event: { type: 'cancel.back' }, does: 'Click "Go back" in the dialog' }],
    'undo.request': [{ event: { type: 'undo.request' }, does: 'Click "Undo"' }],
    'cancel.restart': [{ event: { type: 'cancel.restart' }, does: 'Click "Cancel subscription"' }],
  },
  actors: {
    loadCancellation: {
      done: {
        output: data(businessYearly),
        says: 'Server sends the subscription (Business yearly until Jan 1, 2027) and the three questions',
      },
      alsoDone: [
        { output: data(freeSubscription), says: 'Server sends the subscription: Free' },
        {
          output: data(cancelledSubscription),
          says: 'Server sends the subscription: Business, cancelled, until Jan 1, 2027',
        },
      ],
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    cancelPlan: {
      done: {
        output: cancelledSubscription,
        effect: cancelEffect,
        says: 'Server keeps the answers and cancels at the period’s end',
      },
      errors: [
        {
          failure: http(409, 'subscription_state', 'Your plan is cancelled already.', {
            details: { state: 'cancelled' },
          }),
          says: 'Server answers 409 subscription_state (cancelled in another window)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    undoCancelPlan: {
      done: {
        output: businessYearly,
        effect: undoEffect,
        says: 'Server undoes the cancellation: the plan renews as before',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
  },
  delays: {},
} satisfies Fixtures<typeof cancelPlanMachine>;

export function cancelPlanErrorText(error: CancelPlanError): string {
  switch (error) {
    case 'subscription_state':
      return 'Your subscription changed meanwhile. Reload the page to see where it stands.';
    case 'forbidden':
      return 'You may not change the subscription.';
    case 'validation_failed':
      return 'Some answers were not accepted. Check them and try again.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

function cancelPlanScreen(snapshot: CancelPlanSnapshot): ScreenExpectation {
  const t = cancelPlanTexts;
  const busy = snapshot.hasTag('busy');
  const { error, outcome } = snapshot.context;
  const alert = error ? cancelPlanErrorText(error) : null;
  const path = cancellationPath;
  switch (selectCancelPlanStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.title, alert, enabled: [t.retry] };
    case 'free':
      return { path, heading: t.title, alert: null, absent: [t.submit, t.undo] };
    case 'questions': {
      const dialog = snapshot.matches('confirming') || snapshot.matches('cancelling');
      return {
        path,
        heading: t.title,
        alert,
        dialogs: dialog ? [t.confirmTitle] : [],
        ...(dialog
          ? busy
            ? { disabled: [t.confirm, t.back] }
            : { enabled: [t.confirm, t.back] }
          : { enabled: [t.submit] }),
      };
    }
    case 'cancelled':
      return {
        path,
        heading: t.cancelledTitle,
        alert,
        ...(outcome === 'cancelled' ? { toast: t.cancelledToast } : {}),
        ...(busy ? { disabled: [t.undo] } : { enabled: [t.undo] }),
      };
    case 'kept':
      return { path, heading: t.keptTitle, alert: null, toast: t.undoneToast, enabled: [t.title] };
  }
}

const answerOf: Record<string, string> = {
  loadCancellation: 'the cancellation page',
  cancelPlan: 'the cancellation',
  undoCancelPlan: 'the undo',
};

const refusalWords: Record<string, string> = { subscription_state: 'already cancelled' };

type CancelPlanStepOfPath = ModelPath<CancelPlanSnapshot>['steps'][number];

/**
 * A decision of a path, in a few words (null: a step that decides nothing, e.g. an answer every path gets). A
 * cancellation or an undo the server makes is named where the path goes on after it (at the end, the end names it).
 */
function decisionWords(
  step: CancelPlanStepOfPath,
  index: number,
  steps: CancelPlanStepOfPath[],
): string | null {
  const { action } = step;
  const last = index === steps.length - 1;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorDone':
      if (action.src === 'loadCancellation') {
        const { subscription } = action.output as CancellationData;
        if (subscription.plan_id === freeSubscription.plan_id) return 'on Free (nothing to cancel)';
        return subscription.cancel_at_period_end ? 'cancelled already' : null;
      }
      if (last) return null;
      if (action.src === 'cancelPlan') return 'cancelled';
      if (action.src === 'undoCancelPlan') return 'undone';
      return null;
    case 'actorError':
      return failureWords(action, answerOf[action.src] ?? action.src, refusalWords);
    case 'event': {
      const event = action.event as CancelPlanEvent;
      switch (event.type) {
        case 'load.retry':
          return 'load again';
        case 'answers.submit': {
          const reason = event.answers.find((one) => one.question_id === 'reason');
          const why =
            reason && 'options' in reason ? (reason.options?.[0] ?? '').replace(/_/g, ' ') : 'no reason';
          const comment = event.answers.some((one) => one.question_id === 'comments')
            ? ' with a comment'
            : '';
          return `answer “${why}”${comment}`;
        }
        case 'cancel.confirm':
          return 'confirm';
        case 'cancel.back':
          return 'go back';
        case 'undo.request':
          return 'undo';
        case 'cancel.restart':
          return 'cancel again';
      }
    }
  }
  return null;
}

/** A path's title by what it proves: the plan it starts from, the answers, confirm or undo, faults, where it ends. */
export function cancelPlanTitle(path: ModelPath<CancelPlanSnapshot>): string {
  const lastStep = path.steps.at(-1)!;
  const last = lastStep.state;
  const screen = cancelPlanScreen(last);
  const { action } = lastStep;
  const shown = screen.dialogs?.length ? screen.dialogs[0] : screen.heading;
  const end =
    action.kind === 'actorDone' && action.src === 'cancelPlan'
      ? `plan cancelled, ${plan} until ${yearEndDay}`
      : action.kind === 'actorDone' && action.src === 'undoCancelPlan'
        ? 'cancellation undone, the plan renews'
        : shown === null || shown === undefined
          ? 'stops while the subscription loads'
          : last.hasTag('busy')
            ? `waits on “${shown}”`
            : `stops on “${shown}”`;
  return pathTitle(path, decisionWords, end);
}

export const cancelPlanModel: Model<typeof cancelPlanMachine> = {
  name: 'cancelPlan',
  machine: cancelPlanMachine,
  file: 'cancelPlan.machine.ts',
  start: `Signed in as the owner of Demo Coffee (an approved merchant), open ${cancellationPath}`,
  fixtures: cancelPlanFixtures,
  // The subscription decides the page (Free, active, cancelled), the error the alert, the outcome the toast.
  serialize: (snapshot) => {
    const { value, context } = snapshot;
    return JSON.stringify({
      value,
      plan: context.subscription?.plan_id ?? null,
      cancelled: context.subscription?.cancel_at_period_end ?? null,
      outcome: context.outcome,
      error: context.error,
    });
  },
  bounds: { maxDepth: 10, simplePerState: 1, maxSimple: 4 },
  screen: cancelPlanScreen,
  title: cancelPlanTitle,
};
