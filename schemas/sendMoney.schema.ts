/**
 * Send money (SPEC §7 "predefined send amount, send money", "contacts and search", "amount requires
 * verification", "transfer confirmation"). Rules and figures: docs/fees.md; code: server/payments/.
 *
 * Endpoints (operationId), all secured (send-money area, approved merchant), under /api/merchants/:
 * - POST send_money/                      sendMoney                   SendMoneyBody + Idempotency-Key
 *                                                                     (+ X-Step-Up-Token when required) → Transaction
 * - GET  amount_requires_verification/    amountRequiresVerification  AmountVerificationQuery → AmountVerification
 * - GET  predefined_send_amounts/         predefinedSendAmount        PredefinedAmountsQuery → PredefinedAmounts
 * - GET  contacts/search/                 searchContacts              ContactSearchQuery → ContactSearchResponse
 *                                                                     (rate limited per user, 429 with Retry-After)
 * - GET  transfer_quote/                  transferConfirmation        TransferQuoteQuery → TransferQuote
 * Sandbox (never in production), under /api/sandbox/settlement/:
 * - POST run/                             sandboxRunSettlement        SettlementRunBody → SettlementRunResult
 * - POST reject-iban/                     sandboxRejectIban           RejectIbanBody → ExternalAccount-like answer
 *
 * Amounts are integer minor units as decimal strings (`"1250"` is 12.50). A wallet payment or one to an IBAN of
 * this bank is completed at once; one to another bank is pending until the settlement job completes or fails it.
 */
import { z } from 'zod';
import { text } from './text';
import { WalletTag } from './beneficiaries.schema';
import { bundledGifIds } from './gifs';
import { AmountMinor } from './money';
import { Money } from './overview.schema';
import { Iban, PayeeName } from './payee.schema';

export const noteMaxLength = 140;

/**
 * Wallet payments (and schedules) of this amount or more need a one-time code; payments to an IBAN always do. EUR
 * minor units (10000 is 100.00 EUR), converted at the mid rate for other currencies. The default of the server's
 * setting SEND_MONEY_VERIFICATION_THRESHOLD_MINOR (server/payments/settings.ts); the journeys' descriptions say it.
 */
export const defaultVerificationThresholdEurMinor = 10_000;
export const gifMaxLength = 300;
/** Contact searches one user may make per minute: like name checks, a search must not become a directory. */
export const contactSearchesPerMinute = 30;

/** `eur`, `usd`, `gbp`: the account the money leaves (SPEC's account type is the currency in lower case). */
export const AccountType = text().regex(/^[a-z]{3}$/, 'An account type such as eur.');

const CurrencyCode = text().regex(/^[A-Z]{3}$/, 'An ISO 4217 code.');

/** Giphy and Tenor media addresses over https: a fixed host, a path of plain names, a media extension. */
const providerGifUrls = String.raw`https:\/\/media[0-9]?\.giphy\.com\/media\/[A-Za-z0-9]{1,64}\/[A-Za-z0-9_.-]{1,64}\.(?:gif|webp|mp4)|https:\/\/media\.tenor\.com\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_.-]{1,64}\.(?:gif|webp|mp4)`;
/** A Giphy or Tenor media URL as a payment may carry it (server/gifs.ts brings provider results to this form). */
export const providerGifUrlPattern = new RegExp(`^(?:${providerGifUrls})$`);
export const gifPattern = new RegExp(`^(?:${bundledGifIds.join('|')}|${providerGifUrls})$`);

/**
 * A GIF sent with the note: the id of one of the bundled GIFs (schemas/gifs.ts: `party-parrot`), or a media URL of a
 * provider we allow (Giphy, Tenor) over https. Nothing else, so that a note cannot carry a link to anywhere.
 */
export const Gif = text()
  .max(gifMaxLength, `Max ${gifMaxLength} characters`)
  .regex(gifPattern, 'Choose a GIF from the picker.');

export const Note = text().trim().max(noteMaxLength, `Max ${noteMaxLength} characters`);

/** The name check an IBAN payment refers to, and whether the payer goes on although it was not a match. */
const PayeeConfirmation = {
  /** `check_id` of verifyPayee for this IBAN and this name, by this merchant, in the last 30 minutes. */
  payee_check_id: z.uuid().optional(),
  /** Required (true) when the check's result was not `match`: the payer saw the warning and goes on. */
  proceed_anyway: z.boolean().optional(),
};

export const WalletRecipient = z.object({ wallet_tag: WalletTag }).strict();
export const IbanRecipient = z.object({ iban: Iban, name: PayeeName, ...PayeeConfirmation }).strict();
/** A saved beneficiary (server/beneficiaries.ts): its wallet tag, or its IBAN and name (a name check still applies). */
export const BeneficiaryRecipient = z.object({ beneficiary_id: z.uuid(), ...PayeeConfirmation }).strict();

export const SendMoneyBody = z
  .object({
    account_type: AccountType,
    recipient: z.union([WalletRecipient, IbanRecipient, BeneficiaryRecipient]),
    amount_minor: AmountMinor,
    /** The recipient's currency for an international (cross-currency) payment; default the account's. */
    currency: CurrencyCode.optional(),
    note: Note.optional(),
    gif: Gif.optional(),
  })
  .meta({ id: 'SendMoneyBody' });
export type SendMoneyBody = z.infer<typeof SendMoneyBody>;

export const AmountVerificationQuery = z.object({
  amount_minor: AmountMinor,
  account_type: AccountType,
  /** A payment to an IBAN always needs a code; to a wallet tag from the threshold on. Default `wallet`. */
  recipient_type: z.enum(['wallet', 'iban']).optional(),
});
export type AmountVerificationQuery = z.infer<typeof AmountVerificationQuery>;

