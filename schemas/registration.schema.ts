import { z } from 'zod';
import { text } from './text';
import { AltchaPayload, Email, OtpCode } from './auth.schema';

/*
 * Registration of a new merchant (SPEC §2 /registration/:step?/:id?, account phase), shared by the form and the
 * endpoints:
 *   POST /api/merchants/accounts/prevalidate/                          prevalidate
 *   POST /api/merchants/registrations/                                 startRegistration
 *   GET  /api/merchants/registrations/{id}/                            getRegistration
 *   POST /api/merchants/registrations/{id}/send_email_verification/    sendEmailVerification
 *   POST /api/merchants/registrations/{id}/verify_email/               verifyEmail
 *   POST /api/merchants/registrations/{id}/send_sms_verification/      sendSmsVerification
 *   POST /api/merchants/registrations/{id}/verify_phone/               verifyPhone
 *   PUT  /api/merchants/registrations/{id}/details/                    saveRegistrationDetails
 *   POST /api/merchants/accounts/register/                             register (answers a SessionResponse)
 */

/** The versions of /terms-of-use and /privacy-policy a new owner accepts; recorded with the acceptance. */
export const legalVersions = { terms_of_use: '2026-01', privacy_policy: '2026-01' } as const;

/** How long a half-finished registration is kept (server/registration.ts); after it, it is gone (404). */
export const registrationTtlSeconds = 24 * 60 * 60;

export const nameMaxLength = 50;
export const companyNameMaxLength = 100;

// ---------------------------------------------------------------------------------------------------------------
// Mobile phone numbers: E.164 on the wire and in the database. No phone library is on the registry here, so a small
// per-country table turns national numbers into E.164 (ADR 005).

type CountryRule = {
  /** Country calling code, digits only. */
  callingCode: string;
  /** Digits of a national mobile number without the trunk prefix. */
  mobile: RegExp;
  /** A trunk prefix dialled before national numbers (e.g. 0 in Cyprus is none, in Germany 0). */
  trunk?: string;
};

/** Countries whose national numbers are accepted without the +code; anything else must be typed as +E.164. */
export const phoneRules: Record<string, CountryRule> = {
  GR: { callingCode: '30', mobile: /^69\d{8}$/ },
  CY: { callingCode: '357', mobile: /^9[4-79]\d{6}$/ },
};

/** The country national numbers are read in (the product's home market). */
export const defaultPhoneCountry = 'GR';

const e164 = /^\+[1-9]\d{6,14}$/;

/**
 * Normalises what a user typed as a mobile number into E.164, or null when it is not one. Accepts spaces, dashes,
 * dots and brackets, a 00 international prefix, and national numbers of `country` (Greek 69xxxxxxxx by default).
 * Numbers in a country of the table must also be mobile numbers there (the code comes by SMS).
 */
export function normalizePhone(raw: string, country: string = defaultPhoneCountry): string | null {
  const compact = raw.trim().replace(/[\s\-.()]/g, '');
  if (compact.length === 0 || compact.length > 20) return null;
  let international: string | null = null;
  if (/^\+\d+$/.test(compact)) international = compact;
  else if (/^00\d+$/.test(compact)) international = `+${compact.slice(2)}`;
  if (international) {
    if (!e164.test(international)) return null;
    for (const rule of Object.values(phoneRules)) {
      if (international.startsWith(`+${rule.callingCode}`)) {
        return rule.mobile.test(international.slice(1 + rule.callingCode.length)) ? international : null;
      }
    }
    return international;
  }
  const rule = phoneRules[country];
  if (!rule || !/^\d+$/.test(compact)) return null;
  const national = rule.trunk && compact.startsWith(rule.trunk) ? compact.slice(rule.trunk.length) : compact;
  return rule.mobile.test(national) ? `+${rule.callingCode}${national}` : null;
}

/** A mobile number as typed; parses to E.164. */
export const MobilePhone = text()
  .max(32, 'Max 32 characters')
  .transform((value, ctx) => {
    const normalized = normalizePhone(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: 'Enter a mobile number, like 6912345678 or +357 96123456.' });
      return z.NEVER;
    }
    return normalized;
  });

// ---------------------------------------------------------------------------------------------------------------
// Names (SPEC §5: Latin characters only, no special characters, "Max {n} characters").

