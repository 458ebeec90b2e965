import { sql } from 'kysely';
import {
  legalDocumentNames,
  legalDocuments,
  type AcceptTermsBody,
  type LegalAcceptanceStatus,
  type LegalDocumentsResponse,
} from '../../schemas/public.schema';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import type { Db } from '../ledger';

/**
 * Legal texts and their acceptance (SPEC §7 "legal documents", "accepting terms"). The texts live in the app
 * (src/screens/legal/); their versions in schemas/public.schema.ts `legalDocuments`. Every acceptance is a row of
 * `legal_acceptances` (migration 003: which version, when, from where; registration writes the first ones), so the
 * bank can show what each user agreed to (GDPR art. 7(1)).
 */

/** `legalDocuments`: the current version of each text. */
export function legalDocumentsView(): LegalDocumentsResponse {
  return {
    documents: legalDocumentNames.map((document) => ({ document, ...legalDocuments[document] })),
  };
}

/** What the user accepted last of each document, and whether the current version is still to be accepted. */
export async function legalAcceptanceStatus(db: Db, userId: string): Promise<LegalAcceptanceStatus> {
  const rows = await sql<{ document: string; version: string; accepted_at: Date }>`
    SELECT DISTINCT ON (document) document, version, accepted_at
    FROM legal_acceptances WHERE user_id = ${userId}::uuid
    ORDER BY document, accepted_at DESC, id DESC`.execute(db);
  const latest = new Map(rows.rows.map((row) => [row.document, row]));
  const accepted = await sql<{ document: string; version: string }>`
    SELECT DISTINCT document, version FROM legal_acceptances WHERE user_id = ${userId}::uuid`.execute(db);
  const acceptedVersions = new Set(accepted.rows.map((row) => `${row.document}:${row.version}`));
  const documents = legalDocumentNames.map((document) => {
    const current = legalDocuments[document];
    const last = latest.get(document);
    return {
      document,
      current_version: current.version,
      effective_date: current.effective_date,
      accepted_version: last?.version ?? null,
      accepted_at: last ? new Date(last.accepted_at).toISOString() : null,
      pending: !acceptedVersions.has(`${document}:${current.version}`),
    };
  });
  return { documents, pending: documents.some((document) => document.pending) };
}

export type AcceptanceOrigin = { ip: string | null; userAgent: string | null };

/**
 * acceptTerms: records the user's acceptance of the versions named, each of which must be the current one (a page
 * shown before a new version came out is 409 `conflict`: show the new text first). A version the user accepted before
 * records nothing new, so a repeated call changes nothing. One transaction under the user's row lock: two calls at once
 * write one row per document.
 */
export async function acceptTerms(
  db: Database,
  userId: string,
  body: AcceptTermsBody,
  origin: AcceptanceOrigin,
): Promise<LegalAcceptanceStatus> {
  for (const [index, item] of body.documents.entries()) {
    const current = legalDocuments[item.document].version;
    if (item.version !== current) {
      throw new AppError('conflict', 409, 'This is not the current version; read the current one first.', {
        fields: { [`documents.${index}.version`]: `The current version is ${current}.` },
        details: { document: item.document, current_version: current },
      });
    }
  }
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    for (const item of body.documents) {
      const existing = await trx
        .selectFrom('legal_acceptances')
        .select('id')
        .where('user_id', '=', userId)
        .where('document', '=', item.document)
        .where('version', '=', item.version)
        .executeTakeFirst();
      if (existing) continue;
      await trx
        .insertInto('legal_acceptances')
        .values({
          user_id: userId,
          document: item.document,
          version: item.version,
          ip: origin.ip,
          user_agent: origin.userAgent?.slice(0, 512) ?? null,
        })
        .execute();
    }
  });
  return legalAcceptanceStatus(db, userId);
}
