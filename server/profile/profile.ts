import { sql, type Transaction } from 'kysely';
import type {
  CompanyStep,
  DirectorsStep,
  RepresentativeStep,
  ShareholdersStep,
} from '../../schemas/onboarding.schema';
import type {
  CompanyContactBody,
  CompanyLegalData,
  CompanyProfile,
  ProfileChange,
  ProfileChangeBody,
  ProfileChangeKind,
  RepresentativeContactBody,
  RepresentativeIdentity,
} from '../../schemas/profile.schema';
import { recordAudit } from '../audit/auditTrail';
import type { RequestOrigin } from '../auth/login';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { normaliseStep } from '../onboarding/onboarding';
import { publicMerchantStatus } from '../onboarding/status';

/** Who acts: the signed-in user, their merchant, and whether they own it. */
export type ProfileActor = { userId: string; merchantId: string; isOwner: boolean };

type Db = Database | Transaction<DB>;

const notFound = () => new AppError('not_found', 404, 'Nothing here.');
const jsonb = (value: unknown) => sql<string>`${JSON.stringify(value)}::jsonb`;

type ChangeRow = {
  id: string;
  kind: ProfileChangeKind;
  data: unknown;
  status: ProfileChange['status'];
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
};

function changeOf(row: ChangeRow): ProfileChange {
  return {
    id: row.id,
    kind: row.kind,
    data: row.data,
    status: row.status,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
  } as ProfileChange;
}

const changeColumns = ['id', 'kind', 'data', 'status', 'reason', 'created_at', 'decided_at'] as const;

/** The profile as the owner sees it: onboarding's data, the logo, waiting and recent changes. */
export async function companyProfile(db: Db, actor: ProfileActor): Promise<CompanyProfile> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'name', 'status'])
    .where('id', '=', actor.merchantId)
    .executeTakeFirst();
  if (!merchant) throw notFound();
  const row = await db
    .selectFrom('merchant_onboarding')
    .select(['company', 'representative', 'directors', 'shareholders', 'contact_email'])
    .where('merchant_id', '=', actor.merchantId)
    .executeTakeFirst();
  const owner = await db
    .selectFrom('users')
    .select('email')
    .where('merchant_id', '=', actor.merchantId)
    .where('is_owner', '=', true)
    .orderBy('created_at')
    .executeTakeFirst();
  const logo = await db
    .selectFrom('merchant_documents')
    .select(['id', 'content_type', 'size_bytes', 'created_at'])
    .where('merchant_id', '=', actor.merchantId)
    .where('type', '=', 'company_logo')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const changes = await db
    .selectFrom('profile_change_requests')
    .select([...changeColumns])
    .where('merchant_id', '=', actor.merchantId)
    .orderBy(sql`status = 'pending_review'`, 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return {
    merchant: { id: merchant.id, name: merchant.name, status: publicMerchantStatus(merchant.status) },
    editable: actor.isOwner && merchant.status === 'approved',
    company: (row?.company ?? null) as CompanyStep | null,
    contact_email: row?.contact_email ?? owner?.email ?? '',
    representative: (row?.representative ?? null) as RepresentativeStep | null,
    directors: (row?.directors ?? null) as DirectorsStep | null,
    shareholders: (row?.shareholders ?? null) as ShareholdersStep | null,
    logo: logo
      ? {
          id: logo.id,
          content_type: logo.content_type === 'image/jpeg' ? 'image/jpeg' : 'image/png',
          size: logo.size_bytes,
          uploaded_at: logo.created_at.toISOString(),
        }
      : null,
    changes: changes.map(changeOf),
  };
}

export type Saved = {
  company: CompanyStep | null;
  representative: RepresentativeStep | null;
  directors: DirectorsStep | null;
  shareholders: ShareholdersStep | null;
};

/**
 * Runs `work` in one transaction with the merchant row locked, for its owner, once the merchant is approved (before
 * that the onboarding itself is edited; the permission table already answers 403 merchant_not_approved).
 */
async function withProfile<T>(
  db: Database,
  actor: ProfileActor,
  work: (trx: Transaction<DB>, saved: Saved) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const merchant = await trx
      .selectFrom('merchants')
      .select(['id', 'status'])
      .where('id', '=', actor.merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!merchant) throw notFound();
    if (!actor.isOwner) throw new AppError('forbidden', 403, 'Only the owner can change the profile.');
    if (merchant.status !== 'approved') {
      throw new AppError(
        'merchant_not_approved',
        403,
        'The profile can change once the merchant is approved.',
      );
    }
    const row = await trx
      .selectFrom('merchant_onboarding')
      .select(['company', 'representative', 'directors', 'shareholders'])
      .where('merchant_id', '=', actor.merchantId)
      .executeTakeFirst();
    return work(trx, {
      company: (row?.company ?? null) as CompanyStep | null,
      representative: (row?.representative ?? null) as RepresentativeStep | null,
      directors: (row?.directors ?? null) as DirectorsStep | null,
      shareholders: (row?.shareholders ?? null) as ShareholdersStep | null,
    });
  });
}

