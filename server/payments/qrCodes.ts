import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { moneyOf } from '../../schemas/money';
import type { QrCode, QrCodeBody, QrCodesResponse, ResolvedQrCode } from '../../schemas/qrCodes.schema';
import { qrCodePayPath, qrCodesListLimit } from '../../schemas/qrCodes.schema';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { idempotently, type Idempotent } from '../idempotency';

/*
 * QR codes for receiving a payment (schemas/qrCodes.schema.ts has the contract). A code belongs to one of the
 * merchant's accounts (its currency), may carry an amount and a note, and is resolved by another signed-in merchant
 * who then pays the owner's wallet tag through send money: resolving moves no money. Deleting is soft (`deleted_at`):
 * a deleted code is never listed or resolved again. Knows nothing of HTTP; the link's origin comes from the caller.
 */

export type Actor = { merchantId: string; userId: string };

const notFound = () => new AppError('not_found', 404, 'This QR code does not exist or was deleted.');
const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });

/** 128 random bits, base64url (22 characters): what the link carries. */
export function newQrCode(): string {
  return randomBytes(16).toString('base64url');
}

type Row = {
  id: string;
  code: string;
  currency: string;
  amount_minor: bigint | null;
  note: string | null;
  created_at: Date;
};

function view(row: Row, origin: string): QrCode {
  const currency = row.currency.trim();
  return {
    id: row.id,
    code: row.code,
    link: `${origin}${qrCodePayPath(row.code)}`,
    currency,
    account_type: currency.toLowerCase(),
    amount: row.amount_minor === null ? null : moneyOf(row.amount_minor, currency),
    note: row.note,
    created_at: row.created_at.toISOString(),
  };
}

const columns = ['id', 'code', 'currency', 'amount_minor', 'note', 'created_at'] as const;

/** qrCodes: the merchant's live QR codes, newest first. */
export async function listQrCodes(
  db: Database,
  merchantId: string,
  origin: string,
): Promise<QrCodesResponse> {
  const rows = await db
    .selectFrom('qr_codes')
    .select(columns)
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(qrCodesListLimit)
    .execute();
  return { items: rows.map((row) => view(row, origin)) };
}

/**
 * createQrCode: for one of the merchant's account currencies; amount and note optional. Idempotent by key
 * (server/idempotency.ts): a retry with the same key and body answers the code it made, another body 409.
 */
export async function createQrCode(
  db: Database,
  actor: Actor,
  body: QrCodeBody,
  origin: string,
  idempotencyKey: string,
): Promise<Idempotent<QrCode>> {
  const scope = {
    merchantId: actor.merchantId,
    operation: 'createQrCode',
    key: idempotencyKey,
    request: body,
  } as const;
  return idempotently(db, scope, async (trx) => {
    const account = await trx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('merchant_id', '=', actor.merchantId)
      .where('kind', '=', 'merchant')
      .where('currency', '=', body.currency)
      .executeTakeFirst();
    if (!account) throw badField('currency', `You have no ${body.currency} account.`);
    const note = body.note?.trim() || null;
    // 128 random bits never collide in practice; the unique index would still refuse one, so draw again then (ON
    // CONFLICT rather than a caught error: an error would end the transaction that holds the key).
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const row = await trx
        .insertInto('qr_codes')
        .values({
          merchant_id: actor.merchantId,
          account_id: account.id,
          currency: body.currency,
          amount_minor: body.amount_minor === undefined ? null : BigInt(body.amount_minor),
          note,
          code: newQrCode(),
          created_by: actor.userId,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning(columns)
        .executeTakeFirst();
      if (row) return view(row, origin);
    }
    throw new Error('Three random QR codes in a row were already taken.');
  });
}

/** deleteQrCode: soft delete; a second delete, or another merchant's id, is 404 and changes nothing. */
export async function deleteQrCode(db: Database, actor: Actor, id: string): Promise<void> {
  const deleted = await db
    .updateTable('qr_codes')
    .set({ deleted_at: sql<Date>`clock_timestamp()`, deleted_by: actor.userId })
    .where('id', '=', id)
    .where('merchant_id', '=', actor.merchantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (deleted.numUpdatedRows === 0n) throw notFound();
}

/**
 * resolveQrCode: what the payer sees before paying. Unknown, deleted, or owned by a merchant that can no longer be
 * paid (not approved, no wallet tag): 404. The payer's own code: 422 `recipient_not_allowed`.
 */
export async function resolveQrCode(db: Database, payer: Actor, code: string): Promise<ResolvedQrCode> {
  const row = await db
    .selectFrom('qr_codes as q')
    .innerJoin('merchants as m', 'm.id', 'q.merchant_id')
    .select([
      'q.code',
      'q.merchant_id',
      'q.currency',
      'q.amount_minor',
      'q.note',
      'm.name',
      'm.wallet_tag',
      'm.status',
    ])
    .where('q.code', '=', code)
    .where('q.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.status !== 'approved' || row.wallet_tag === null) throw notFound();
  if (row.merchant_id === payer.merchantId) {
    throw new AppError(
      'recipient_not_allowed',
      422,
      'This is your own QR code: you cannot pay yourself. Share its link with the merchant who pays you.',
    );
  }
  const currency = row.currency.trim();
  return {
    code: row.code,
    payee: { name: row.name, wallet_tag: row.wallet_tag },
    currency,
    account_type: currency.toLowerCase(),
    amount: row.amount_minor === null ? null : moneyOf(row.amount_minor, currency),
    note: row.note,
  };
}
