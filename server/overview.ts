import type { HomeOverviewResponse } from '../schemas/overview.schema';
import { merchantAccounts } from './accounts';
import type { Database } from './db/database';
import { listTransactions } from './transactions';

/**
 * The home screen of one merchant: balances per currency, accounts, and the latest transfers touching them. Built
 * from the same account and transaction views as coreBankingAccounts and transactions, so the screens agree.
 */
export async function homeOverview(db: Database, merchantId: string): Promise<HomeOverviewResponse> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'name'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const { accounts } = await merchantAccounts(db, merchantId);
  const totals = new Map<string, bigint>();
  for (const account of accounts) {
    totals.set(account.currency, (totals.get(account.currency) ?? 0n) + BigInt(account.balance.amount_minor));
  }
  const latest = await listTransactions(db, merchantId, { limit: 10 });
  return {
    merchant: { id: merchant.id, name: merchant.name },
    total_balance: [...totals.entries()].map(([currency, amount]) => ({
      amount_minor: amount.toString(),
      currency,
    })),
    accounts: accounts.map((a) => ({ id: a.id, name: a.name, iban: a.iban, balance: a.balance })),
    latest_transactions: latest.items.map((t) => ({
      id: t.id,
      created_at: t.created_at,
      counterparty: t.counterparty.name,
      type: t.type,
      status: t.status,
      amount: t.amount,
      direction: t.direction,
    })),
  };
}
