import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { assignWalletTag, ensureMerchantAccount } from '../../server/accounts';
import { hashPassword } from '../../server/auth/passwords';
import type { Database } from '../../server/db/database';
import { ledgerInvariants, postTransfer, systemAccount, type LedgerInvariants } from '../../server/ledger';
import { api, apiWithBadInput, type JsonBodyOf } from './client';
import { createOwner, signIn, type TestServer } from './harness';

/** Shared by the money tests (ledger, accounts, transactions). */

let counter = 0;
export const newKey = (prefix = 'test') => `${prefix}-${randomBytes(6).toString('hex')}-${(counter += 1)}`;

export type MoneyMerchant = {
  merchantId: string;
  email: string;
  password: string;
  accountId: string;
  iban: string;
  token: string;
};

/** An approved merchant with a EUR account (with an IBAN), its owner signed in. */
export async function merchantWithAccount(
  server: TestServer,
  options: { status?: 'onboarding' | 'in_review' | 'approved' | 'rejected' } = {},
): Promise<MoneyMerchant> {
  const owner = await createOwner(server.db, { status: options.status ?? 'approved' });
  const accountId = await ensureMerchantAccount(server.db, owner.merchantId, 'EUR');
  const account = await server.db
    .selectFrom('ledger_accounts')
    .select('iban')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  const { accessToken } = await signIn(server.app, owner.email, owner.password);
  return {
    merchantId: owner.merchantId,
    email: owner.email,
    password: owner.password,
    accountId,
    iban: account.iban ?? '',
    token: accessToken,
  };
}

export type WalletMerchant = MoneyMerchant & { tag: string; name: string };

/** An approved merchant with a wallet tag (payable by tag), its EUR account funded with `funding` minor units. */
export async function walletMerchant(server: TestServer, funding = 0n): Promise<WalletMerchant> {
  const m = await merchantWithAccount(server);
  if (funding > 0n) await fund(server.db, m.accountId, funding);
  const tag = await assignWalletTag(server.db, m.merchantId);
  const row = await server.db
    .selectFrom('merchants')
    .select('name')
    .where('id', '=', m.merchantId)
    .executeTakeFirstOrThrow();
  return { ...m, tag, name: row.name };
}

/** An employee of the merchant (viewer or plain employee), signed in; returns the access token. */
export async function employeeToken(
  server: TestServer,
  merchantId: string,
  employeeType: 'viewer' | 'employee',
): Promise<string> {
  const email = `${employeeType}-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'Correct-Horse-Battery-9';
  await server.db
    .insertInto('users')
    .values({
      merchant_id: merchantId,
      email,
      phone: null,
      password_hash: await hashPassword(password),
      first_name: 'Emma',
      last_name: employeeType,
      is_owner: false,
      employee_type: employeeType,
      access_level: 'company',
    })
    .execute();
  return (await signIn(server.app, email, password)).accessToken;
}

/** Credits an account from the external rails (completed incoming bank transfer). */
export async function fund(db: Database, accountId: string, amount: bigint, currency = 'EUR'): Promise<void> {
  await postTransfer(db, {
    type: 'incoming_bank_transfer',
    status: 'completed',
    amountMinor: amount,
    currency,
    debitAccountId: await systemAccount(db, currency, 'external'),
    creditAccountId: accountId,
    counterpartyName: 'Funding',
    idempotencyKey: newKey('fund'),
  });
}

export type LedgerSnapshot = {
  invariants: LedgerInvariants;
  balances: Record<string, string>;
  transfers: number;
  entries: number;
};

/** Everything a refused request must leave unchanged. */
export async function ledgerSnapshot(db: Database): Promise<LedgerSnapshot> {
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance_minor'])
    .orderBy('id')
    .execute();
  const transfers = await db
    .selectFrom('transfers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const entries = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    invariants: await ledgerInvariants(db),
    balances: Object.fromEntries(accounts.map((a) => [a.id, a.balance_minor.toString()])),
    transfers: Number(transfers.n),
    entries: Number(entries.n),
  };
}

/** The invariants of docs/engineering.md principle 7 hold: every currency sums to zero, no merchant below zero. */
export function expectHealthy(invariants: LedgerInvariants): void {
  for (const currency of invariants.currencies) {
    expect(currency.balances, `sum of ${currency.currency} balances`).toBe(0n);
    expect(currency.entries, `sum of ${currency.currency} entries`).toBe(0n);
  }
  expect(invariants.negativeMerchantAccounts).toEqual([]);
  expect(invariants.mismatchedAccounts).toEqual([]);
}

/** An incoming bank transfer on the sandbox rail. */
export async function incoming(
  server: TestServer,
  body: JsonBodyOf<'POST', '/api/sandbox/incoming-transfers/'>,
  key = newKey('incoming'),
) {
  return api(server.app, 'POST', '/api/sandbox/incoming-transfers/', {
    body,
    headers: { 'idempotency-key': key },
  });
}

/** Deliberately bad input to the same rail: a body of any shape, or no Idempotency-Key at all (`key` null). */
export async function incomingWithBadInput(
  server: TestServer,
  body: unknown,
  key: string | null = newKey('incoming'),
) {
  return apiWithBadInput(server.app, 'POST', '/api/sandbox/incoming-transfers/', {
    body,
    ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
  });
}
