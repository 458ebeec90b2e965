import { assignWalletTag, ensureMerchantAccount } from '../accounts';
import { copyOnboardingAddresses } from '../cards/addresses';
import type { Transaction } from 'kysely';
import { recordAudit } from '../audit/auditTrail';
import type { Database } from '../db/database';
import type { DB, MerchantStatus } from '../db/types';
import { AppError } from '../errors';
import { onboardingReviewed } from '../notifications/events';
import { enqueueMessage } from '../notify/outbox';

export type ReviewDecision = { decision: 'approve' | 'reject'; reason?: string | undefined };

export type ReviewOutcome = {
  merchantId: string;
  status: 'approved' | 'rejected';
  iban: string | null;
  outboxIds: string[];
};

const texts = {
  en: {
    approvedSubject: 'Your Tameio account is open',
    approved: (name: string, iban: string) =>
      `Good news: ${name} passed review and its euro account is open.\n\nIBAN: ${iban}\n\nSign in to top it up.`,
    rejectedSubject: 'Your Tameio application needs changes',
    rejected: (name: string, reason: string) =>
      `We could not approve ${name} yet.\n\nReason: ${reason}\n\nSign in, change the steps concerned and send them for review again.`,
  },
  el: {
    approvedSubject: 'Ο λογαριασμός σας στο Tameio άνοιξε',
    approved: (name: string, iban: string) =>
      `Καλά νέα: η ${name} εγκρίθηκε και ο λογαριασμός της σε ευρώ άνοιξε.\n\nIBAN: ${iban}\n\nΣυνδεθείτε για να τον χρηματοδοτήσετε.`,
    rejectedSubject: 'Η αίτησή σας στο Tameio χρειάζεται αλλαγές',
    rejected: (name: string, reason: string) =>
      `Δεν μπορέσαμε ακόμη να εγκρίνουμε την ${name}.\n\nΛόγος: ${reason}\n\nΣυνδεθείτε, διορθώστε τα σχετικά βήματα και υποβάλετέ τα ξανά για έλεγχο.`,
  },
} as const;

type Trx = Transaction<DB>;

/** The merchant's first owner: the one the review's emails go to. */
async function ownerOf(trx: Trx, merchantId: string) {
  return trx
    .selectFrom('users')
    .select(['email', 'locale'])
    .where('merchant_id', '=', merchantId)
    .where('is_owner', '=', true)
    .orderBy('created_at')
    .executeTakeFirst();
}

