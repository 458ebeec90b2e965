import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ScheduledPayment } from '../schemas/scheduledPayments.schema';
import { failureCode, knownErrors } from './apiFailure';

/*
 * One scheduled payment (SPEC §2 /my-wallet/scheduled-payments, §8 "payment cancelled"): its details and
 * runs, and cancelling it.
 *
 * opening (until the screen has read the address) → loading (scheduledPayment) → viewing; an unknown id (or another
 * merchant's) is notFound, any other failure loadFailed (try again). viewing → "Cancel this payment" (an active
 * schedule only) → confirmingCancel (a dialog: keep it, or cancel it) → cancelling (cancelScheduledPayment) →
 * cancelled ("Payment cancelled": no further runs). A cancel that fails goes back to viewing with the error; one the
 * server refuses because the schedule has ended meanwhile (409) reloads it, so the page shows why.
 */

export const toScheduledPaymentError = knownErrors(['not_found', 'conflict', 'network']);
export type ScheduledPaymentError = ReturnType<typeof toScheduledPaymentError>;

export type LoadScheduledPaymentInput = { id: string };
export type CancelScheduledPaymentInput = { id: string };

export type ScheduledPaymentContext = {
  id: string;
  payment: ScheduledPayment | null;
  error: ScheduledPaymentError | null;
};

export type ScheduledPaymentEvent =
  /** Sent by the screen once it has read the address. */
  | { type: 'payment.opened'; id: string }
  | { type: 'load.retry' }
  | { type: 'cancel.request' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

export const scheduledPaymentMachine = setup({
  types: {
    context: {} as ScheduledPaymentContext,
    events: {} as ScheduledPaymentEvent,
  },
  actors: {
    loadScheduledPayment: fromPromise<ScheduledPayment, LoadScheduledPaymentInput>(async () =>
      notProvided('loadScheduledPayment'),
    ),
    cancelScheduledPayment: fromPromise<ScheduledPayment, CancelScheduledPaymentInput>(async () =>
      notProvided('cancelScheduledPayment'),
    ),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toScheduledPaymentError(params.error),
    }),
    clearError: assign({ error: null }),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => failureCode(params.error) === 'not_found',
    isConflict: (_, params: { error: unknown }) => failureCode(params.error) === 'conflict',
    /** Only an active schedule can be cancelled. */
    isActive: ({ context }) => context.payment?.status === 'active',
  },
}).createMachine({
  id: 'scheduledPayment',
  context: { id: '', payment: null, error: null },
  initial: 'opening',
  states: {
    opening: {
      description: 'Until the screen has read which scheduled payment the address names.',
      on: {
        'payment.opened': {
          target: 'loading',
          description: 'The screen names the scheduled payment of the address.',
          actions: assign({ id: ({ event }) => event.id }),
        },
      },
    },
    loading: {
      description:
        'The scheduled payment is read: recipient, amount, frequency, dates, status and its runs so far.',
      tags: ['busy'],
      invoke: {
        id: 'loadScheduledPayment',
        src: 'loadScheduledPayment',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'viewing',
          description: 'The scheduled payment is shown.',
          actions: assign({ payment: ({ event }) => event.output }),
        },
        onError: [
          {
            description: "No such scheduled payment, or another merchant's: the page says it was not found.",
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            target: 'loadFailed',
            description: 'It could not be read (no answer, a server failure).',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The scheduled payment could not be read: the page says so and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The user asks to read it again.',
          actions: 'clearError',
        },
      },
    },
    notFound: { description: "No such scheduled payment (or another merchant's): nothing to show." },
    viewing: {
      description: 'The details and runs; an active schedule can be cancelled.',
      on: {
        'cancel.request': {
          description: 'The user asks to cancel; only an active schedule can be. A dialog asks to confirm.',
          guard: 'isActive',
          target: 'confirmingCancel',
          actions: 'clearError',
        },
      },
    },
    confirmingCancel: {
      description: 'A dialog asks "Cancel this scheduled payment?": keep it, or cancel it.',
      on: {
        'cancel.confirm': {
          target: 'cancelling',
          description: 'The user confirms; the cancellation is sent.',
        },
        'cancel.dismiss': { target: 'viewing', description: 'The user keeps the schedule; nothing changes.' },
      },
    },
    cancelling: {
      description:
        'The server stops the schedule: no further runs. Runs already made stay as they are; no money moves now.',
      tags: ['busy'],
      invoke: {
        id: 'cancelScheduledPayment',
        src: 'cancelScheduledPayment',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'cancelled',
          description: '"Payment cancelled": the schedule is marked cancelled.',
          actions: assign({ payment: ({ event }) => event.output }),
        },
        onError: [
          {
            // It ended meanwhile (completed, or cancelled elsewhere): show it as it is now.
            description:
              'The schedule had already ended (completed, or cancelled elsewhere): it is read again to show why.',
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'viewing',
            description:
              'Not cancelled (no answer, a server failure): the schedule stays active, the page says why.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    cancelled: { type: 'final', description: '"Payment cancelled": no further runs. The journey ends here.' },
  },
});

export type ScheduledPaymentSnapshot = SnapshotFrom<typeof scheduledPaymentMachine>;

export type ScheduledPaymentStep = 'loading' | 'loadFailed' | 'notFound' | 'viewing' | 'cancelled';

/** Which page the screen shows (the dialog is `selectConfirmingCancel`). */
export function selectScheduledPaymentStep(snapshot: ScheduledPaymentSnapshot): ScheduledPaymentStep {
  if (snapshot.matches('opening')) return 'loading';
  // A reload after a refused cancel keeps the page (with the error) rather than a spinner.
  if (snapshot.matches('loading')) return snapshot.context.payment ? 'viewing' : 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('notFound')) return 'notFound';
  if (snapshot.matches('cancelled')) return 'cancelled';
  return 'viewing';
}

export const selectScheduledPayment = (snapshot: ScheduledPaymentSnapshot): ScheduledPayment | null =>
  snapshot.context.payment;
export const selectScheduledPaymentError = (
  snapshot: ScheduledPaymentSnapshot,
): ScheduledPaymentError | null => snapshot.context.error;
export const selectScheduledPaymentBusy = (snapshot: ScheduledPaymentSnapshot): boolean =>
  snapshot.hasTag('busy');
export const selectConfirmingCancel = (snapshot: ScheduledPaymentSnapshot): boolean =>
  snapshot.matches('confirmingCancel') || snapshot.matches('cancelling');
export const selectCanCancel = (snapshot: ScheduledPaymentSnapshot): boolean =>
  snapshot.can({ type: 'cancel.request' });
