import { fromPromise } from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import type {
  LoadInput,
  QuoteInput,
  ScheduleInput,
  SearchInput,
  SendInput,
  SendMoneyData,
  VerifyPayeeInput,
} from '../../machines/sendMoney.machine';
import type { PayeeVerifyResponse } from '../../schemas/payee.schema';
import type { ScheduledPayment } from '../../schemas/scheduledPayments.schema';
import type { Contact, TransferQuote } from '../../schemas/sendMoney.schema';
import type { StepUpMethodsResponse } from '../../schemas/stepUp.schema';
import type { Transaction } from '../../schemas/transactions.schema';
import { unwrap, type ApiClient } from '../api/client';
import { createOneTimeCodeLogic } from './requestMoneyActors';

/** The send-money journey's effects (machines/sendMoney.machine.ts), each rejecting with an ApiFailure. */
export function sendMoneyActors(client: ApiClient) {
  return {
    loadSendMoney: fromPromise<SendMoneyData, LoadInput>(async ({ input, signal }) => {
      const [accounts, amounts, beneficiaries] = await Promise.all([
        unwrap(client.GET('/api/merchants/core_banking_accounts/', { signal })),
        unwrap(
          client.GET('/api/merchants/predefined_send_amounts/', {
            params: { query: { account_type: input.accountType } },
            signal,
          }),
        ).catch(() => ({ items: [] })),
        unwrap(client.GET('/api/merchants/beneficiaries/', { params: { query: {} }, signal })),
      ]);
      const account = accounts.accounts.find((one) => one.account_type === input.accountType);
      if (!account) {
        const failure: ApiFailure = {
          kind: 'http',
          status: 404,
          code: 'not_found',
          message: 'No data found for this currency.',
        };
        throw failure;
      }
      return {
        account,
        amounts: amounts.items.find((item) => item.currency === account.currency)?.amounts ?? [],
        beneficiaries: beneficiaries.beneficiaries,
      };
    }),
    searchContacts: fromPromise<Contact[], SearchInput>(async ({ input, signal }) => {
      const found = await unwrap(
        client.GET('/api/merchants/contacts/search/', { params: { query: { q: input.query } }, signal }),
      );
      return found.items;
    }),
    verifyPayee: fromPromise<PayeeVerifyResponse, VerifyPayeeInput>(({ input, signal }) =>
      unwrap(client.POST('/api/merchants/payees/verify/', { body: input, signal })),
    ),
    transferQuote: fromPromise<TransferQuote, QuoteInput>(({ input, signal }) =>
      unwrap(
        client.GET('/api/merchants/transfer_quote/', {
          params: {
            query: {
              account_type: input.accountType,
              amount_minor: input.amountMinor,
              ...(input.walletTag ? { wallet_tag: input.walletTag } : {}),
              ...(input.iban ? { iban: input.iban } : {}),
            },
          },
          signal,
        }),
      ),
    ),
    loadStepUpMethods: fromPromise<StepUpMethodsResponse, void>(({ signal }) =>
      unwrap(client.GET('/api/merchants/step-up/methods/', { signal })),
    ),
    oneTimeCode: createOneTimeCodeLogic(client),
    sendMoney: fromPromise<Transaction, SendInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/send_money/', {
          params: {
            header: {
              'idempotency-key': input.idempotencyKey,
              ...(input.stepUpToken ? { 'x-step-up-token': input.stepUpToken } : {}),
            },
          },
          body: input.body,
          signal,
        }),
      ),
    ),
    createScheduledPayment: fromPromise<ScheduledPayment, ScheduleInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/scheduled_payments/', {
          params: {
            header: {
              'idempotency-key': input.idempotencyKey,
              ...(input.stepUpToken ? { 'x-step-up-token': input.stepUpToken } : {}),
            },
          },
          body: input.body,
          signal,
        }),
      ),
    ),
  };
}
