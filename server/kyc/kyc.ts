import type { Selectable, Transaction } from 'kysely';
import {
  bigEnough,
  documentSides,
  kycCriteriaIds,
  kycDocumentTypes,
  kycImageContentTypes,
  kycMinLongSide,
  kycMinShortSide,
  KycSide,
  requiredSides,
  todayIso,
  type KycCheck,
  type KycCriteria,
  type KycImage,
  type KycInitiateBody,
  type KycInitiateResponse,
  type KycReview,
  type KycStatus,
  type KycVerification,
} from '../../schemas/kyc.schema';
import { RepresentativeStep } from '../../schemas/onboarding.schema';
import { consumeStepUp } from '../auth/stepUp';
import type { Database } from '../db/database';
import type { DB, KycImages, KycVerifications } from '../db/types';
import { AppError } from '../errors';
import { contentTypeOf } from '../onboarding/documents';
import { withEditableOnboarding, type OnboardingActor } from '../onboarding/onboarding';
import type { FileStorage } from '../storage';
import { imageSize } from './imageSize';

const notFound = () => new AppError('not_found', 404, 'Nothing here.');
const invalid = (fields: Record<string, string>, details?: Record<string, number>) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields,
    ...(details ? { details } : {}),
  });

/** kycCriteria: what the evaluation checks, so the app can explain it before the capture. */
export function kycCriteria(maxBytes: number): KycCriteria {
  return {
    document_types: kycDocumentTypes.map((type) => ({ type, sides: [...documentSides[type]] })),
    image: {
      content_types: [...kycImageContentTypes],
      min_width: kycMinLongSide,
      min_height: kycMinShortSide,
      max_bytes: maxBytes,
    },
    selfie_required: true,
    expiry_must_be_future: true,
    name_must_match_representative: true,
    criteria: [...kycCriteriaIds],
  };
}

/**
 * kycInitiate: a new verification of the owner's document; earlier attempts stay as a trail. It needs a fresh
 * one-time code: the step-up grant for `identity_verification` is used up in the same transaction.
 */