function incomplete(part: string): AppError {
  return new AppError('profile_incomplete', 409, `The onboarding holds no ${part} to change.`);
}

async function audit(
  trx: Transaction<DB>,
  actor: ProfileActor | null,
  merchantId: string,
  event: string,
  detail: unknown,
) {
  await trx
    .insertInto('merchant_audit')
    .values({
      merchant_id: merchantId,
      user_id: actor?.userId ?? null,
      event,
      detail: JSON.stringify(detail),
    })
    .execute();
}

/** updateCompanyContact: trading name, phone, website, contact email, industry, size, turnover, trading address. */
export async function updateCompanyContact(
  db: Database,
  actor: ProfileActor,
  body: CompanyContactBody,
): Promise<CompanyProfile> {
  await withProfile(db, actor, async (trx, saved) => {
    if (!saved.company) throw incomplete('company');
    const merged = normaliseStep('company', {
      ...saved.company,
      commercial_name: body.commercial_name ?? null,
      phone: body.phone,
      website_url: body.website_url ?? null,
      industry: body.industry,
      size: body.size,
      annual_turnover: body.annual_turnover,
      trading_same_as_registered: body.trading_same_as_registered,
      trading_address: body.trading_same_as_registered ? null : (body.trading_address ?? null),
    });
    const email = body.contact_email ? body.contact_email.trim().toLowerCase() : null;
    await trx
      .updateTable('merchant_onboarding')
      .set({ company: jsonb(merged), contact_email: email, updated_at: new Date() })
      .where('merchant_id', '=', actor.merchantId)
      .execute();
    await audit(trx, actor, actor.merchantId, 'profile_contact_updated', { fields: Object.keys(body) });
  });
  return companyProfile(db, actor);
}

/** updateRepresentativeContact: the representative's job title and phone. */
export async function updateRepresentativeContact(
  db: Database,
  actor: ProfileActor,
  body: RepresentativeContactBody,
): Promise<CompanyProfile> {
  await withProfile(db, actor, async (trx, saved) => {
    if (!saved.representative) throw incomplete('representative');
    const merged = normaliseStep('representative', { ...saved.representative, ...body });
    await trx
      .updateTable('merchant_onboarding')
      .set({ representative: jsonb(merged), updated_at: new Date() })
      .where('merchant_id', '=', actor.merchantId)
      .execute();
    await audit(trx, actor, actor.merchantId, 'profile_representative_updated', {
      fields: Object.keys(body),
    });
  });
  return companyProfile(db, actor);
}

const legalKeys = [
  'name',
  'legal_form',
  'country_of_registration',
  'vat_number',
  'registration_number',
  'tic_number',
  'registered_address',
] as const satisfies readonly (keyof CompanyLegalData)[];
const identityKeys = [
  'first_name',
  'last_name',
  'date_of_birth',
  'citizenship',
] as const satisfies readonly (keyof RepresentativeIdentity)[];

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

/** Key order does not matter when comparing stored JSON with a proposal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** The stored data a change of this kind would replace, in the change's own shape; null when onboarding holds none. */
export function currentLegalData(kind: ProfileChangeKind, saved: Saved): unknown {
  switch (kind) {
    case 'company':
      return saved.company ? pick(saved.company, legalKeys) : null;
    case 'directors':
      return saved.directors;
    case 'shareholders':
      return saved.shareholders;
    case 'representative':
      return saved.representative ? pick(saved.representative, identityKeys) : null;
  }
}

/** The proposal in the form it would be stored in, and the data it would replace. */
function proposalOf(body: ProfileChangeBody, saved: Saved): { data: unknown; current: unknown } {
  switch (body.kind) {
    case 'company': {
      if (!saved.company) throw incomplete('company');
      const next = normaliseStep('company', { ...saved.company, ...body.data });
      return { data: pick(next, legalKeys), current: pick(saved.company, legalKeys) };
    }
    case 'directors':
      if (!saved.directors) throw incomplete('directors');
      return { data: normaliseStep('directors', body.data), current: saved.directors };
    case 'shareholders':
      if (!saved.shareholders) throw incomplete('shareholders');
      return { data: normaliseStep('shareholders', body.data), current: saved.shareholders };
    case 'representative':
      if (!saved.representative) throw incomplete('representative');
      return { data: { ...body.data }, current: pick(saved.representative, identityKeys) };
  }
}

/**
 * requestProfileChange: stores a change of legal data `pending_review`; nothing in the profile changes until the bank
 * approves it. 409 profile_change_pending while one of the same kind waits; 422 profile_unchanged when it changes
 * nothing.
 */