export const AmountVerification = z
  .object({
    requires_verification: z.boolean(),
    /** Wallet payments of this amount or more need a one-time code (in the account's currency). */
    threshold: Money,
  })
  .meta({ id: 'AmountVerification' });
export type AmountVerification = z.infer<typeof AmountVerification>;

export const PredefinedAmountsQuery = z.object({ account_type: AccountType.optional() });

export const PredefinedAmounts = z
  .object({ items: z.array(z.object({ currency: text(), amounts: z.array(Money) })) })
  .meta({ id: 'PredefinedAmounts' });
export type PredefinedAmounts = z.infer<typeof PredefinedAmounts>;

export const contactQueryMinLength = 2;
export const contactSearchLimit = 10;

export const ContactSearchQuery = z.object({
  /**
   * A wallet tag's beginning (`@demo`, `demo`), the beginning of a word of a business or beneficiary name (`bakery`,
   * `Demo Bak`; case and accents do not matter), or a whole IBAN. A query starting with `@` is a tag only.
   */
  q: text().trim().min(contactQueryMinLength, `At least ${contactQueryMinLength} characters`).max(64),
});

/**
 * One recipient the search found, saying what it is. Never the merchant itself; at most `contactSearchLimit`.
 *
 * Ranking (server/payments/sendMoney.ts searchContacts), each recipient listed once under its best kind (a saved
 * beneficiary before a recent payee before a wallet); a typed IBAN is always listed, last:
 * 1. exact: a wallet tag equal to the query (with or without `@`), or a name equal to it (case and accents aside);
 * 2. saved beneficiaries that match (by name, company name, wallet tag or IBAN), by name;
 * 3. recent payees (recipients of the merchant's latest payments) that match, the latest first;
 * 4. the rest: approved merchants whose wallet tag or a word of whose business name starts with the query, by tag,
 *    and the typed IBAN.
 */
export const Contact = z
  .discriminatedUnion('kind', [
    /** An approved merchant whose wallet tag or business name matches: its name and tag only. */
    z.object({ kind: z.literal('wallet'), wallet_tag: text(), name: text() }),
    /**
     * One of the merchant's saved beneficiaries: pay it by `beneficiary_id` (a bank one has its name checked before
     * each payment). `name` is the person's or the company's, as the merchant saved it.
     */
    z.object({
      kind: z.literal('beneficiary'),
      beneficiary_id: z.uuid(),
      name: text(),
      wallet_tag: text().nullable(),
      iban: text().nullable(),
    }),
    /**
     * The recipient of one of the merchant's latest payments: a wallet tag (with the merchant's name), or an IBAN with
     * the name the merchant itself gave when paying it (never the bank's name for the holder).
     */
    z.object({
      kind: z.literal('recent'),
      name: text(),
      wallet_tag: text().nullable(),
      iban: text().nullable(),
      last_paid_at: text(),
    }),
    /**
     * An IBAN typed whole: whether it is valid and whether it is an account of this bank. The holder's name is never
     * given here; the name check (verifyPayee) decides what may be shown.
     */
    z.object({ kind: z.literal('iban'), iban: text(), valid: z.boolean(), at_this_bank: z.boolean() }),
  ])
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof Contact>;

export const ContactSearchResponse = z
  .object({ items: z.array(Contact) })
  .meta({ id: 'ContactSearchResponse' });
export type ContactSearchResponse = z.infer<typeof ContactSearchResponse>;

export const TransferQuoteQuery = z.object({
  account_type: AccountType,
  amount_minor: AmountMinor,
  /** The recipient's currency (international); default the account's (or the recipient account's at this bank). */
  currency: CurrencyCode.optional(),
  /** Exactly one of wallet_tag and iban. */
  wallet_tag: text().max(64).optional(),
  iban: text().max(64).optional(),
});
export type TransferQuoteQuery = z.infer<typeof TransferQuoteQuery>;

export const TransferQuote = z
  .object({
    /** account_to_account (wallet, or an IBAN of this bank: completed at once) or bank_transfer (pending). */
    type: z.enum(['account_to_account', 'bank_transfer']),
    status: z.enum(['completed', 'pending']),
    /** In the account's currency: what leaves it (amount + fee = total). */
    amount: Money,
    fee: Money,
    total: Money,
    /** What the recipient is credited, in its currency. */
    credited_amount: Money,
    /** 1 `from` = `rate` `to`, margin included; null within one currency. */
    exchange_rate: z.object({ from: text(), to: text(), rate: text() }).nullable(),
    requires_verification: z.boolean(),
    /** total ≤ the available balance now (the payment itself checks again). */
    sufficient_funds: z.boolean(),
    available_balance: Money,
  })
  .meta({ id: 'TransferQuote' });
export type TransferQuote = z.infer<typeof TransferQuote>;

export const SettlementRunBody = z
  .object({
    /** Settle every pending payment now, however young (default true): e2e tests need not wait. */
    ignore_delay: z.boolean().optional(),
  })
  .meta({ id: 'SettlementRunBody' });

export const SettlementRunResult = z
  .object({ settled: z.number().int(), failed: z.number().int(), skipped: z.number().int() })
  .meta({ id: 'SettlementRunResult' });
export type SettlementRunResult = z.infer<typeof SettlementRunResult>;

export const RejectIbanBody = z
  .object({ iban: Iban, rejects_payments: z.boolean() })
  .meta({ id: 'RejectIbanBody' });

export const RejectIbanResult = z
  .object({ iban: text(), rejects_payments: z.boolean() })
  .meta({ id: 'RejectIbanResult' });
