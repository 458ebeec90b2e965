import {
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  type PropertyAssigner,
} from 'xstate';
import { failureCode, toApiFailure } from './apiFailure';
import { nextKey, type AttemptKeys } from './attemptKeys';

/*
 * The checkout of every journey that pays from the wallet (the card order, the plan checkout; SPEC §8 "Order placed",
 * "Payment failed, possibly from insufficient balance; try again later."). Each journey builds these four states with
 * `walletCheckoutStates` and names its own price and pay actors, its own states around them and what it keeps:
 *
 * pricing (the price actor: the order priced with the available balance; each price gets its own Idempotency-Key)
 * → reviewing (pay, only when the balance covers it, or change the order) → paying (the pay actor with that key)
 * → the journey's paid state. No answer while paying (network) is back to reviewing with the same key: paying again
 * cannot pay twice. Any refusal is failed, which prices the order afresh (a new key) when the user asks.
 *
 * The keys come from the journey's `keySeed` input (machines/attemptKeys.ts): no randomness inside the machine.
 *
 * The journey's setup() provides the guards and actions named here: `walletCheckoutGuards` (`isNetwork`),
 * `isAddressProblem` (`{ error }`, usually through `refusesShipping`), `canAfford`, the `ships` guard it names (the
 * order has an address step), `recordError` (`{ error }`) and `clearError`.
 */

/** What the checkout reads and writes of the journey's context. */
type CheckoutContext = { idempotencyKey: string | null; keys: AttemptKeys };

type CheckoutTypes<TContext, TEvent, TPriced, TResult> = {
  context: TContext;
  events: TEvent;
  /** What the price actor answers (the cart, the quote). */
  priced: TPriced;
  /** What the pay actor answers. */
  result: TResult;
};

export type WalletCheckoutParts<
  TContext extends CheckoutContext,
  TEvent extends EventObject,
  TPriced,
  TResult,
  TPrice extends string,
  TPay extends string,
  TShips extends string,
  TPriceInput,
  TPayInput,
> = {
  /** Only carries the journey's types (as setup() does); never read. */
  types: CheckoutTypes<TContext, TEvent, TPriced, TResult>;
  /** The actor that prices the order, and what it is sent. */
  price: { actor: TPrice; input: (args: { context: TContext }) => TPriceInput };
  /** The actor that pays the priced order with the checkout's Idempotency-Key, and what it is sent. */
  pay: { actor: TPay; input: (args: { context: TContext }) => TPayInput };
  /** The guard that holds when the order ships something, so that the journey has an address step. */
  ships: TShips;
  /** The journey's states: where the order's choices are made, its address step, and where a paid order goes. */
  states: { choices: string; address: string; paid: string };
  /** Keeps the priced order (the checkout adds a new Idempotency-Key to it). */
  keepPrice: PropertyAssigner<TContext, DoneActorEvent<TPriced>, undefined, TEvent, never>;
  /** Forgets the priced order and its key. */
  forgetPrice: PropertyAssigner<TContext, EventObject, undefined, TEvent, never>;
  /** Keeps the payment's result once paid (and forgets what is spent: at least the key). */
  keepPaid: PropertyAssigner<TContext, DoneActorEvent<TResult>, undefined, TEvent, never>;
};

/** The server refused the order's shipping address itself (a field under `shipping`), not the rest of the order. */
export function refusesShipping(error: unknown): boolean {
  const failure = toApiFailure(error);
  return (
    failure.kind === 'http' &&
    failure.code === 'validation_failed' &&
    Object.keys(failure.fields ?? {}).some((field) => field.startsWith('shipping'))
  );
}

/** The checkout's guards that mean the same in every journey, for its setup(). */
export const walletCheckoutGuards = {
  /** No answer: the payment may or may not have gone through, so the checkout offers the same key again. */
  isNetwork: (_: unknown, params: { error: unknown }) => failureCode(params.error) === 'network',
};

const failure = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });

