import { createHash } from 'node:crypto';
import type { CashbackPayoutResult, CashbackResponse } from '../../schemas/cards.schema';
import { moneyOf } from '../../schemas/money';
import type { Database } from '../db/database';
import { postTransfer, systemAccount } from '../ledger';
import { planOf } from '../plans';
import { monthBounds } from './windows';

/**
 * Cashback (SPEC §1, §2 /cashback): an approved POS or online card purchase accrues
 * floor(amount × plan rate / 10 000) in `cashback_accruals` (server/cards/authorizations.ts); once a month the payout
 * pays each account's unpaid accruals of the months that have ended as ONE `cashback` transfer from the bank's
 * cashback account, which the dashboard's "cashback earned" sums (server/overview.ts). Knows nothing of HTTP.
 */

/** How many accruals the /cashback screen lists, newest first. */
export const cashbackItemsShown = 100;

/** cashback: the plan's rate, totals per currency of the merchant's accounts, the next payout, the latest accruals. */
export async function cashbackView(
  db: Database,
  merchantId: string,
  now: Date = new Date(),
): Promise<CashbackResponse> {
  const plan = await planOf(db, merchantId);
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select('currency')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'merchant')
    .orderBy('created_at')
    .execute();
  const sums = await db
    .selectFrom('cashback_accruals')
    .select((eb) => [
      'currency',
      eb.fn.sum<string | number | bigint>('amount_minor').as('earned'),
      eb.fn
        .sum<string | number | bigint | null>(
          eb.case().when('paid_at', 'is not', null).then(eb.ref('amount_minor')).end(),
        )
        .as('paid_out'),
    ])
    .where('merchant_id', '=', merchantId)
    .groupBy('currency')
    .execute();
  // sum(bigint) is numeric: a string from pg, a number or string from PGlite.
  const big = (value: string | number | bigint | null) => BigInt(String(value ?? 0));
  const currencies = [
    ...new Set([...accounts.map((a) => a.currency.trim()), ...sums.map((s) => s.currency)]),
  ];
  const totals = currencies.map((currency) => {
    const sum = sums.find((s) => s.currency === currency);
    const earned = big(sum?.earned ?? 0);
    const paidOut = big(sum?.paid_out ?? 0);
    return {
      currency,
      earned: moneyOf(earned, currency),
      paid_out: moneyOf(paidOut, currency),
      pending: moneyOf(earned - paidOut, currency),
    };
  });
  const items = await db
    .selectFrom('cashback_accruals as k')
    .innerJoin('cards as c', 'c.id', 'k.card_id')
    .innerJoin('card_authorizations as z', 'z.id', 'k.authorization_id')
    .select([
      'k.id',
      'k.purchase_transfer_id',
      'c.last4',
      'z.merchant_name',
      'k.purchase_minor',
      'k.currency',
      'k.rate_bp',
      'k.amount_minor',
      'k.accrued_at',
      'k.paid_at',
    ])
    .where('k.merchant_id', '=', merchantId)
    .orderBy('k.accrued_at', 'desc')
    .orderBy('k.id')
    .limit(cashbackItemsShown)
    .execute();
  const { next } = await monthBounds(db, now);
  return {
    plan: { id: plan.id, name: plan.name, cashback_rate_bp: plan.cashbackRateBp },
    totals,
    next_payout_at: next.toISOString(),
    items: items.map((row) => ({
      id: row.id,
      transaction_id: row.purchase_transfer_id,
      card_last4: row.last4,
      merchant_name: row.merchant_name,
      purchase: moneyOf(row.purchase_minor, row.currency),
      rate_bp: row.rate_bp,
      amount: moneyOf(row.amount_minor, row.currency),
      accrued_at: row.accrued_at.toISOString(),
      paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    })),
  };
}

/**
 * The payout: every unpaid accrual from before the start of `now`'s month (Europe/Athens), one `cashback` transfer
 * per account, each account in its own transaction that locks its accruals and marks them paid. Idempotent: a second
 * run (or a concurrent one, which waits for the locks and then finds the accruals paid) pays nothing again; the
 * ledger key is derived from the account, the period and the accruals paid, so even a replayed posting moves money
 * once. The job runner calls it every hour, which pays once a month; the sandbox calls it with any clock.
 */
export async function payCashback(db: Database, now: Date = new Date()): Promise<CashbackPayoutResult> {
  const { start: cutoff } = await monthBounds(db, now);
  // The last month paid for, e.g. "2026-03" for a run in April.
  const { label } = await monthBounds(db, new Date(cutoff.getTime() - 1));
  const due = await db
    .selectFrom('cashback_accruals')
    .select('account_id')
    .distinct()
    .where('paid_at', 'is', null)
    .where('accrued_at', '<', cutoff)
    .orderBy('account_id')
    .execute();
  const payouts: CashbackPayoutResult['payouts'] = [];
  for (const { account_id: accountId } of due) {
    const paid = await db.transaction().execute(async (trx) => {
      const accruals = await trx
        .selectFrom('cashback_accruals')
        .select(['id', 'amount_minor', 'currency'])
        .where('account_id', '=', accountId)
        .where('paid_at', 'is', null)
        .where('accrued_at', '<', cutoff)
        .orderBy('id')
        .forUpdate()
        .execute();
      const first = accruals[0];
      if (!first) return null;
      const currency = first.currency;
      const total = accruals.reduce((sum, a) => sum + a.amount_minor, 0n);
      const ids = accruals.map((a) => a.id);
      const digest = createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 16);
      const posted = await postTransfer(trx, {
        type: 'cashback',
        status: 'completed',
        amountMinor: total,
        currency,
        debitAccountId: await systemAccount(trx, currency, 'cashback'),
        creditAccountId: accountId,
        counterpartyName: 'Tameio',
        reference: `Cashback up to ${label}`,
        idempotencyKey: `cashback:${accountId}:${label}:${digest}`,
      });
      await trx
        .updateTable('cashback_accruals')
        .set({ paid_at: posted.transfer.created_at, payout_transfer_id: posted.transfer.id })
        .where('id', 'in', ids)
        .execute();
      return {
        account_id: accountId,
        transaction_id: posted.transfer.id,
        amount: moneyOf(total, currency),
        accruals: ids.length,
      };
    });
    if (paid) payouts.push(paid);
  }
  return { payouts };
}
