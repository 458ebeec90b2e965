import type { AddressUpdateBody, NewAddressBody } from '../../schemas/addresses.schema';
import { registeredAddressLocked } from '../../schemas/addresses.schema';
import type { AddressesResponse, MerchantAddress } from '../../schemas/cards.schema';
import { addressColumns, addressNotFound, addressView, listAddresses } from '../cards/addresses';
import { uuidPattern } from '../db/ids';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import type { Db } from '../ledger';

/*
 * Managing saved addresses on /my-addresses (migration 025). Registered and trading addresses come from
 * onboarding (server/cards/addresses.ts), shipping ones from card orders or from here. The registered address is
 * legal data: it changes only through the profile's company details, which go back to review, so here only its
 * map pin may move and it cannot be deleted. A merchant has at most one default address. Each change is one
 * transaction on the row, locked; another merchant's id is 404 like a missing one.
 */

const locked = () => new AppError('registered_address_locked', 409, registeredAddressLocked);

async function liveRow(db: Db, merchantId: string, id: string) {
  if (!uuidPattern.test(id)) throw addressNotFound();
  const row = await db
    .selectFrom('merchant_addresses')
    .select(addressColumns)
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw addressNotFound();
  return row;
}

export async function createAddress(
  db: Database,
  merchantId: string,
  userId: string,
  body: NewAddressBody,
): Promise<MerchantAddress> {
  return db.transaction().execute(async (trx) => {
    if (body.kind === 'trading') {
      // Serialises two adds of a trading address for one merchant (the unique index is the last word).
      await trx.selectFrom('merchants').select('id').where('id', '=', merchantId).forUpdate().execute();
      const existing = await trx
        .selectFrom('merchant_addresses')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', 'trading')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (existing) {
        throw new AppError('conflict', 409, 'The company has a trading address already: edit that one.');
      }
    }
    const row = await trx
      .insertInto('merchant_addresses')
      .values({
        merchant_id: merchantId,
        kind: body.kind,
        country: body.country,
        postal_code: body.postal_code,
        city: body.city,
        line1: body.line1,
        line2: body.line2?.trim() || null,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        created_by: userId,
      })
      .returning(addressColumns)
      .executeTakeFirstOrThrow();
    return addressView(row);
  });
}

const addressKeys = ['country', 'postal_code', 'city', 'line1', 'line2'] as const;

export async function updateAddress(
  db: Database,
  merchantId: string,
  id: string,
  body: AddressUpdateBody,
): Promise<MerchantAddress> {
  return db.transaction().execute(async (trx) => {
    const row = await liveRow(trx, merchantId, id);
    const changes: {
      country?: string;
      postal_code?: string;
      city?: string;
      line1?: string;
      line2?: string | null;
    } = {};
    for (const key of addressKeys) {
      const value = body[key];
      if (value === undefined) continue;
      if (key === 'line2') {
        const next = value.trim() || null;
        if (next !== row.line2) changes.line2 = next;
      } else if (value !== row[key]) {
        changes[key] = value;
      }
    }
    if (row.kind === 'registered' && Object.keys(changes).length > 0) throw locked();
    const pin =
      body.latitude !== undefined || body.longitude !== undefined
        ? { latitude: body.latitude ?? null, longitude: body.longitude ?? null }
        : {};
    const updated = await trx
      .updateTable('merchant_addresses')
      .set({ ...changes, ...pin, updated_at: new Date() })
      .where('id', '=', row.id)
      .returning(addressColumns)
      .executeTakeFirstOrThrow();
    return addressView(updated);
  });
}

export async function deleteAddress(db: Database, merchantId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await liveRow(trx, merchantId, id);
    if (row.kind === 'registered') throw locked();
    await trx
      .updateTable('merchant_addresses')
      .set({ deleted_at: new Date(), is_default: false, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
  });
}

/** Makes this address the merchant's one default; the list as it is then. */
export async function setDefaultAddress(
  db: Database,
  merchantId: string,
  id: string,
): Promise<AddressesResponse> {
  await db.transaction().execute(async (trx) => {
    const row = await liveRow(trx, merchantId, id);
    if (row.is_default) return;
    await trx
      .updateTable('merchant_addresses')
      .set({ is_default: false, updated_at: new Date() })
      .where('merchant_id', '=', merchantId)
      .where('is_default', '=', true)
      .execute();
    await trx
      .updateTable('merchant_addresses')
      .set({ is_default: true, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
  });
  return listAddresses(db, merchantId);
}
