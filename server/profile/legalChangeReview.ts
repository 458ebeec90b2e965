import { sql } from 'kysely';
import {
  legalChangeQueueLimit,
  type LegalChange,
  type LegalChangeQueue,
} from '../../schemas/legalChangeReview.schema';
import type { OnboardingDocument } from '../../schemas/onboarding.schema';
import type { ProfileChangeKind } from '../../schemas/profile.schema';
import type { RequestOrigin } from '../auth/login';
import type { Database } from '../db/database';
import type { AllowedContentType } from '../onboarding/documents';
import { AppError } from '../errors';
import type { FileStorage } from '../storage';
import { canonical, currentLegalData, decideProfileChange, type Saved } from './profile';

/*
 * The bank's side of a change of legal details (schemas/legalChangeReview.schema.ts): what a reviewer reads before
 * deciding, and the decision itself through `decideProfileChange` (server/profile/profile.ts), which the sandbox rail
 * shares so both decide alike.
 */

const notFound = () => new AppError('not_found', 404, 'Nothing here.');

type ChangeRow = {
  id: string;
  kind: ProfileChangeKind;
  data: unknown;
  status: LegalChange['status'];
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
  merchant_id: string;
  merchant_name: string;
  requester_first_name: string | null;
  requester_last_name: string | null;
  requester_email: string | null;
  decided_by: string | null;
  decider_name: string | null;
};

function changesQuery(db: Database) {
  return db
    .selectFrom('profile_change_requests as c')
    .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
    .leftJoin('users as u', 'u.id', 'c.requested_by')
    .leftJoin('staff_users as s', 's.id', 'c.decided_by')
    .select([
      'c.id',
      'c.kind',
      'c.data',
      'c.status',
      'c.reason',
      'c.created_at',
      'c.decided_at',
      'c.merchant_id',
      'm.name as merchant_name',
      'u.first_name as requester_first_name',
      'u.last_name as requester_last_name',
      'u.email as requester_email',
      'c.decided_by',
      's.name as decider_name',
    ]);
}

/** The top-level fields whose value differs (the lists of directors and shareholders count as one field each). */
function changedFields(kind: ProfileChangeKind, current: unknown, proposed: unknown): string[] {
  if (kind === 'directors' || kind === 'shareholders') {
    return canonical(current) === canonical(proposed) ? [] : [kind];
  }
  const before = (current ?? {}) as Record<string, unknown>;
  const after = proposed as Record<string, unknown>;
  return Object.keys(after).filter((key) => canonical(before[key]) !== canonical(after[key]));
}

const documentColumns = [
  'd.id',
  'd.type',
  'd.file_name',
  'd.content_type',
  'd.size_bytes',
  'd.created_at',
  'd.merchant_id',
] as const;

/**
 * The documents merchants added from their profile after approval (`uploadProfileDocument` notes each one in the
 * merchant's record), newest first: the papers a change of legal details rests on (a registry extract, the minutes
 * naming a new director). Onboarding's own documents were read at the merchant's review and are not repeated here.
 */
function profileDocumentRows(db: Database, merchantIds: string[]) {
  return db
    .selectFrom('merchant_documents as d')
    .select([...documentColumns])
    .where('d.merchant_id', 'in', merchantIds)
    .where('d.type', '<>', 'company_logo')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('merchant_audit as a')
          .select('a.id')
          .whereRef('a.merchant_id', '=', 'd.merchant_id')
          .where('a.event', '=', 'profile_document_uploaded')
          .where(sql<string>`a.detail::jsonb ->> 'document_id'`, '=', sql<string>`d.id::text`),
      ),
    )
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc');
}

/** A handful is what a reviewer opens; more would only bury the one that matters. */
const documentsShown = 20;

async function profileDocuments(
  db: Database,
  merchantIds: string[],
): Promise<Map<string, OnboardingDocument[]>> {
  const byMerchant = new Map<string, OnboardingDocument[]>();
  if (merchantIds.length === 0) return byMerchant;
  for (const row of await profileDocumentRows(db, merchantIds).execute()) {
    const list = byMerchant.get(row.merchant_id) ?? [];
    if (list.length < documentsShown) {
      list.push({
        id: row.id,
        type: row.type,
        file_name: row.file_name,
        content_type: row.content_type,
        size: row.size_bytes,
        uploaded_at: row.created_at.toISOString(),
      });
    }
    byMerchant.set(row.merchant_id, list);
  }
  return byMerchant;
}

