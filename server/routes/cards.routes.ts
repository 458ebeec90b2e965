import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Card,
  CardActionParams,
  CardEpinBody,
  CardLimits,
  CardLimitsView,
  CardOptions,
  CardOrderResult,
  CardParams,
  CardPinBody,
  CardRevealBody,
  CardSecret,
  CardsResponse,
  CardUpdateBody,
  Cart,
  CartBody,
  CartParams,
} from '../../schemas/cards.schema';
import { StepUpHeaders, stepUpHeader } from '../../schemas/stepUp.schema';
import { IdempotencyHeaders } from '../../schemas/transactions.schema';
import { authOf } from '../auth/authenticate';
import {
  cardActorOf,
  cardById,
  cardLimits,
  listCards,
  revealCard,
  setCardLimits,
  setCardSecret,
  transitionCard,
  updateCard,
} from '../cards/cards';
import { cardOptions, cartInitialize, cartPay } from '../cards/ordering';
import { cardVault } from '../cards/secrets';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';

/**
 * Cards (schemas/cards.schema.ts); the domain is server/cards/. Ordering is the add-card area (owners only, SPEC §6);
 * the rest is the cards area, and the domain narrows it: the owner acts on every card of the merchant, anyone else
 * on the cards assigned to them, a viewer only reads. Card secrets travel only in request bodies and in
 * revealCard's answer, which Fastify's request log never records (tests/api/cardsLog.test.ts).
 */
