import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from './db/database';
import type { DB } from './db/types';
import { AppError } from './errors';

/**
 * Idempotent creates (migration 029): a create whose answer was lost is retried with the same Idempotency-Key and
 * answers the first result instead of making a second row; the same key with another request is a 409, as for send
 * money. The key is claimed, the row created and the answer stored in ONE transaction, so a failed create keeps no
 * key and a concurrent request with the same key waits on the key's primary key, then answers the stored result.
 */

/** The creates that take a key here (payments, money requests and the wallet checkouts keep theirs on their rows). */
export type IdempotentOperation =
  'createScheduledPayment' | 'createQrCode' | 'createBeneficiary' | 'inviteEmployee';

export type IdempotencyScope = {
  merchantId: string;
  operation: IdempotentOperation;
  key: string;
  /** What makes two requests the same: the parsed body (and any path parameters). */
  request: unknown;
};

export type Idempotent<T> = { result: T; replayed: boolean };

export const keyConflict = () =>
  new AppError('conflict', 409, 'This idempotency key was already used for a different request.');

/** Parsed bodies list their keys in schema order, so equal requests serialise equally. */
function requestHash(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(request) ?? 'null')
    .digest('hex');
}

async function storedResult<T>(
  db: Database,
  scope: IdempotencyScope,
  hash: string,
): Promise<Idempotent<T> | null> {
  const prior = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('merchant_id', '=', scope.merchantId)
    .where('operation', '=', scope.operation)
    .where('key', '=', scope.key)
    .where('response', 'is not', null)
    .executeTakeFirst();
  if (!prior) return null;
  if (prior.request_hash !== hash) throw keyConflict();
  // Stored from the create's own answer (below): the same type, read back from JSON.
  return { result: prior.response as T, replayed: true };
}

/**
 * The committed answer of an earlier request with this key, or null (409 if its request differed). For a create
 * that must check something outside the key's transaction first (a name check keeps its own record): a retry
 * answers before that check, which the first create's row could now fail.
 */
export async function earlierResult<T>(db: Database, scope: IdempotencyScope): Promise<Idempotent<T> | null> {
  return storedResult<T>(db, scope, requestHash(scope.request));
}

/**
 * Runs `create` once per key: in a new transaction, claims the key (waiting for a concurrent holder of it to end),
 * then either answers the stored result of the earlier request (409 if its request differed) or creates and stores
 * the answer. `create` must do all its writes through the transaction it is given. The answer is stored as JSON, so
 * it must be the API shape (strings, numbers, no Date or bigint).
 */
export async function idempotently<T>(
  db: Database,
  scope: IdempotencyScope,
  create: (trx: Transaction<DB>) => Promise<T>,
): Promise<Idempotent<T>> {
  const hash = requestHash(scope.request);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({
        merchant_id: scope.merchantId,
        operation: scope.operation,
        key: scope.key,
        request_hash: hash,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'operation', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const prior = await storedResult<T>(trx, scope, hash);
      if (!prior) throw new Error('An idempotency key was neither claimed nor found.');
      return prior;
    }
    const result = await create(trx);
    await trx
      .updateTable('idempotency_keys')
      .set({ response: sql`${JSON.stringify(result)}::jsonb` })
      .where('merchant_id', '=', scope.merchantId)
      .where('operation', '=', scope.operation)
      .where('key', '=', scope.key)
      .execute();
    return { result, replayed: false };
  });
}
