/**
 * Plans, billing and the account's life (SPEC §1 plans, §2 /plans/:plan_id?, /plans/plan/checkout,
 * /plans/address, /profile/billing, /account/:action_type; §4 subscription and deletion; §9 periods). The plans table
 * is migration 017 (docs/plans.md).
 *
 * Endpoints (operationId), secured (approved merchant), under /api/merchants/:
 * - GET    plans/                                plans                    → PlansResponse (every plan, the POS add-on,
 *                                                                          the merchant's subscription)   (area 'plans')
 * - POST   plans/cart/                           planCartInitialize       PlanCartBody → 201 PlanQuote: priced with any
 *                                                                          proration, nothing charged      (area 'plans')
 * - POST   plans/cart/{id}/pay/                  planCartPay              Idempotency-Key → 201 PlanOrderResult; the
 *                                                                          charge through the ledger in one transaction;
 *                                                                          422 insufficient_funds "Payment failed,
 *                                                                          possibly from insufficient balance; try again
 *                                                                          later." with nothing changed    (area 'plans')
 * - POST   plans/cancel/                         cancelPlan               CancelPlanBody → Subscription: stays until
 *                                                                          the period's end, then Free     (area 'plans')
 * - POST   plans/cancel/undo/                    undoCancelPlan           → Subscription                  (area 'plans')
 * - GET    profile/cancellation_questions/       cancellationQuestions    → CancellationQuestionsResponse (area 'plans')
 * - GET    profile/billing_history/              billingHistory           → InvoicesResponse              (area 'profile')
 * - GET    profile/billing_history/{id}/pdf/     invoicePdf               → application/pdf                (area 'profile')
 * - GET    accounts/delete_request/              accountDeletion          → AccountDeletion | 404 none    (area 'profile')
 * - POST   accounts/delete_request/              accountDeleteRequest     AccountDeleteBody + X-Step-Up-Token
 *                                                                          (purpose `account_deletion`) → 201
 *                                                                          AccountDeletion                 (area 'profile')
 * - DELETE accounts/delete_request/              withdrawAccountDeletion  → AccountDeletion (withdrawn)   (area 'profile')
 * Sandbox (never in production): POST /api/sandbox/billing/run/ (sandboxRunBilling, BillingRunBody: the job at a
 * chosen clock → BillingRunResult), GET /api/sandbox/representative_tasks/ (sandboxRepresentativeTasks →
 * RepresentativeTasksResponse, newest first, `?merchant_id=` and `?status=` to narrow).
 *
 * Money: integer minor units as decimal strings; prices include Greek VAT at `vatRateBp` (an invoice shows the net
 * amount and the VAT line). Upgrading (a dearer plan, or monthly → yearly) takes effect at once: a new period starts
 * now and the unused part of the current paid period is credited (pro rata by the second). Downgrading (a cheaper plan,
 * yearly → monthly, or Free) takes effect at the current period's end and charges nothing now.
 */
import { z } from 'zod';
import { text } from './text';
import { Money } from './overview.schema';
import { ShippingAddress } from './cards.schema';

/** Greek VAT, included in every price: 24 %. */
export const vatRateBp = 2400;

/** What a plan can list, in the order the plans page shows them (server/plans.ts `planPerks` picks a plan's). */
export const planPerkKeys = [
  'wallet',
  'virtual_cards',
  'free_virtual_cards',
  'physical_cards',
  'discounted_physical_cards',
  'free_physical_cards',
  'cashback',
  'employees',
  'analytics',
] as const;
export type PlanPerk = (typeof planPerkKeys)[number];

export const PlanPeriod = z.enum(['monthly', 'yearly']);
export type PlanPeriod = z.infer<typeof PlanPeriod>;

/**
 * The billing job's schedule when a renewal cannot be charged: retries after 1, 3 and 7 days (notifying the owner
 * each time); if the last fails the merchant moves to Free (`renewalGraceDays` after the period ended).
 */
export const renewalRetryDays = [1, 3, 7] as const;
export const renewalGraceDays = 7;