/** Latin letters (with their accents), spaces, hyphens and apostrophes, starting with a letter. */
export const latinName = /^\p{Script=Latin}[\p{Script=Latin}\p{M} '\u2019-]*$/u;
/** A company name may also hold digits and the usual punctuation of legal names (&, ., ,, (, )). */
export const latinCompanyName = /^[\p{Script=Latin}\d][\p{Script=Latin}\p{M}\d &.,'\u2019()-]*$/u;

const required = (max: number, pattern: RegExp, patternMessage: string) =>
  text()
    .trim()
    .min(1, 'This field is required.')
    .max(max, `Max ${max} characters`)
    .regex(pattern, patternMessage);

export const PersonName = required(nameMaxLength, latinName, 'Only Latin characters allowed.');
export const CompanyName = required(
  companyNameMaxLength,
  latinCompanyName,
  'Only Latin characters allowed; special characters not allowed.',
);

// ---------------------------------------------------------------------------------------------------------------
// API bodies and responses

export const RegistrationId = z.uuid();

export const PrevalidateBody = z
  .object({
    email: text().max(254).optional(),
    phone: text().max(32).optional(),
  })
  .refine((body) => body.email !== undefined || body.phone !== undefined, {
    message: 'Send an email, a phone or both.',
    path: ['email'],
  })
  .meta({ id: 'PrevalidateBody' });
export type PrevalidateBody = z.infer<typeof PrevalidateBody>;

const FieldCheck = z.object({
  /** The format is right. */
  valid: z.boolean(),
  /** No account uses it yet (false when not valid). */
  available: z.boolean(),
  /** The value as it will be stored (lower-case email, E.164 phone), when valid. */
  normalized: text().nullable(),
});
export type FieldCheck = z.infer<typeof FieldCheck>;

export const PrevalidateResponse = z
  .object({ email: FieldCheck.optional(), phone: FieldCheck.optional() })
  .meta({ id: 'PrevalidateResponse' });
export type PrevalidateResponse = z.infer<typeof PrevalidateResponse>;

export const StartRegistrationBody = z
  .object({
    email: Email,
    phone: MobilePhone,
    locale: z.enum(['en', 'el']).optional(),
  })
  .meta({ id: 'StartRegistrationBody' });
export type StartRegistrationBody = z.input<typeof StartRegistrationBody>;

export const registrationSteps = ['verify-email', 'verify-phone', 'details', 'password'] as const;
export type RegistrationStep = (typeof registrationSteps)[number];

/** A half-finished registration as saved on the server: enough to resume it at the step it reached. */
export const RegistrationState = z
  .object({
    id: text(),
    /** The step to continue with. */
    step: z.enum(registrationSteps),
    email: text(),
    phone: text(),
    email_verified: z.boolean(),
    phone_verified: z.boolean(),
    first_name: text().nullable(),
    last_name: text().nullable(),
    company_name: text().nullable(),
    expires_at: text(),
  })
  .meta({ id: 'RegistrationState' });
export type RegistrationState = z.infer<typeof RegistrationState>;

export const RegistrationParams = z.object({ id: RegistrationId });

export const SendVerificationResponse = z
  .object({
    /** Masked address the code went to. */
    destination: text(),
    expires_in: z.number().int(),
    resend_in: z.number().int(),
  })
  .meta({ id: 'SendVerificationResponse' });
export type SendVerificationResponse = z.infer<typeof SendVerificationResponse>;

export const VerifyCodeBody = z.object({ code: OtpCode }).meta({ id: 'VerifyCodeBody' });

export const RegistrationDetailsBody = z
  .object({ first_name: PersonName, last_name: PersonName, company_name: CompanyName })
  .meta({ id: 'RegistrationDetailsBody' });
export type RegistrationDetailsBody = z.input<typeof RegistrationDetailsBody>;

export const RegisterBody = z
  .object({
    registration_id: RegistrationId,
    password: text().max(1024),
    password_confirmation: text().max(1024),
    accept_terms: z.literal(true, 'Accept the terms of use.'),
    accept_privacy: z.literal(true, 'Accept the privacy policy.'),
    altcha: AltchaPayload,
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof RegisterBody>;
