import { sql } from 'kysely';
import {
  balanceHistoryDays,
  type BalanceHistory,
  type HomeOverviewResponse,
  type OverviewCard,
  type UpcomingScheduledPayment,
  type WelcomeChecklist,
} from '../schemas/home.schema';
import { moneyOf } from '../schemas/money';
import type { Money } from '../schemas/overview.schema';
import { canAccess, type AccessLevelName, type Actor } from '../schemas/permissions';
import type { Transaction } from '../schemas/transactions.schema';
import { merchantAccounts } from './accounts';
import type { Database } from './db/database';
import { listScheduledPayments } from './payments/scheduledPayments';
import { listTransactions } from './transactions';

/** How many upcoming scheduled payments the dashboard shows. */
export const upcomingScheduledPaymentsShown = 3;

/**
 * Cashback earned per currency: the completed `cashback` credits to the merchant's accounts (migration 015), i.e. what
 * the monthly payout (server/cards/cashback.ts) has paid; what card purchases accrued and is not paid yet shows on
 * /cashback. One query, on a partial index.
 */
async function cashbackEarned(db: Database, accountIds: string[]): Promise<Map<string, bigint>> {
  const totals = new Map<string, bigint>();
  if (accountIds.length === 0) return totals;
  const rows = await db
    .selectFrom('transfers')
    .select((eb) => [
      'credit_currency',
      eb.fn.sum<string | number | bigint>('credit_amount_minor').as('total'),
    ])
    .where('credit_account_id', 'in', accountIds)
    .where('type', '=', 'cashback')
    .where('status', '=', 'completed')
    .groupBy('credit_currency')
    .execute();
  // sum(bigint) is numeric: a string from pg, a number or string from PGlite.
  for (const row of rows) totals.set(row.credit_currency, BigInt(String(row.total ?? 0)));
  return totals;
}

/**
 * SPEC §2's welcome checklist, computed from the merchant's data on every read (never stored flags), so each item
 * ticks itself when the thing happens. The one place that decides it: a new item is added here.
 */
export async function checklistState(db: Database, merchantId: string): Promise<WelcomeChecklist> {
  // Topped up: the merchant has ever received completed money from outside the bank, i.e. a completed transfer to
  // one of its accounts that is an incoming bank transfer or comes from the bank's external rails (where every
  // payment from another bank is debited). Money from another Tameio wallet does not count.
  const toppedUp = await db
    .selectFrom('transfers as t')
    .innerJoin('ledger_accounts as credit', 'credit.id', 't.credit_account_id')
    .innerJoin('ledger_accounts as debit', 'debit.id', 't.debit_account_id')
    .select('t.id')
    .where('credit.merchant_id', '=', merchantId)
    .where('credit.kind', '=', 'merchant')
    .where('t.status', '=', 'completed')
    .where((eb) =>
      eb.or([eb('t.type', '=', 'incoming_bank_transfer'), eb('debit.system_role', '=', 'external')]),
    )
    .limit(1)
    .executeTakeFirst();
  // A card ever made (a destroyed one too: the step was done).
  const card = await db
    .selectFrom('cards')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .limit(1)
    .executeTakeFirst();
  // A paid plan bought, ever: a paid plan cart for a plan that costs something. Moving back to Free later
  // does not undo the step.
  const plan = await db
    .selectFrom('plan_carts as k')
    .innerJoin('plans as p', 'p.id', 'k.plan_id')
    .select('k.id')
    .where('k.merchant_id', '=', merchantId)
    .where('k.paid_at', 'is not', null)
    .where((eb) => eb.or([eb('p.monthly_price_minor', '>', 0n), eb('p.yearly_price_minor', '>', 0n)]))
    .limit(1)
    .executeTakeFirst();
  return [
    { item: 'top_up', done: toppedUp !== undefined },
    { item: 'pick_plan', done: plan !== undefined },
    { item: 'create_card', done: card !== undefined },
  ];
}

