import type { Insertable, Selectable, Transaction } from 'kysely';
import {
  InformationRequestBody,
  type MerchantReviewFile,
  type MerchantReviewQueue,
  type ReviewHistoryEntry,
  type ReviewIdentity,
  type ReviewVatCheck,
  type RiskFlag,
  type StaffRef,
} from '../../schemas/merchantReview.schema';
import {
  informationRequestSteps,
  maxOwnershipBasisPoints,
  normaliseVat,
  type OnboardingDocument,
  type VatCheckResponse,
} from '../../schemas/onboarding.schema';
import { recordAudit, type AuditEntry } from '../audit/auditTrail';
import type { RequestOrigin } from '../auth/login';
import type { Database } from '../db/database';
import type { DB, KycVerifications, MerchantReviewDecisions } from '../db/types';
import { AppError } from '../errors';
import { kycReviewOf, sameName } from '../kyc/kyc';
import { onboardingInformationRequested } from '../notifications/events';
import { enqueueMessage } from '../notify/outbox';
import {
  identityVerificationOf,
  onboardingState,
  totalOwnership,
  type StepData,
} from '../onboarding/onboarding';
import { decideMerchant, lockMerchantInReview } from '../onboarding/review';
import { publicMerchantStatus } from '../onboarding/status';
import { vatCheck } from '../onboarding/vat';

/*
 * The bank's review of a merchant (issue 21): the queue, the file a reviewer reads, and the decisions a staff member
 * makes on it, each in one transaction with its entry on the audit trail (realm staff).
 *
 * Four-eyes: a merchant with a risk flag needs two approvals from two different staff members. The first is recorded
 * (merchant_review_decisions 'first_approval', on the current submission) and the merchant stays in review, awaiting
 * the second; the same staff member approving again is refused. A request for more information or a new submission
 * starts over: a first approval counts only for the submission it was given on.
 *
 * Approval needs the representative's identity confirmed by a person (server/review/identityReview.ts): approving
 * before that is refused with words saying so, and the identity review comes first. Nobody reviews a company they
 * are a user of (same email), nor approves twice.
 */

type Trx = Transaction<DB>;
type Db = Database | Trx;

/** The staff member deciding, as the staff realm's authentication gives it. */
export type StaffReviewer = { staffId: string };

const staffLabel = (reviewer: StaffReviewer) => `staff:${reviewer.staffId}`;

const riskWords: Record<RiskFlag['code'], string> = {
  ownership_over_100: 'The declared ownership adds up to more than 100 %.',
  vat_not_checked: 'The VAT number was not confirmed by the VAT registry.',
  vat_check_failed: 'The VAT number is not valid: its format is wrong or the registry does not know it.',
  representative_name_mismatch:
    "The representative's name differs from the name typed from the identity document.",
  company_name_mismatch: "The company's name differs from the name the VAT registry gives for the number.",
  representative_not_director: 'No director has the representative’s name.',
  previously_rejected: 'The bank rejected this application before.',
};
const flag = (code: RiskFlag['code']): RiskFlag => ({ code, message: riskWords[code] });