export async function initiateKyc(
  db: Database,
  actor: OnboardingActor,
  body: KycInitiateBody,
  stepUpToken: string | undefined,
): Promise<KycInitiateResponse> {
  return withEditableOnboarding(db, actor, 'identity', async (trx) => {
    await consumeStepUp(trx, { userId: actor.userId, purpose: 'identity_verification', token: stepUpToken });
    return trx
      .insertInto('kyc_verifications')
      .values({
        merchant_id: actor.merchantId,
        user_id: actor.userId,
        document_type: body.document_type,
        document_number: body.document_number,
        expiry_date: body.expiry_date,
        first_name: body.first_name,
        last_name: body.last_name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
}

async function verificationRow(db: Database | Transaction<DB>, merchantId: string, id: string, lock = false) {
  let query = db
    .selectFrom('kyc_verifications')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  // Another merchant's id looks like no id at all.
  if (!row) throw notFound();
  return row;
}

type ImageRow = Selectable<KycImages>;

function imageOf(
  row: Pick<ImageRow, 'side' | 'content_type' | 'width' | 'height' | 'size_bytes' | 'created_at'>,
): KycImage {
  return {
    side: row.side,
    content_type: row.content_type,
    width: row.width,
    height: row.height,
    size: row.size_bytes,
    uploaded_at: row.created_at.toISOString(),
  };
}

async function verificationOf(
  db: Database | Transaction<DB>,
  row: Awaited<ReturnType<typeof verificationRow>>,
): Promise<KycVerification> {
  const images = await db
    .selectFrom('kyc_images')
    .select(['side', 'content_type', 'width', 'height', 'size_bytes', 'created_at'])
    .where('verification_id', '=', row.id)
    .orderBy('created_at')
    .execute();
  return {
    id: row.id,
    document_type: row.document_type,
    document_number: row.document_number,
    expiry_date: row.expiry_date,
    first_name: row.first_name,
    last_name: row.last_name,
    status: row.status,
    required_sides: requiredSides(row.document_type),
    images: images.map(imageOf),
    checks: row.checks ?? [],
    evaluated_at: row.evaluated_at ? row.evaluated_at.toISOString() : null,
    review: kycReviewOf(row),
    created_at: row.created_at.toISOString(),
  };
}

/** A person's review of a passed verification (server/review/identityReview.ts); null before it passed. */
export function kycReviewOf(
  row: Pick<Selectable<KycVerifications>, 'status' | 'review_status' | 'review_reason' | 'reviewed_at'>,
): KycReview | null {
  if (row.status !== 'passed') return null;
  return {
    status: row.review_status ?? 'awaiting_review',
    reason: row.review_status === 'refused' ? row.review_reason : null,
    reviewed_at: row.reviewed_at ? row.reviewed_at.toISOString() : null,
  };
}

/** kycStatus: the merchant's latest verification, or null before the first. */
export async function kycStatus(db: Database, merchantId: string): Promise<KycStatus> {
  const kyc = db;
  const row = await kyc
    .selectFrom('kyc_verifications')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { verification: row ? await verificationOf(kyc, row) : null };
}

export type KycUpload = { side: string | undefined; fileName: string; data: Buffer };

/** uploadKycImage: a JPEG or PNG (by content) of at least the minimum size; replaces that side's earlier image. */
export async function uploadKycImage(
  db: Database,
  storage: FileStorage,
  actor: OnboardingActor,
  verificationId: string,
  upload: KycUpload,
): Promise<KycImage> {
  const side = KycSide.safeParse(upload.side);
  if (!side.success) throw invalid({ side: 'Choose front, back or selfie.' });
  const contentType = await contentTypeOf<KycImage['content_type']>(upload.data, kycImageContentTypes);
  const size = imageSize(upload.data, contentType);
  if (!size) throw invalid({ file: 'The image cannot be read.' });
  if (!bigEnough(size.width, size.height)) {
    throw invalid(
      { file: `The image must be at least ${kycMinLongSide} × ${kycMinShortSide} pixels.` },
      { width: size.width, height: size.height },
    );
  }
  const key = await storage.put(upload.data);
  const replaced: string[] = [];
  try {
    const row = await withEditableOnboarding(db, actor, 'identity', async (trx) => {
      const kyc = trx;
      const verification = await verificationRow(kyc, actor.merchantId, verificationId, true);
      if (verification.status === 'passed') {
        throw new AppError('conflict', 409, 'This verification has already passed.');
      }
      if (!requiredSides(verification.document_type).includes(side.data)) {
        throw invalid({ side: 'This document has no such side.' });
      }
      const old = await kyc
        .deleteFrom('kyc_images')
        .where('verification_id', '=', verification.id)
        .where('side', '=', side.data)
        .returning('storage_key')
        .execute();
      replaced.push(...old.map((image) => image.storage_key));
      // A new image makes the last evaluation stale.
      await kyc
        .updateTable('kyc_verifications')
        .set({ status: 'pending', checks: null, evaluated_at: null })
        .where('id', '=', verification.id)
        .execute();
      return kyc
        .insertInto('kyc_images')
        .values({
          verification_id: verification.id,
          side: side.data,
          content_type: contentType,
          width: size.width,
          height: size.height,
          size_bytes: upload.data.length,
          storage_key: key,
        })
        .returning(['side', 'content_type', 'width', 'height', 'size_bytes', 'created_at'])
        .executeTakeFirstOrThrow();
    });
    for (const oldKey of replaced) await storage.remove(oldKey);
    return imageOf(row);
  } catch (error) {
    // Nothing was recorded: the stored bytes must not linger.
    await storage.remove(key);
    throw error;
  }
}

/** Case, accents and repeated spaces do not count: "ELENI" on a passport is "Eleni" on the form. */
export function sameName(a: string, b: string): boolean {
  const plain = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[\s'.-]+/g, ' ')
      .trim();
  return plain(a) === plain(b);
}

/**
 * kycEvaluate: runs the checks we can really make and stores each result and the overall outcome.
 * Biometric matching of the selfie with the document photo, and document authenticity, are for a KYC provider;
 * nothing here pretends to do them.
 */
export async function evaluateKyc(
  db: Database,
  storage: FileStorage,
  actor: OnboardingActor,
  verificationId: string,
  now: Date = new Date(),
): Promise<KycVerification> {
  return withEditableOnboarding(db, actor, 'identity', async (trx) => {
    const kyc = trx;
    const verification = await verificationRow(kyc, actor.merchantId, verificationId, true);
    // A person's review stands on the photos it looked at: a reviewed attempt is not evaluated again.
    if (verification.review_status) {
      throw new AppError(
        'conflict',
        409,
        'A person has already reviewed this verification: start a new one.',
      );
    }
    const images = await kyc
      .selectFrom('kyc_images')
      .select(['side', 'storage_key'])
      .where('verification_id', '=', verification.id)
      .execute();
    const needed = requiredSides(verification.document_type);
    const complete = needed.every((side) => images.some((image) => image.side === side));

    // Type and size again from the stored bytes, not from what the upload recorded.
    let typeOk = images.length > 0;
    let sizeOk = images.length > 0;
    for (const image of images) {
      const data = await storage.get(image.storage_key);
      const type = await contentTypeOf(data, kycImageContentTypes).catch(() => null);
      if (!type) {
        typeOk = false;
        sizeOk = false;
        continue;
      }
      const size = imageSize(data, type);
      if (!size || !bigEnough(size.width, size.height)) sizeOk = false;
    }

    const saved = await trx
      .selectFrom('merchant_onboarding')
      .select('representative')
      .where('merchant_id', '=', actor.merchantId)
      .executeTakeFirst();
    const representative = RepresentativeStep.safeParse(saved?.representative);
    const nameOk =
      representative.success &&
      sameName(representative.data.first_name, verification.first_name) &&
      sameName(representative.data.last_name, verification.last_name);

    const checks: KycCheck[] = [
      { criterion: 'images_complete', passed: complete },
      { criterion: 'image_type', passed: typeOk },
      { criterion: 'image_dimensions', passed: sizeOk },
      { criterion: 'document_not_expired', passed: verification.expiry_date > todayIso(now) },
      { criterion: 'name_matches_representative', passed: nameOk },
    ];
    const status = checks.every((check) => check.passed) ? 'passed' : 'failed';
    const updated = await kyc
      .updateTable('kyc_verifications')
      .set({ status, checks: JSON.stringify(checks), evaluated_at: now })
      .where('id', '=', verification.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return verificationOf(kyc, updated);
  });
}
