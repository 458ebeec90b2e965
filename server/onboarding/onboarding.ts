import { sql, type RawBuilder, type Transaction } from 'kysely';
import {
  CompanyStep,
  DirectorsStep,
  FundingStep,
  LatinName,
  LatinText,
  maxOwnershipBasisPoints,
  normalisePhone,
  normaliseVat,
  normaliseWebsite,
  Phone,
  percentageToBasisPoints,
  RepresentativeStep,
  ShareholdersStep,
  type Address,
  type IdentityVerification,
  type InformationRequest,
  type InformationRequestStep,
  type OnboardingDocument,
  type OnboardingPrefill,
  type OnboardingState,
  type OnboardingStep,
  informationRequestSteps,
} from '../../schemas/onboarding.schema';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { requiredDocumentsFor } from './reference';
import { isEditable, publicMerchantStatus } from './status';

/** Who acts: the signed-in user and the merchant they belong to. */
export type OnboardingActor = { userId: string; merchantId: string; isOwner: boolean };

type Db = Database | Transaction<DB>;

/** The steps whose data is a JSON document in merchant_onboarding. */
export const stepSchemas = {
  representative: RepresentativeStep,
  company: CompanyStep,
  directors: DirectorsStep,
  shareholders: ShareholdersStep,
  funding: FundingStep,
} as const;
export type DataStep = keyof typeof stepSchemas;
export type StepData = { [K in DataStep]: (typeof stepSchemas)[K]['_output'] };

const notFound = () => new AppError('not_found', 404, 'Nothing here.');

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

/** Ownership in basis points (10 000 = 100 %). */
export function totalOwnership(shareholders: StepData['shareholders'] | null): number {
  return (shareholders?.shareholders ?? []).reduce(
    (sum, holder) => sum + percentageToBasisPoints(holder.percentage),
    0,
  );
}

/**
 * The representative's identity verification as onboarding sees it: the merchant's latest KYC attempt
 * (server/kyc/kyc.ts) and a person's review of it (server/review/identityReview.ts). Passing the automatic checks is
 * `awaiting_review`, not yet verified: only a person's confirmation is. A passed attempt stays valid after a
 * rejection; a newer attempt replaces it.
 */
export async function identityVerificationOf(db: Db, merchantId: string): Promise<IdentityVerification> {
  const latest = await db
    .selectFrom('kyc_verifications')
    .select(['status', 'review_status', 'review_reason', 'reviewed_at'])
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const none = { verified_at: null, refusal_reason: null };
  if (!latest) return { status: 'not_started', ...none };
  if (latest.status === 'passed') {
    if (latest.review_status === 'confirmed') {
      return {
        status: 'verified',
        verified_at: latest.reviewed_at ? latest.reviewed_at.toISOString() : null,
        refusal_reason: null,
      };
    }
    if (latest.review_status === 'refused') {
      return { status: 'refused', verified_at: null, refusal_reason: latest.review_reason };
    }
    return { status: 'awaiting_review', ...none };
  }
  return { status: latest.status === 'failed' ? 'failed' : 'in_progress', ...none };
}

/** Whether onboarding may go on past the identity step: the photos passed the automatic checks, or a person's. */
export function identityCheckedEnough(verification: IdentityVerification): boolean {
  return verification.status === 'awaiting_review' || verification.status === 'verified';
}

/** The merchant's open request for more information (server/review/merchantReview.ts), or null. */
export async function openInformationRequest(
  db: Db,
  merchantId: string,
): Promise<(InformationRequest & { id: string }) | null> {
  const request = await db
    .selectFrom('merchant_information_requests')
    .select(['id', 'requested_at'])
    .where('merchant_id', '=', merchantId)
    .where('answered_at', 'is', null)
    .executeTakeFirst();
  if (!request) return null;
  const steps = await db
    .selectFrom('merchant_information_request_steps')
    .select(['step', 'note'])
    .where('request_id', '=', request.id)
    .execute();
  // In the onboarding's order, whatever order they were asked in.
  const order: readonly string[] = informationRequestSteps;
  steps.sort((a, b) => order.indexOf(a.step) - order.indexOf(b.step));
  return { id: request.id, requested_at: request.requested_at.toISOString(), steps };
}

/** `value` when `schema` accepts it as it is, else '' (a prefill the step would refuse helps nobody). */
function acceptedOr(schema: { safeParse: (value: unknown) => { success: boolean } }, value: string): string {
  const typographic = value.replace(/\u2019/g, "'");
  return schema.safeParse(typographic).success ? typographic : '';
}

/**
 * What registration collected (the owner's name and verified mobile, the company's name), in the forms the
 * representative and company steps accept: registration allows a typographic apostrophe the steps write as '.
 */
