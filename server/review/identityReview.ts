import type { Selectable, Transaction } from 'kysely';
import type { IdentityReviewItem, IdentityReviewQueue } from '../../schemas/merchantReview.schema';
import { RepresentativeStep } from '../../schemas/onboarding.schema';
import type { KycSide } from '../../schemas/kyc.schema';
import type { RequestOrigin } from '../auth/login';
import type { Database } from '../db/database';
import type { DB, KycVerifications } from '../db/types';
import { AppError } from '../errors';
import { publicMerchantStatus } from '../onboarding/status';
import type { FileStorage } from '../storage';
import {
  openInformationRequestIn,
  recordStaffAudit,
  refuseOwnCompany,
  reviewIdentityFromRow,
  staffReason,
  type StaffReviewer,
} from './merchantReview';

/*
 * A person's review of the representative's identity photos (issue 21). The automatic checks (server/kyc/kyc.ts)
 * look at presence, type, size, the typed expiry date and the typed name; only a person compares the face with the
 * document's photo and looks at the document. Until someone does, the merchant reads that the photos were received
 * and are being checked (IdentityVerification `awaiting_review`), and approval of the merchant waits for it
 * (server/review/merchantReview.ts). Onboarding itself is not held up: the identity step goes on and the merchant
 * may submit while the photos wait.
 *
 * Refused, the representative takes the photos again: a merchant still onboarding does so on its own; a merchant in
 * review gets a request for more information on the identity step, with the reason as its note.
 */

type Trx = Transaction<DB>;
type Db = Database | Trx;

async function itemOf(db: Db, row: Selectable<KycVerifications>): Promise<IdentityReviewItem> {
  const merchant = await db
    .selectFrom('merchants as m')
    .leftJoin('merchant_onboarding as o', 'o.merchant_id', 'm.id')
    .select(['m.id', 'm.name', 'm.status', 'o.representative'])
    .where('m.id', '=', row.merchant_id)
    .executeTakeFirstOrThrow();
  const representative = RepresentativeStep.safeParse(merchant.representative);
  return {
    ...(await reviewIdentityFromRow(db, row)),
    merchant: { id: merchant.id, name: merchant.name, status: publicMerchantStatus(merchant.status) },
    representative: representative.success
      ? {
          first_name: representative.data.first_name,
          last_name: representative.data.last_name,
          date_of_birth: representative.data.date_of_birth,
        }
      : null,
  };
}

/**
 * Verifications awaiting a person: each merchant's latest attempt that passed the automatic checks and nobody has
 * reviewed yet, oldest evaluation first. Merchants closed or already approved are not asked about.
 */
export async function identityReviewQueue(db: Db): Promise<IdentityReviewQueue> {
  const rows = await db
    .selectFrom('kyc_verifications as k')
    .innerJoin('merchants as m', 'm.id', 'k.merchant_id')
    .selectAll('k')
    .where('k.status', '=', 'passed')
    .where('k.review_status', 'is', null)
    .where('m.status', 'not in', ['approved', 'closed'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('kyc_verifications as newer')
            .select('newer.id')
            .whereRef('newer.merchant_id', '=', 'k.merchant_id')
            .whereRef('newer.created_at', '>', 'k.created_at'),
        ),
      ),
    )
    .orderBy('k.evaluated_at', 'asc')
    .orderBy('k.id')
    .execute();
  const items: IdentityReviewItem[] = [];
  for (const row of rows) items.push(await itemOf(db, row));
  return { items };
}

/** One verification as the identity review shows it. */
export async function identityReviewItem(db: Db, verificationId: string): Promise<IdentityReviewItem> {
  const row = await db
    .selectFrom('kyc_verifications')
    .selectAll()
    .where('id', '=', verificationId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 404, 'No identity verification with this id.');
  return itemOf(db, row);
}

/**
 * The verification locked for a person's decision, with its merchant locked first (the merchant's own KYC writes
 * lock in that order too). Only the merchant's latest attempt, passed and not reviewed yet, can be decided.
 */
