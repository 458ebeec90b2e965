import type { ApiFailure } from '../../machines/apiFailure';
import {
  cancelPlanMachine,
  selectCancelPlanStep,
  type CancellationData,
  type CancelPlanError,
  type CancelPlanSnapshot,
} from '../../machines/cancelPlan.machine';
import type { CancellationQuestion, Subscription } from '../../schemas/plans.schema';
import type { Fixtures, Model, ScreenExpectation } from './generatePaths';
import { businessYearly } from './planCheckout.paths';

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
      done: { output: businessYearly, says: 'Server undoes the cancellation: the plan renews as before' },
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
};