async function prefillOf(db: Db, merchantId: string, companyName: string): Promise<OnboardingPrefill> {
  const owner = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'phone'])
    .where('merchant_id', '=', merchantId)
    .where('is_owner', '=', true)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return {
    first_name: acceptedOr(LatinName(50), owner?.first_name ?? ''),
    last_name: acceptedOr(LatinName(50), owner?.last_name ?? ''),
    phone: acceptedOr(Phone, owner?.phone ?? ''),
    company_name: acceptedOr(LatinText(100), companyName),
  };
}

/** The whole saved onboarding of a merchant, as getOnboarding answers it. */
export async function onboardingState(db: Db, merchantId: string): Promise<OnboardingState> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'name', 'status'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
  if (!merchant) throw notFound();
  const row = await db
    .selectFrom('merchant_onboarding')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  const documentRows = await db
    .selectFrom('merchant_documents')
    .select(['id', 'type', 'file_name', 'content_type', 'size_bytes', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

  const steps = {
    representative: (row?.representative ?? null) as StepData['representative'] | null,
    company: (row?.company ?? null) as StepData['company'] | null,
    directors: (row?.directors ?? null) as StepData['directors'] | null,
    shareholders: (row?.shareholders ?? null) as StepData['shareholders'] | null,
    funding: (row?.funding ?? null) as StepData['funding'] | null,
  };
  const documents = documentRows.filter((doc) => doc.type !== 'company_logo').map(documentOf);
  const logoRow = documentRows.filter((doc) => doc.type === 'company_logo').at(-1);
  const required = requiredDocumentsFor(steps.company?.legal_form);
  const uploaded = new Set(documents.map((doc) => doc.type));
  const ownership = totalOwnership(steps.shareholders);
  const request =
    merchant.status === 'information_requested' ? await openInformationRequest(db, merchantId) : null;

  const completed: OnboardingStep[] = [];
  if (steps.representative) completed.push('representative');
  if (steps.company) completed.push('company');
  if (steps.directors && steps.directors.directors.length > 0) completed.push('directors');
  if (
    steps.shareholders &&
    steps.shareholders.shareholders.length > 0 &&
    ownership <= maxOwnershipBasisPoints
  ) {
    completed.push('shareholders');
  }
  if (steps.company && required.every((type) => uploaded.has(type))) completed.push('documents');
  if (steps.funding) completed.push('funding');

  return {
    merchant: { id: merchant.id, name: merchant.name, status: publicMerchantStatus(merchant.status) },
    editable: isEditable(merchant.status),
    information_request: request ? { requested_at: request.requested_at, steps: request.steps } : null,
    rejection_reason: merchant.status === 'rejected' ? (row?.rejection_reason ?? null) : null,
    steps,
    completed_steps: completed,
    documents,
    required_documents: required,
    logo: logoRow ? documentOf(logoRow) : null,
    warnings:
      ownership > maxOwnershipBasisPoints
        ? [{ code: 'ownership_over_100', message: 'The declared ownership adds up to more than 100 %.' }]
        : [],
    identity_verification: await identityVerificationOf(db, merchantId),
    prefill: await prefillOf(db, merchantId, merchant.name),
  };
}

/**
 * Runs `work` in one transaction with the merchant row locked, after checking that the actor is its owner and
 * that its onboarding may still change (status onboarding or rejected), or, while the bank asks for more
 * information, that `step` is one it named (`step` null: the whole onboarding, i.e. submitting it again).
 */
export async function withEditableOnboarding<T>(
  db: Database,
  actor: OnboardingActor,
  step: InformationRequestStep | null,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const merchant = await trx
      .selectFrom('merchants')
      .select(['id', 'status'])
      .where('id', '=', actor.merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!merchant) throw notFound();
    if (!actor.isOwner) throw new AppError('forbidden', 403, 'Only the owner can change the onboarding.');
    if (!isEditable(merchant.status)) {
      throw new AppError(
        'onboarding_locked',
        409,
        'The onboarding cannot change while it is in review or approved.',
      );
    }
    if (merchant.status === 'information_requested' && step !== null) {
      const request = await openInformationRequest(trx, actor.merchantId);
      const named = request?.steps.map((asked) => asked.step) ?? [];
      if (!named.includes(step)) {
        throw new AppError(
          'step_locked',
          409,
          `The bank asked for more information on ${named.join(', ') || 'other steps'} only: the ${step} step cannot change.`,
          { details: { step, open_steps: named.join(',') } },
        );
      }
    }
    return work(trx);
  });
}

async function storeStep(
  trx: Transaction<DB>,
  merchantId: string,
  step: DataStep,
  data: unknown,
): Promise<void> {
  const json = JSON.stringify(data);
  const column: Partial<Record<DataStep, RawBuilder<string>>> = { [step]: sql<string>`${json}::jsonb` };
  await trx
    .insertInto('merchant_onboarding')
    .values({ merchant_id: merchantId, ...column })
    .onConflict((conflict) =>
      conflict.column('merchant_id').doUpdateSet({ ...column, updated_at: new Date() }),
    )
    .execute();
}

