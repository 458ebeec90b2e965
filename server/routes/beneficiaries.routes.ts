import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BeneficiariesQuery,
  BeneficiariesResponse,
  Beneficiary,
  BeneficiaryBody,
  BeneficiaryParams,
} from '../../schemas/beneficiaries.schema';
import { IdempotencyHeaders } from '../../schemas/transactions.schema';
import { authOf } from '../auth/authenticate';
import {
  createBeneficiary,
  deleteBeneficiary,
  getBeneficiary,
  listBeneficiaries,
  updateBeneficiary,
} from '../beneficiaries';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';

/** The merchant's beneficiaries (schemas/beneficiaries.schema.ts). */
export const beneficiariesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db },
) => {
  const secured = { tags: ['beneficiaries'], security: [{ bearerAuth: [] }] };
  const actorOf = (request: Parameters<typeof authOf>[0]) => {
    const auth = authOf(request);
    return { merchantId: auth.merchantId, userId: auth.userId, origin: originOf(request) };
  };

  app.get(
    '/api/merchants/beneficiaries/',
    {
      schema: {
        ...secured,
        operationId: 'beneficiaries',
        summary:
          "The merchant's beneficiaries by name; `q` keeps those whose name, wallet tag or IBAN contain it.",
        querystring: BeneficiariesQuery,
        response: { 200: BeneficiariesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listBeneficiaries(db, authOf(request).merchantId, request.query.q),
  );

  app.get(
    '/api/merchants/beneficiaries/:id/',
    {
      schema: {
        ...secured,
        operationId: 'beneficiary',
        summary: 'One beneficiary; 404 for a deleted one or another merchant’s.',
        params: BeneficiaryParams,
        response: { 200: Beneficiary, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getBeneficiary(db, authOf(request).merchantId, request.params.id),
  );

  app.post(
    '/api/merchants/beneficiaries/',
    {
      schema: {
        ...secured,
        operationId: 'createBeneficiary',
        summary:
          'Saves a wallet or bank beneficiary. A bank one is name-checked first: anything but a match is 422 ' +
          '`name_check_unconfirmed` (details: result, check_id, suggested_name on a close match) unless ' +
          '`accept_name_mismatch` is true. 409 when the merchant already has this IBAN or wallet. Idempotency-Key ' +
          'required: the same key and body answer the first result (header Idempotent-Replayed: true), another ' +
          'body 409.',
        headers: IdempotencyHeaders,
        body: BeneficiaryBody,
        response: { 201: Beneficiary, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const { result, replayed } = await createBeneficiary(
        db,
        actorOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/api/merchants/beneficiaries/:id/',
    {
      schema: {
        ...secured,
        operationId: 'updateBeneficiary',
        summary:
          'Replaces a beneficiary’s details; a changed name or IBAN is name-checked again (422 as on create).',
        params: BeneficiaryParams,
        body: BeneficiaryBody,
        response: { 200: Beneficiary, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => updateBeneficiary(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/merchants/beneficiaries/:id/',
    {
      schema: {
        ...secured,
        operationId: 'deleteBeneficiary',
        summary: 'Deletes a beneficiary (it is never listed again); 404 for another merchant’s.',
        params: BeneficiaryParams,
        response: { 204: z.null().describe('No content'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteBeneficiary(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