/** The onboarding data each merchant holds now, for the "from" side of its changes. */
async function savedData(db: Database, merchantIds: string[]): Promise<Map<string, Saved>> {
  const saved = new Map<string, Saved>();
  if (merchantIds.length === 0) return saved;
  const rows = await db
    .selectFrom('merchant_onboarding')
    .select(['merchant_id', 'company', 'representative', 'directors', 'shareholders'])
    .where('merchant_id', 'in', merchantIds)
    .execute();
  for (const row of rows) {
    saved.set(row.merchant_id, {
      company: (row.company ?? null) as Saved['company'],
      representative: (row.representative ?? null) as Saved['representative'],
      directors: (row.directors ?? null) as Saved['directors'],
      shareholders: (row.shareholders ?? null) as Saved['shareholders'],
    });
  }
  return saved;
}

async function withContext(db: Database, rows: ChangeRow[]): Promise<LegalChange[]> {
  const merchantIds = [...new Set(rows.map((row) => row.merchant_id))];
  const [saved, documents] = await Promise.all([
    savedData(db, merchantIds),
    profileDocuments(db, merchantIds),
  ]);
  const empty: Saved = { company: null, representative: null, directors: null, shareholders: null };
  return rows.map((row) => {
    const current = currentLegalData(row.kind, saved.get(row.merchant_id) ?? empty);
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      reason: row.reason,
      created_at: row.created_at.toISOString(),
      decided_at: row.decided_at ? row.decided_at.toISOString() : null,
      merchant: { id: row.merchant_id, name: row.merchant_name },
      requested_by:
        row.requester_email !== null
          ? {
              name: `${row.requester_first_name ?? ''} ${row.requester_last_name ?? ''}`.trim(),
              email: row.requester_email,
            }
          : null,
      decided_by: row.decided_by ? { staff_id: row.decided_by, name: row.decider_name ?? '' } : null,
      changed_fields: changedFields(row.kind, current, row.data),
      documents: documents.get(row.merchant_id) ?? [],
      current,
      proposed: row.data,
    } as LegalChange;
  });
}

/** legalChangeQueue: the changes waiting for a decision, oldest first, each with its context. */
export async function legalChangeQueue(db: Database): Promise<LegalChangeQueue> {
  const rows = await changesQuery(db)
    .where('c.status', '=', 'pending_review')
    .orderBy('c.created_at')
    .orderBy('c.id')
    .limit(legalChangeQueueLimit)
    .execute();
  return { items: await withContext(db, rows) };
}

/** legalChange: one change, waiting or decided, with its context; 404 for none. */
export async function legalChange(db: Database, changeId: string): Promise<LegalChange> {
  const row = await changesQuery(db).where('c.id', '=', changeId).executeTakeFirst();
  if (!row) throw notFound();
  const [change] = await withContext(db, [row]);
  if (!change) throw notFound();
  return change;
}

/**
 * decideLegalChange: a staff member approves (the data applies) or rejects (with a reason) a waiting change, in one
 * transaction with its audit entry (`decideProfileChange`); answers the change as the back office shows it. 404 for
 * none, 409 once decided.
 */
export async function decideLegalChange(
  db: Database,
  changeId: string,
  input: { decision: 'approve' | 'reject'; reason?: string | undefined },
  reviewer: { staffId: string },
  origin: RequestOrigin | null,
): Promise<LegalChange> {
  await decideProfileChange(db, changeId, input, reviewer, origin);
  return legalChange(db, changeId);
}

/**
 * legalChangeDocument: a document the change's merchant added from its profile, to open inline; 404 for another
 * merchant's document, one of onboarding, the logo, or an unknown change.
 */
export async function legalChangeDocument(
  db: Database,
  storage: FileStorage,
  changeId: string,
  documentId: string,
): Promise<{ fileName: string; contentType: AllowedContentType; data: Buffer }> {
  const change = await db
    .selectFrom('profile_change_requests')
    .select('merchant_id')
    .where('id', '=', changeId)
    .executeTakeFirst();
  if (!change) throw notFound();
  const row = await profileDocumentRows(db, [change.merchant_id])
    .select('d.storage_key')
    .where('d.id', '=', documentId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { fileName: row.file_name, contentType: row.content_type, data: await storage.get(row.storage_key) };
}
