import { assignWalletTag, ensureMerchantAccount } from '../accounts';
import { copyOnboardingAddresses } from '../cards/addresses';
import type { Database } from '../db/database';
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

/**
 * Decides an onboarding in review, in one transaction. Approve: status `approved`, the merchant's EUR account
 * opened with a new IBAN, the company's addresses saved, the owner emailed. Reject: status `rejected` with the reason (the steps open again),
 * the owner emailed the reason. Only for merchants `in_review` (409 otherwise). `reviewer` goes to the audit.
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
    const owner = await trx
      .selectFrom('users')
      .select(['email', 'locale'])
      .where('merchant_id', '=', merchantId)
      .where('is_owner', '=', true)
      .orderBy('created_at')
      .executeTakeFirst();
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