const orNull = (value: string | null | undefined): string | null => (value ? value : null);
const addressOf = (address: Address): Address => ({ ...address, line2: orNull(address.line2) });

/** The stored form of a step: phones without spaces, VAT without its prefix, empty optional texts as null. */
export function normaliseStep<S extends DataStep>(step: S, data: StepData[S]): StepData[S] {
  switch (step) {
    case 'representative': {
      const value = data as StepData['representative'];
      return { ...value, phone: normalisePhone(value.phone) } as StepData[S];
    }
    case 'company': {
      const value = data as StepData['company'];
      return {
        ...value,
        commercial_name: orNull(value.commercial_name),
        vat_number: normaliseVat(value.country_of_registration, value.vat_number),
        phone: normalisePhone(value.phone),
        registered_address: addressOf(value.registered_address),
        trading_address:
          value.trading_same_as_registered || !value.trading_address
            ? null
            : addressOf(value.trading_address),
        website_url: orNull(normaliseWebsite(value.website_url ?? '')),
      } as StepData[S];
    }
    case 'directors': {
      const value = data as StepData['directors'];
      return {
        directors: value.directors.map((director) => ({
          ...director,
          home_address: addressOf(director.home_address),
        })),
      } as StepData[S];
    }
    case 'funding': {
      const value = data as StepData['funding'];
      return { ...value, other_funding_method: orNull(value.other_funding_method) } as StepData[S];
    }
    default:
      return data;
  }
}

/** Saves one step (already validated by its schema), replacing what was saved before; idempotent. */
export async function saveStep<S extends DataStep>(
  db: Database,
  actor: OnboardingActor,
  step: S,
  data: StepData[S],
): Promise<OnboardingState> {
  const stored = normaliseStep(step, data);
  return withEditableOnboarding(db, actor, step, async (trx) => {
    await storeStep(trx, actor.merchantId, step, stored);
    if (step === 'company') {
      await trx
        .updateTable('merchants')
        .set({ name: (stored as StepData['company']).name })
        .where('id', '=', actor.merchantId)
        .execute();
    }
    return onboardingState(trx, actor.merchantId);
  });
}

const stepMissing = 'Complete this step.';

/**
 * Sends the onboarding to review: every step complete and still valid, the required documents uploaded and the
 * declared ownership at most 100 % and the representative's latest identity verification through the automatic
 * checks (a person confirms it during the review); otherwise 422 `onboarding_incomplete` listing what is missing in
 * `fields`. Submitting again after a request for more information answers that request (kept as history).
 */
export async function submitForReview(db: Database, actor: OnboardingActor): Promise<OnboardingState> {
  return withEditableOnboarding(db, actor, null, async (trx) => {
    const state = await onboardingState(trx, actor.merchantId);
    const fields: Record<string, string> = {};
    for (const step of Object.keys(stepSchemas) as DataStep[]) {
      const saved = state.steps[step];
      if (saved === null) fields[step] = stepMissing;
      // Saved data can go stale (a birthday rule, a changed list): check it again as it stands today.
      else if (!stepSchemas[step].safeParse(saved).success) fields[step] = 'Check this step again.';
    }
    if (state.steps.directors && state.steps.directors.directors.length === 0) fields.directors = stepMissing;
    if (totalOwnership(state.steps.shareholders) > maxOwnershipBasisPoints) {
      fields.shareholders = 'The declared ownership adds up to more than 100 %.';
    }
    if (state.steps.company) {
      const uploaded = new Set(state.documents.map((doc) => doc.type));
      for (const type of state.required_documents) {
        if (!uploaded.has(type)) fields[`documents.${type}`] = 'Upload this document.';
      }
    }
    if (!identityCheckedEnough(state.identity_verification)) {
      fields.identity_verification = "Verify the representative's identity.";
    }
    const missing = Object.keys(fields).length;
    if (missing > 0) {
      throw new AppError('onboarding_incomplete', 422, 'Some steps are missing or not complete.', {
        fields,
        details: { missing },
      });
    }
    await trx
      .updateTable('merchants')
      .set({ status: 'in_review' })
      .where('id', '=', actor.merchantId)
      .execute();
    // A new submission: decisions on the one before (a first approval) no longer count.
    await trx
      .updateTable('merchant_onboarding')
      .set((eb) => ({
        submitted_at: new Date(),
        rejection_reason: null,
        submission: eb('submission', '+', 1),
      }))
      .where('merchant_id', '=', actor.merchantId)
      .execute();
    const answered = await trx
      .updateTable('merchant_information_requests')
      .set({ answered_at: new Date() })
      .where('merchant_id', '=', actor.merchantId)
      .where('answered_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    await trx
      .insertInto('merchant_audit')
      .values({
        merchant_id: actor.merchantId,
        user_id: actor.userId,
        event: 'submitted_for_review',
        detail: answered ? JSON.stringify({ answered_information_request: answered.id }) : null,
      })
      .execute();
    return onboardingState(trx, actor.merchantId);
  });
}