async function lockForReview(trx: Trx, verificationId: string) {
  const found = await trx
    .selectFrom('kyc_verifications')
    .select('merchant_id')
    .where('id', '=', verificationId)
    .executeTakeFirst();
  if (!found) throw new AppError('not_found', 404, 'No identity verification with this id.');
  const merchant = await trx
    .selectFrom('merchants')
    .select(['id', 'name', 'status'])
    .where('id', '=', found.merchant_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const row = await trx
    .selectFrom('kyc_verifications')
    .selectAll()
    .where('id', '=', verificationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const latest = await trx
    .selectFrom('kyc_verifications')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const refuse = (message: string) =>
    new AppError('identity_review_state', 409, message, {
      details: { status: row.status, review_status: row.review_status },
    });
  if (row.status !== 'passed') {
    throw refuse('Only photos that passed the automatic checks wait for a person’s review.');
  }
  if (row.review_status) throw refuse(`These photos were already ${row.review_status}.`);
  if (latest.id !== row.id)
    throw refuse('The representative has started a newer verification: review that one.');
  if (merchant.status === 'approved' || merchant.status === 'closed') {
    throw refuse('The merchant is no longer onboarding.');
  }
  return { merchant, row };
}

/** The verification marked reviewed by this reviewer, confirmed or refused with the reason; answers its row. */
function markReviewed(
  trx: Trx,
  verificationId: string,
  reviewer: StaffReviewer,
  review: { review_status: 'confirmed' } | { review_status: 'refused'; review_reason: string },
) {
  return trx
    .updateTable('kyc_verifications')
    .set({
      ...review,
      reviewed_by: reviewer.staffId,
      reviewer: `staff:${reviewer.staffId}`,
      reviewed_at: new Date(),
    })
    .where('id', '=', verificationId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** confirmIdentity: a person confirms face and document; the merchant reads "verified" from now on. */
export async function confirmIdentity(
  db: Database,
  verificationId: string,
  reviewer: StaffReviewer,
  origin: RequestOrigin | null,
): Promise<IdentityReviewItem> {
  return db.transaction().execute(async (trx) => {
    const { merchant, row } = await lockForReview(trx, verificationId);
    await refuseOwnCompany(trx, reviewer.staffId, merchant.id);
    const updated = await markReviewed(trx, row.id, reviewer, { review_status: 'confirmed' });
    await recordStaffAudit(trx, reviewer, {
      merchantId: merchant.id,
      action: 'identity_review.confirmed',
      subject: `kyc_verification:${row.id}`,
      origin,
    });
    return itemOf(trx, updated);
  });
}

export type RefusalResult = { item: IdentityReviewItem; outboxIds: string[] };

/**
 * refuseIdentity with a reason: the representative takes the photos again. A merchant in review is asked for more
 * information on the identity step (the reason as its note); one already asked gets the identity step added.
 */
export async function refuseIdentity(
  db: Database,
  verificationId: string,
  reason: string,
  reviewer: StaffReviewer,
  origin: RequestOrigin | null,
): Promise<RefusalResult> {
  const why = staffReason(reason, 'A refusal');
  return db.transaction().execute(async (trx) => {
    const { merchant, row } = await lockForReview(trx, verificationId);
    await refuseOwnCompany(trx, reviewer.staffId, merchant.id);
    const updated = await markReviewed(trx, row.id, reviewer, {
      review_status: 'refused',
      review_reason: why,
    });
    let outboxIds: string[] = [];
    if (merchant.status === 'in_review') {
      outboxIds = await openInformationRequestIn(trx, merchant, [{ step: 'identity', note: why }], reviewer);
    } else if (merchant.status === 'information_requested') {
      const open = await trx
        .selectFrom('merchant_information_requests')
        .select('id')
        .where('merchant_id', '=', merchant.id)
        .where('answered_at', 'is', null)
        .executeTakeFirst();
      if (open) {
        await trx
          .insertInto('merchant_information_request_steps')
          .values({ request_id: open.id, step: 'identity', note: why })
          .onConflict((conflict) => conflict.columns(['request_id', 'step']).doUpdateSet({ note: why }))
          .execute();
      }
    }
    await recordStaffAudit(trx, reviewer, {
      merchantId: merchant.id,
      action: 'identity_review.refused',
      subject: `kyc_verification:${row.id}`,
      details: { reason: why },
      origin,
    });
    return { item: await itemOf(trx, updated), outboxIds };
  });
}

/** One photo of a verification, for a staff member to look at (the route records that it was opened). */
export async function readIdentityPhoto(
  db: Db,
  storage: FileStorage,
  verificationId: string,
  side: KycSide,
): Promise<{ merchantId: string; contentType: 'image/jpeg' | 'image/png'; data: Buffer }> {
  const image = await db
    .selectFrom('kyc_images as i')
    .innerJoin('kyc_verifications as k', 'k.id', 'i.verification_id')
    .select(['k.merchant_id', 'i.content_type', 'i.storage_key'])
    .where('i.verification_id', '=', verificationId)
    .where('i.side', '=', side)
    .executeTakeFirst();
  if (!image) throw new AppError('not_found', 404, 'No such photo.');
  return {
    merchantId: image.merchant_id,
    contentType: image.content_type,
    data: await storage.get(image.storage_key),
  };
}
