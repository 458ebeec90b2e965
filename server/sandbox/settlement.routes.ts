import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RejectIbanBody,
  RejectIbanResult,
  SettlementRunBody,
  SettlementRunResult,
} from '../../schemas/sendMoney.schema';
import type { Database } from '../db/database';
import { runSettlement, setRejectsPayments } from '../payments/settlement';
import { paymentSettings } from '../payments/settings';
import { errorResponses } from '../routes/apiErrors';

/**
 * Sandbox controls of the settlement job (never in production, app.ts): run it now, and make an account at another
 * bank refuse payments so that a payment to it fails and is refunded.
 */
export const sandboxSettlementRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/sandbox/settlement/run/',
    {
      schema: {
        operationId: 'sandboxRunSettlement',
        tags: ['sandbox'],
        summary:
          'Runs the settlement job now (never in production): pending payments to other banks are completed, or ' +
          'failed and refunded when the receiving account is unknown or refuses payments.',
        body: SettlementRunBody,
        response: { 200: SettlementRunResult, ...errorResponses(400) },
      },
    },
    async (request) =>
      runSettlement(db, {
        delaySeconds: request.body.ignore_delay === false ? paymentSettings().settlementDelaySeconds : 0,
      }),
  );

  app.post(
    '/api/sandbox/settlement/reject-iban/',
    {
      schema: {
        operationId: 'sandboxRejectIban',
        tags: ['sandbox'],
        summary:
          'Makes an account at another bank refuse incoming payments, or accept them again (never in production).',
        body: RejectIbanBody,
        response: { 200: RejectIbanResult, ...errorResponses(400, 404) },
      },
    },
    async (request) => setRejectsPayments(db, request.body.iban, request.body.rejects_payments),
  );
};
