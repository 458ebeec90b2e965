/**
 * The home overview (GET /api/merchants/home/overview/, operationId homeOverview), read by /dashboard and /overview
 * (SPEC §2): balances, accounts and latest transactions for everyone who may see the overview, and the dashboard's
 * parts (cashback, scheduled payments, welcome checklist) for those who may see each (schemas/permissions.ts): a
 * part the caller may not see is null.
 */
import { z } from 'zod';
import { text } from './text';
import { Money } from './overview.schema';
import { ScheduledPaymentSummary } from './scheduledPayments.schema';

/** SPEC §2 welcome checklist, in the order shown. */
export const welcomeChecklistItems = ['top_up', 'pick_plan', 'create_card'] as const;
export const WelcomeChecklistItem = z.enum(welcomeChecklistItems);
export type WelcomeChecklistItem = z.infer<typeof WelcomeChecklistItem>;

export const WelcomeChecklist = z
  .array(z.object({ item: WelcomeChecklistItem, done: z.boolean() }))
  .meta({ id: 'WelcomeChecklist' });
export type WelcomeChecklist = z.infer<typeof WelcomeChecklist>;

/** One upcoming scheduled payment: the fields the dashboard shows, as the scheduled-payments list spells them. */
export const UpcomingScheduledPayment = ScheduledPaymentSummary.pick({
  id: true,
  recipient: true,
  amount: true,
  frequency: true,
  next_run_date: true,
}).meta({ id: 'UpcomingScheduledPayment' });
export type UpcomingScheduledPayment = z.infer<typeof UpcomingScheduledPayment>;

export const LatestTransaction = z
  .object({
    id: text(),
    created_at: text(),
    counterparty: text(),
    type: text(),
    status: text(),
    /** What moved the account, fee included (the transaction's `total`), as the transaction list shows it. */
    amount: Money,
    direction: z.enum(['in', 'out']),
  })
  .meta({ id: 'LatestTransaction' });
export type LatestTransaction = z.infer<typeof LatestTransaction>;

/** A card of the caller's, as the overview lists it (an employee sees only their own cards). */
export const OverviewCard = z
  .object({
    id: text(),
    name: text(),
    last4: text(),
    form: text(),
    colour: text(),
    status: text(),
  })
  .meta({ id: 'OverviewCard' });
export type OverviewCard = z.infer<typeof OverviewCard>;

/** How many days of balances the dashboard's chart shows, today included. */
export const balanceHistoryDays = 30;

/**
 * The booked balance (ledger: what has been posted, without card holds) of one currency at the end of each of the
 * last `balanceHistoryDays` days, oldest first, the last being today so far. Days are UTC calendar days.
 */
export const BalanceHistory = z
  .object({
    currency: text(),
    points: z.array(z.object({ date: text(), balance_minor: text() })),
  })
  .meta({ id: 'BalanceHistory' });
export type BalanceHistory = z.infer<typeof BalanceHistory>;

/**
 * What waits for the merchant, as counts: money requests from others to answer, scheduled payments that run in the
 * next 7 days (today included), and frozen cards. Each is null when the caller may not see its area.
 */
export const NeedsAttention = z
  .object({
    requests_to_answer: z.number().int().nullable(),
    scheduled_this_week: z.number().int().nullable(),
    cards_frozen: z.number().int().nullable(),
  })
  .meta({ id: 'NeedsAttention' });
export type NeedsAttention = z.infer<typeof NeedsAttention>;

export const HomeOverviewResponse = z
  .object({
    merchant: z.object({ id: text(), name: text() }),
    /**
     * What the caller sees (schemas/employees.schema.ts `AccessLevel`): `full` the owner; `company` an
     * employee who sees the company's balances and transactions; `own` an employee who sees only their own cards and
     * their card payments: `total_balance` and `accounts` are then empty and `latest_transactions` are those of the
     * caller's cards.
     */
    access: z.enum(['full', 'company', 'own']),
    /** The caller's own cards that are not destroyed (assigned to them), newest first. */
    my_cards: z.array(OverviewCard),
    total_balance: z.array(Money),
    accounts: z.array(z.object({ id: text(), name: text(), iban: text(), balance: Money })),
    latest_transactions: z.array(LatestTransaction),
    /**
     * Cashback earned: the completed cashback credits to the merchant's accounts, one total per account currency
     * (zero included), in the order of `total_balance`. Null when the caller may not see cashback.
     */
    cashback: z.array(Money).nullable(),
    /** The next (at most 3) active scheduled payments, soonest first. Null when the caller may not see them. */
    scheduled_payments: z.array(UpcomingScheduledPayment).nullable(),
    /** Computed from the merchant's data on every read, never stored: it ticks itself. Null outside the dashboard. */
    welcome_checklist: WelcomeChecklist.nullable(),
    /** One per currency of `total_balance`, in its order. Null outside the dashboard. */
    balance_history: z.array(BalanceHistory).nullable(),
    /** Null outside the dashboard. */
    needs_attention: NeedsAttention.nullable(),
  })
  .meta({ id: 'HomeOverviewResponse' });
export type HomeOverviewResponse = z.infer<typeof HomeOverviewResponse>;
