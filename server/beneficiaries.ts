import { sql, type Selectable, type Transaction } from 'kysely';
import type {
  Beneficiary,
  BeneficiaryBody,
  BeneficiariesResponse,
  NameCheckDetails,
} from '../schemas/beneficiaries.schema';
import { recordAudit, type AuditAction } from './audit/auditTrail';
import type { RequestOrigin } from './auth/login';
import type { Database } from './db/database';
import type { Beneficiaries, DB } from './db/types';
import { AppError } from './errors';
import { earlierResult, idempotently, type Idempotent } from './idempotency';
import { verifyPayee } from './payee/verifyPayee';

/*
 * Beneficiaries (schemas/beneficiaries.schema.ts has the contract). A bank beneficiary's name is checked with the
 * Verification of Payee domain (server/payee/verifyPayee.ts) before it is saved. The check runs in its own
 * transaction and is recorded even when the save is then refused (the user saw a result and may decide); the save
 * itself is one transaction. Deleting is soft (`deleted_at`): a deleted beneficiary is never listed or found again,
 * but the row stays so that a transfer that named it can still be explained.
 */

type Row = Selectable<Beneficiaries> & { recipient_name: string | null };

/** Who acts, and from where (for the audit trail). */
export type Actor = { merchantId: string; userId: string; origin: RequestOrigin | null };

/** The audit entry of a beneficiary saved, changed or deleted, in the same transaction. */
async function auditBeneficiary(
  trx: Transaction<DB>,
  actor: Actor,
  action: AuditAction,
  beneficiary: Pick<Beneficiary, 'id' | 'kind' | 'name' | 'wallet_tag' | 'iban'>,
): Promise<void> {
  await recordAudit(trx, {
    realm: 'merchant',
    actorUserId: actor.userId,
    merchantId: actor.merchantId,
    action,
    subject: `beneficiary:${beneficiary.id}`,
    details: {
      kind: beneficiary.kind,
      name: beneficiary.name,
      wallet_tag: beneficiary.wallet_tag,
      iban: beneficiary.iban,
    },
    origin: actor.origin,
  });
}

const notFound = () => new AppError('not_found', 404, 'Nothing here.');

/** The name a bank beneficiary is checked and shown by: a company's legal name, or a person's first and last. */
function holderName(holder: {
  company_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}) {
  return holder.company_name ?? `${holder.first_name ?? ''} ${holder.last_name ?? ''}`.trim();
}

function toBeneficiary(row: Row): Beneficiary {
  const name = row.kind === 'bank' ? holderName(row) : (row.recipient_name ?? row.wallet_tag ?? '');
  return {
    id: row.id,
    kind: row.kind,
    name,
    wallet_tag: row.wallet_tag,
    holder: row.kind === 'bank' ? (row.holder ?? 'person') : null,
    first_name: row.first_name,
    last_name: row.last_name,
    company_name: row.company_name,
    bank_country: row.bank_country,
    iban: row.iban,
    name_check: row.name_check_result
      ? { result: row.name_check_result, accepted_mismatch: row.name_mismatch_accepted }
      : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function liveRows(db: Database, merchantId: string) {
  return db
    .selectFrom('beneficiaries as b')
    .leftJoin('merchants as r', 'r.id', 'b.recipient_merchant_id')
    .selectAll('b')
    .select('r.name as recipient_name')
    .where('b.merchant_id', '=', merchantId)
    .where('b.deleted_at', 'is', null);
}

/** `%`, `_` and `\` stand for themselves in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** beneficiaries: the merchant's live beneficiaries by name, optionally those whose name, tag or IBAN contain `q`. */
export async function listBeneficiaries(
  db: Database,
  merchantId: string,
  q: string | undefined,
): Promise<BeneficiariesResponse> {
  let query = liveRows(db, merchantId);
  const text = q?.trim() ?? '';
  if (text !== '') {
    const pattern = likePattern(text);
    const compact = likePattern(text.replace(/\s+/g, '').toUpperCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`coalesce(b.first_name, '') || ' ' || coalesce(b.last_name, '')`, 'ilike', pattern),
        eb('b.company_name', 'ilike', pattern),
        eb('r.name', 'ilike', pattern),
        eb('b.wallet_tag', 'ilike', pattern),
        eb('b.iban', 'like', compact),
      ]),
    );
  }
  const rows = await query
    .orderBy(sql`lower(coalesce(b.company_name, b.first_name || ' ' || b.last_name, r.name, b.wallet_tag))`)
    .orderBy('b.created_at')
    .limit(500)
    .execute();
  return { beneficiaries: rows.map(toBeneficiary) };
}

