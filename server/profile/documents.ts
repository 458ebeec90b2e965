import type { Transaction } from 'kysely';
import { DocumentType, type OnboardingDocument } from '../../schemas/onboarding.schema';
import { logoMaxSide, type CompanyLogo } from '../../schemas/profile.schema';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { sharp } from '../heavyLibraries';
import { contentTypeOf, displayName, type AllowedContentType, type Upload } from '../onboarding/documents';
import type { FileStorage } from '../storage';
import type { ProfileActor } from './profile';

const documentContentTypes: readonly AllowedContentType[] = ['application/pdf', 'image/jpeg', 'image/png'];
const logoContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Refuses decompression bombs: a logo of more pixels than this is not read. */
const logoMaxInputPixels = 40_000_000;

const documentColumns = ['id', 'type', 'file_name', 'content_type', 'size_bytes', 'created_at'] as const;

function documentOf(row: {
  id: string;
  type: string;
  file_name: string;
  content_type: OnboardingDocument['content_type'];
  size_bytes: number;
  created_at: Date;
}): OnboardingDocument {
  return {
    id: row.id,
    type: row.type as OnboardingDocument['type'],
    file_name: row.file_name,
    content_type: row.content_type,
    size: row.size_bytes,
    uploaded_at: row.created_at.toISOString(),
  };
}

function emptyFile(data: Buffer): void {
  if (data.length === 0) {
    throw new AppError('validation_failed', 400, 'The file is empty.', {
      fields: { file: 'The file is empty.' },
    });
  }
}

/** The owner of an approved merchant, checked again under the merchant's row lock. */
async function lockedForOwner(trx: Transaction<DB>, actor: ProfileActor): Promise<void> {
  const merchant = await trx
    .selectFrom('merchants')
    .select('status')
    .where('id', '=', actor.merchantId)
    .forUpdate()
    .executeTakeFirst();
  if (!merchant) throw new AppError('not_found', 404, 'Nothing here.');
  if (!actor.isOwner) throw new AppError('forbidden', 403, 'Only the owner can change the profile.');
  if (merchant.status !== 'approved') {
    throw new AppError('merchant_not_approved', 403, 'The profile can change once the merchant is approved.');
  }
}

/** latestDocuments: the merchant's documents, newest first (the logo is not one). */
export async function latestDocuments(db: Database, merchantId: string): Promise<OnboardingDocument[]> {
  const rows = await db
    .selectFrom('merchant_documents')
    .select([...documentColumns])
    .where('merchant_id', '=', merchantId)
    .where('type', '<>', 'company_logo')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map(documentOf);
}

/** uploadProfileDocument: one more document (PDF, JPEG or PNG by content) after approval. */
export async function uploadProfileDocument(
  db: Database,
  storage: FileStorage,
  actor: ProfileActor,
  upload: Upload,
): Promise<OnboardingDocument> {
  const type = DocumentType.safeParse(upload.type);
  if (!type.success) {
    throw new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
      fields: { type: 'Choose a document type.' },
    });
  }
  emptyFile(upload.data);
  const contentType = await contentTypeOf(upload.data, documentContentTypes);
  const key = await storage.put(upload.data);
  try {
    const row = await db.transaction().execute(async (trx) => {
      await lockedForOwner(trx, actor);
      const inserted = await trx
        .insertInto('merchant_documents')
        .values({
          merchant_id: actor.merchantId,
          type: type.data,
          file_name: displayName(upload.fileName, contentType),
          content_type: contentType,
          size_bytes: upload.data.length,
          storage_key: key,
          uploaded_by: actor.userId,
        })
        .returning([...documentColumns])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('merchant_audit')
        .values({
          merchant_id: actor.merchantId,
          user_id: actor.userId,
          event: 'profile_document_uploaded',
          detail: JSON.stringify({ document_id: inserted.id, type: type.data }),
        })
        .execute();
      return inserted;
    });
    return documentOf(row);
  } catch (error) {
    // Nothing was recorded: the stored bytes must not linger.
    await storage.remove(key);
    throw error;
  }
}

/** The logo at most `logoMaxSide` pixels on its longer side, upright, as PNG without metadata. */
export async function resizedLogo(data: Buffer): Promise<{ png: Buffer; width: number; height: number }> {
  try {
    const { data: png, info } = await sharp()(data, { limitInputPixels: logoMaxInputPixels, failOn: 'error' })
      .rotate()
      .resize(logoMaxSide, logoMaxSide, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { png, width: info.width, height: info.height };
  } catch {
    throw new AppError('invalid_image', 400, 'The image could not be read.', {
      fields: { file: 'The image could not be read. Upload a PNG, JPEG or WebP file.' },
    });
  }
}

/** uploadProfileLogo: a PNG, JPEG or WebP (by content), resized and stored as PNG; replaces the previous logo. */
export async function uploadProfileLogo(
  db: Database,
  storage: FileStorage,
  actor: ProfileActor,
  upload: Upload,
): Promise<CompanyLogo> {
  emptyFile(upload.data);
  await contentTypeOf(upload.data, logoContentTypes);
  const { png, width, height } = await resizedLogo(upload.data);
  const key = await storage.put(png);
  const replaced: string[] = [];
  try {
    const row = await db.transaction().execute(async (trx) => {
      await lockedForOwner(trx, actor);
      const old = await trx
        .deleteFrom('merchant_documents')
        .where('merchant_id', '=', actor.merchantId)
        .where('type', '=', 'company_logo')
        .returning('storage_key')
        .execute();
      replaced.push(...old.map((doc) => doc.storage_key));
      const inserted = await trx
        .insertInto('merchant_documents')
        .values({
          merchant_id: actor.merchantId,
          type: 'company_logo',
          file_name: displayName(upload.fileName.replace(/\.[^.]*$/, '.png'), 'image/png'),
          content_type: 'image/png',
          size_bytes: png.length,
          storage_key: key,
          uploaded_by: actor.userId,
        })
        .returning(['id', 'size_bytes', 'created_at'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('merchant_audit')
        .values({
          merchant_id: actor.merchantId,
          user_id: actor.userId,
          event: 'profile_logo_uploaded',
          detail: JSON.stringify({ document_id: inserted.id, width, height }),
        })
        .execute();
      return inserted;
    });
    for (const oldKey of replaced) await storage.remove(oldKey);
    return {
      id: row.id,
      content_type: 'image/png' as const,
      size: row.size_bytes,
      uploaded_at: row.created_at.toISOString(),
    };
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

/** The merchant's logo (one uploaded during onboarding may be a JPEG), or 404 when it has none. */
export async function readLogo(
  db: Database,
  storage: FileStorage,
  merchantId: string,
): Promise<{ contentType: AllowedContentType; data: Buffer }> {
  const row = await db
    .selectFrom('merchant_documents')
    .select(['storage_key', 'content_type'])
    .where('merchant_id', '=', merchantId)
    .where('type', '=', 'company_logo')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 404, 'Nothing here.');
  return { contentType: row.content_type, data: await storage.get(row.storage_key) };
}
