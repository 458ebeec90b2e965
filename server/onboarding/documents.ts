import { fileTypeFromBuffer } from 'file-type';
import { DocumentType, type OnboardingDocument } from '../../schemas/onboarding.schema';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import type { FileStorage } from '../storage';
import { withEditableOnboarding, type OnboardingActor } from './onboarding';

export type AllowedContentType = OnboardingDocument['content_type'];
const documentContentTypes: readonly AllowedContentType[] = ['application/pdf', 'image/jpeg', 'image/png'];
const logoContentTypes: readonly AllowedContentType[] = ['image/jpeg', 'image/png'];

export type Upload = { type: string | undefined; fileName: string; data: Buffer };

/** The file's type from its first bytes; its name and the browser's Content-Type header are not trusted. */
export async function contentTypeOf<T extends string = AllowedContentType>(
  data: Buffer,
  allowed: readonly T[],
): Promise<T> {
  const detected = await fileTypeFromBuffer(data);
  const mime = detected?.mime as T | undefined;
  if (!mime || !allowed.includes(mime)) {
    const names = allowed.map((type) => type.split('/')[1]?.toUpperCase()).join(', ');
    throw new AppError('unsupported_file_type', 400, `Upload a ${names} file.`, {
      fields: { file: `Upload a ${names} file.` },
      details: { detected: detected?.mime ?? null },
    });
  }
  return mime;
}

/** A display name without path or control characters, at most 200 characters. */
export function displayName(fileName: string, contentType: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(0, 200);
  return base || `document.${contentType.split('/')[1] ?? 'bin'}`;
}

async function storeUpload(
  db: Database,
  storage: FileStorage,
  actor: OnboardingActor,
  type: DocumentType | 'company_logo',
  fileName: string,
  data: Buffer,
  contentType: AllowedContentType,
  replace: boolean,
): Promise<OnboardingDocument> {
  if (data.length === 0) {
    throw new AppError('validation_failed', 400, 'The file is empty.', {
      fields: { file: 'The file is empty.' },
    });
  }
  const key = await storage.put(data);
  const replaced: string[] = [];
  try {
    // The logo is part of the company step; every other file of the documents step.
    const step = type === 'company_logo' ? 'company' : 'documents';
    const row = await withEditableOnboarding(db, actor, step, async (trx) => {
      if (replace) {
        const old = await trx
          .deleteFrom('merchant_documents')
          .where('merchant_id', '=', actor.merchantId)
          .where('type', '=', type)
          .returning('storage_key')
          .execute();
        replaced.push(...old.map((doc) => doc.storage_key));
      }
      return trx
        .insertInto('merchant_documents')
        .values({
          merchant_id: actor.merchantId,
          type,
          file_name: displayName(fileName, contentType),
          content_type: contentType,
          size_bytes: data.length,
          storage_key: key,
          uploaded_by: actor.userId,
        })
        .returning(['id', 'type', 'file_name', 'content_type', 'size_bytes', 'created_at'])
        .executeTakeFirstOrThrow();
    });
    for (const oldKey of replaced) await storage.remove(oldKey);
    return {
      id: row.id,
      type: row.type,
      file_name: row.file_name,
      content_type: row.content_type,
      size: row.size_bytes,
      uploaded_at: row.created_at.toISOString(),
    };
  } catch (error) {
    // Nothing was recorded: the stored bytes must not linger.
    await storage.remove(key);
    throw error;
  }
}

/** uploadDocument: a PDF, JPEG or PNG (by content) of one of the document types. */
export async function uploadDocument(
  db: Database,
  storage: FileStorage,
  actor: OnboardingActor,
  upload: Upload,
): Promise<OnboardingDocument> {
  const type = DocumentType.safeParse(upload.type);
  if (!type.success) {
    throw new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
      fields: { type: 'Choose a document type.' },
    });
  }
  const contentType = await contentTypeOf(upload.data, documentContentTypes);
  return storeUpload(db, storage, actor, type.data, upload.fileName, upload.data, contentType, false);
}

/** uploadCompanyLogo: a PNG or JPEG; replaces the previous logo. */
export async function uploadCompanyLogo(
  db: Database,
  storage: FileStorage,
  actor: OnboardingActor,
  upload: Upload,
): Promise<OnboardingDocument> {
  const contentType = await contentTypeOf(upload.data, logoContentTypes);
  return storeUpload(db, storage, actor, 'company_logo', upload.fileName, upload.data, contentType, true);
}

/** A document of the actor's own merchant, else 404 (another merchant's id looks like no id at all). */
export async function readDocument(
  db: Database,
  storage: FileStorage,
  merchantId: string,
  documentId: string,
): Promise<{ fileName: string; contentType: AllowedContentType; data: Buffer }> {
  const row = await db
    .selectFrom('merchant_documents')
    .select(['file_name', 'content_type', 'storage_key'])
    .where('id', '=', documentId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 404, 'Nothing here.');
  return { fileName: row.file_name, contentType: row.content_type, data: await storage.get(row.storage_key) };
}

/** deleteDocument: while the onboarding is editable; the file goes once the row is gone. */
export async function deleteDocument(
  db: Database,
  storage: FileStorage,
  actor: OnboardingActor,
  documentId: string,
): Promise<void> {
  const key = await withEditableOnboarding(db, actor, 'documents', async (trx) => {
    const row = await trx
      .deleteFrom('merchant_documents')
      .where('id', '=', documentId)
      .where('merchant_id', '=', actor.merchantId)
      .returning('storage_key')
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', 404, 'Nothing here.');
    return row.storage_key;
  });
  await storage.remove(key);
}
