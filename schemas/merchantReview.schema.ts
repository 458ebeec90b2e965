/**
 * The bank's review of merchants and of identity photos (issue 21; server/review/). Staff only, under /api/back-office/:
 *
 * Merchant reviews (area `merchant-reviews`):
 * - GET  merchant-reviews/                                  merchantReviewQueue    → MerchantReviewQueue (oldest first)
 * - GET  merchant-reviews/{merchant_id}/                    merchantReviewFile     → MerchantReviewFile
 * - GET  merchant-reviews/{merchant_id}/documents/{id}/     merchantReviewDocument the file, inline
 * - POST merchant-reviews/{merchant_id}/vat-check/          merchantReviewVatCheck → MerchantReviewFile (checks again)
 * - POST merchant-reviews/{merchant_id}/approve/            approveMerchant        → MerchantReviewFile
 * - POST merchant-reviews/{merchant_id}/reject/             rejectMerchant         RejectMerchantBody → MerchantReviewFile
 * - POST merchant-reviews/{merchant_id}/request-information/ requestMerchantInformation InformationRequestBody → file
 *
 * Identity reviews (area `identity-reviews`):
 * - GET  identity-reviews/                                  identityReviewQueue    → IdentityReviewQueue
 * - GET  identity-reviews/{verification_id}/photos/{side}/  identityReviewPhoto    the photo, inline
 * - POST identity-reviews/{verification_id}/confirm/        confirmIdentity        → IdentityReviewItem
 * - POST identity-reviews/{verification_id}/refuse/         refuseIdentity         RefuseIdentityBody → IdentityReviewItem
 *
 * Four-eyes: a merchant with a risk flag needs two approvals by two different staff members (the first is recorded,
 * the merchant stays in review `awaiting_second_approval`); the same staff member approving again is 409
 * four_eyes_same_reviewer. Approval needs the representative's identity confirmed by a person (409
 * identity_not_confirmed): the identity review comes first.
 */
import { z } from 'zod';
import { KycCheck, KycDocumentType, KycImage, KycReview, KycSide } from './kyc.schema';
import {
  CompanyStep,
  DirectorsStep,
  DocumentType,
  FundingStep,
  IdentityVerificationStatus,
  InformationRequestStep,
  informationRequestSteps,
  MerchantStatus,
  OnboardingDocument,
  RepresentativeStep,
  ShareholdersStep,
  VatCheckResponse,
} from './onboarding.schema';
import { text } from './text';

/** Why a merchant needs a second reviewer; the back office words each by its code. */
export const riskFlagCodes = [
  /** The declared ownership adds up to more than 100 %. */
  'ownership_over_100',
  /** No VAT registry answer for the saved number (never checked, no registry configured, or it did not answer). */
  'vat_not_checked',
  /** The number's format is wrong or the registry says it is not valid. */
  'vat_check_failed',
  /** The representative's name differs from the name typed from the identity document. */
  'representative_name_mismatch',
  /** The company's name differs from the name the VAT registry gives for the number. */
  'company_name_mismatch',
  /** No director has the representative's name: who signs for the company needs a second look. */
  'representative_not_director',
  /** The bank rejected this merchant before: a second look at what changed. */
  'previously_rejected',
] as const;
export const RiskFlagCode = z.enum(riskFlagCodes);
export type RiskFlagCode = z.infer<typeof RiskFlagCode>;
export const RiskFlag = z.object({ code: RiskFlagCode, message: text() }).meta({ id: 'RiskFlag' });
export type RiskFlag = z.infer<typeof RiskFlag>;

/** Where a merchant in review stands for the bank. */
export const ReviewState = z.enum(['awaiting_review', 'awaiting_second_approval']);
export type ReviewState = z.infer<typeof ReviewState>;

export const StaffRef = z.object({ staff_id: text().nullable(), name: text() }).meta({ id: 'StaffRef' });
export type StaffRef = z.infer<typeof StaffRef>;

export const FirstApproval = z.object({ by: StaffRef, at: text() }).meta({ id: 'FirstApproval' });

export const MerchantReviewQueueItem = z
  .object({
    merchant_id: z.uuid(),
    name: text(),
    submitted_at: text().nullable(),
    state: ReviewState,
    first_approval: FirstApproval.nullable(),
    risk_flags: z.array(RiskFlag),
    identity_status: IdentityVerificationStatus,
  })
  .meta({ id: 'MerchantReviewQueueItem' });
export type MerchantReviewQueueItem = z.infer<typeof MerchantReviewQueueItem>;
export const MerchantReviewQueue = z
  .object({ items: z.array(MerchantReviewQueueItem) })
  .meta({ id: 'MerchantReviewQueue' });
export type MerchantReviewQueue = z.infer<typeof MerchantReviewQueue>;