/** The checkout's four states (pricing, reviewing, paying, failed), to spread into the journey's `states`. */
export function walletCheckoutStates<
  TContext extends CheckoutContext,
  TEvent extends EventObject,
  TPriced,
  TResult,
  const TPrice extends string,
  const TPay extends string,
  const TShips extends string,
  TPriceInput,
  TPayInput,
>(
  parts: WalletCheckoutParts<
    TContext,
    TEvent,
    TPriced,
    TResult,
    TPrice,
    TPay,
    TShips,
    TPriceInput,
    TPayInput
  >,
) {
  const { choices, address, paid } = parts.states;
  const forget = assign<TContext, EventObject, undefined, TEvent, never>(parts.forgetPrice);
  return {
    pricing: {
      description: 'The order is priced, with the available balance; each price gets its own payment key.',
      tags: ['busy'],
      invoke: {
        id: parts.price.actor,
        src: parts.price.actor,
        input: parts.price.input,
        onDone: {
          target: 'reviewing',
          description: 'The order is priced: the checkout shows it, and a new payment key is kept for it.',
          actions: assign<TContext, DoneActorEvent<TPriced>, undefined, TEvent, never>({
            ...parts.keepPrice,
            idempotencyKey: ({ context }) => nextKey(context.keys).key,
            keys: ({ context }) => nextKey(context.keys).keys,
          }),
        },
        onError: [
          {
            // The server refused the shipping address itself: back to the address, which shows why.
            description:
              'The server refused the shipping address itself: back to the address, which shows why.',
            guard: { type: 'isAddressProblem', params: failure },
            target: address,
            actions: [{ type: 'recordError', params: failure }, forget],
          },
          {
            // Anything else (the holder has no room any more, the plan is the current one): the choices say why.
            description:
              'The order cannot be priced as chosen: back to the choices, which say why. Nothing is paid.',
            target: choices,
            actions: [{ type: 'recordError', params: failure }, forget],
          },
        ],
      },
    },
    reviewing: {
      description: 'The checkout: what is ordered, the price and the available balance; pay from the wallet.',
      on: {
        'order.pay': {
          description:
            'The user pays; offered only when the available balance covers the price (the server decides again).',
          guard: 'canAfford',
          target: 'paying',
          actions: 'clearError',
        },
        'order.change': [
          {
            description:
              'The user changes the order: back to the shipping address; the price and its key are dropped.',
            guard: parts.ships,
            target: address,
            actions: ['clearError', forget],
          },
          {
            description:
              'The user changes the order: back to the choices; the price and its key are dropped.',
            target: choices,
            actions: ['clearError', forget],
          },
        ],
      },
    },
    paying: {
      description: 'The priced order is paid with its payment key: the server pays it at most once.',
      tags: ['busy'],
      invoke: {
        id: parts.pay.actor,
        src: parts.pay.actor,
        input: parts.pay.input,
        onDone: {
          target: paid,
          description: 'Paid: the price left the wallet and the order is placed.',
          actions: assign<TContext, DoneActorEvent<TResult>, undefined, TEvent, never>(parts.keepPaid),
        },
        onError: [
          {
            // No answer: the payment may or may not have gone through; paying again sends the same key.
            description:
              'No answer: the payment may or may not have gone through. Back to the checkout; paying again sends ' +
              'the same key, so the server pays at most once.',
            guard: { type: 'isNetwork', params: failure },
            target: 'reviewing',
            actions: { type: 'recordError', params: failure },
          },
          {
            target: 'failed',
            description:
              'The server refused the payment (not enough money, the price expired or changed): nothing paid.',
            actions: { type: 'recordError', params: failure },
          },
        ],
      },
    },
    failed: {
      description:
        '"Payment failed, possibly from insufficient balance; try again later." Back to a freshly priced checkout.',
      on: {
        'order.review': {
          target: 'pricing',
          description: 'The user tries again: the order is priced afresh, with a new key.',
          actions: ['clearError', forget],
        },
      },
    },
  } as const;
}
