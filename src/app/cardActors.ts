import { fromPromise } from 'xstate';
import type {
  CardActionInput,
  CardView,
  LoadCardInput,
  RevealCardInput,
  SetLimitsInput,
  SetPinInput,
  UpdateCardInput,
} from '../../machines/cardControls.machine';
import type { CardOrderData, CartInitializeInput, CartPayInput } from '../../machines/cardOrder.machine';
import type {
  Card,
  CardLimits,
  CardLimitsView,
  CardOrderResult,
  CardSecret,
  CardsResponse,
  Cart,
  CashbackResponse,
} from '../../schemas/cards.schema';
import { expectOk, unwrap, type ApiClient } from '../api/client';
import { createOneTimeCodeLogic } from './requestMoneyActors';

/** The card-ordering journey's effects (machines/cardOrder.machine.ts), each rejecting with an ApiFailure. */
export function cardOrderActors(client: ApiClient) {
  return {
    loadCardOrder: fromPromise<CardOrderData, void>(async ({ signal }) => {
      const [options, addresses] = await Promise.all([
        unwrap(client.GET('/api/merchants/cards/options/', { signal })),
        unwrap(client.GET('/api/merchants/addresses/', { signal })),
      ]);
      return { options, addresses: addresses.items };
    }),
    cartInitialize: fromPromise<Cart, CartInitializeInput>(({ input, signal }) =>
      unwrap(client.POST('/api/merchants/cards/cart/', { body: input.body, signal })),
    ),
    // Money moves: the cart's own Idempotency-Key, so a retry (the client's or the user's) pays at most once.
    cartPay: fromPromise<CardOrderResult, CartPayInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/cards/cart/{id}/pay/', {
          params: { path: { id: input.cartId }, header: { 'idempotency-key': input.idempotencyKey } },
          signal,
        }),
      ),
    ),
  };
}

/** One card's effects (machines/cardControls.machine.ts), each rejecting with an ApiFailure. */
export function cardControlsActors(client: ApiClient) {
  return {
    loadCard: fromPromise<CardView, LoadCardInput>(async ({ input, signal }) => {
      const [card, methods] = await Promise.all([
        unwrap(client.GET('/api/merchants/cards/{id}/', { params: { path: { id: input.id } }, signal })),
        unwrap(client.GET('/api/merchants/step-up/methods/', { signal })),
      ]);
      return { card, methods: methods.available_methods };
    }),
    cardAction: fromPromise<Card, CardActionInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/cards/{id}/{action}/', {
          params: { path: { id: input.id, action: input.action } },
          signal,
        }),
      ),
    ),
    updateCard: fromPromise<Card, UpdateCardInput>(({ input, signal }) =>
      unwrap(
        client.PATCH('/api/merchants/cards/{id}/', {
          params: { path: { id: input.id } },
          body: input.body,
          signal,
        }),
      ),
    ),
    setCardPin: fromPromise<void, SetPinInput>(({ input, signal }) =>
      input.kind === 'pin'
        ? expectOk(
            client.PUT('/api/merchants/cards/{id}/pin/', {
              params: { path: { id: input.id } },
              body: { pin: input.value },
              signal,
            }),
          )
        : expectOk(
            client.PUT('/api/merchants/cards/{id}/epin/', {
              params: { path: { id: input.id } },
              body: { epin: input.value },
              signal,
            }),
          ),
    ),
    oneTimeCode: createOneTimeCodeLogic(client),
    revealCard: fromPromise<CardSecret, RevealCardInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/cards/{id}/reveal/', {
          params: { path: { id: input.id }, header: { 'x-step-up-token': input.stepUpToken } },
          body: { what: input.what },
          signal,
        }),
      ),
    ),
    cardLimits: fromPromise<CardLimitsView, LoadCardInput>(({ input, signal }) =>
      unwrap(client.GET('/api/merchants/cards/{id}/limits/', { params: { path: { id: input.id } }, signal })),
    ),
    setCardLimits: fromPromise<CardLimits, SetLimitsInput>(({ input, signal }) =>
      unwrap(
        client.PUT('/api/merchants/cards/{id}/limits/', {
          params: { path: { id: input.id } },
          body: input.limits,
          signal,
        }),
      ),
    ),
    deleteCard: fromPromise<Card, LoadCardInput>(({ input, signal }) =>
      unwrap(client.DELETE('/api/merchants/cards/{id}/', { params: { path: { id: input.id } }, signal })),
    ),
  };
}

/** The card list (/cards): owners see every card of the merchant, others the cards assigned to them. */
export async function loadCards(client: ApiClient, signal: AbortSignal): Promise<CardsResponse> {
  return unwrap(client.GET('/api/merchants/cards/', { signal }));
}

/** The cashback page (/cashback). */
export async function loadCashback(client: ApiClient, signal: AbortSignal): Promise<CashbackResponse> {
  return unwrap(client.GET('/api/merchants/cashback/', { signal }));
}