/** The last VAT check of the number the company step saved, by the merchant's form or by a reviewer. */
export const ReviewVatCheck = VatCheckResponse.extend({
  country: text(),
  vat_number: text(),
  checked_at: text(),
  checked_by: z.enum(['merchant', 'staff']),
}).meta({ id: 'ReviewVatCheck' });
export type ReviewVatCheck = z.infer<typeof ReviewVatCheck>;

export const ReviewIdentity = z
  .object({
    verification_id: z.uuid(),
    status: IdentityVerificationStatus,
    document_type: KycDocumentType,
    document_number: text(),
    expiry_date: text(),
    first_name: text(),
    last_name: text(),
    checks: z.array(KycCheck),
    evaluated_at: text().nullable(),
    photos: z.array(KycImage),
    review: KycReview.nullable(),
    reviewed_by: StaffRef.nullable(),
  })
  .meta({ id: 'ReviewIdentity' });
export type ReviewIdentity = z.infer<typeof ReviewIdentity>;

export const ReviewHistoryEntry = z
  .object({
    at: text(),
    event: z.enum(['submitted', 'first_approval', 'approved', 'rejected', 'information_requested']),
    by: StaffRef.nullable(),
    reason: text().nullable(),
    steps: z.array(z.object({ step: InformationRequestStep, note: text() })),
  })
  .meta({ id: 'ReviewHistoryEntry' });
export type ReviewHistoryEntry = z.infer<typeof ReviewHistoryEntry>;

export const MerchantReviewFile = z
  .object({
    merchant: z.object({ id: z.uuid(), name: text(), status: MerchantStatus }),
    submitted_at: text().nullable(),
    /** Null unless the merchant is in review. */
    state: ReviewState.nullable(),
    first_approval: FirstApproval.nullable(),
    /** 2 with a risk flag (two different staff members), else 1. */
    approvals_needed: z.int(),
    owner: z.object({ name: text(), email: text(), phone: text().nullable() }).nullable(),
    steps: z.object({
      representative: RepresentativeStep.nullable(),
      company: CompanyStep.nullable(),
      directors: DirectorsStep.nullable(),
      shareholders: ShareholdersStep.nullable(),
      funding: FundingStep.nullable(),
    }),
    /** The declared ownership in basis points (10 000 = 100 %). */
    ownership_basis_points: z.int(),
    documents: z.array(OnboardingDocument),
    required_documents: z.array(DocumentType),
    missing_documents: z.array(DocumentType),
    logo: OnboardingDocument.nullable(),
    vat_check: ReviewVatCheck.nullable(),
    identity: ReviewIdentity.nullable(),
    risk_flags: z.array(RiskFlag),
    history: z.array(ReviewHistoryEntry),
  })
  .meta({ id: 'MerchantReviewFile' });
export type MerchantReviewFile = z.infer<typeof MerchantReviewFile>;

export const ReviewReason = text().trim().min(1, 'This field is required.').max(500, 'Max 500 characters.');

export const RejectMerchantBody = z.object({ reason: ReviewReason }).meta({ id: 'RejectMerchantBody' });
export type RejectMerchantBody = z.infer<typeof RejectMerchantBody>;

export const InformationRequestBody = z
  .object({
    /** One entry per step to open again, each with the note the merchant reads beside it; no step twice. */
    steps: z
      .array(z.object({ step: InformationRequestStep, note: ReviewReason }))
      .min(1, 'Name at least one step.')
      .max(informationRequestSteps.length)
      .refine(
        (steps) => new Set(steps.map((entry) => entry.step)).size === steps.length,
        'Name each step once.',
      ),
  })
  .meta({ id: 'InformationRequestBody' });
export type InformationRequestBody = z.infer<typeof InformationRequestBody>;

export const MerchantReviewParams = z.object({ merchant_id: z.uuid('Not a valid id.') });
export const MerchantReviewDocumentParams = MerchantReviewParams.extend({ id: z.uuid('Not a valid id.') });

// ---- Identity reviews ----

export const IdentityReviewItem = ReviewIdentity.extend({
  merchant: z.object({ id: z.uuid(), name: text(), status: MerchantStatus }),
  /** The representative as the onboarding's step saved them, to compare with the document. */
  representative: z.object({ first_name: text(), last_name: text(), date_of_birth: text() }).nullable(),
}).meta({ id: 'IdentityReviewItem' });
export type IdentityReviewItem = z.infer<typeof IdentityReviewItem>;
export const IdentityReviewQueue = z
  .object({ items: z.array(IdentityReviewItem) })
  .meta({ id: 'IdentityReviewQueue' });
export type IdentityReviewQueue = z.infer<typeof IdentityReviewQueue>;

export const RefuseIdentityBody = z.object({ reason: ReviewReason }).meta({ id: 'RefuseIdentityBody' });
export type RefuseIdentityBody = z.infer<typeof RefuseIdentityBody>;
export const IdentityReviewParams = z.object({ verification_id: z.uuid('Not a valid id.') });
export const IdentityPhotoParams = IdentityReviewParams.extend({ side: KycSide });
