import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountTopUpDetails,
  AccountTypeParams,
  CoreBankingAccountsResponse,
  CurrenciesResponse,
  supportedCurrencies,
} from '../../schemas/accounts.schema';
import { accountTopUpDetails, merchantAccounts } from '../accounts';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { errorResponses } from './apiErrors';

/** Currencies and the merchant's accounts (schemas/accounts.schema.ts). */
export const accountsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db },
) => {
  const secured = { tags: ['accounts'], security: [{ bearerAuth: [] }] };

  app.get(
    '/api/merchants/currencies/',
    {
      schema: {
        ...secured,
        operationId: 'currencies',
        summary: 'The currencies the bank keeps accounts in, with their minor units.',
        response: { 200: CurrenciesResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ currencies: supportedCurrencies.map((c) => ({ ...c })) }),
  );

  app.get(
    '/api/merchants/core_banking_accounts/',
    {
      schema: {
        ...secured,
        operationId: 'coreBankingAccounts',
        summary: "The merchant's accounts with balance and available balance, and its wallet tag.",
        response: { 200: CoreBankingAccountsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => merchantAccounts(db, authOf(request).merchantId),
  );

  app.get(
    '/api/merchants/core_banking_accounts/:account_type/top_up_details/',
    {
      schema: {
        ...secured,
        operationId: 'accountTopUpDetails',
        summary:
          'Bank transfer details for funding one account (`eur`); 404 for a currency the merchant has none in.',
        params: AccountTypeParams,
        response: { 200: AccountTopUpDetails, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => accountTopUpDetails(db, authOf(request).merchantId, request.params.account_type),
  );
};
