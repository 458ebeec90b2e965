import { sql, type Transaction } from 'kysely';
import type { AddressesResponse, MerchantAddress, ShippingAddress } from '../../schemas/cards.schema';
import type { Database } from '../db/database';
import type { AddressKind, DB } from '../db/types';
import { AppError } from '../errors';
import type { Db } from '../ledger';
import { uuidPattern } from '../db/ids';

/**
 * Saved addresses (migration 018): the registered and trading addresses from onboarding, copied on approval, and
 * shipping addresses saved with a card order. /my-addresses manages them (a map pin, edit, delete:
 * server/addresses/myAddresses.ts).
 */

export const addressNotFound = () => new AppError('not_found', 404, 'This address does not exist.');

type AddressRow = {
  id: string;
  kind: AddressKind;
  country: string;
  postal_code: string;
  city: string;
  line1: string;
  line2: string | null;
  latitude: number | null;
  longitude: number | null;
  is_default: boolean;
};

export const addressColumns = [
  'id',
  'kind',
  'country',
  'postal_code',
  'city',
  'line1',
  'line2',
  'latitude',
  'longitude',
  'is_default',
] as const;
const columns = addressColumns;

/** The address part of a row or of a stored snapshot: line2 only when there is one. */
export function addressOf(
  row: Pick<AddressRow, 'country' | 'postal_code' | 'city' | 'line1' | 'line2'>,
): ShippingAddress {
  return {
    country: row.country,
    postal_code: row.postal_code,
    city: row.city,
    line1: row.line1,
    ...(row.line2 ? { line2: row.line2 } : {}),
  };
}

/** A saved address with its pin and default flag. */
export function addressView(row: AddressRow): MerchantAddress {
  return {
    id: row.id,
    kind: row.kind,
    ...addressOf(row),
    latitude: row.latitude,
    longitude: row.longitude,
    is_default: row.is_default,
  };
}

const kindOrder: Record<AddressKind, number> = { registered: 0, trading: 1, shipping: 2 };

/** merchantAddresses: registered, trading, then the saved shipping addresses, oldest first. */
export async function listAddresses(db: Database, merchantId: string): Promise<AddressesResponse> {
  const rows = await db
    .selectFrom('merchant_addresses')
    .select(columns)
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { items: rows.sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind]).map(addressView) };
}

/** One live address of the merchant; anyone else's, or a deleted one, is 404. */
export async function addressById(db: Db, merchantId: string, id: string): Promise<ShippingAddress> {
  if (!uuidPattern.test(id)) throw addressNotFound();
  const row = await db
    .selectFrom('merchant_addresses')
    .select(columns)
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw addressNotFound();
  return addressOf(row);
}

/** Keeps a new shipping address, unless the same one is saved already (then that one). */
export async function saveShippingAddress(
  trx: Transaction<DB>,
  merchantId: string,
  userId: string,
  address: ShippingAddress,
): Promise<string> {
  const line2 = address.line2?.trim() || null;
  const same = await trx
    .selectFrom('merchant_addresses')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'shipping')
    .where('deleted_at', 'is', null)
    .where('country', '=', address.country)
    .where('postal_code', '=', address.postal_code)
    .where('city', '=', address.city)
    .where('line1', '=', address.line1)
    .where((eb) => (line2 === null ? eb('line2', 'is', null) : eb('line2', '=', line2)))
    .executeTakeFirst();
  if (same) return same.id;
  const row = await trx
    .insertInto('merchant_addresses')
    .values({
      merchant_id: merchantId,
      kind: 'shipping',
      country: address.country,
      postal_code: address.postal_code,
      city: address.city,
      line1: address.line1,
      line2,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * On approval: the registered and trading addresses of the company step become saved addresses (onboarding is
 * closed from then on, so they cannot drift). Idempotent: a kind the merchant already has is left alone. Migration
 * 018 did the same for merchants approved before it.
 */
export async function copyOnboardingAddresses(db: Db, merchantId: string): Promise<void> {
  await sql`
    INSERT INTO merchant_addresses (merchant_id, kind, country, postal_code, city, line1, line2)
    SELECT o.merchant_id, k.kind, a->>'country', a->>'postal_code', a->>'city', a->>'line1', NULLIF(a->>'line2', '')
    FROM merchant_onboarding o
    CROSS JOIN LATERAL (VALUES ('registered', o.company->'registered_address'), ('trading', o.company->'trading_address'))
      AS k (kind, a)
    WHERE o.merchant_id = ${merchantId} AND jsonb_typeof(a) = 'object'
      AND NOT EXISTS (
        SELECT 1 FROM merchant_addresses x
        WHERE x.merchant_id = o.merchant_id AND x.kind = k.kind AND x.deleted_at IS NULL
      )`.execute(db);
}
