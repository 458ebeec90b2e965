/**
 * Accounts: currencies, the merchant's core banking accounts and their top-up details.
 *
 * Endpoints (operationId), all under /api/, signed in, merchant approved (403 merchant_not_approved otherwise):
 * - GET merchants/currencies/                                       currencies          → CurrenciesResponse
 * - GET merchants/core_banking_accounts/                            coreBankingAccounts → CoreBankingAccountsResponse
 * - GET merchants/core_banking_accounts/{account_type}/top_up_details/
 *                                                                   accountTopUpDetails → AccountTopUpDetails
 *
 * `account_type` is the account's currency in lower case (`eur`), the `:accountType` of SPEC §2's
 * `/my-wallet/my-accounts/:accountType?` and `/my-wallet/:accountType/send-money`; unknown or not held → 404.
 * `available_balance` is what can be spent now; `balance` adds the pending outgoing payments still held
 * (server/db/migrations/008_money.sql).
 */
import { z } from 'zod';
import { text } from './text';
import { Money } from './overview.schema';

/** The currencies the bank keeps accounts in, with their ISO 4217 minor units. */
export const supportedCurrencies = [
  { code: 'EUR', minor_units: 2 },
  { code: 'USD', minor_units: 2 },
  { code: 'GBP', minor_units: 2 },
] as const;
export const currencyCodes = supportedCurrencies.map((c) => c.code);
export type CurrencyCode = (typeof supportedCurrencies)[number]['code'];

export const CurrenciesResponse = z
  .object({
    currencies: z.array(z.object({ code: text().length(3), minor_units: z.number().int() })),
  })
  .meta({ id: 'CurrenciesResponse' });
export type CurrenciesResponse = z.infer<typeof CurrenciesResponse>;

/** `eur`, `usd`, `gbp`: an account by its currency. */
export const AccountType = z.enum(['eur', 'usd', 'gbp']);
export type AccountType = z.infer<typeof AccountType>;
export const AccountTypeParams = z.object({ account_type: text().max(10) });

/**
 * The names the bank gives an account it opens (server/accounts.ts, server/seed.ts). They are stored as data, in
 * English; the app shows them in the reader's language (src/i18n/accountText.ts), and any other name as it is.
 */
export const mainAccountName = 'Main account';
export const currencyAccountName = (currency: string): string => `${currency} account`;

export const CoreBankingAccount = z
  .object({
    id: text(),
    name: text(),
    currency: text().length(3),
    account_type: text(),
    iban: text(),
    balance: Money,
    available_balance: Money,
  })
  .meta({ id: 'CoreBankingAccount' });
export type CoreBankingAccount = z.infer<typeof CoreBankingAccount>;

export const CoreBankingAccountsResponse = z
  .object({
    /** The merchant's wallet tag, e.g. "@demo-coffee": what other merchants send money to. */
    wallet_tag: text().nullable(),
    accounts: z.array(CoreBankingAccount),
  })
  .meta({ id: 'CoreBankingAccountsResponse' });
export type CoreBankingAccountsResponse = z.infer<typeof CoreBankingAccountsResponse>;

/** SPEC §3 "Account and top-up details": where to send a bank transfer to fund this account. */
export const AccountTopUpDetails = z
  .object({
    account_id: text(),
    account_type: text(),
    account_name: text(),
    account_holder_name: text(),
    iban: text(),
    /** The bank and branch code inside the IBAN, e.g. "026-0001". */
    sort_code: text(),
    /** The account number inside the IBAN. */
    account_number: text(),
    swift_bic: text(),
    currency: text().length(3),
    balance: Money,
    available_balance: Money,
  })
  .meta({ id: 'AccountTopUpDetails' });
export type AccountTopUpDetails = z.infer<typeof AccountTopUpDetails>;
