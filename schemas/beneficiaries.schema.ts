/**
 * Beneficiaries (SPEC §2 /my-beneficiaries, §3 Beneficiary, §4 "Beneficiary name verification", §5).
 *
 * Endpoints (operationId), all under /api/, signed in, merchant approved (403 merchant_not_approved otherwise):
 * - GET    merchants/beneficiaries/?q=      beneficiaries        → BeneficiariesResponse  (area 'beneficiaries')
 * - GET    merchants/beneficiaries/{id}/    beneficiary          → Beneficiary            (area 'beneficiaries')
 * - POST   merchants/beneficiaries/         createBeneficiary    BeneficiaryBody + Idempotency-Key → 201 Beneficiary
 * - PUT    merchants/beneficiaries/{id}/    updateBeneficiary    BeneficiaryBody → Beneficiary
 * - DELETE merchants/beneficiaries/{id}/    deleteBeneficiary    → 204
 *   (the last three: area 'create-beneficiary')
 *
 * A beneficiary is another merchant's wallet (`kind: 'wallet'`, by wallet tag) or an account at a bank
 * (`kind: 'bank'`: held by a person, `holder: 'person'` with a first and last name, or by a company,
 * `holder: 'company'` with its legal name, in Latin letters; the country of the bank and an IBAN of that country).
 * `holder` may be left out: a person's (as before companies could be saved). Only IBAN countries are offered: an
 * account number without an IBAN cannot be checksummed or name-checked.
 *
 * A bank beneficiary's name (a person's first and last name, or a company's legal name, whose words must then come
 * in their order) is checked (Verification of Payee) when it is created and whenever its holder, name or IBAN
 * changes. Anything but `match` is refused with 422 `name_check_unconfirmed` and `details` {result, check_id,
 * suggested_name (close match only)} unless the body says `accept_name_mismatch: true`, the user's explicit choice to
 * save it anyway. Another merchant's id is 404; a second beneficiary with the same IBAN or wallet is 409.
 */
import { countrySpecs } from 'ibantools';
import { z } from 'zod';
import { text } from './text';
import { Iban, PayeeCheckResult } from './payee.schema';
import { latinCompanyName, latinName } from './registration.schema';

export const beneficiaryNameMaxLength = 50;
/** A company's legal name: SEPA carries up to 70 characters of a payee's name. */
export const beneficiaryCompanyNameMaxLength = 70;
export const beneficiaryHolders = ['person', 'company'] as const;
export type BeneficiaryHolder = (typeof beneficiaryHolders)[number];
export const walletTagMaxLength = 33;
export const beneficiarySearchMaxLength = 100;

/** Countries whose banks use IBANs (the IBAN registry as ibantools knows it), sorted. */
export const ibanCountries: readonly string[] = Object.entries(countrySpecs)
  .filter(([, spec]) => Boolean(spec.chars))
  .map(([code]) => code)
  .sort();

/** SPEC §5: required, Latin characters only, "Max {n} characters". */
export const BeneficiaryName = text()
  .trim()
  .min(1, 'This field is required.')
  .max(beneficiaryNameMaxLength, `Max ${beneficiaryNameMaxLength} characters`)
  .regex(latinName, 'Only Latin characters allowed');

/** A company's legal name as its bank has it: Latin letters, digits and the punctuation of legal names. */
export const BeneficiaryCompanyName = text()
  .trim()
  .min(1, 'This field is required.')
  .max(beneficiaryCompanyNameMaxLength, `Max ${beneficiaryCompanyNameMaxLength} characters`)
  .regex(latinCompanyName, 'Only Latin characters allowed');

export const BankCountry = text()
  .trim()
  .toUpperCase()
  .refine((code) => ibanCountries.includes(code), 'Choose a country from the list.');

/** "@demo-bakery" or "demo-bakery", any case; stored and compared as "@demo-bakery". */
export const WalletTag = text()
  .trim()
  .min(1, 'This field is required.')
  .max(walletTagMaxLength, `Max ${walletTagMaxLength} characters`)
  .transform((value) => (value.startsWith('@') ? value : `@${value}`).toLowerCase())
  .refine((tag) => /^@[a-z0-9]+(?:-[a-z0-9]+)*$/.test(tag), 'Enter a wallet tag like @demo-coffee.');

export const ibanCountryMismatch = "The IBAN is not of the bank's country.";

export const WalletBeneficiaryBody = z.object({ kind: z.literal('wallet'), wallet_tag: WalletTag });

export const BankBeneficiaryBody = z
  .object({
    kind: z.literal('bank'),
    /** Who holds the account; default `person`. */
    holder: z.enum(beneficiaryHolders).optional(),
    /** A person's: required. */
    first_name: BeneficiaryName.optional(),
    /** A person's: required. */
    last_name: BeneficiaryName.optional(),
    /** A company's legal name: required. */
    company_name: BeneficiaryCompanyName.optional(),
    bank_country: BankCountry,
    iban: Iban,
    /** The user saw the name check's result (close match, no match, not possible) and saves anyway. */
    accept_name_mismatch: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const required = (body.holder ?? 'person') === 'company' ? ['company_name'] : ['first_name', 'last_name'];
    for (const field of required) {
      if (body[field as 'company_name' | 'first_name' | 'last_name'] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'This field is required.' });
      }
    }
    if (body.iban.slice(0, 2) !== body.bank_country) {
      ctx.addIssue({ code: 'custom', path: ['iban'], message: ibanCountryMismatch });
    }
  });

export const BeneficiaryBody = z
  .discriminatedUnion('kind', [WalletBeneficiaryBody, BankBeneficiaryBody])
  .meta({ id: 'BeneficiaryBody' });
export type BeneficiaryBody = z.infer<typeof BeneficiaryBody>;
/** What the form holds before validation (every field a string). */
export type BeneficiaryBodyInput = z.input<typeof BeneficiaryBody>;

export const BeneficiaryParams = z.object({ id: z.uuid() });
export const BeneficiariesQuery = z.object({
  q: text().trim().max(beneficiarySearchMaxLength, `Max ${beneficiarySearchMaxLength} characters`).optional(),
});

export const Beneficiary = z
  .object({
    id: z.uuid(),
    kind: z.enum(['wallet', 'bank']),
    /** What to call it: the person's or the company's name (bank) or the recipient merchant's name (wallet). */
    name: text(),
    wallet_tag: text().nullable(),
    /** Bank beneficiaries: `person` or `company`; null for a wallet. */
    holder: z.enum(beneficiaryHolders).nullable(),
    first_name: text().nullable(),
    last_name: text().nullable(),
    company_name: text().nullable(),
    bank_country: text().nullable(),
    iban: text().nullable(),
    /** Bank beneficiaries: the latest name check and whether the user saved despite its result. */
    name_check: z.object({ result: PayeeCheckResult, accepted_mismatch: z.boolean() }).nullable(),
    created_at: text(),
    updated_at: text(),
  })
  .meta({ id: 'Beneficiary' });
export type Beneficiary = z.infer<typeof Beneficiary>;

export const BeneficiariesResponse = z
  .object({ beneficiaries: z.array(Beneficiary) })
  .meta({ id: 'BeneficiariesResponse' });
export type BeneficiariesResponse = z.infer<typeof BeneficiariesResponse>;

/** The `details` of a 422 `name_check_unconfirmed`. */
export type NameCheckDetails = {
  result: Exclude<PayeeCheckResult, 'match'>;
  check_id: string;
  suggested_name?: string;
};
