import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnalyticsAmounts,
  AnalyticsExpenses,
  AnalyticsMonthlyAmounts,
  AnalyticsMonthlyQuery,
  AnalyticsQuery,
  AnalyticsTopCounterparties,
} from '../../schemas/analytics.schema';
import {
  analyticsAmounts,
  analyticsExpensesPerCategory,
  analyticsMonthlyAmounts,
  analyticsTopCounterparties,
} from '../analytics/analytics';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { errorResponses } from './apiErrors';

/** Analytics (schemas/analytics.schema.ts); the domain is server/analytics/. Area 'analytics', company data. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db },
) => {
  const secured = { tags: ['analytics'], security: [{ bearerAuth: [] }] };
  const common =
    ' Europe/Athens calendar days, `end` inclusive (default today); only completed or paid transfers count, at the ' +
    'transfer’s time, fees as money out. 400 with `fields` for a bad range, currency or `end` (a future day); 404 ' +
    'no_data "No data found for this currency." when the merchant holds no account in it.';

  app.get(
    '/api/merchants/analytics/amounts/',
    {
      schema: {
        ...secured,
        operationId: 'analyticsAmounts',
        summary:
          'Money in and out of the account in `currency` per day (week: 7 days, month: 30 days) or per calendar ' +
          'month (year: 12 months), every bucket listed, with totals.' +
          common,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsAmounts, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => analyticsAmounts(db, authOf(request).merchantId, request.query),
  );

  app.get(
    '/api/merchants/analytics/expenses_per_category/',
    {
      schema: {
        ...secured,
        operationId: 'analyticsExpensesPerCategory',
        summary:
          'Money out of the range by category: card payments by merchant category (POS, online, ATM), card orders, ' +
          'each transfer type, and fees; largest first, with shares in basis points adding up to 10000.' +
          common,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsExpenses, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => analyticsExpensesPerCategory(db, authOf(request).merchantId, request.query),
  );

  app.get(
    '/api/merchants/analytics/monthly_amounts/',
    {
      schema: {
        ...secured,
        operationId: 'analyticsMonthlyAmounts',
        summary: 'Money in and out for each of the 12 calendar months ending with `end`’s month.' + common,
        querystring: AnalyticsMonthlyQuery,
        response: { 200: AnalyticsMonthlyAmounts, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => analyticsMonthlyAmounts(db, authOf(request).merchantId, request.query),
  );

  app.get(
    '/api/merchants/analytics/top_counterparties/',
    {
      schema: {
        ...secured,
        operationId: 'analyticsTopCounterparties',
        summary:
          'The 5 counterparties who paid the account most and the 5 it paid most in the range (fees included).' +
          common,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsTopCounterparties, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => analyticsTopCounterparties(db, authOf(request).merchantId, request.query),
  );
};
