/**
 * Identity verification (KYC) of the merchant's representative.
 *
 * Endpoints (operationId), all under /api/merchants/kyc/:
 * - GET  criteria/          kycCriteria     → KycCriteria: document types and sides, image rules, other checks
 * - POST initiate/          kycInitiate     KycInitiateBody → KycInitiateResponse (a new verification); needs the
 *                                            X-Step-Up-Token header from a fresh one-time code (schemas/stepUp.schema.ts)
 * - POST {id}/images/       uploadKycImage  multipart `side` + `file` (JPEG/PNG by content, big enough) → KycImage
 * - GET  (root)             kycStatus       → KycStatus: the latest verification with images and checks
 * - POST {id}/evaluate/     kycEvaluate     → KycVerification with per-criterion checks and passed | failed; a passed
 *                                            one then awaits a person's review (`review`) before it is verified
 *
 * Writes need the signed-in OWNER of a merchant in status `onboarding` or `rejected` (409 onboarding_locked
 * otherwise); another merchant's verification is a 404.
 */
import { z } from 'zod';
import { text } from './text';
import { LatinName } from './onboarding.schema';

export const kycDocumentTypes = ['passport', 'id_card', 'driving_licence'] as const;
export const KycDocumentType = z.enum(kycDocumentTypes);
export type KycDocumentType = z.infer<typeof KycDocumentType>;

export const kycSides = ['front', 'back', 'selfie'] as const;
export const KycSide = z.enum(kycSides);
export type KycSide = z.infer<typeof KycSide>;

/** The sides each document needs; the selfie is always required too. */
export const documentSides: Record<KycDocumentType, readonly KycSide[]> = {
  passport: ['front'],
  id_card: ['front', 'back'],
  driving_licence: ['front', 'back'],
};
export function requiredSides(type: KycDocumentType): KycSide[] {
  return [...documentSides[type], 'selfie'];
}

export const kycImageContentTypes = ['image/jpeg', 'image/png'] as const;
/** Minimum size of a captured image, in either orientation (a phone photo is often portrait). */
export const kycMinLongSide = 600;
export const kycMinShortSide = 400;
/**
 * The default size limit of one uploaded file (setting UPLOAD_LIMIT_BYTES, server/config.ts): identity photos here, and
 * the onboarding documents and the company logo too. The criteria (`image.max_bytes`) say the configured value.
 */
export const defaultUploadLimitBytes = 10 * 1024 * 1024;
/** The longest document number accepted. */
export const kycDocumentNumberMaxLength = 30;
export function bigEnough(width: number, height: number): boolean {
  return Math.max(width, height) >= kycMinLongSide && Math.min(width, height) >= kycMinShortSide;
}

/** Today in UTC as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const kycCriteriaIds = [
  'images_complete',
  'image_type',
  'image_dimensions',
  'document_not_expired',
  'name_matches_representative',
] as const;
export const KycCriterion = z.enum(kycCriteriaIds);
export type KycCriterion = z.infer<typeof KycCriterion>;

export const KycCriteria = z
  .object({
    document_types: z.array(z.object({ type: KycDocumentType, sides: z.array(KycSide) })),
    image: z.object({
      content_types: z.array(z.enum(kycImageContentTypes)),
      min_width: z.int(),
      min_height: z.int(),
      max_bytes: z.int(),
    }),
    selfie_required: z.boolean(),
    expiry_must_be_future: z.boolean(),
    name_must_match_representative: z.boolean(),
    criteria: z.array(KycCriterion),
  })
  .meta({ id: 'KycCriteria' });
export type KycCriteria = z.infer<typeof KycCriteria>;

export const KycInitiateBody = z
  .object({
    document_type: KycDocumentType,
    document_number: text()
      .trim()
      .toUpperCase()
      .min(1, 'This field is required.')
      .max(kycDocumentNumberMaxLength, `Max ${kycDocumentNumberMaxLength} characters.`)
      .regex(/^[A-Z0-9][A-Z0-9 -]*$/, 'Only Latin letters and numbers allowed.'),
    expiry_date: z.iso
      .date('Enter a valid date.')
      .refine((value) => value > todayIso(), 'The document has expired.'),
    first_name: LatinName(50),
    last_name: LatinName(50),
  })
  .meta({ id: 'KycInitiateBody' });
export type KycInitiateBody = z.infer<typeof KycInitiateBody>;

export const KycInitiateResponse = z.object({ id: z.uuid() }).meta({ id: 'KycInitiateResponse' });
export type KycInitiateResponse = z.infer<typeof KycInitiateResponse>;

export const KycIdParams = z.object({ id: z.uuid('Not a valid id.') });

export const KycImage = z
  .object({
    side: KycSide,
    content_type: z.enum(kycImageContentTypes),
    width: z.int(),
    height: z.int(),
    size: z.int(),
    uploaded_at: text(),
  })
  .meta({ id: 'KycImage' });
export type KycImage = z.infer<typeof KycImage>;

export const KycCheck = z.object({ criterion: KycCriterion, passed: z.boolean() }).meta({ id: 'KycCheck' });
export type KycCheck = z.infer<typeof KycCheck>;

export const KycVerificationStatus = z.enum(['pending', 'passed', 'failed']);
export type KycVerificationStatus = z.infer<typeof KycVerificationStatus>;

/**
 * A person's review of a verification that passed the automatic checks (issue 21): awaiting_review until someone
 * at the bank confirms face and document, or refuses them with a reason (the representative takes them again).
 */
export const KycReview = z
  .object({
    status: z.enum(['awaiting_review', 'confirmed', 'refused']),
    /** Why the photos were refused; null otherwise. */
    reason: text().nullable(),
    reviewed_at: text().nullable(),
  })
  .meta({ id: 'KycReview' });
export type KycReview = z.infer<typeof KycReview>;

export const KycVerification = z
  .object({
    id: z.uuid(),
    document_type: KycDocumentType,
    document_number: text(),
    expiry_date: text(),
    first_name: text(),
    last_name: text(),
    status: KycVerificationStatus,
    required_sides: z.array(KycSide),
    images: z.array(KycImage),
    /** Empty before the first evaluation. */
    checks: z.array(KycCheck),
    evaluated_at: text().nullable(),
    /** A person's review; null unless `status` is passed. */
    review: KycReview.nullable(),
    created_at: text(),
  })
  .meta({ id: 'KycVerification' });
export type KycVerification = z.infer<typeof KycVerification>;

export const KycStatus = z.object({ verification: KycVerification.nullable() }).meta({ id: 'KycStatus' });
export type KycStatus = z.infer<typeof KycStatus>;