export const cardsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const secured = { tags: ['cards'], security: [{ bearerAuth: [] }] };
  const actorOf = (request: FastifyRequest) => cardActorOf(authOf(request));
  const vault = cardVault(config.secrets.cardEncryptionKey);
  const noContent = { 204: z.null().describe('No content') };

  app.get(
    '/api/merchants/cards/options/',
    {
      schema: {
        ...secured,
        operationId: 'cardOptions',
        summary:
          "What a card order may choose: the plan's prices, colours, the accounts a card spends from (those in the " +
          "plan's currency), and each person of the company with how many more physical and virtual cards they may hold.",
        response: { 200: CardOptions, ...errorResponses(401, 403) },
      },
    },
    async (request) => cardOptions(db, actorOf(request)),
  );

  app.post(
    '/api/merchants/cards/cart/',
    {
      schema: {
        ...secured,
        operationId: 'cartInitialize',
        summary:
          'Prices a card order from the plan and keeps it 30 minutes; pays nothing. 400 with `fields` for a holder ' +
          'outside the company, a physical card without a shipping address or a virtual one with one, an account the ' +
          "merchant does not hold in the plan's currency; 404 for an address_id that is not the merchant's; 422 " +
          'card_limit_reached when the holder already has 3 cards of the form.',
        body: CartBody,
        response: { 201: Cart, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const cart = await cartInitialize(db, actorOf(request), request.body);
      return reply.status(201).send(cart);
    },
  );

  app.post(
    '/api/merchants/cards/cart/:id/pay/',
    {
      schema: {
        ...secured,
        operationId: 'cartPay',
        summary:
          'Pays a card order and makes the card, in one transaction: the price through the ledger (a free card posts ' +
          'nothing, transaction_id null), a physical card inactive until activated, a virtual one active. ' +
          'Idempotency-Key required: the same key answers the first result (header Idempotent-Replayed: true). 409 ' +
          'cart_paid for an order paid with another key, 409 conflict for a key used on another order, 410 ' +
          'cart_expired after 30 minutes, 422 card_limit_reached (3 physical and 3 virtual per person), 422 ' +
          'insufficient_funds; on every refusal nothing changes. 404 for an order that is not the merchant’s.',
        headers: IdempotencyHeaders,
        params: CartParams,
        response: { 201: CardOrderResult, ...errorResponses(400, 401, 403, 404, 409, 410, 422) },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await cartPay(
        db,
        vault,
        actorOf(request),
        request.params.id,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/api/merchants/cards/',
    {
      schema: {
        ...secured,
        operationId: 'cards',
        summary:
          'The cards, newest first: every card of the merchant for the owner, the cards assigned to them for anyone ' +
          'else. Never a number, CVV or PIN: only the last four digits.',
        response: { 200: CardsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listCards(db, actorOf(request)),
  );

  app.get(
    '/api/merchants/cards/:id/',
    {
      schema: {
        ...secured,
        operationId: 'card',
        summary:
          'One card (404 for another merchant’s, or for a card not assigned to a caller who is not the owner).',
        params: CardParams,
        response: { 200: Card, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cardById(db, actorOf(request), request.params.id),
  );

  app.patch(
    '/api/merchants/cards/:id/',
    {
      schema: {
        ...secured,
        operationId: 'updateCard',
        summary:
          'Renames the card or sets its alias (null clears it). 403 for a viewer, 404 for a card the caller may not ' +
          'see, 409 card_status for a destroyed card.',
        params: CardParams,
        body: CardUpdateBody,
        response: { 200: Card, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateCard(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/merchants/cards/:id/:action/',
    {
      schema: {
        ...secured,
        operationId: 'cardAction',
        summary:
          'activate (inactive → active), freeze (active → frozen), unfreeze (frozen → active), report_lost (active, ' +
          'inactive or frozen → lost). Any other start is 409 card_status with the status in `details`. 403 for a ' +
          'viewer, 404 for a card the caller may not see.',
        params: CardActionParams,
        response: { 200: Card, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      transitionCard(db, actorOf(request), request.params.id, request.params.action, originOf(request)),
  );

  app.delete(
    '/api/merchants/cards/:id/',
    {
      schema: {
        ...secured,
        operationId: 'deleteCard',
        summary:
          'Destroys the card: final, it never comes back and declines every payment. 409 card_status when it is ' +
          'destroyed already; 403 for a viewer; 404 for a card the caller may not see.',
        params: CardParams,
        response: { 200: Card, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => transitionCard(db, actorOf(request), request.params.id, 'destroy', originOf(request)),
  );

  app.put(
    '/api/merchants/cards/:id/pin/',
    {
      schema: {
        ...secured,
        operationId: 'setCardPin',
        summary:
          'Sets the 4-digit PIN of a physical card (409 for a virtual one, 409 card_status for a lost or destroyed ' +
          'one); stored encrypted, never answered back. A PIN of one repeated digit or a straight run is 400.',
        params: CardParams,
        body: CardPinBody,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await setCardSecret(db, vault, actorOf(request), request.params.id, 'pin', request.body.pin);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/merchants/cards/:id/epin/',
    {
      schema: {
        ...secured,
        operationId: 'setCardEpin',
        summary:
          'Sets the 5-digit e-PIN (SPEC §9) for online payments; 409 card_status for a lost or destroyed card; ' +
          'stored encrypted, never answered back.',
        params: CardParams,
        body: CardEpinBody,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await setCardSecret(db, vault, actorOf(request), request.params.id, 'epin', request.body.epin);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/merchants/cards/:id/reveal/',
    {
      schema: {
        ...secured,
        operationId: 'revealCard',
        summary:
          'The number, expiry and CVV (`details`), the PIN or the e-PIN, spending a fresh step-up grant for ' +
          '`card_reveal` sent in X-Step-Up-Token (missing, expired, used or another purpose’s: 403 step_up_required). ' +
          '409 for a destroyed card or a PIN never set. Answered with Cache-Control: no-store.',
        headers: StepUpHeaders,
        params: CardParams,
        body: CardRevealBody,
        response: { 200: CardSecret, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const secret = await revealCard(
        db,
        vault,
        actorOf(request),
        request.params.id,
        request.body,
        request.headers[stepUpHeader],
        originOf(request),
      );
      reply.header('cache-control', 'no-store');
      return secret;
    },
  );

  app.get(
    '/api/merchants/cards/:id/limits/',
    {
      schema: {
        ...secured,
        operationId: 'cardLimits',
        summary:
          'The limits (null: unlimited) and what the card spent in the current window per category; windows are ' +
          'calendar days, weeks (from Monday), months and years in Europe/Athens.',
        params: CardParams,
        response: { 200: CardLimitsView, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cardLimits(db, actorOf(request), request.params.id),
  );

  app.put(
    '/api/merchants/cards/:id/limits/',
    {
      schema: {
        ...secured,
        operationId: 'setCardLimits',
        summary:
          'Replaces the frequency and the four limits (positive minor units, or null for unlimited). 403 for a ' +
          'viewer, 404 for a card the caller may not see, 409 card_status for a destroyed card.',
        params: CardParams,
        body: CardLimits,
        response: { 200: CardLimits, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      setCardLimits(db, actorOf(request), request.params.id, request.body, originOf(request)),
  );
};