export const Plan = z
  .object({
    id: text(),
    name: text(),
    monthly_price: Money,
    yearly_price: Money,
    /** Twelve months at the monthly price minus the yearly price. */
    yearly_saving: Money,
    cashback_rate_bp: z.number().int(),
    card_prices: z.object({ physical: Money, virtual: Money }),
    /**
     * Perk keys (`PlanPerk`), in the order shown; the app translates them. Derived by the server from what the plan
     * allows (server/plans.ts `planPerks`): its card prices, its cashback rate and the features every plan opens.
     */
    perks: z.array(text()),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

/** SPEC §1 "POS terminal add-on": a card terminal bought once with a plan, shipped to an address. */
export const PosTerminalOffer = z
  .object({ price: Money, available_with: z.array(text()) })
  .meta({ id: 'PosTerminalOffer' });

export const SubscriptionStatus = z.enum(['active', 'past_due']);

export const Subscription = z
  .object({
    plan_id: text(),
    plan_name: text(),
    /** Null on Free. */
    period: PlanPeriod.nullable(),
    status: SubscriptionStatus,
    current_period_start: text().nullable(),
    /** The next billing date; null on Free. */
    current_period_end: text().nullable(),
    /** Cancelled: the plan stays until `current_period_end`, then Free; undo is possible until then. */
    cancel_at_period_end: z.boolean(),
    /** A downgrade waiting for the period's end. */
    scheduled_change: z
      .object({ plan_id: text(), period: PlanPeriod.nullable(), effective_at: text() })
      .nullable(),
    /** While a renewal could not be charged: when the job tries again, and when it gives up (then Free). */
    next_retry_at: text().nullable(),
    downgrade_at: text().nullable(),
    has_pos_terminal: z.boolean(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;

export const PlansResponse = z
  .object({ items: z.array(Plan), pos_terminal: PosTerminalOffer, subscription: Subscription })
  .meta({ id: 'PlansResponse' });
export type PlansResponse = z.infer<typeof PlansResponse>;

export const PlanCartBody = z
  .object({
    plan_id: text().regex(/^[a-z][a-z0-9_]*$/),
    period: PlanPeriod,
    pos_terminal: z.boolean(),
    /** Required when `pos_terminal` (400 otherwise), refused without it: a saved address or a new one. */
    shipping: z
      .union([
        z.object({ address_id: z.uuid() }).strict(),
        z.object({ address: ShippingAddress, save: z.boolean().optional() }).strict(),
      ])
      .optional(),
  })
  .strict()
  .meta({ id: 'PlanCartBody' });
export type PlanCartBody = z.infer<typeof PlanCartBody>;

export const QuoteLine = z
  .object({
    kind: z.enum(['plan', 'proration_credit', 'pos_terminal']),
    /** For `plan`: the plan and period; for the credit: the plan whose unused time is credited. */
    plan_id: text().nullable(),
    period: PlanPeriod.nullable(),
    /** Negative for a credit. */
    amount: Money,
  })
  .meta({ id: 'QuoteLine' });
export type QuoteLine = z.infer<typeof QuoteLine>;

export const PlanQuote = z
  .object({
    id: z.uuid(),
    plan_id: text(),
    period: PlanPeriod,
    pos_terminal: z.boolean(),
    shipping_address: ShippingAddress.nullable(),
    lines: z.array(QuoteLine),
    /** What is charged now (never below zero: a credit larger than the price charges nothing). */
    total: Money,
    /** The VAT included in `total`. */
    vat: Money,
    /** `now`: an upgrade or a first paid plan; `period_end`: a downgrade, scheduled. */
    effective: z.enum(['now', 'period_end']),
    effective_at: text(),
    /** The first billing date after this change. */
    next_billing_at: text().nullable(),
    available_balance: Money,
    expires_at: text(),
  })
  .meta({ id: 'PlanQuote' });
export type PlanQuote = z.infer<typeof PlanQuote>;

export const PlanOrderResult = z
  .object({
    subscription: Subscription,
    /** The invoice of the charge; null when nothing was charged (a downgrade, or a credit covering the price). */
    invoice_id: z.uuid().nullable(),
    transaction_id: text().nullable(),
  })
  .meta({ id: 'PlanOrderResult' });
export type PlanOrderResult = z.infer<typeof PlanOrderResult>;

export const CartIdParams = z.object({ id: z.uuid() });

// ---- Cancellation questionnaire ----

export const CancellationQuestion = z
  .object({
    /** The key the app translates (lang/): `cancellation.question.<id>`, options `cancellation.option.<id>`. */
    id: text(),
    type: z.enum(['single', 'multiple', 'text']),
    required: z.boolean(),
    options: z.array(text()),
  })
  .meta({ id: 'CancellationQuestion' });
export type CancellationQuestion = z.infer<typeof CancellationQuestion>;

export const CancellationQuestionsResponse = z
  .object({ items: z.array(CancellationQuestion) })
  .meta({ id: 'CancellationQuestionsResponse' });
export type CancellationQuestionsResponse = z.infer<typeof CancellationQuestionsResponse>;

export const CancelPlanBody = z
  .object({
    answers: z
      .array(
        z
          .object({
            question_id: text().max(40),
            options: z.array(text().max(40)).max(20).optional(),
            text: text().trim().max(1000).optional(),
          })
          .strict(),
      )
      .max(20),
  })
  .strict()
  .meta({ id: 'CancelPlanBody' });
export type CancelPlanBody = z.infer<typeof CancelPlanBody>;

// ---- Billing history and invoices ----

export const Invoice = z
  .object({
    id: z.uuid(),
    /** Sequential per year: `TAM-2026-000123`. */
    number: text(),
    issued_at: text(),
    status: z.enum(['paid', 'failed']),
    description: text(),
    lines: z.array(QuoteLine),
    net: Money,
    vat: Money,
    total: Money,
    period_start: text().nullable(),
    period_end: text().nullable(),
    transaction_id: text().nullable(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof Invoice>;

export const InvoicesResponse = z.object({ items: z.array(Invoice) }).meta({ id: 'InvoicesResponse' });
export type InvoicesResponse = z.infer<typeof InvoicesResponse>;

// ---- Account deletion ----

export const DeletionBlocker = z.enum(['balance', 'pending_transfer', 'active_card', 'active_plan']);
export type DeletionBlocker = z.infer<typeof DeletionBlocker>;

export const AccountDeleteBody = z
  .object({
    /** Where money left in the accounts is paid out before the account closes (holder: the company). */
    payout_iban: text().trim().min(15).max(34),
    reason: text().trim().max(1000).optional(),
  })
  .strict()
  .meta({ id: 'AccountDeleteBody' });
export type AccountDeleteBody = z.infer<typeof AccountDeleteBody>;

export const AccountDeletion = z
  .object({
    id: z.uuid(),
    status: z.enum(['scheduled', 'completed', 'withdrawn']),
    requested_at: text(),
    /** The end of the billing period (today for Free). */
    effective_at: text(),
    payout_iban: text(),
    /** What must be settled before the deletion can complete (checked again when it falls due). */
    blockers: z.array(DeletionBlocker),
  })
  .meta({ id: 'AccountDeletion' });
export type AccountDeletion = z.infer<typeof AccountDeletion>;

export const BillingRunBody = z
  .object({ now: z.iso.datetime({ offset: true }).optional() })
  .strict()
  .meta({ id: 'BillingRunBody' });

export const BillingRunResult = z
  .object({
    /** Periods charged and started anew (a retry that succeeded counts here too). */
    renewed: z.number().int(),
    /** Renewals the balance did not cover: past due, to be retried. */
    renewal_failed: z.number().int(),
    /** Moved to Free: cancelled at the period's end, a scheduled change to Free, or the grace period over. */
    downgraded: z.number().int(),
    /** Scheduled changes to another paid plan or period applied. */
    changed: z.number().int(),
    deletions_completed: z.number().int(),
    /** Due deletions left scheduled because something still blocks them. */
    deletions_blocked: z.number().int(),
  })
  .meta({ id: 'BillingRunResult' });
export type BillingRunResult = z.infer<typeof BillingRunResult>;

// ---- Invoices and the representative's follow-ups (docs/decisions/013-plans-and-billing.md) ----

/** `{id}` of an invoice. */
export const InvoiceParams = z.object({ id: z.uuid() });

/** The invoice PDF's language; without it, the signed-in user's stored locale. */
export const InvoicePdfQuery = z.object({ lang: z.enum(['en', 'el']).optional() });
export type InvoicePdfQuery = z.infer<typeof InvoicePdfQuery>;

export const InvoicePdf = z
  .any()
  .describe('The invoice as application/pdf, inline, named after its number (TAM-2026-000123.pdf).');

/** A follow-up for the bank's representative (sandbox view): today only account deletions. */
export const RepresentativeTask = z
  .object({
    id: z.uuid(),
    kind: z.enum(['account_deletion']),
    merchant_id: z.uuid(),
    merchant_name: text(),
    status: z.enum(['open', 'done']),
    /**
     * For `account_deletion`: deletion_id, payout_iban, reason, effective_at, blockers (as last checked), checked_at,
     * and, once done, outcome `completed` or `withdrawn`.
     */
    payload: z.record(text(), z.unknown()),
    created_at: text(),
    updated_at: text(),
  })
  .meta({ id: 'RepresentativeTask' });
export type RepresentativeTask = z.infer<typeof RepresentativeTask>;

export const RepresentativeTasksQuery = z.object({
  merchant_id: z.uuid().optional(),
  status: z.enum(['open', 'done']).optional(),
});

export const RepresentativeTasksResponse = z
  .object({ items: z.array(RepresentativeTask) })
  .meta({ id: 'RepresentativeTasksResponse' });
export type RepresentativeTasksResponse = z.infer<typeof RepresentativeTasksResponse>;
