/**
 * QR codes for receiving a payment (SPEC §2 /my-wallet/qr-codes "generate, copy link, delete", §3 "QR code:
 * date created, shareable link", §7 "QR codes", §8 "QR code deleted"). Code: server/payments/qrCodes.ts.
 *
 * Endpoints (operationId), all secured (approved merchant), under /api/merchants/:
 * - GET    qr_codes/                  qrCodes        → QrCodesResponse                  (area 'qr-codes')
 * - POST   qr_codes/                  createQrCode   QrCodeBody + Idempotency-Key → 201 QrCode (area 'qr-codes')
 * - DELETE qr_codes/{id}/             deleteQrCode   → 204; another merchant's id 404   (area 'qr-codes')
 * - GET    qr_codes/resolve/{code}/   resolveQrCode  → ResolvedQrCode; unknown or deleted 404, one's own 422
 *                                                     (area 'send-money': whoever may pay)
 *
 * A QR code names one of the merchant's accounts by its currency, optionally an amount (integer minor units as a
 * decimal string, within the send-money limits) and a note. Its `link` (`<APP_URL>/pay/<code>`) is what the QR image
 * encodes: opened by a signed-in merchant, it shows who is paid and continues to send money to that wallet tag.
 */
import { z } from 'zod';
import { text } from './text';
import { AmountMinor } from './money';
import { Money } from './overview.schema';
import { Note } from './sendMoney.schema';

/** 128 random bits, base64url: unguessable, and safe in a URL path as it is. */
export const qrCodePattern = /^[A-Za-z0-9_-]{22}$/;

/** The newest QR codes a list shows. */
export const qrCodesListLimit = 200;

/** The address a QR code's link opens in the app: `/pay/<code>`. */
export const qrCodePayPath = (code: string) => `/pay/${code}`;

export const QrCodeBody = z
  .object({
    /** One of the merchant's account currencies: the money arrives in that account. */
    currency: text().regex(/^[A-Z]{3}$/, 'An ISO 4217 code.'),
    /** Optional: without it the payer chooses the amount. */
    amount_minor: AmountMinor.optional(),
    note: Note.optional(),
  })
  .strict()
  .meta({ id: 'QrCodeBody' });
export type QrCodeBody = z.infer<typeof QrCodeBody>;

export const QrCode = z
  .object({
    id: z.uuid(),
    code: text(),
    /** The shareable link the QR image encodes. */
    link: text(),
    currency: text(),
    /** `eur`: the account the money arrives in (SPEC's account type). */
    account_type: text(),
    /** Null: the payer chooses the amount. */
    amount: Money.nullable(),
    note: text().nullable(),
    created_at: text(),
  })
  .meta({ id: 'QrCode' });
export type QrCode = z.infer<typeof QrCode>;

export const QrCodesResponse = z.object({ items: z.array(QrCode) }).meta({ id: 'QrCodesResponse' });
export type QrCodesResponse = z.infer<typeof QrCodesResponse>;

export const QrCodeParams = z.object({ id: z.uuid() });
export const QrCodeResolveParams = z.object({
  code: text().regex(qrCodePattern, 'Not a QR code.'),
});

/** What the payer sees before paying: who is paid, into which currency, how much and why. */
export const ResolvedQrCode = z
  .object({
    code: text(),
    payee: z.object({ name: text(), wallet_tag: text() }),
    currency: text(),
    /** The payer pays from its own account of this type (`eur`). */
    account_type: text(),
    amount: Money.nullable(),
    note: text().nullable(),
  })
  .meta({ id: 'ResolvedQrCode' });
export type ResolvedQrCode = z.infer<typeof ResolvedQrCode>;
