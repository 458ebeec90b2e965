import type { ApiFailure } from '../../machines/apiFailure';
import {
  scheduledPaymentMachine,
  selectConfirmingCancel,
  selectScheduledPaymentStep,
  type ScheduledPaymentError,
  type ScheduledPaymentEvent,
  type ScheduledPaymentSnapshot,
} from '../../machines/scheduledPayment.machine';
import { money } from '../../machines/ruleWords';
import type { ScheduledPayment } from '../../schemas/scheduledPayments.schema';
import {
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
  failureWords,
  pathTitle,
} from './generatePaths';

/*
 * The test model of one scheduled payment (machines/scheduledPayment.machine.ts), run on the real screen at
 * /my-wallet/scheduled-payments/:id by scheduledPayment.model.test.tsx: its details, cancelling it with the
 * confirmation dialog, and the failures the screen words differently.
 */

export const scheduleId = '00000000-0000-4000-8000-0000000000f1';
export const detailPath = `/my-wallet/scheduled-payments/${scheduleId}`;

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const monthlyRent = {
  id: scheduleId,
  status: 'active',
  account_type: 'eur',
  recipient: { wallet_tag: '@demo-bakery', name: 'Demo Bakery' },
  amount: { amount_minor: '2500', currency: 'EUR' },
  note: 'Rent',
  gif: null,
  frequency: 'monthly',
  start_date: '2026-01-15',
  end_date: null,
  next_run_date: '2026-02-15',
  run_count: 1,
  created_at: '2026-01-10T09:00:00.000Z',
  cancelled_at: null,
  runs: [
    {
      occurrence_date: '2026-01-15',
      outcome: 'paid',
      transfer_id: '00000000-0000-4000-8000-0000000000e1',
      failure_reason: null,
      ran_at: '2026-01-15T00:01:00.000Z',
    },
  ],
} satisfies ScheduledPayment;

const cancelledRent = {
  ...monthlyRent,
  status: 'cancelled',
  next_run_date: null,
  cancelled_at: '2026-01-15T09:00:00.000Z',
} satisfies ScheduledPayment;

/**
 * What cancelling changes (server/payments/scheduledPayments.ts `cancelScheduledPayment`): only an active schedule
 * of this merchant, and the runner pays active schedules only, so nothing runs after it.
 */
const rent = money(monthlyRent.amount.amount_minor, monthlyRent.amount.currency);
const cancelEffect =
  'no money moves now and the balance stays as it was; the schedule is marked cancelled (scheduled_payments: ' +
  `status cancelled, next_run cleared, cancelled_at set), so no further ${rent} runs are made; the run already ` +
  `paid on ${monthlyRent.runs[0]!.occurrence_date} stays as it was.`;

