import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  QrCode,
  QrCodeBody,
  QrCodeParams,
  QrCodeResolveParams,
  QrCodesResponse,
  ResolvedQrCode,
} from '../../schemas/qrCodes.schema';
import { IdempotencyHeaders } from '../../schemas/transactions.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { createQrCode, deleteQrCode, listQrCodes, resolveQrCode } from '../payments/qrCodes';
import { errorResponses } from './apiErrors';

/**
 * QR codes for receiving a payment (schemas/qrCodes.schema.ts); the domain is server/payments/qrCodes.ts. Managing
 * one's codes is the qr-codes area; resolving another merchant's code is for whoever may send money. The links use
 * the app's public origin (APP_URL), as the emailed links do.
 */
export const qrCodesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const secured = { tags: ['qr codes'], security: [{ bearerAuth: [] }] };
  const actorOf = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { merchantId: auth.merchantId, userId: auth.userId };
  };
  const origin = config.appUrl;

  app.get(
    '/api/merchants/qr_codes/',
    {
      schema: {
        ...secured,
        operationId: 'qrCodes',
        summary: "The merchant's QR codes, newest first, each with its shareable link.",
        response: { 200: QrCodesResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listQrCodes(db, authOf(request).merchantId, origin),
  );

  app.post(
    '/api/merchants/qr_codes/',
    {
      schema: {
        ...secured,
        operationId: 'createQrCode',
        summary:
          'Generates a QR code for receiving a payment into the account of `currency` (one the merchant holds; ' +
          'otherwise 400 on `currency`), optionally for a fixed amount and with a note. Idempotency-Key required: ' +
          'the same key and body answer the first result (header Idempotent-Replayed: true), another body 409.',
        headers: IdempotencyHeaders,
        body: QrCodeBody,
        response: { 201: QrCode, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { result, replayed } = await createQrCode(
        db,
        actorOf(request),
        request.body,
        origin,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/merchants/qr_codes/:id/',
    {
      schema: {
        ...secured,
        operationId: 'deleteQrCode',
        summary: 'Deletes a QR code: its link stops working. 404 for another merchant’s or a deleted one.',
        params: QrCodeParams,
        response: { 204: z.null().describe('No content'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteQrCode(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/merchants/qr_codes/resolve/:code/',
    {
      schema: {
        ...secured,
        operationId: 'resolveQrCode',
        summary:
          'What a QR code asks the signed-in merchant to pay: the payee (name, wallet tag), currency, amount and ' +
          'note. Moves no money. 404 for an unknown or deleted code; 422 recipient_not_allowed for one’s own.',
        params: QrCodeResolveParams,
        response: { 200: ResolvedQrCode, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => resolveQrCode(db, actorOf(request), request.params.code),
  );
};
