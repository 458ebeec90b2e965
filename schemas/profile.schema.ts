/**
 * The company profile (SPEC §2 /profile/:page?): what onboarding collected, shown and edited after approval.
 *
 * Endpoints (operationId), all under /api/:
 * - GET  merchants/profile/                         companyProfile              → CompanyProfile
 * - PATCH merchants/profile/contact/                updateCompanyContact        CompanyContactBody → CompanyProfile
 * - PATCH merchants/profile/representative/         updateRepresentativeContact RepresentativeContactBody → CompanyProfile
 * - POST merchants/profile/changes/                 requestProfileChange        ProfileChangeBody → 201 ProfileChange
 * - GET  merchants/profile/documents/               latestDocuments             → LatestDocuments (newest first)
 * - POST merchants/profile/documents/               uploadProfileDocument       multipart `type` + `file` → 201
 * - GET  merchants/profile/documents/{id}/          downloadProfileDocument     the file (404 for another merchant's)
 * - GET  merchants/profile/company_logo/            companyLogo                 the logo as PNG (404 when none)
 * - POST merchants/profile/company_logo/            uploadProfileLogo           multipart `file` (PNG, JPEG, WebP) → 201
 * - POST sandbox/reviews/profile_changes/{id}/      sandboxReviewProfileChange  ReviewBody → ProfileChange
 *
 * Contact details (trading name, phone, website, contact email, industry, size, turnover, trading address) and the
 * representative's job title and phone change at once. Legal data (legal name, legal form, country, registration,
 * VAT and TIC numbers, registered address, directors, shareholders, the representative's identity) never changes in
 * place: `requestProfileChange` stores it `pending_review` until the bank approves it (then it applies) or rejects it
 * (with a reason). At most one pending change per kind (409 profile_change_pending). Reads are open to the owner in
 * any status; changes need an approved merchant (before approval the onboarding itself is edited).
 */
import { z } from 'zod';
import { text } from './text';
import {
  Address,
  CompanyStep,
  DirectorsStep,
  MerchantStatus,
  OnboardingDocument,
  RepresentativeStep,
  ShareholdersStep,
  optionalText,
  percentageToBasisPoints,
  vatFormatValid,
} from './onboarding.schema';

const company = CompanyStep.shape;
const representative = RepresentativeStep.shape;

/** What changes at once on company-details and company-information (no review). */
export const CompanyContactBody = z
  .object({
    /** The trading (commercial) name; empty: none. */
    commercial_name: optionalText(100),
    phone: company.phone,
    website_url: company.website_url,
    /** Where the bank writes to the company; empty: the owner's sign-in email. */
    contact_email: z
      .union([z.literal(''), z.email('Enter a valid email address.').max(254, 'Max 254 characters.')])
      .nullable()
      .optional(),
    industry: company.industry,
    size: company.size,
    annual_turnover: company.annual_turnover,
    trading_same_as_registered: z.boolean(),
    trading_address: Address.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.trading_same_as_registered && !body.trading_address) {
      ctx.addIssue({ code: 'custom', path: ['trading_address'], message: 'This field is required.' });
    }
  })
  .meta({ id: 'CompanyContactBody' });
export type CompanyContactBody = z.infer<typeof CompanyContactBody>;

/** The representative's details that change at once. */
export const RepresentativeContactBody = z
  .object({ job_title: representative.job_title, phone: representative.phone })
  .meta({ id: 'RepresentativeContactBody' });
export type RepresentativeContactBody = z.infer<typeof RepresentativeContactBody>;

/** The company's legal data: a change goes to review. */
export const CompanyLegalData = z
  .object({
    name: company.name,
    legal_form: company.legal_form,
    country_of_registration: company.country_of_registration,
    vat_number: company.vat_number,
    registration_number: company.registration_number,
    tic_number: company.tic_number,
    registered_address: Address,
  })
  .superRefine((data, ctx) => {
    if (!vatFormatValid(data.country_of_registration, data.vat_number)) {
      ctx.addIssue({ code: 'custom', path: ['vat_number'], message: 'Invalid format.' });
    }
  })
  .meta({ id: 'CompanyLegalData' });