/** beneficiary: one of the merchant's live beneficiaries; another merchant's (or a deleted one) is 404. */
export async function getBeneficiary(db: Database, merchantId: string, id: string): Promise<Beneficiary> {
  const row = await liveRows(db, merchantId).where('b.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toBeneficiary(row);
}

/** The approved merchant a wallet tag names, not the merchant itself. */
async function walletRecipient(db: Database, merchantId: string, tag: string): Promise<string> {
  const recipient = await db
    .selectFrom('merchants')
    .select(['id', 'status'])
    .where('wallet_tag', '=', tag)
    .executeTakeFirst();
  if (!recipient || recipient.status !== 'approved') {
    throw new AppError('validation_failed', 400, 'No merchant has this wallet tag.', {
      fields: { wallet_tag: 'No merchant has this wallet tag.' },
    });
  }
  if (recipient.id === merchantId) {
    throw new AppError('validation_failed', 400, 'This is your own wallet tag.', {
      fields: { wallet_tag: 'This is your own wallet tag.' },
    });
  }
  return recipient.id;
}

const duplicate = (field: 'iban' | 'wallet_tag') =>
  new AppError('conflict', 409, 'You already have this beneficiary.', {
    fields: { [field]: 'You already have this beneficiary.' },
  });

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

type Stored = {
  kind: 'wallet' | 'bank';
  recipient_merchant_id: string | null;
  wallet_tag: string | null;
  holder: 'person' | 'company' | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  bank_country: string | null;
  iban: string | null;
  name_check_id: string | null;
  name_check_result: Row['name_check_result'];
  name_mismatch_accepted: boolean;
};

/**
 * Validates the body against the database (tag, own account, duplicates) and runs the name check when `recheck`
 * says so; returns the columns to store. `previous` is the row being edited (null on create).
 */
async function resolve(
  db: Database,
  actor: Actor,
  body: BeneficiaryBody,
  previous: Selectable<Beneficiaries> | null,
): Promise<Stored> {
  const others = () => {
    let query = db
      .selectFrom('beneficiaries')
      .select('id')
      .where('merchant_id', '=', actor.merchantId)
      .where('deleted_at', 'is', null);
    if (previous) query = query.where('id', '!=', previous.id);
    return query;
  };
  if (body.kind === 'wallet') {
    const recipientId = await walletRecipient(db, actor.merchantId, body.wallet_tag);
    if (await others().where('recipient_merchant_id', '=', recipientId).executeTakeFirst()) {
      throw duplicate('wallet_tag');
    }
    return {
      kind: 'wallet',
      recipient_merchant_id: recipientId,
      wallet_tag: body.wallet_tag,
      holder: null,
      first_name: null,
      last_name: null,
      company_name: null,
      bank_country: null,
      iban: null,
      name_check_id: null,
      name_check_result: null,
      name_mismatch_accepted: false,
    };
  }
  const own = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('merchant_id', '=', actor.merchantId)
    .where('iban', '=', body.iban)
    .executeTakeFirst();
  if (own) {
    throw new AppError('validation_failed', 400, 'This is one of your own accounts.', {
      fields: { iban: 'This is one of your own accounts.' },
    });
  }
  if (await others().where('iban', '=', body.iban).executeTakeFirst()) throw duplicate('iban');

  const accept = body.accept_name_mismatch === true;
  // A company keeps only its legal name, a person only a first and last name.
  const holder = body.holder ?? 'person';
  const names =
    holder === 'company'
      ? { holder, first_name: null, last_name: null, company_name: body.company_name ?? '' }
      : { holder, first_name: body.first_name ?? '', last_name: body.last_name ?? '', company_name: null };
  const unchanged =
    previous?.kind === 'bank' &&
    (previous.holder ?? 'person') === holder &&
    previous.first_name === names.first_name &&
    previous.last_name === names.last_name &&
    previous.company_name === names.company_name &&
    previous.iban === body.iban &&
    previous.name_check_id !== null &&
    previous.name_check_result !== null;
  if (unchanged) {
    return {
      kind: 'bank',
      recipient_merchant_id: null,
      wallet_tag: null,
      ...names,
      bank_country: body.bank_country,
      iban: body.iban,
      name_check_id: previous.name_check_id,
      name_check_result: previous.name_check_result,
      name_mismatch_accepted: previous.name_mismatch_accepted,
    };
  }
  const check = await verifyPayee(db, {
    merchantId: actor.merchantId,
    userId: actor.userId,
    iban: body.iban,
    name: holderName(names),
    holder,
  });
  if (check.result !== 'match' && !accept) {
    const details: NameCheckDetails = {
      result: check.result,
      check_id: check.checkId,
      ...(check.suggestedName !== undefined ? { suggested_name: check.suggestedName } : {}),
    };
    const messages = {
      close_match: 'The name is close to the account holder’s name. Confirm to save it anyway.',
      no_match: 'The name does not match the account holder’s name. Confirm to save it anyway.',
      not_possible: 'The name could not be checked with the recipient’s bank. Confirm to save it anyway.',
    };
    throw new AppError('name_check_unconfirmed', 422, messages[check.result], { details });
  }
  return {
    kind: 'bank',
    recipient_merchant_id: null,
    wallet_tag: null,
    ...names,
    bank_country: body.bank_country,
    iban: body.iban,
    name_check_id: check.checkId,
    name_check_result: check.result,
    name_mismatch_accepted: check.result !== 'match',
  };
}

async function saving<T>(kind: BeneficiaryBody['kind'], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Two saves of the same recipient at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw duplicate(kind === 'bank' ? 'iban' : 'wallet_tag');
    throw error;
  }
}

