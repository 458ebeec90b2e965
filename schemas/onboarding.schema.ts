/**
 * Company onboarding and review: the steps' form schemas, shared by the forms and the endpoints.
 *
 * Endpoints (operationId), all under /api/:
 * - GET  onboarding/legal_entity_types/                 legalEntityTypes   (public) codes, names, required documents
 * - GET  onboarding/industries/                         industries         (public)
 * - GET  onboarding/turnovers/                          turnovers          (public)
 * - GET  onboarding/sizes/                              sizes              (public)
 * - GET  onboarding/countries/                          countries          (public) ISO 3166-1 alpha-2, en + el
 * - GET  merchants/onboarding/                          getOnboarding      → OnboardingState
 * - PUT  merchants/onboarding/representative/           saveRepresentative RepresentativeStep → OnboardingState
 * - PUT  merchants/onboarding/company/                  saveCompany        CompanyStep → OnboardingState
 * - PUT  merchants/onboarding/directors/                saveDirectors      DirectorsStep → OnboardingState
 * - PUT  merchants/onboarding/shareholders/             saveShareholders   ShareholdersStep → OnboardingState
 * - PUT  merchants/onboarding/funding/                  saveFunding        FundingStep → OnboardingState
 * - POST merchants/onboarding/vat_check/                vatCheck           VatCheckBody → VatCheckResponse
 * - POST merchants/onboarding/documents/                uploadDocument     multipart `type` + `file` → OnboardingDocument
 * - GET  merchants/onboarding/documents/{id}/           downloadDocument   the file (inline, nosniff)
 * - DEL  merchants/onboarding/documents/{id}/           deleteDocument     → 204
 * - POST merchants/onboarding/company_logo/             uploadCompanyLogo  multipart `file` (PNG/JPEG) → OnboardingDocument
 * - POST merchants/onboarding/submit_for_review/        submitForReview    → OnboardingState (422 onboarding_incomplete,
 *                                                                           also while the representative's latest
 *                                                                           identity verification has not passed)
 * - GET  merchants/accounts/top_up_details/             topUpDetails       → TopUpDetails (403 merchant_not_approved)
 * - POST sandbox/reviews/{merchant_id}/                 sandboxReview      ReviewBody → OnboardingState (not in production)
 *
 * Writes need the signed-in OWNER of a merchant in status `onboarding` or `rejected` (409 onboarding_locked
 * otherwise); reads are allowed in any status; another merchant's document is a 404.
 */
import { z } from 'zod';
import { text } from './text';
import { AmountMinorOrZero } from './money';
import { defaultPhoneCountry, normalizePhone, phoneRules } from './registration.schema';

/**
 * information_requested: the bank asked for more on named steps (`information_request` of the state): those steps
 * open again, the others stay as they were, and submitting again puts the merchant back in review.
 */
export const MerchantStatus = z.enum([
  'onboarding',
  'in_review',
  'information_requested',
  'rejected',
  'approved',
]);
export type MerchantStatus = z.infer<typeof MerchantStatus>;

/** ISO 3166-1 alpha-2 codes (the set of i18n-iso-countries 7.14). */
export const countryCodes = (
  'AF AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ BS BH BD BB BY BE BZ BJ BM BT BO BA BW BV BR IO BN BG BF BI KH CM ' +
  'CA CV KY CF TD CL CN CX CC CO KM CG CD CK CR CI HR CU CY CZ DK DJ DM DO EC EG SV GQ ER EE ET FK FO FJ FI FR GF ' +
  'PF TF GA GM GE DE GH GI GR GL GD GP GU GT GN GW GY HT HM VA HN HK HU IS IN ID IR IQ IE IL IT JM JP JO KZ KE KI ' +
  'KP KR KW KG LA LV LB LS LR LY LI LT LU MO MG MW MY MV ML MT MH MQ MR MU YT MX FM MD MC MN MS MA MZ MM NA NR NP ' +
  'NL NC NZ NI NE NG NU NF MP MK NO OM PK PW PS PA PG PY PE PH PN PL PT PR QA RE RO RU RW SH KN LC PM VC WS SM ST ' +
  'SA SN SC SL SG SK SI SB SO ZA GS ES LK SD SR SJ SZ SE CH SY TW TJ TZ TH TL TG TK TO TT TN TR TM TC TV UG UA AE ' +
  'GB US UM UY UZ VU VE VN VG VI WF EH YE ZM ZW AX BQ CW GG IM JE ME BL MF RS SX SS XK'
).split(' ');
export const CountryCode = text()
  .trim()
  .toUpperCase()
  .refine((code) => countryCodes.includes(code), 'Choose a country from the list.');