/** The next active scheduled payments, soonest first, from the scheduled-payments list (the same view). */
async function upcomingScheduledPayments(
  db: Database,
  merchantId: string,
): Promise<UpcomingScheduledPayment[]> {
  const { items } = await listScheduledPayments(db, merchantId);
  return items
    .filter((s) => s.status === 'active' && s.next_run_date !== null)
    .slice(0, upcomingScheduledPaymentsShown)
    .map((s) => ({
      id: s.id,
      recipient: s.recipient,
      amount: s.amount,
      frequency: s.frequency,
      next_run_date: s.next_run_date,
    }));
}

/** The caller's cards that are not destroyed, newest first (assigned to them: the owner's too). */
async function myCards(db: Database, merchantId: string, userId: string): Promise<OverviewCard[]> {
  const rows = await db
    .selectFrom('cards')
    .select(['id', 'name', 'last4', 'form', 'colour', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('holder_user_id', '=', userId)
    .where('status', '<>', 'destroyed')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows;
}

export type OverviewCaller = {
  merchantId: string;
  userId: string;
  actor: Actor;
  /** Null for the owner. */
  accessLevel: AccessLevelName | null;
};

/**
 * What the caller sees (schemas/home.schema.ts `access`): the owner everything; an employee with access level
 * `company` the company's balances, accounts and transactions; with `own` only their cards and their cards' payments.
 */
export function overviewAccess(
  caller: Pick<OverviewCaller, 'actor' | 'accessLevel'>,
): HomeOverviewResponse['access'] {
  if (caller.actor.is_owner) return 'full';
  return caller.accessLevel === 'own' ? 'own' : 'company';
}

/**
 * The home screen of one merchant: balances per currency, accounts and the latest transfers touching them, and the
 * dashboard's parts (cashback, scheduled payments, welcome checklist) when the caller may see each (SPEC §6: the same
 * areas as the screens they stand for), and the caller's own cards. An employee whose access level is `own` gets no
 * balances, no accounts and no dashboard parts, and as latest transactions only the payments of their own cards.
 * Built from the same account, transaction and scheduled-payment views as their own endpoints, so the screens agree.
 */
export async function homeOverview(db: Database, caller: OverviewCaller): Promise<HomeOverviewResponse> {
  const { merchantId, actor } = caller;
  const access = overviewAccess(caller);
  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'name'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const cards = await myCards(db, merchantId, caller.userId);
  if (access === 'own') {
    const latest = await listTransactions(db, merchantId, { limit: 10 }, { cardHolderUserId: caller.userId });
    return {
      merchant: { id: merchant.id, name: merchant.name },
      access,
      my_cards: cards,
      total_balance: [],
      accounts: [],
      latest_transactions: latest.items.map(latestView),
      cashback: null,
      scheduled_payments: null,
      welcome_checklist: null,
      balance_history: null,
      needs_attention: null,
    };
  }
  const { accounts } = await merchantAccounts(db, merchantId);
  const totals = new Map<string, bigint>();
  for (const account of accounts) {
    totals.set(account.currency, (totals.get(account.currency) ?? 0n) + BigInt(account.balance.amount_minor));
  }
  const latest = await listTransactions(db, merchantId, { limit: 10 });

  let cashback: Money[] | null = null;
  if (canAccess(actor, 'cashback')) {
    const earned = await cashbackEarned(
      db,
      accounts.map((a) => a.id),
    );
    cashback = [...totals.keys()].map((currency) => moneyOf(earned.get(currency) ?? 0n, currency));
  }

  return {
    merchant: { id: merchant.id, name: merchant.name },
    access,
    my_cards: cards,
    total_balance: [...totals.entries()].map(([currency, amount]) => moneyOf(amount, currency)),
    accounts: accounts.map((a) => ({ id: a.id, name: a.name, iban: a.iban, balance: a.balance })),
    latest_transactions: latest.items.map(latestView),
    cashback,
    scheduled_payments: canAccess(actor, 'scheduled-payments')
      ? await upcomingScheduledPayments(db, merchantId)
      : null,
    welcome_checklist: canAccess(actor, 'dashboard') ? await checklistState(db, merchantId) : null,
    balance_history: canAccess(actor, 'dashboard')
      ? await balanceHistory(
          db,
          accounts.map((a) => ({ id: a.id, currency: a.currency })),
          [...totals.keys()],
        )
      : null,
    needs_attention: canAccess(actor, 'dashboard') ? await needsAttention(db, merchantId, actor) : null,
  };
}

const dayMs = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The booked balance per currency at the end of each of the last `balanceHistoryDays` UTC days: today's balance less
 * what was posted after each day ended (ledger_entries), so the last point is the balance now and no history table
 * is needed.
 */
export async function balanceHistory(
  db: Database,
  accounts: ReadonlyArray<{ id: string; currency: string }>,
  currencies: readonly string[],
  now = new Date(),
): Promise<BalanceHistory[]> {
  const todayStart = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
  const days = Array.from({ length: balanceHistoryDays }, (_, index) =>
    utcDay(new Date(todayStart - (balanceHistoryDays - 1 - index) * dayMs)),
  );
  if (accounts.length === 0) return [];
  const ids = accounts.map((a) => a.id);
  const since = new Date(todayStart - (balanceHistoryDays - 1) * dayMs);
  const [balances, posted] = await Promise.all([
    db.selectFrom('ledger_accounts').select(['id', 'balance_minor']).where('id', 'in', ids).execute(),
    db
      .selectFrom('ledger_entries')
      .select(['account_id', sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day')])
      .select((eb) => eb.fn.sum<string>('amount_minor').as('amount'))
      .where('account_id', 'in', ids)
      .where('created_at', '>=', since)
      .groupBy(['account_id', 'day'])
      .execute(),
  ]);
  const currencyOf = new Map(accounts.map((a) => [a.id, a.currency]));
  return currencies.map((currency) => {
    let balance = balances
      .filter((row) => currencyOf.get(row.id) === currency)
      .reduce((sum, row) => sum + BigInt(row.balance_minor), 0n);
    const perDay = new Map<string, bigint>();
    for (const row of posted) {
      if (currencyOf.get(row.account_id) !== currency) continue;
      perDay.set(row.day, (perDay.get(row.day) ?? 0n) + BigInt(row.amount));
    }
    // From today backwards: the end of the day before is this day's end less what this day posted.
    const points: BalanceHistory['points'] = [];
    for (const day of [...days].reverse()) {
      points.unshift({ date: day, balance_minor: balance.toString() });
      balance -= perDay.get(day) ?? 0n;
    }
    return { currency, points };
  });
}

/** The dashboard's "needs your attention" counts, each only where the caller may see its area (SPEC §6). */
async function needsAttention(db: Database, merchantId: string, actor: OverviewCaller['actor']) {
  const today = utcDay(new Date());
  const weekEnd = utcDay(new Date(Date.parse(`${today}T00:00:00.000Z`) + 6 * dayMs));
  const count = async (query: Promise<{ n: string | number | bigint } | undefined>) =>
    Number((await query)?.n ?? 0);
  return {
    requests_to_answer: canAccess(actor, 'request-money')
      ? await count(
          db
            .selectFrom('money_requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('payee_merchant_id', '=', merchantId)
            .where('status', '=', 'pending')
            .executeTakeFirst(),
        )
      : null,
    scheduled_this_week: canAccess(actor, 'scheduled-payments')
      ? await count(
          db
            .selectFrom('scheduled_payments')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('merchant_id', '=', merchantId)
            .where('status', '=', 'active')
            .where('next_run', '<=', sql<Date>`${weekEnd}::date`)
            .executeTakeFirst(),
        )
      : null,
    cards_frozen: canAccess(actor, 'cards')
      ? await count(
          db
            .selectFrom('cards')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('merchant_id', '=', merchantId)
            .where('status', '=', 'frozen')
            .executeTakeFirst(),
        )
      : null,
  };
}

function latestView(t: Transaction): HomeOverviewResponse['latest_transactions'][number] {
  return {
    id: t.id,
    created_at: t.created_at,
    counterparty: t.counterparty.name,
    type: t.type,
    status: t.status,
    // What moved the account, fee included: the figure the transaction list and the detail's total show.
    amount: t.total,
    direction: t.direction,
  };
}