/**
 * createBeneficiary. Idempotent by key (server/idempotency.ts): a retry with the same key and body answers the
 * beneficiary it saved, another body 409.
 */
export async function createBeneficiary(
  db: Database,
  actor: Actor,
  body: BeneficiaryBody,
  idempotencyKey: string,
): Promise<Idempotent<Beneficiary>> {
  const scope = {
    merchantId: actor.merchantId,
    operation: 'createBeneficiary',
    key: idempotencyKey,
    request: body,
  } as const;
  // A retry answers before the checks: the first save's own row would now make it a duplicate. The name check
  // commits its record on its own (a refused save names it), so it runs before the key's transaction.
  const prior = await earlierResult<Beneficiary>(db, scope);
  if (prior) return prior;
  let values: Awaited<ReturnType<typeof resolve>>;
  try {
    values = await resolve(db, actor, body, null);
  } catch (error) {
    // A concurrent request with this key saved it meanwhile: answer that.
    const raced = await earlierResult<Beneficiary>(db, scope);
    if (raced) return raced;
    throw error;
  }
  return idempotently(db, scope, async (trx) => {
    const id = await saving(body.kind, async () => {
      const row = await trx
        .insertInto('beneficiaries')
        .values({
          ...values,
          merchant_id: actor.merchantId,
          created_by: actor.userId,
          updated_by: actor.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const saved = await getBeneficiary(trx, actor.merchantId, id);
    await auditBeneficiary(trx, actor, 'beneficiary.created', saved);
    return saved;
  });
}

async function ownRow(db: Database, merchantId: string, id: string) {
  const row = await db
    .selectFrom('beneficiaries')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** updateBeneficiary: replaces the details; a changed name or IBAN is checked again. */
export async function updateBeneficiary(
  db: Database,
  actor: Actor,
  id: string,
  body: BeneficiaryBody,
): Promise<Beneficiary> {
  const previous = await ownRow(db, actor.merchantId, id);
  const values = await resolve(db, actor, body, previous);
  return db.transaction().execute(async (trx) => {
    await saving(body.kind, async () => {
      const updated = await trx
        .updateTable('beneficiaries')
        .set({ ...values, updated_by: actor.userId, updated_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', id)
        .where('merchant_id', '=', actor.merchantId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      // Deleted while the name was being checked.
      if (updated.numUpdatedRows === 0n) throw notFound();
    });
    const saved = await getBeneficiary(trx, actor.merchantId, id);
    await auditBeneficiary(trx, actor, 'beneficiary.changed', saved);
    return saved;
  });
}

/** deleteBeneficiary: soft delete; a second delete (or another merchant's id) is 404. */
export async function deleteBeneficiary(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .updateTable('beneficiaries')
      .set({ deleted_at: sql<Date>`clock_timestamp()`, updated_by: actor.userId })
      .where('id', '=', id)
      .where('merchant_id', '=', actor.merchantId)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!deleted) throw notFound();
    const recipient = deleted.recipient_merchant_id
      ? await trx
          .selectFrom('merchants')
          .select('name')
          .where('id', '=', deleted.recipient_merchant_id)
          .executeTakeFirst()
      : undefined;
    const gone = toBeneficiary({ ...deleted, recipient_name: recipient?.name ?? null });
    await auditBeneficiary(trx, actor, 'beneficiary.deleted', gone);
  });
}
