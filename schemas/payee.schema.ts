/**
 * Verification of Payee (SPEC §4 "Beneficiary name verification"; Regulation (EU) 2024/886, EPC VOP rulebook).
 *
 * Endpoints (operationId):
 * - POST merchants/payees/verify/          verifyPayee                      PayeeVerifyBody → PayeeVerifyResponse
 *   (secured: send-money area, approved merchant; rate limited per user, 429 with Retry-After)
 * - POST sandbox/external-accounts/        sandboxUpsertExternalAccount     ExternalAccountBody → ExternalAccount
 *   (never in production: accounts at other banks, with the name they are held in)
 *
 * The answer never reveals the holder's name except on a close match (`suggested_name`), as the rulebook asks.
 * `check_id` lets a later transfer refer to the check and record that the payer proceeded anyway.
 */
import { isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { text } from './text';

export const payeeNameMaxLength = 140;

/** How long a name check stays good for a payment: the payer saw its answer moments ago, not last week. */
export const payeeCheckValidityMs = 30 * 60 * 1000;

/** An IBAN as typed: spaces (and hyphens) removed, upper-cased, mod-97 checksum and country format checked. */
export const Iban = text()
  .max(64, 'Invalid IBAN.')
  .transform((value, ctx) => {
    const compact = value.replace(/[\s-]+/g, '').toUpperCase();
    if (!isValidIBAN(compact)) {
      ctx.addIssue({ code: 'custom', message: 'Invalid IBAN.' });
      return z.NEVER;
    }
    return compact;
  });

/** A holder's name as typed: trimmed, required, at most 140 characters (the SEPA name field). */
export const PayeeName = text()
  .trim()
  .min(1, 'This field is required.')
  .max(payeeNameMaxLength, `Max ${payeeNameMaxLength} characters`);

export const payeeCheckResults = ['match', 'close_match', 'no_match', 'not_possible'] as const;
export const PayeeCheckResult = z.enum(payeeCheckResults);
export type PayeeCheckResult = z.infer<typeof PayeeCheckResult>;

export const PayeeVerifyBody = z.object({ iban: Iban, name: PayeeName }).meta({ id: 'PayeeVerifyBody' });
export type PayeeVerifyBody = z.infer<typeof PayeeVerifyBody>;

export const PayeeVerifyResponse = z
  .object({
    /**
     * match: the name is the holder's. close_match: nearly; `suggested_name` is the holder's name.
     * no_match: not the holder's (the name is not revealed). not_possible: the account cannot be checked.
     */
    result: PayeeCheckResult,
    /** Only on a close match: the name the account is held in ("Did you mean …?"). */
    suggested_name: text().optional(),
    /** The recorded check; a transfer sends it to record that the payer saw the result. */
    check_id: z.uuid(),
  })
  .meta({ id: 'PayeeVerifyResponse' });
export type PayeeVerifyResponse = z.infer<typeof PayeeVerifyResponse>;

export const ExternalAccountBody = z
  .object({
    iban: Iban,
    holder_name: PayeeName,
    bank_name: PayeeName,
    /** false: the other bank does not answer name checks (the result is "not possible"). Default true. */
    reachable: z.boolean().optional(),
  })
  .meta({ id: 'ExternalAccountBody' });
export type ExternalAccountBody = z.infer<typeof ExternalAccountBody>;

export const ExternalAccount = z
  .object({ iban: text(), holder_name: text(), bank_name: text(), reachable: z.boolean() })
  .meta({ id: 'ExternalAccount' });
export type ExternalAccount = z.infer<typeof ExternalAccount>;
