import type { HomeOverviewResponse } from '../schemas/overview.schema';
import type { Database } from './db/database';

/** The home screen of one merchant: balances per currency, accounts, and the latest transfers touching them. */
export async function homeOverview(db: Database, merchantId: string): Promise<HomeOverviewResponse> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'name'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'name', 'iban', 'currency', 'balance_minor'])
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const totals = new Map<string, bigint>();
  for (const account of accounts) {
    totals.set(account.currency, (totals.get(account.currency) ?? 0n) + account.balance_minor);
  }
  const accountIds = accounts.map((a) => a.id);
  const own = new Set(accountIds);
  const transfers =
    accountIds.length === 0
      ? []
      : await db
          .selectFrom('transfers as t')
          .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
          .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
          .leftJoin('merchants as dm', 'dm.id', 'd.merchant_id')
          .leftJoin('merchants as cm', 'cm.id', 'c.merchant_id')
          .select([
            't.id',
            't.created_at',
            't.type',
            't.status',
            't.amount_minor',
            't.currency',
            't.debit_account_id',
            't.credit_account_id',
            't.counterparty_name',
            'dm.name as debitMerchant',
            'cm.name as creditMerchant',
          ])
          .where((eb) =>
            eb.or([eb('t.debit_account_id', 'in', accountIds), eb('t.credit_account_id', 'in', accountIds)]),
          )
          .orderBy('t.created_at', 'desc')
          .orderBy('t.id', 'desc')
          .limit(10)
          .execute();
  return {
    merchant: { id: merchant.id, name: merchant.name },
    total_balance: [...totals.entries()].map(([currency, amount]) => ({
      amount_minor: amount.toString(),
      currency,
    })),
    accounts: accounts.map((a) => ({
      id: a.id,
      name: a.name,
      iban: a.iban ?? '',
      balance: { amount_minor: a.balance_minor.toString(), currency: a.currency },
    })),
    latest_transactions: transfers.map((t) => {
      // Between two of the merchant's own accounts a transfer reads as outgoing from the debited one. The
      // counterparty is the other merchant when both sides are ours, else the external party named on the transfer.
      const direction = own.has(t.debit_account_id) ? 'out' : 'in';
      const otherMerchant = direction === 'out' ? t.creditMerchant : t.debitMerchant;
      return {
        id: t.id,
        created_at: t.created_at.toISOString(),
        counterparty: otherMerchant ?? t.counterparty_name ?? 'Tameio',
        type: t.type,
        status: t.status,
        amount: { amount_minor: t.amount_minor.toString(), currency: t.currency },
        direction,
      };
    }),
  };
}