/** Letters and digits only, without accents or case: "AEGEAN COFFEE I.K.E." is "Aegean Coffee IKE". */
function compact(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** A registry's name matches the company's when one holds the other (registries add or drop the legal form). */
function sameCompany(saved: string, registry: string): boolean {
  const a = compact(saved);
  const b = compact(registry);
  return a.length > 0 && b.length > 0 && (a.includes(b) || b.includes(a));
}

/** Names of staff members by id; a decision without one (the sandbox) is named by its reviewer label. */
async function staffRefs(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('staff_users').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
function refOf(names: Map<string, string>, staffId: string | null, label: string): StaffRef {
  return { staff_id: staffId, name: staffId ? (names.get(staffId) ?? label) : label };
}

/** The latest VAT check of the number the company step saved (merchant_vat_checks), or null. */
async function vatCheckOf(db: Db, merchantId: string, company: StepData['company'] | null) {
  if (!company) return null;
  const row = await db
    .selectFrom('merchant_vat_checks')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('country', '=', company.country_of_registration)
    .where('vat_number', '=', normaliseVat(company.country_of_registration, company.vat_number))
    .orderBy('checked_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const check: ReviewVatCheck = {
    country: row.country,
    vat_number: row.vat_number,
    format_valid: row.format_valid,
    registry: row.registry,
    ...(row.registry_name ? { name: row.registry_name } : {}),
    checked_at: row.checked_at.toISOString(),
    checked_by: row.staff_id ? 'staff' : 'merchant',
  };
  return check;
}

/** Stores a VAT check made for a merchant: by its company step (no staff member) or by a reviewer. */
export async function recordVatCheck(
  db: Db,
  merchantId: string,
  input: { country: string; vat_number: string },
  result: VatCheckResponse,
  staffId: string | null,
): Promise<void> {
  await db
    .insertInto('merchant_vat_checks')
    .values({
      merchant_id: merchantId,
      country: input.country,
      vat_number: normaliseVat(input.country, input.vat_number),
      format_valid: result.format_valid,
      registry: result.registry,
      registry_name: result.name ?? null,
      staff_id: staffId,
    })
    .execute();
}

/** The latest identity verification with its photos, checks and a person's review, for the file. */
export async function reviewIdentityOf(db: Db, merchantId: string): Promise<ReviewIdentity | null> {
  const row = await db
    .selectFrom('kyc_verifications')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return reviewIdentityFromRow(db, row);
}

export async function reviewIdentityFromRow(
  db: Db,
  row: Selectable<KycVerifications>,
): Promise<ReviewIdentity> {
  const images = await db
    .selectFrom('kyc_images')
    .select(['side', 'content_type', 'width', 'height', 'size_bytes', 'created_at'])
    .where('verification_id', '=', row.id)
    .orderBy('created_at')
    .execute();
  const names = await staffRefs(db, [row.reviewed_by]);
  const status = (await identityVerificationOf(db, row.merchant_id)).status;
  return {
    verification_id: row.id,
    status,
    document_type: row.document_type,
    document_number: row.document_number,
    expiry_date: row.expiry_date,
    first_name: row.first_name,
    last_name: row.last_name,
    checks: row.checks ?? [],
    evaluated_at: row.evaluated_at ? row.evaluated_at.toISOString() : null,
    photos: images.map((image) => ({
      side: image.side,
      content_type: image.content_type,
      width: image.width,
      height: image.height,
      size: image.size_bytes,
      uploaded_at: image.created_at.toISOString(),
    })),
    review: kycReviewOf(row),
    reviewed_by: row.reviewer ? refOf(names, row.reviewed_by, row.reviewer) : null,
  };
}

/** What the file needs beyond the onboarding's own state. */
async function reviewFacts(db: Db, merchantId: string) {
  const state = await onboardingState(db, merchantId);
  const vat = await vatCheckOf(db, merchantId, state.steps.company);
  const identity = await reviewIdentityOf(db, merchantId);
  const rejectedBefore = await db
    .selectFrom('merchant_audit')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('event', '=', 'rejected')
    .limit(1)
    .executeTakeFirst();
  return { state, vat, identity, rejectedBefore: rejectedBefore !== undefined };
}

/** The risk flags of a merchant's file: each is a reason for a second reviewer. */
function riskFlagsOf(facts: Awaited<ReturnType<typeof reviewFacts>>): RiskFlag[] {
  const { state, vat, identity } = facts;
  const flags: RiskFlag[] = [];
  if (totalOwnership(state.steps.shareholders) > maxOwnershipBasisPoints)
    flags.push(flag('ownership_over_100'));
  if (!vat || !vat.format_valid || vat.registry === 'invalid') {
    flags.push(flag(vat ? 'vat_check_failed' : 'vat_not_checked'));
  } else if (vat.registry !== 'valid') {
    flags.push(flag('vat_not_checked'));
  }
  const representative = state.steps.representative;
  if (
    representative &&
    identity &&
    !(
      sameName(representative.first_name, identity.first_name) &&
      sameName(representative.last_name, identity.last_name)
    )
  ) {
    flags.push(flag('representative_name_mismatch'));
  }
  if (state.steps.company && vat?.name && !sameCompany(state.steps.company.name, vat.name)) {
    flags.push(flag('company_name_mismatch'));
  }
  if (
    representative &&
    state.steps.directors &&
    !state.steps.directors.directors.some(
      (director) =>
        sameName(director.first_name, representative.first_name) &&
        sameName(director.last_name, representative.last_name),
    )
  ) {
    flags.push(flag('representative_not_director'));
  }
  if (facts.rejectedBefore) flags.push(flag('previously_rejected'));
  return flags;
}

async function currentSubmission(db: Db, merchantId: string): Promise<{ number: number; at: Date | null }> {
  const row = await db
    .selectFrom('merchant_onboarding')
    .select(['submission', 'submitted_at'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return { number: row?.submission ?? 0, at: row?.submitted_at ?? null };
}

async function firstApprovalOf(db: Db, merchantId: string, submission: number) {
  return db
    .selectFrom('merchant_review_decisions')
    .select(['staff_id', 'reviewer', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .where('submission', '=', submission)
    .where('decision', '=', 'first_approval')
    .executeTakeFirst();
}

const stepOrder: readonly string[] = informationRequestSteps;

/** Submissions, decisions and requests for more information (steps in the onboarding's order), oldest first. */
async function historyOf(db: Db, merchantId: string): Promise<ReviewHistoryEntry[]> {
  const submitted = await db
    .selectFrom('merchant_audit')
    .select('created_at')
    .where('merchant_id', '=', merchantId)
    .where('event', '=', 'submitted_for_review')
    .execute();
  const decisions = await db
    .selectFrom('merchant_review_decisions')
    .select(['staff_id', 'reviewer', 'decision', 'reason', 'submission', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .execute();
  const requests = await db
    .selectFrom('merchant_information_requests as r')
    .innerJoin('merchant_information_request_steps as s', 's.request_id', 'r.id')
    .select(['r.submission', 's.step', 's.note'])
    .where('r.merchant_id', '=', merchantId)
    .execute();
  const names = await staffRefs(
    db,
    decisions.map((decision) => decision.staff_id),
  );
  const entries: (ReviewHistoryEntry & { time: number })[] = [
    ...submitted.map((row) => ({
      time: row.created_at.getTime(),
      at: row.created_at.toISOString(),
      event: 'submitted' as const,
      by: null,
      reason: null,
      steps: [],
    })),
    ...decisions.map((row) => ({
      time: row.created_at.getTime(),
      at: row.created_at.toISOString(),
      event: row.decision,
      by: refOf(names, row.staff_id, row.reviewer),
      reason: row.reason,
      steps:
        row.decision === 'information_requested'
          ? requests
              .filter((request) => request.submission === row.submission)
              .map(({ step, note }) => ({ step, note }))
              .sort((a, b) => stepOrder.indexOf(a.step) - stepOrder.indexOf(b.step))
          : [],
    })),
  ];
  entries.sort((a, b) => a.time - b.time);
  return entries.map(({ time: _time, ...entry }) => entry);
}

/** The review file of one merchant (any status; `state` says where a merchant in review stands). */
export async function merchantReviewFile(db: Db, merchantId: string): Promise<MerchantReviewFile> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'name', 'status'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
  if (!merchant) throw new AppError('not_found', 404, 'No merchant with this id.');
  const facts = await reviewFacts(db, merchantId);
  const flags = riskFlagsOf(facts);
  const submission = await currentSubmission(db, merchantId);
  const inReview = merchant.status === 'in_review';
  const first = inReview ? await firstApprovalOf(db, merchantId, submission.number) : undefined;
  const names = await staffRefs(db, [first?.staff_id ?? null]);
  const owner = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'phone'])
    .where('merchant_id', '=', merchantId)
    .where('is_owner', '=', true)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  const { state } = facts;
  const uploaded = new Set(state.documents.map((doc: OnboardingDocument) => doc.type));
  return {
    merchant: { id: merchant.id, name: merchant.name, status: publicMerchantStatus(merchant.status) },
    submitted_at: submission.at ? submission.at.toISOString() : null,
    state: inReview ? (first ? 'awaiting_second_approval' : 'awaiting_review') : null,
    first_approval: first
      ? { by: refOf(names, first.staff_id, first.reviewer), at: first.created_at.toISOString() }
      : null,
    approvals_needed: flags.length > 0 ? 2 : 1,
    owner: owner
      ? { name: `${owner.first_name} ${owner.last_name}`.trim(), email: owner.email, phone: owner.phone }
      : null,
    steps: state.steps,
    ownership_basis_points: totalOwnership(state.steps.shareholders),
    documents: state.documents,
    required_documents: state.required_documents,
    missing_documents: state.required_documents.filter((type) => !uploaded.has(type)),
    logo: state.logo,
    vat_check: facts.vat,
    identity: facts.identity,
    risk_flags: flags,
    history: await historyOf(db, merchantId),
  };
}

/** Merchants in review, oldest submission first, each with its risk flags and where its review stands. */
export async function merchantReviewQueue(db: Db): Promise<MerchantReviewQueue> {
  const rows = await db
    .selectFrom('merchants as m')
    .leftJoin('merchant_onboarding as o', 'o.merchant_id', 'm.id')
    .select(['m.id'])
    .where('m.status', '=', 'in_review')
    .orderBy('o.submitted_at', 'asc')
    .orderBy('m.id')
    .execute();
  const items: MerchantReviewQueue['items'] = [];
  for (const row of rows) {
    const file = await merchantReviewFile(db, row.id);
    items.push({
      merchant_id: file.merchant.id,
      name: file.merchant.name,
      submitted_at: file.submitted_at,
      state: file.state ?? 'awaiting_review',
      first_approval: file.first_approval,
      risk_flags: file.risk_flags,
      identity_status: file.identity?.status ?? 'not_started',
    });
  }
  return { items };
}

/** Nobody reviews a company they are a user of: a staff member whose email is one of the merchant's users'. */
export async function refuseOwnCompany(trx: Trx, staffId: string, merchantId: string): Promise<void> {
  const staff = await trx
    .selectFrom('staff_users')
    .select(['email', 'status'])
    .where('id', '=', staffId)
    .executeTakeFirst();
  if (!staff || staff.status !== 'enabled') {
    throw new AppError('forbidden', 403, 'Only an enabled staff member can review.');
  }
  const member = await trx
    .selectFrom('users')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('email', '=', staff.email)
    .executeTakeFirst();
  if (member) {
    throw new AppError(
      'forbidden',
      403,
      'You cannot review a company you are a user of: ask another reviewer.',
    );
  }
}

/** A staff member's decision or look on the audit trail (realm staff), in the decision's own transaction. */
export function recordStaffAudit(
  trx: Trx,
  reviewer: StaffReviewer,
  entry: Omit<AuditEntry, 'realm' | 'actorUserId'>,
): Promise<bigint> {
  return recordAudit(trx, { realm: 'staff', actorUserId: reviewer.staffId, ...entry });
}

/** A reason a staff member gives (a rejection, a refusal): trimmed, 1 to 500 characters, or 400 saying which. */
export function staffReason(reason: string, what: 'A rejection' | 'A refusal'): string {
  const why = reason.trim();
  if (!why || why.length > 500) {
    throw new AppError('validation_failed', 400, `${what} needs a reason of at most 500 characters.`, {
      fields: { reason: why ? 'Max 500 characters.' : 'This field is required.' },
    });
  }
  return why;
}

export type DecisionResult = { file: MerchantReviewFile; outboxIds: string[] };

type MerchantInReview = Awaited<ReturnType<typeof lockMerchantInReview>>;

/**
 * A decision on a merchant in review, in one transaction: the merchant locked (409 when someone decided meanwhile)
 * and the reviewer's own company refused before `decide` writes; answers the file as it then stands and the ids of
 * the messages `decide` queued.
 */
function decideInReview(
  db: Database,
  merchantId: string,
  reviewer: StaffReviewer,
  decide: (trx: Trx, merchant: MerchantInReview) => Promise<string[]>,
): Promise<DecisionResult> {
  return db.transaction().execute(async (trx) => {
    const merchant = await lockMerchantInReview(trx, merchantId);
    await refuseOwnCompany(trx, reviewer.staffId, merchantId);
    const outboxIds = await decide(trx, merchant);
    return { file: await merchantReviewFile(trx, merchantId), outboxIds };
  });
}

/** The decision's row in merchant_review_decisions, by this reviewer (four-eyes and the file's history read them). */
async function recordReviewDecision(
  trx: Trx,
  reviewer: StaffReviewer,
  row: Omit<Insertable<MerchantReviewDecisions>, 'staff_id' | 'reviewer'>,
): Promise<void> {
  await trx
    .insertInto('merchant_review_decisions')
    .values({ ...row, staff_id: reviewer.staffId, reviewer: staffLabel(reviewer) })
    .execute();
}

/**
 * approve: opens the account (server/onboarding/review.ts `decideMerchant`) when the merchant has no risk flag, or
 * when this is the second approval of a flagged one by another staff member; the first approval of a flagged merchant
 * is recorded and it stays in review, awaiting the second. Refused: not in review (409), the identity not confirmed
 * by a person yet (409 identity_not_confirmed), the same staff member approving again (409 four_eyes_same_reviewer).
 */
export async function approveMerchant(
  db: Database,
  merchantId: string,
  reviewer: StaffReviewer,
  origin: RequestOrigin | null,
): Promise<DecisionResult> {
  return decideInReview(db, merchantId, reviewer, async (trx, merchant) => {
    const identity = await identityVerificationOf(trx, merchantId);
    if (identity.status !== 'verified') {
      throw new AppError(
        'identity_not_confirmed',
        409,
        "A person has not confirmed the representative's identity yet: confirm the photos in the identity review " +
          '(or refuse them) before approving.',
        { details: { identity_status: identity.status } },
      );
    }
    const flags = riskFlagsOf(await reviewFacts(trx, merchantId)).map((item) => item.code);
    const submission = await currentSubmission(trx, merchantId);
    const first = await firstApprovalOf(trx, merchantId, submission.number);
    if (first && first.staff_id === reviewer.staffId) {
      throw new AppError(
        'four_eyes_same_reviewer',
        409,
        'You gave the first approval of this merchant: the second must come from another staff member.',
      );
    }
    const decision = { merchant_id: merchantId, submission: submission.number, risk_flags: flags };
    const audit = { merchantId, subject: `merchant:${merchantId}`, origin };
    const details = { risk_flags: flags.join(',') || null };
    if (flags.length > 0 && !first) {
      await recordReviewDecision(trx, reviewer, { ...decision, decision: 'first_approval' });
      await recordStaffAudit(trx, reviewer, { ...audit, action: 'merchant_review.first_approval', details });
      return [];
    }
    const outcome = await decideMerchant(trx, merchant, { decision: 'approve' }, staffLabel(reviewer));
    await recordReviewDecision(trx, reviewer, { ...decision, decision: 'approved' });
    await recordStaffAudit(trx, reviewer, {
      ...audit,
      action: 'merchant_review.approved',
      details: { ...details, first_approval_by: first?.staff_id ?? null },
    });
    return outcome.outboxIds;
  });
}

/** reject with a reason: the merchant's steps open again and the owner is emailed the reason (decideMerchant). */
export async function rejectMerchant(
  db: Database,
  merchantId: string,
  reason: string,
  reviewer: StaffReviewer,
  origin: RequestOrigin | null,
): Promise<DecisionResult> {
  const why = staffReason(reason, 'A rejection');
  return decideInReview(db, merchantId, reviewer, async (trx, merchant) => {
    const flags = riskFlagsOf(await reviewFacts(trx, merchantId));
    const submission = await currentSubmission(trx, merchantId);
    const outcome = await decideMerchant(
      trx,
      merchant,
      { decision: 'reject', reason: why },
      staffLabel(reviewer),
    );
    await recordReviewDecision(trx, reviewer, {
      merchant_id: merchantId,
      submission: submission.number,
      decision: 'rejected',
      reason: why,
      risk_flags: flags.map((item) => item.code),
    });
    await recordStaffAudit(trx, reviewer, {
      merchantId,
      action: 'merchant_review.rejected',
      subject: `merchant:${merchantId}`,
      details: { reason: why },
      origin,
    });
    return outcome.outboxIds;
  });
}

const stepWords = {
  en: {
    representative: 'Representative',
    company: 'Company',
    directors: 'Directors',
    shareholders: 'Shareholders',
    documents: 'Documents',
    funding: 'Funding',
    identity: 'Identity verification',
  },
  el: {
    representative: 'Εκπρόσωπος',
    company: 'Εταιρεία',
    directors: 'Διευθυντές',
    shareholders: 'Μέτοχοι',
    documents: 'Έγγραφα',
    funding: 'Χρηματοδότηση',
    identity: 'Επαλήθευση ταυτότητας',
  },
} as const;

const requestTexts = {
  en: {
    subject: 'Tameio needs more information about your application',
    body: (name: string, lines: string) =>
      `To finish the review of ${name} we need more information on these steps:\n\n${lines}\n\n` +
      'Sign in, change the steps named (the others stay as they are) and submit your application again.',
  },
  el: {
    subject: 'Το Tameio χρειάζεται περισσότερες πληροφορίες για την αίτησή σας',
    body: (name: string, lines: string) =>
      `Για να ολοκληρώσουμε τον έλεγχο της ${name} χρειαζόμαστε περισσότερες πληροφορίες σε αυτά τα βήματα:\n\n${lines}\n\n` +
      'Συνδεθείτε, αλλάξτε τα βήματα που αναφέρονται (τα άλλα μένουν ως έχουν) και υποβάλετε ξανά την αίτησή σας.',
  },
} as const;

/**
 * Opens a request for more information in the caller's transaction, on a merchant in review (locked by the caller):
 * status information_requested, the steps and notes stored, the owner emailed what to fix. Also used by the
 * identity review's refusal (the identity step).
 */
export async function openInformationRequestIn(
  trx: Trx,
  merchant: { id: string; name: string },
  steps: InformationRequestBody['steps'],
  reviewer: StaffReviewer,
): Promise<string[]> {
  const submission = await currentSubmission(trx, merchant.id);
  const request = await trx
    .insertInto('merchant_information_requests')
    .values({ merchant_id: merchant.id, submission: submission.number, staff_id: reviewer.staffId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('merchant_information_request_steps')
    .values(steps.map((entry) => ({ request_id: request.id, step: entry.step, note: entry.note })))
    .execute();
  await onboardingInformationRequested(trx, {
    merchantId: merchant.id,
    requestId: request.id,
    steps: steps.map((entry) => entry.step),
  });
  await trx
    .updateTable('merchants')
    .set({ status: 'information_requested' })
    .where('id', '=', merchant.id)
    .execute();
  await recordReviewDecision(trx, reviewer, {
    merchant_id: merchant.id,
    submission: submission.number,
    decision: 'information_requested',
  });
  await trx
    .insertInto('merchant_audit')
    .values({
      merchant_id: merchant.id,
      user_id: null,
      event: 'information_requested',
      detail: JSON.stringify({ reviewer: staffLabel(reviewer), steps: steps.map((entry) => entry.step) }),
    })
    .execute();
  const owner = await trx
    .selectFrom('users')
    .select(['email', 'locale'])
    .where('merchant_id', '=', merchant.id)
    .where('is_owner', '=', true)
    .orderBy('created_at')
    .executeTakeFirst();
  if (!owner) return [];
  const language = owner.locale === 'el' ? 'el' : 'en';
  const lines = steps.map((entry) => `- ${stepWords[language][entry.step]}: ${entry.note}`).join('\n');
  return [
    await enqueueMessage(trx, {
      to: owner.email,
      channel: 'email',
      subject: requestTexts[language].subject,
      body: requestTexts[language].body(merchant.name, lines),
    }),
  ];
}

/**
 * Asks a merchant in review for more information on named steps, each with a note: those steps open again (the
 * others stay read-only), the merchant resubmits and is back in the queue. 400 for unknown or repeated steps or an
 * empty note; nothing is written then.
 */
export async function requestMerchantInformation(
  db: Database,
  merchantId: string,
  body: unknown,
  reviewer: StaffReviewer,
  origin: RequestOrigin | null,
): Promise<DecisionResult> {
  const parsed = InformationRequestBody.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'steps'] ??= issue.message;
    throw new AppError('validation_failed', 400, 'Some fields are missing or not valid.', { fields });
  }
  return decideInReview(db, merchantId, reviewer, async (trx, merchant) => {
    const outboxIds = await openInformationRequestIn(trx, merchant, parsed.data.steps, reviewer);
    await recordStaffAudit(trx, reviewer, {
      merchantId,
      action: 'merchant_review.information_requested',
      subject: `merchant:${merchantId}`,
      details: { steps: parsed.data.steps.map((entry) => entry.step).join(',') },
      origin,
    });
    return outboxIds;
  });
}

/**
 * A reviewer checks the saved VAT number again (the registry only when VIES_URL is configured): the result is
 * stored and the file's flags follow it. The registry is asked before the transaction, which only records.
 */
export async function recheckMerchantVat(
  db: Database,
  viesUrl: string | undefined,
  merchantId: string,
  reviewer: StaffReviewer,
  origin: RequestOrigin | null,
): Promise<MerchantReviewFile> {
  const state = await onboardingState(db, merchantId).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 404
      ? new AppError('not_found', 404, 'No merchant with this id.')
      : error;
  });
  const company = state.steps.company;
  if (!company) {
    throw new AppError('conflict', 409, 'The merchant has not saved a VAT number yet.');
  }
  const input = { country: company.country_of_registration, vat_number: company.vat_number };
  const result = await vatCheck(viesUrl, input);
  return db.transaction().execute(async (trx) => {
    await refuseOwnCompany(trx, reviewer.staffId, merchantId);
    await recordVatCheck(trx, merchantId, input, result, reviewer.staffId);
    await recordStaffAudit(trx, reviewer, {
      merchantId,
      action: 'merchant_review.vat_checked',
      subject: `merchant:${merchantId}`,
      details: { registry: result.registry, format_valid: result.format_valid },
      origin,
    });
    return merchantReviewFile(trx, merchantId);
  });
}