/** Codes of the reference lists; their English and Greek names come from the reference endpoints. */
export const legalFormCodes = ['sole_trader', 'oe', 'ee', 'ike', 'epe', 'ae'] as const;
export const LegalFormCode = z.enum(legalFormCodes);
export const documentTypes = [
  'certificate_of_registration',
  'articles_of_association',
  'representative_id',
  'proof_of_address',
  'tax_registration',
  'shareholder_register',
  'other',
] as const;
export const DocumentType = z.enum(documentTypes);
export type DocumentType = z.infer<typeof DocumentType>;
export const industryCodes = [
  'retail',
  'food_and_beverage',
  'hospitality',
  'professional_services',
  'technology',
  'construction',
  'manufacturing',
  'transport',
  'health',
  'education',
  'ecommerce',
  'other',
] as const;
export const sizeCodes = ['1', '2_10', '11_50', '51_250', '251_plus'] as const;
export const turnoverCodes = ['under_100k', '100k_500k', '500k_2m', '2m_10m', 'over_10m'] as const;

// ---- Field rules (SPEC §5: Latin only, no special characters, Max {n} characters, mandatory or optional) ----

const latinLetters = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F';
/** People's names: Latin letters, spaces, apostrophes, hyphens, dots. */
const nameRegex = new RegExp(`^[${latinLetters}][${latinLetters} '.\\-]*$`);
/** Company names, titles and address lines: also digits and a few separators. */
const textRegex = new RegExp(`^[${latinLetters}0-9][${latinLetters}0-9 '.,&()/#:+\\-]*$`);

const required = (max: number) =>
  text().trim().min(1, 'This field is required.').max(max, `Max ${max} characters.`);
export const LatinName = (max: number) =>
  required(max).regex(nameRegex, 'Only Latin characters allowed; special characters not allowed.');
export const LatinText = (max: number) =>
  required(max).regex(textRegex, 'Only Latin characters allowed; special characters not allowed.');