export const scheduledPaymentFixtures = {
  events: {
    'payment.opened': [
      {
        event: { type: 'payment.opened', id: scheduleId },
        does: `Open ${detailPath} (the "Details" link of a row on /my-wallet/scheduled-payments)`,
        auto: (context) => context.id === '',
      },
    ],
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'cancel.request': [{ event: { type: 'cancel.request' }, does: 'Click "Cancel this payment"' }],
    'cancel.confirm': [
      { event: { type: 'cancel.confirm' }, does: 'Click "Cancel the payment" in the dialog' },
    ],
    'cancel.dismiss': [{ event: { type: 'cancel.dismiss' }, does: 'Click "Keep it" in the dialog' }],
  },
  actors: {
    loadScheduledPayment: {
      done: {
        output: monthlyRent,
        says: 'Server sends the schedule: €25.00 to Demo Bakery every month from 15 Jan 2026, paid once, active',
      },
      errors: [
        {
          failure: http(404, 'not_found', 'No scheduled payment found.'),
          says: 'Server answers 404 (no such schedule, or another merchant’s)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    cancelScheduledPayment: {
      done: { output: cancelledRent, effect: cancelEffect, says: 'Server cancels it (no further runs)' },
      errors: [
        {
          failure: http(409, 'conflict', 'This scheduled payment has already ended.'),
          says: 'Server answers 409 conflict (it ended meanwhile)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof scheduledPaymentMachine>;

export const scheduledTexts = {
  title: 'Scheduled payment',
  retry: 'Try again',
  notFound: 'No scheduled payment found.',
  cancel: 'Cancel this payment',
  dialog: 'Cancel this scheduled payment?',
  keep: 'Keep it',
  confirm: 'Cancel the payment',
  cancelled: 'Payment cancelled',
};

export function scheduledErrorText(error: ScheduledPaymentError, loading: boolean): string {
  if (loading)
    return error === 'network' ? 'A network error has occurred.' : 'Something went wrong. Please try again.';
  if (error === 'conflict') return 'This scheduled payment has already ended.';
  if (error === 'not_found') return scheduledTexts.notFound;
  return 'The payment could not be cancelled. Try again later.';
}

function scheduledPaymentScreen(snapshot: ScheduledPaymentSnapshot): ScreenExpectation {
  const t = scheduledTexts;
  const path = detailPath;
  const { error, payment } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const confirming = selectConfirmingCancel(snapshot);
  switch (selectScheduledPaymentStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return {
        path,
        heading: t.title,
        alert: error ? scheduledErrorText(error, true) : null,
        enabled: [t.retry],
      };
    case 'notFound':
      return { path, heading: t.title, alert: t.notFound, absent: [t.cancel] };
    case 'viewing': {
      const active = payment?.status === 'active';
      if (confirming) {
        return {
          path,
          heading: t.title,
          dialogs: [t.dialog],
          ...(busy ? { disabled: [t.keep, t.confirm] } : { enabled: [t.keep, t.confirm] }),
        };
      }
      return {
        path,
        heading: t.title,
        alert: error ? scheduledErrorText(error, false) : null,
        dialogs: [],
        ...(active ? (busy ? { disabled: [t.cancel] } : { enabled: [t.cancel] }) : { absent: [t.cancel] }),
      };
    }
    case 'cancelled':
      return { path, heading: t.title, alert: null, dialogs: [], toast: t.cancelled, absent: [t.cancel] };
  }
}

const answerOf: Record<string, string> = {
  loadScheduledPayment: 'the schedule',
  cancelScheduledPayment: 'the cancellation',
};

const refusalWords: Record<string, string> = {
  not_found: 'not found',
  conflict: 'it had already ended',
};

/** A decision of a path, in a few words (null: a step that decides nothing, e.g. an answer every path gets). */
function decisionWords(step: ModelPath<ScheduledPaymentSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
    case 'actorDone':
      return null;
    case 'actorError':
      return failureWords(action, answerOf[action.src] ?? action.src, refusalWords);
    case 'event': {
      const event = action.event as ScheduledPaymentEvent;
      switch (event.type) {
        case 'payment.opened':
          return null;
        case 'load.retry':
          return 'load again';
        case 'cancel.request':
          return 'cancel the payment';
        case 'cancel.confirm':
          return 'confirm';
        case 'cancel.dismiss':
          return 'keep it';
      }
    }
  }
  return null;
}

/** A path's title by what it proves: the cancellation asked and confirmed, the refusals and faults, where it ends. */
export function scheduledPaymentTitle(path: ModelPath<ScheduledPaymentSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const screen = scheduledPaymentScreen(last);
  const shown = selectConfirmingCancel(last) ? scheduledTexts.dialog : screen.heading;
  const step = selectScheduledPaymentStep(last);
  const end =
    step === 'cancelled'
      ? 'scheduled payment cancelled'
      : shown === null
        ? 'stops while the schedule loads'
        : last.hasTag('busy')
          ? `waits on “${shown}”`
          : step === 'viewing'
            ? `stops on the schedule’s details`
            : `stops on “${shown}”`;
  return pathTitle(path, decisionWords, end, 'open a schedule');
}

export const scheduledPaymentModel: Model<typeof scheduledPaymentMachine> = {
  name: 'scheduledPayment',
  machine: scheduledPaymentMachine,
  file: 'scheduledPayment.machine.ts',
  start: 'Signed in as the owner of Demo Coffee (approved), with a monthly payment to @demo-bakery scheduled',
  fixtures: scheduledPaymentFixtures,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      opened: snapshot.context.id !== '',
      error: snapshot.context.error,
      status: snapshot.context.payment?.status ?? null,
    }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 6 },
  screen: scheduledPaymentScreen,
  title: scheduledPaymentTitle,
};