/** The merchant row, locked for the decision; 404 unknown, 409 when it is not in review. */
export async function lockMerchantInReview(
  trx: Trx,
  merchantId: string,
): Promise<{ id: string; name: string; status: MerchantStatus }> {
  const merchant = await trx
    .selectFrom('merchants')
    .select(['id', 'name', 'status'])
    .where('id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
  if (!merchant) throw new AppError('not_found', 404, 'Nothing here.');
  if (merchant.status !== 'in_review') {
    throw new AppError(
      'merchant_not_in_review',
      409,
      'Only a merchant in review can be approved or rejected.',
      {
        details: { status: merchant.status },
      },
    );
  }
  return merchant;
}

/**
 * The decision itself, in the caller's transaction, on a merchant locked by `lockMerchantInReview`. Approve: status
 * `approved`, the merchant's EUR account opened with a new IBAN, the company's addresses saved, the owner emailed.
 * Reject: status `rejected` with the reason (the steps open again), the owner emailed the reason. `reviewer` (who
 * decided: `staff:<id>`, 'sandbox', `cli:<user>`) goes to merchant_audit.
 */
export async function decideMerchant(
  trx: Trx,
  merchant: { id: string; name: string },
  input: ReviewDecision,
  reviewer: string,
): Promise<ReviewOutcome> {
  const merchantId = merchant.id;
  const reason = input.reason?.trim() ?? '';
  const owner = await ownerOf(trx, merchantId);
  const text = owner?.locale === 'el' ? texts.el : texts.en;
  const outboxIds: string[] = [];
  let iban: string | null = null;

  if (input.decision === 'approve') {
    await trx.updateTable('merchants').set({ status: 'approved' }).where('id', '=', merchantId).execute();
    await assignWalletTag(trx, merchantId);
    // Onboarding closes now: its registered and trading addresses become the merchant's saved addresses.
    await copyOnboardingAddresses(trx, merchantId);
    // The EUR account opens the way every merchant account opens (an account that already exists is kept).
    const accountId = await ensureMerchantAccount(trx, merchantId, 'EUR');
    const account = await trx
      .selectFrom('ledger_accounts')
      .select('iban')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    iban = account.iban;
    if (owner) {
      outboxIds.push(
        await enqueueMessage(trx, {
          to: owner.email,
          channel: 'email',
          subject: text.approvedSubject,
          body: text.approved(merchant.name, iban ?? ''),
        }),
      );
    }
  } else {
    await trx.updateTable('merchants').set({ status: 'rejected' }).where('id', '=', merchantId).execute();
    await trx
      .insertInto('merchant_onboarding')
      .values({ merchant_id: merchantId, rejection_reason: reason })
      .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet({ rejection_reason: reason }))
      .execute();
    if (owner) {
      outboxIds.push(
        await enqueueMessage(trx, {
          to: owner.email,
          channel: 'email',
          subject: text.rejectedSubject,
          body: text.rejected(merchant.name, reason),
        }),
      );
    }
  }
  // The email above is this event's: the notification sends none of its own.
  await onboardingReviewed(trx, { merchantId, approved: input.decision === 'approve', iban, reason });
  await trx
    .updateTable('merchant_onboarding')
    .set({ reviewed_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .execute();
  await trx
    .insertInto('merchant_audit')
    .values({
      merchant_id: merchantId,
      user_id: null,
      event: input.decision === 'approve' ? 'approved' : 'rejected',
      detail: JSON.stringify({ reviewer, ...(reason ? { reason } : {}) }),
    })
    .execute();
  return { merchantId, status: input.decision === 'approve' ? 'approved' : 'rejected', iban, outboxIds };
}

/**
 * The sandbox's review desk (POST /api/sandbox/reviews/..., `npm run review`), in one transaction: a stand-in for
 * the bank's reviewers in tests and demos, never registered in production. It acts as one sandbox reviewer and
 * bypasses what the back office enforces (server/review/merchantReview.ts): one approval opens even a flagged
 * merchant (no four-eyes), and an identity still awaiting a person's review is confirmed on the way, as 'sandbox'.
 * The decision is recorded like a staff member's (merchant_review_decisions, the audit trail, realm staff), with
 * no staff member and `reviewer` naming the desk. Only for merchants `in_review` (409 otherwise).
 */
export async function reviewMerchant(
  db: Database,
  merchantId: string,
  input: ReviewDecision,
  reviewer: string,
): Promise<ReviewOutcome> {
  const reason = input.reason?.trim() ?? '';
  if (input.decision === 'reject' && !reason) {
    throw new AppError('validation_failed', 400, 'A rejection needs a reason.', {
      fields: { reason: 'This field is required.' },
    });
  }
  return db.transaction().execute(async (trx) => {
    const merchant = await lockMerchantInReview(trx, merchantId);
    if (input.decision === 'approve') {
      await trx
        .updateTable('kyc_verifications')
        .set({ review_status: 'confirmed', reviewer, reviewed_at: new Date() })
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'passed')
        .where('review_status', 'is', null)
        .execute();
    }
    const outcome = await decideMerchant(trx, merchant, { decision: input.decision, reason }, reviewer);
    const submission = await trx
      .selectFrom('merchant_onboarding')
      .select('submission')
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    await trx
      .insertInto('merchant_review_decisions')
      .values({
        merchant_id: merchantId,
        submission: submission?.submission ?? 0,
        staff_id: null,
        reviewer,
        decision: input.decision === 'approve' ? 'approved' : 'rejected',
        reason: reason || null,
      })
      .execute();
    await recordAudit(trx, {
      realm: 'staff',
      actorUserId: null,
      merchantId,
      action: input.decision === 'approve' ? 'merchant_review.approved' : 'merchant_review.rejected',
      subject: `merchant:${merchantId}`,
      details: { reviewer, ...(reason ? { reason } : {}) },
      origin: null,
    });
    return outcome;
  });
}

/** A merchant by id or by its owner's email, for `npm run review`. */
export async function findMerchant(db: Database, idOrEmail: string): Promise<string | null> {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrEmail)) {
    const row = await db.selectFrom('merchants').select('id').where('id', '=', idOrEmail).executeTakeFirst();
    return row?.id ?? null;
  }
  const row = await db
    .selectFrom('users')
    .select('merchant_id')
    .where('email', '=', idOrEmail.trim().toLowerCase())
    .executeTakeFirst();
  return row?.merchant_id ?? null;
}
