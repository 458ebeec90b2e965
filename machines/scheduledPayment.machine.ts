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
      on: {
        'payment.opened': { target: 'loading', actions: assign({ id: ({ event }) => event.id }) },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadScheduledPayment',
        src: 'loadScheduledPayment',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'viewing', actions: assign({ payment: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            target: 'loadFailed',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    loadFailed: {
      on: { 'load.retry': { target: 'loading', actions: 'clearError' } },
    },
    /** No such scheduled payment (or another merchant's). */
    notFound: {},
    /** The details and runs; an active schedule can be cancelled. */
    viewing: {
      on: {
        'cancel.request': { guard: 'isActive', target: 'confirmingCancel', actions: 'clearError' },
      },
    },
    /** "Cancel this scheduled payment?" */
    confirmingCancel: {
      on: {
        'cancel.confirm': 'cancelling',
        'cancel.dismiss': 'viewing',
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelScheduledPayment',
        src: 'cancelScheduledPayment',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'cancelled', actions: assign({ payment: ({ event }) => event.output }) },
        onError: [
          {
            // It ended meanwhile (completed, or cancelled elsewhere): show it as it is now.
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'viewing',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** "Payment cancelled": no further runs. */
    cancelled: { type: 'final' },
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