export type CompanyLegalData = z.infer<typeof CompanyLegalData>;

/** The representative's identity: a change goes to review. */
export const RepresentativeIdentity = z
  .object({
    first_name: representative.first_name,
    last_name: representative.last_name,
    date_of_birth: representative.date_of_birth,
    citizenship: representative.citizenship,
  })
  .meta({ id: 'RepresentativeIdentity' });
export type RepresentativeIdentity = z.infer<typeof RepresentativeIdentity>;

export const profileChangeKinds = ['company', 'directors', 'shareholders', 'representative'] as const;
export const ProfileChangeKind = z.enum(profileChangeKinds);
export type ProfileChangeKind = z.infer<typeof ProfileChangeKind>;

/** A proposed change of legal data, by kind. */
export const ProfileChangeBody = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('company'), data: CompanyLegalData }),
    z.object({ kind: z.literal('directors'), data: DirectorsStep }),
    z.object({ kind: z.literal('shareholders'), data: ShareholdersStep }),
    z.object({ kind: z.literal('representative'), data: RepresentativeIdentity }),
  ])
  .superRefine((body, ctx) => {
    if (body.kind === 'shareholders') {
      const total = body.data.shareholders.reduce(
        (sum, holder) => sum + percentageToBasisPoints(holder.percentage),
        0,
      );
      if (total > 10_000) {
        ctx.addIssue({
          code: 'custom',
          path: ['data', 'shareholders'],
          message: 'The declared ownership adds up to more than 100 %.',
        });
      }
    }
  })
  .meta({ id: 'ProfileChangeBody' });
export type ProfileChangeBody = z.infer<typeof ProfileChangeBody>;

export const ProfileChangeStatus = z.enum(['pending_review', 'approved', 'rejected']);
export type ProfileChangeStatus = z.infer<typeof ProfileChangeStatus>;

const changeFields = {
  id: text(),
  status: ProfileChangeStatus,
  /** The reviewer's reason for a rejection. */
  reason: text().nullable(),
  created_at: text(),
  decided_at: text().nullable(),
};

export const ProfileChange = z
  .discriminatedUnion('kind', [
    z.object({ ...changeFields, kind: z.literal('company'), data: CompanyLegalData }),
    z.object({ ...changeFields, kind: z.literal('directors'), data: DirectorsStep }),
    z.object({ ...changeFields, kind: z.literal('shareholders'), data: ShareholdersStep }),
    z.object({ ...changeFields, kind: z.literal('representative'), data: RepresentativeIdentity }),
  ])
  .meta({ id: 'ProfileChange' });
export type ProfileChange = z.infer<typeof ProfileChange>;

export const CompanyLogo = z
  .object({
    id: text(),
    /** image/png: the profile re-encodes every upload (one from onboarding may be a JPEG). */
    content_type: z.enum(['image/png', 'image/jpeg']),
    size: z.number().int(),
    uploaded_at: text(),
  })
  .meta({ id: 'CompanyLogo' });
export type CompanyLogo = z.infer<typeof CompanyLogo>;

export const CompanyProfile = z
  .object({
    merchant: z.object({ id: text(), name: text(), status: MerchantStatus }),
    /** The signed-in owner may change it now (the merchant is approved). */
    editable: z.boolean(),
    company: CompanyStep.nullable(),
    /** The stored contact email, or the owner's sign-in email when none is set. */
    contact_email: text(),
    representative: RepresentativeStep.nullable(),
    directors: DirectorsStep.nullable(),
    shareholders: ShareholdersStep.nullable(),
    logo: CompanyLogo.nullable(),
    /** Waiting changes first, then the latest decided ones (at most 20 in all). */
    changes: z.array(ProfileChange),
  })
  .meta({ id: 'CompanyProfile' });
export type CompanyProfile = z.infer<typeof CompanyProfile>;

export const LatestDocuments = z
  .object({ items: z.array(OnboardingDocument) })
  .meta({ id: 'LatestDocuments' });
export type LatestDocuments = z.infer<typeof LatestDocuments>;

export const ProfileChangeParams = z.object({ id: z.uuid() });

/** Largest logo side after resizing, in pixels. */
export const logoMaxSide = 512;