/** Optional: empty, null or missing are all "none" (the server stores null). */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Max ${max} characters.`)
    .regex(
      new RegExp(`^$|${textRegex.source}`),
      'Only Latin characters allowed; special characters not allowed.',
    )
    .nullable()
    .optional();

/**
 * A phone number as registration accepts it, and landlines too: international (+30 210…, 0030 210…) or a national
 * number of the home market (`defaultPhoneCountry`: 69… mobiles, 2… landlines), stored as E.164.
 */
export const phoneRefused =
  'Check the number: a Greek mobile is 10 digits starting with 69, a landline 10 starting with 2; any other number starts with + and its country code.';

export const Phone = text()
  .trim()
  .max(25, 'Max 25 characters.')
  .refine((value) => /^\+[1-9]\d{6,14}$/.test(normalisePhone(value)), phoneRefused);

/** National landline numbers of the countries whose national numbers are read without a +code. */
const nationalLandlines: Record<string, RegExp> = { GR: /^2\d{9}$/, CY: /^2\d{7}$/ };

/** What was typed, as E.164 when it can be read as a number; unchanged otherwise (the schema then refuses it). */
export function normalisePhone(value: string, country: string = defaultPhoneCountry): string {
  const compact = value.replace(/[\s().-]/g, '');
  if (compact.startsWith('+')) return compact;
  if (/^00\d+$/.test(compact)) return `+${compact.slice(2)}`;
  const mobile = normalizePhone(compact, country);
  if (mobile) return mobile;
  const rule = phoneRules[country];
  if (rule && nationalLandlines[country]?.test(compact)) return `+${rule.callingCode}${compact}`;
  return compact;
}

/** A website as typed, with https:// in front when no scheme was given ("example.com" → "https://example.com"). */
export function normaliseWebsite(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^https?:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

/** An ISO date (YYYY-MM-DD) of a real day in the past. */
export const BirthDate = z.iso.date('Enter a valid date.').refine((value) => {
  const born = new Date(`${value}T00:00:00Z`);
  const now = new Date();
  const eighteen = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
  const oldest = new Date(Date.UTC(now.getUTCFullYear() - 120, now.getUTCMonth(), now.getUTCDate()));
  return born <= eighteen && born >= oldest;
}, 'Must be at least 18 years old.');

export const Address = z
  .object({
    country: CountryCode,
    postal_code: text()
      .trim()
      .toUpperCase()
      .min(1, 'This field is required.')
      .max(10, 'Max 10 characters.')
      .regex(/^[A-Z0-9][A-Z0-9 -]*$/, 'Invalid format.'),
    city: LatinText(60),
    line1: LatinText(100),
    line2: optionalText(100),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

// ---- VAT numbers: format per EU country, checksum where the algorithm is public ----

/** VAT number formats of the EU member states, without the country prefix (Greece's prefix is EL). */
export const vatFormats: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^[1-9]\d{8}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  GR: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** The VAT prefix of a country: EL for Greece, the ISO code otherwise. */
export function vatPrefix(country: string): string {
  return country === 'GR' ? 'EL' : country;
}

/** Upper case, no spaces, dots or dashes, and without the country's own prefix. */
export function normaliseVat(country: string, vat: string): string {
  const compact = vat.toUpperCase().replace(/[\s.-]/g, '');
  const prefix = vatPrefix(country);
  return compact.startsWith(prefix) && vatFormats[country] ? compact.slice(prefix.length) : compact;
}

function greekChecksum(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * 2 ** (8 - i);
  return (sum % 11) % 10 === Number(digits[8]);
}

/** ISO 7064 MOD 11,10 as the German Bundeszentralamt für Steuern publishes it. */
function germanChecksum(digits: string): boolean {
  let product = 10;
  for (let i = 0; i < 8; i++) {
    let sum = (Number(digits[i]) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product === 10 ? 0 : 11 - product;
  return check === Number(digits[8]);
}

/** Whether `vat` looks right for `country`: EU formats (+ EL and DE checksums); elsewhere 2-20 letters or digits. */
export function vatFormatValid(country: string, vat: string): boolean {
  const value = normaliseVat(country, vat);
  const format = vatFormats[country];
  if (!format) return /^[A-Z0-9]{2,20}$/.test(value);
  if (!format.test(value)) return false;
  if (country === 'GR') return greekChecksum(value);
  if (country === 'DE') return germanChecksum(value);
  return true;
}

// ---- The steps ----

export const RepresentativeStep = z
  .object({
    first_name: LatinName(50),
    last_name: LatinName(50),
    job_title: LatinText(100),
    date_of_birth: BirthDate,
    phone: Phone,
    citizenship: CountryCode,
  })
  .meta({ id: 'RepresentativeStep' });
export type RepresentativeStep = z.infer<typeof RepresentativeStep>;

export const CompanyStep = z
  .object({
    name: LatinText(100),
    commercial_name: optionalText(100),
    legal_form: LegalFormCode,
    country_of_registration: CountryCode,
    vat_number: text().trim().min(1, 'This field is required.').max(20, 'Max 20 characters.'),
    registration_number: text()
      .trim()
      .min(1, 'This field is required.')
      .max(30, 'Max 30 characters.')
      .regex(/^[A-Za-z0-9][A-Za-z0-9/-]*$/, 'Invalid format.'),
    tic_number: text()
      .trim()
      .min(1, 'This field is required.')
      .max(20, 'Max 20 characters.')
      .regex(/^[A-Za-z0-9]+$/, 'Letters and numbers only.'),
    phone: Phone,
    registered_address: Address,
    trading_same_as_registered: z.boolean(),
    /** Required unless `trading_same_as_registered`; ignored (stored as null) when it is. */
    trading_address: Address.nullable().optional(),
    website_url: text()
      .trim()
      .max(200, 'Max 200 characters.')
      .refine(
        (value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i.test(normaliseWebsite(value)),
        'Invalid format.',
      )
      .nullable()
      .optional(),
    industry: z.enum(industryCodes),
    size: z.enum(sizeCodes),
    annual_turnover: z.enum(turnoverCodes),
  })
  .superRefine((company, ctx) => {
    if (!vatFormatValid(company.country_of_registration, company.vat_number)) {
      ctx.addIssue({ code: 'custom', path: ['vat_number'], message: 'Invalid format.' });
    }
    if (!company.trading_same_as_registered && !company.trading_address) {
      ctx.addIssue({ code: 'custom', path: ['trading_address'], message: 'This field is required.' });
    }
  })
  .meta({ id: 'CompanyStep' });
export type CompanyStep = z.infer<typeof CompanyStep>;

export const Director = z
  .object({
    first_name: LatinName(50),
    last_name: LatinName(50),
    date_of_birth: BirthDate,
    is_legal_representative: z.boolean(),
    home_address: Address,
  })
  .meta({ id: 'Director' });

/** How many directors and shareholders a company may declare. */
export const maxDirectors = 20;
export const maxShareholders = 50;
/** The declared ownership may add up to at most 100 % (in basis points). */
export const maxOwnershipBasisPoints = 10_000;

export const DirectorsStep = z
  .object({
    directors: z
      .array(Director)
      .min(1, 'Add at least one director.')
      .max(maxDirectors, `Max ${maxDirectors} directors.`),
  })
  .meta({ id: 'DirectorsStep' });
export type DirectorsStep = z.infer<typeof DirectorsStep>;

/** A percentage as a decimal string with up to two decimals, 0 to 100 ("25", "33.33"); never a float. */
export const Percentage = text()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Enter a number between 0 and 100 with at most two decimals.')
  .refine((value) => percentageToBasisPoints(value) <= 10_000, 'Percentage must be between 0 and 100.');

/** Said beside the percentage that takes the shareholders' total over 100 %, with what is left for it. */
export const ownershipTotalRefused = (leftBasisPoints: number) =>
  `The shares come to more than 100 %; at most ${basisPointsToPercentage(Math.max(0, leftBasisPoints))} % is left for this shareholder.`;

/** "33.33" → 3333 basis points. */
export function percentageToBasisPoints(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 3333 → "33.33", 2500 → "25". */
export function basisPointsToPercentage(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = basisPoints % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

export const Shareholder = z
  .object({
    type: z.enum(['individual', 'company']),
    name: LatinText(100),
    country: CountryCode,
    percentage: Percentage,
    /** Controls the company other than through shares (voting rights, appointment of directors). */
    has_control: z.boolean(),
  })
  .meta({ id: 'Shareholder' });

export const ShareholdersStep = z
  .object({
    shareholders: z
      .array(Shareholder)
      .min(1, 'Add at least one shareholder.')
      .max(maxShareholders, `Max ${maxShareholders} shareholders.`),
    /** Whether the ultimate beneficial owners are known. */
    ubos_known: z.boolean(),
  })
  .superRefine((step, ctx) => {
    // Refused at the step, beside the percentage that takes the total over 100 %, not first at submit.
    let total = 0;
    for (const [index, holder] of step.shareholders.entries()) {
      total += percentageToBasisPoints(holder.percentage.trim());
      if (total > maxOwnershipBasisPoints) {
        ctx.addIssue({
          code: 'custom',
          path: ['shareholders', index, 'percentage'],
          message: ownershipTotalRefused(
            maxOwnershipBasisPoints - (total - percentageToBasisPoints(holder.percentage.trim())),
          ),
          params: { reason: 'ownership_total' },
        });
        return;
      }
    }
  })
  .meta({ id: 'ShareholdersStep' });
export type ShareholdersStep = z.infer<typeof ShareholdersStep>;

export const CurrencyCode = z.enum(['EUR', 'USD', 'GBP']);

export const FundingStep = z
  .object({
    /** Expected monthly incoming funds. */
    expected_incoming: z.object({ amount_minor: AmountMinorOrZero, currency: CurrencyCode }),
    source_country: CountryCode,
    /** Expected monthly spending. */
    expected_spending: z.object({ amount_minor: AmountMinorOrZero, currency: CurrencyCode }),
    destination_country: CountryCode,
    other_funding_method: optionalText(500),
  })
  .meta({ id: 'FundingStep' });
export type FundingStep = z.infer<typeof FundingStep>;

// ---- Reference data ----

export const ReferenceItem = z
  .object({ code: text(), name_en: text(), name_el: text() })
  .meta({ id: 'ReferenceItem' });
export type ReferenceItem = z.infer<typeof ReferenceItem>;
export const ReferenceList = z.object({ items: z.array(ReferenceItem) }).meta({ id: 'ReferenceList' });
export const LegalEntityTypesResponse = z
  .object({
    items: z.array(ReferenceItem.extend({ required_documents: z.array(DocumentType) })),
  })
  .meta({ id: 'LegalEntityTypesResponse' });
export type LegalEntityTypesResponse = z.infer<typeof LegalEntityTypesResponse>;

// ---- State, documents, submit, review ----

export const onboardingSteps = [
  'representative',
  'company',
  'directors',
  'shareholders',
  'documents',
  'funding',
] as const;
export const OnboardingStep = z.enum(onboardingSteps);
export type OnboardingStep = z.infer<typeof OnboardingStep>;

export const OnboardingDocument = z
  .object({
    id: text(),
    type: z.union([DocumentType, z.literal('company_logo')]),
    file_name: text(),
    content_type: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
    size: z.number().int(),
    uploaded_at: text(),
  })
  .meta({ id: 'OnboardingDocument' });
export type OnboardingDocument = z.infer<typeof OnboardingDocument>;

/**
 * Where the representative's identity verification (KYC, /identity-verification/) stands: its latest attempt.
 * awaiting_review: the photos were received and passed the automatic checks, and a person at the bank has still to
 * confirm face and document (the onboarding may go on and be submitted); verified: a person confirmed them;
 * refused: a person refused them (`refusal_reason`), the representative takes them again.
 */
export const identityVerificationStatuses = [
  'not_started',
  'in_progress',
  'failed',
  'awaiting_review',
  'verified',
  'refused',
] as const;
export const IdentityVerificationStatus = z.enum(identityVerificationStatuses);
export type IdentityVerificationStatus = z.infer<typeof IdentityVerificationStatus>;
export const IdentityVerification = z
  .object({
    /** not_started: no attempt yet; in_progress: the latest attempt is not evaluated (again) yet. */
    status: IdentityVerificationStatus,
    /** When a person confirmed the latest attempt; null unless `status` is verified. */
    verified_at: text().nullable(),
    /** Why a person refused the photos; null unless `status` is refused. */
    refusal_reason: text().nullable(),
  })
  .meta({ id: 'IdentityVerification' });
export type IdentityVerification = z.infer<typeof IdentityVerification>;

/**
 * The owner's name and mobile and the company's name as registration saved them, each in a form its step accepts
 * (a value the step would refuse is given as ''): the representative step and the company step start from them.
 */
export const OnboardingPrefill = z
  .object({ first_name: text(), last_name: text(), phone: text(), company_name: text() })
  .meta({ id: 'OnboardingPrefill' });
export type OnboardingPrefill = z.infer<typeof OnboardingPrefill>;

export const onboardingWarningCodes = ['ownership_over_100'] as const;
export const OnboardingWarningCode = z.enum(onboardingWarningCodes);
export type OnboardingWarningCode = z.infer<typeof OnboardingWarningCode>;

/** The steps the bank can ask more information on: the onboarding's steps (machines/onboarding.machine.ts). */
export const informationRequestSteps = [...onboardingSteps, 'identity'] as const;
export const InformationRequestStep = z.enum(informationRequestSteps);
export type InformationRequestStep = z.infer<typeof InformationRequestStep>;

/** What the bank asked for: the steps named, each with its note; only these steps may change until resubmitted. */
export const InformationRequest = z
  .object({
    requested_at: text(),
    steps: z.array(z.object({ step: InformationRequestStep, note: text() })),
  })
  .meta({ id: 'InformationRequest' });
export type InformationRequest = z.infer<typeof InformationRequest>;

export const OnboardingState = z
  .object({
    merchant: z.object({ id: text(), name: text(), status: MerchantStatus }),
    /**
     * True while the owner may change steps (status onboarding, rejected, or information_requested for the steps
     * it names).
     */
    editable: z.boolean(),
    /** The open request for more information while the status is information_requested, else null. */
    information_request: InformationRequest.nullable(),
    rejection_reason: text().nullable(),
    steps: z.object({
      representative: RepresentativeStep.nullable(),
      company: CompanyStep.nullable(),
      directors: DirectorsStep.nullable(),
      shareholders: ShareholdersStep.nullable(),
      funding: FundingStep.nullable(),
    }),
    completed_steps: z.array(OnboardingStep),
    documents: z.array(OnboardingDocument),
    /** The documents the chosen legal form needs; empty until the company step is saved. */
    required_documents: z.array(DocumentType),
    logo: OnboardingDocument.nullable(),
    /** Not blocking a save; the app shows them translated by `code`. */
    warnings: z.array(z.object({ code: OnboardingWarningCode, message: text() })),
    /** The representative's identity verification: submit_for_review needs it awaiting_review or verified. */
    identity_verification: IdentityVerification,
    /** What registration collected, for the steps not saved yet to start with (nothing is asked twice). */
    prefill: OnboardingPrefill,
  })
  .meta({ id: 'OnboardingState' });
export type OnboardingState = z.infer<typeof OnboardingState>;

export const VatCheckBody = z
  .object({ country: CountryCode, vat_number: text().trim().min(1).max(20) })
  .meta({ id: 'VatCheckBody' });
export const VatCheckResponse = z
  .object({
    format_valid: z.boolean(),
    /** `not_configured`: no registry (VIES) lookup is set up here; nothing is assumed. */
    registry: z.enum(['not_configured', 'valid', 'invalid', 'unavailable']),
    name: text().optional(),
  })
  .meta({ id: 'VatCheckResponse' });
export type VatCheckResponse = z.infer<typeof VatCheckResponse>;

export const DocumentIdParams = z.object({ id: z.uuid() });

export const ReviewBody = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: text().trim().max(500, 'Max 500 characters.').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'reject' && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'This field is required.' });
    }
  })
  .meta({ id: 'ReviewBody' });
export type ReviewBody = z.infer<typeof ReviewBody>;
export const ReviewParams = z.object({ merchant_id: z.uuid() });

export const TopUpDetails = z
  .object({
    account_name: text(),
    account_holder_name: text(),
    iban: text(),
    swift_bic: text(),
    currency: text(),
    balance: z.object({ amount_minor: text(), currency: text() }),
    available_balance: z.object({ amount_minor: text(), currency: text() }),
  })
  .meta({ id: 'TopUpDetails' });
export type TopUpDetails = z.infer<typeof TopUpDetails>;