export async function requestProfileChange(
  db: Database,
  actor: ProfileActor,
  body: ProfileChangeBody,
  origin: RequestOrigin | null,
): Promise<ProfileChange> {
  return withProfile(db, actor, async (trx, saved) => {
    const { data, current } = proposalOf(body, saved);
    if (canonical(data) === canonical(current)) {
      throw new AppError('profile_unchanged', 422, 'This changes nothing.');
    }
    const pending = await trx
      .selectFrom('profile_change_requests')
      .select('id')
      .where('merchant_id', '=', actor.merchantId)
      .where('kind', '=', body.kind)
      .where('status', '=', 'pending_review')
      .executeTakeFirst();
    if (pending) {
      throw new AppError('profile_change_pending', 409, 'A change of this part already waits for review.', {
        details: { change_id: pending.id },
      });
    }
    const row = await trx
      .insertInto('profile_change_requests')
      .values({
        merchant_id: actor.merchantId,
        kind: body.kind,
        data: jsonb(data),
        requested_by: actor.userId,
      })
      .returning([...changeColumns])
      .executeTakeFirstOrThrow();
    await audit(trx, actor, actor.merchantId, 'profile_change_requested', {
      change_id: row.id,
      kind: body.kind,
    });
    // Which part the change concerns, not the new data (names, addresses, ID numbers stay in the request itself).
    await recordAudit(trx, {
      realm: 'merchant',
      actorUserId: actor.userId,
      merchantId: actor.merchantId,
      action: 'legal_details.change_requested',
      subject: `profile_change:${row.id}`,
      details: { kind: body.kind },
      origin,
    });
    return changeOf(row);
  });
}

/** Who decides a change: a staff member in the back office, or the sandbox rail standing in for one. */
export type ProfileReviewer = { staffId: string } | 'sandbox';

/**
 * The bank's decision on a waiting change, by a staff member (the back office) or the sandbox review desk. Approve:
 * the data applies, in the same transaction (a new legal name also renames the merchant). Reject: the data stays as it
 * was, with the reason. Either way the owner reads the decision (and the reason) among the profile's changes, the
 * merchant's own record notes it, and the audit trail holds it (staff realm; a sandbox decision names no staff
 * member). 404 for no such change; 409 once decided, whoever decided it.
 */
export async function decideProfileChange(
  db: Database,
  changeId: string,
  input: { decision: 'approve' | 'reject'; reason?: string | undefined },
  reviewer: ProfileReviewer,
  origin: RequestOrigin | null = null,
): Promise<ProfileChange> {
  const reason = input.reason?.trim() ?? '';
  if (input.decision === 'reject' && !reason) {
    throw new AppError('validation_failed', 400, 'A rejection needs a reason.', {
      fields: { reason: 'This field is required.' },
    });
  }
  return db.transaction().execute(async (trx) => {
    const change = await trx
      .selectFrom('profile_change_requests')
      .select([...changeColumns, 'merchant_id'])
      .where('id', '=', changeId)
      .forUpdate()
      .executeTakeFirst();
    if (!change) throw notFound();
    if (change.status !== 'pending_review') {
      throw new AppError('conflict', 409, 'This change has already been decided.', {
        details: { status: change.status },
      });
    }
    if (input.decision === 'approve') {
      const row = await trx
        .selectFrom('merchant_onboarding')
        .select(['company', 'representative'])
        .where('merchant_id', '=', change.merchant_id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw incomplete(change.kind);
      const set: Record<string, unknown> = {};
      if (change.kind === 'company') {
        set.company = jsonb({ ...(row.company as CompanyStep), ...(change.data as CompanyLegalData) });
        await trx
          .updateTable('merchants')
          .set({ name: (change.data as CompanyLegalData).name })
          .where('id', '=', change.merchant_id)
          .execute();
      } else if (change.kind === 'representative') {
        set.representative = jsonb({
          ...(row.representative as RepresentativeStep),
          ...(change.data as RepresentativeIdentity),
        });
      } else {
        set[change.kind] = jsonb(change.data);
      }
      await trx
        .updateTable('merchant_onboarding')
        .set({ ...set, updated_at: new Date() })
        .where('merchant_id', '=', change.merchant_id)
        .execute();
    }
    const decided = await trx
      .updateTable('profile_change_requests')
      .set({
        status: input.decision === 'approve' ? 'approved' : 'rejected',
        reason: input.decision === 'reject' ? reason : null,
        decided_at: new Date(),
        decided_by: reviewer === 'sandbox' ? null : reviewer.staffId,
      })
      .where('id', '=', changeId)
      .returning([...changeColumns])
      .executeTakeFirstOrThrow();
    await audit(trx, null, change.merchant_id, `profile_change_${decided.status}`, {
      change_id: changeId,
      kind: change.kind,
      reviewer: reviewer === 'sandbox' ? 'sandbox' : reviewer.staffId,
      ...(reason ? { reason } : {}),
    });
    await recordAudit(trx, {
      realm: 'staff',
      actorUserId: reviewer === 'sandbox' ? null : reviewer.staffId,
      merchantId: change.merchant_id,
      action: input.decision === 'approve' ? 'legal_change.approved' : 'legal_change.rejected',
      subject: `profile_change:${changeId}`,
      details: {
        kind: change.kind,
        ...(reviewer === 'sandbox' ? { reviewer: 'sandbox' } : {}),
        ...(input.decision === 'reject' ? { reason } : {}),
      },
      origin,
    });
    return changeOf(decided);
  });
}
