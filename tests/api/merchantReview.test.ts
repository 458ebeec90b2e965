import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/audit/auditTrail';
import { AppError } from '../../server/errors';
import { confirmIdentity, identityReviewQueue, refuseIdentity } from '../../server/review/identityReview';
import {
  approveMerchant,
  merchantReviewFile,
  merchantReviewQueue,
  recheckMerchantVat,
  rejectMerchant,
  requestMerchantInformation,
  type StaffReviewer,
} from '../../server/review/merchantReview';
import { api, bodyOf, expectStatus } from './client';
import { readOutbox, startTestServer, type TestServer } from './harness';
import { initiateKyc, passKyc, submittedForReview } from './kycPass';
import {
  directors,
  onboardingOwner,
  pdfBytes,
  representative,
  saveAllSteps,
  upload,
} from './onboardingFixtures';
import { insertStaff } from './staffHelpers';

/*
 * The bank's review of a merchant (server/review/): the file and the queue, four-eyes on flagged merchants, requests
 * for more information on named steps and the merchant's answer, a person's review of the identity photos, and bad
 * input that leaves no trace. The staff members are plain staff_users rows (the staff realm's sign-in is not needed
 * to decide); the merchants go through the real onboarding API.
 */

let server: TestServer;
/** A stand-in for the VIES registry: valid, under the name the test sets. */
let vies: Server;
let viesUrl = '';
let registryName = 'AEGEAN COFFEE I.K.E.';

beforeAll(async () => {
  server = await startTestServer();
  vies = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ valid: true, name: registryName }));
  });
  await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
  viesUrl = `http://127.0.0.1:${(vies.address() as AddressInfo).port}/check-vat-number`;
});
afterAll(async () => {
  await new Promise((resolve) => vies.close(resolve));
  await server.close();
});

/** The same, with its VAT number confirmed by the registry and its identity confirmed: no risk flag. */
async function unflagged(checker: StaffReviewer) {
  const owner = await submittedForReview(server);
  registryName = 'AEGEAN COFFEE I.K.E.';
  await recheckMerchantVat(server.db, viesUrl, owner.merchantId, checker, null);
  await confirmIdentity(server.db, owner.verificationId, checker, null);
  return owner;
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

async function merchantStatus(merchantId: string) {
  const row = await server.db
    .selectFrom('merchants')
    .select('status')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** Everything a decision writes for this merchant, to prove a refused one wrote nothing. */
async function traces(merchantId: string) {
  const count = async (
    table: 'merchant_review_decisions' | 'merchant_information_requests' | 'audit_trail',
  ) =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('merchant_id', '=', merchantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    status: await merchantStatus(merchantId),
    decisions: await count('merchant_review_decisions'),
    requests: await count('merchant_information_requests'),
    audit: await count('audit_trail'),
    accounts: (
      await server.db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .execute()
    ).length,
  };
}

async function staffAudit(merchantId: string) {
  return server.db
    .selectFrom('audit_trail')
    .select(['realm', 'actor_user_id', 'action', 'subject', 'details'])
    .where('merchant_id', '=', merchantId)
    .where('realm', '=', 'staff')
    .orderBy('id')
    .execute();
}

describe('the review file and the queue', () => {
  it('shows everything onboarding collected, with the risk flags, and queues merchants in review oldest first', async () => {
    const first = await submittedForReview(server);
    const second = await submittedForReview(server);
    const file = await merchantReviewFile(server.db, first.merchantId);
    expect(file.merchant).toMatchObject({ id: first.merchantId, status: 'in_review' });
    expect(file.state).toBe('awaiting_review');
    expect(file.owner?.email).toBe(first.email);
    expect(file.steps.representative?.last_name).toBe(representative.last_name);
    expect(file.steps.company?.vat_number).toBe('123456783');
    expect(file.steps.directors?.directors).toHaveLength(directors.directors.length);
    expect(file.steps.shareholders?.shareholders).toHaveLength(2);
    expect(file.steps.funding).not.toBeNull();
    expect(file.ownership_basis_points).toBe(10_000);
    expect(file.documents.map((doc) => doc.type)).toEqual(file.required_documents);
    expect(file.missing_documents).toEqual([]);
    expect(file.identity).toMatchObject({
      verification_id: first.verificationId,
      status: 'awaiting_review',
      first_name: representative.first_name,
      review: { status: 'awaiting_review', reason: null },
    });
    expect(file.identity?.photos.map((photo) => photo.side).sort()).toEqual(['front', 'selfie']);
    expect(file.identity?.checks.every((check) => check.passed)).toBe(true);
    // No registry here: the VAT number was never confirmed, a reason for a second reviewer.
    expect(file.vat_check).toBeNull();
    expect(file.risk_flags.map((flag) => flag.code)).toEqual(['vat_not_checked']);
    expect(file.approvals_needed).toBe(2);
    expect(file.history.map((entry) => entry.event)).toEqual(['submitted']);

    const queue = await merchantReviewQueue(server.db);
    const ids = queue.items.map((item) => item.merchant_id);
    expect(ids.indexOf(first.merchantId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.merchantId)).toBeLessThan(ids.indexOf(second.merchantId));
    expect(queue.items.find((item) => item.merchant_id === first.merchantId)).toMatchObject({
      state: 'awaiting_review',
      identity_status: 'awaiting_review',
      risk_flags: [{ code: 'vat_not_checked' }],
    });
  });

  it('flags a VAT number the registry refuses, a registry name that is not the company, and names that differ', async () => {
    const checker = await insertStaff(server);
    const owner = await submittedForReview(server);
    registryName = 'Kyma Shipping AE';
    const file = await recheckMerchantVat(server.db, viesUrl, owner.merchantId, checker, null);
    expect(file.vat_check).toMatchObject({
      registry: 'valid',
      name: 'Kyma Shipping AE',
      checked_by: 'staff',
    });
    expect(file.risk_flags.map((flag) => flag.code)).toEqual(['company_name_mismatch']);

    // The representative's name changed after the identity photos were checked (stale data in review).
    await server.db
      .updateTable('merchant_onboarding')
      .set({
        representative: JSON.stringify({ ...representative, first_name: 'Maria', phone: '+302101234567' }),
      })
      .where('merchant_id', '=', owner.merchantId)
      .execute();
    const stale = await merchantReviewFile(server.db, owner.merchantId);
    expect(stale.risk_flags.map((flag) => flag.code)).toEqual([
      'representative_name_mismatch',
      'company_name_mismatch',
      'representative_not_director',
    ]);
  });

  it('records the merchant’s own VAT check from the company step', async () => {
    const owner = await submittedForReview(server);
    const checked = await api(server.app, 'POST', '/api/merchants/onboarding/vat_check/', {
      token: owner.token,
      body: { country: 'GR', vat_number: 'EL 123456783' },
    });
    expectStatus(checked, 200);
    const file = await merchantReviewFile(server.db, owner.merchantId);
    expect(file.vat_check).toMatchObject({
      country: 'GR',
      vat_number: '123456783',
      registry: 'not_configured',
      checked_by: 'merchant',
    });
    expect(file.risk_flags.map((flag) => flag.code)).toEqual(['vat_not_checked']);
  });
});

describe('four-eyes', () => {
  it('a merchant without a risk flag is opened by one approval', async () => {
    const reviewer = await insertStaff(server);
    const owner = await unflagged(reviewer);
    const before = await merchantReviewFile(server.db, owner.merchantId);
    expect(before.risk_flags).toEqual([]);
    expect(before.approvals_needed).toBe(1);

    const approved = await approveMerchant(server.db, owner.merchantId, reviewer, {
      ip: '198.51.100.7',
      userAgent: 'back-office test',
    });
    expect(approved.file.merchant.status).toBe('approved');
    expect(approved.outboxIds).toHaveLength(1);
    expect((await traces(owner.merchantId)).accounts).toBe(1);
    const [mail] = await readOutbox(server.app, owner.email);
    expect(mail?.subject).toBe('Your Tameio account is open');
    const entries = await staffAudit(owner.merchantId);
    expect(entries.map((entry) => entry.action)).toEqual([
      'merchant_review.vat_checked',
      'identity_review.confirmed',
      'merchant_review.approved',
    ]);
    expect(entries.every((entry) => entry.actor_user_id === reviewer.staffId)).toBe(true);
    const decided = await server.db
      .selectFrom('audit_trail')
      .select(['ip', 'user_agent'])
      .where('merchant_id', '=', owner.merchantId)
      .where('action', '=', 'merchant_review.approved')
      .executeTakeFirstOrThrow();
    expect(decided).toEqual({ ip: '198.51.100.7', user_agent: 'back-office test' });
    expect((await verifyAuditChain(server.db)).ok).toBe(true);
  });

  it('a flagged merchant needs a second, different reviewer; the same one approving twice is refused', async () => {
    const first = await insertStaff(server);
    const second = await insertStaff(server);
    const owner = await submittedForReview(server);
    await confirmIdentity(server.db, owner.verificationId, first, null);

    const one = await approveMerchant(server.db, owner.merchantId, first, null);
    expect(one.file.merchant.status).toBe('in_review');
    expect(one.file.state).toBe('awaiting_second_approval');
    expect(one.file.first_approval?.by.staff_id).toBe(first.staffId);
    expect(one.outboxIds).toEqual([]);
    expect((await traces(owner.merchantId)).accounts).toBe(0);
    const queued = (await merchantReviewQueue(server.db)).items.find(
      (item) => item.merchant_id === owner.merchantId,
    );
    expect(queued?.state).toBe('awaiting_second_approval');

    const before = await traces(owner.merchantId);
    const twice = await refusal(approveMerchant(server.db, owner.merchantId, first, null));
    expect(twice.statusCode).toBe(409);
    expect(twice.code).toBe('four_eyes_same_reviewer');
    expect(twice.message).toMatch(/second must come from another staff member/);
    expect(await traces(owner.merchantId)).toEqual(before);

    const two = await approveMerchant(server.db, owner.merchantId, second, null);
    expect(two.file.merchant.status).toBe('approved');
    expect((await traces(owner.merchantId)).accounts).toBe(1);
    expect(two.file.history.map((entry) => [entry.event, entry.by?.staff_id ?? null])).toEqual([
      ['submitted', null],
      ['first_approval', first.staffId],
      ['approved', second.staffId],
    ]);
    expect((await staffAudit(owner.merchantId)).map((entry) => entry.action)).toEqual([
      'identity_review.confirmed',
      'merchant_review.first_approval',
      'merchant_review.approved',
    ]);
  });

  it('approval waits for a person to confirm the identity, and nobody reviews their own company', async () => {
    const reviewer = await insertStaff(server);
    const owner = await submittedForReview(server);
    const before = await traces(owner.merchantId);
    const early = await refusal(approveMerchant(server.db, owner.merchantId, reviewer, null));
    expect(early.statusCode).toBe(409);
    expect(early.code).toBe('identity_not_confirmed');
    expect(early.message).toMatch(/identity review/);
    expect(await traces(owner.merchantId)).toEqual(before);

    const insider = await insertStaff(server, 'reviewer', { email: owner.email });
    const own = await refusal(approveMerchant(server.db, owner.merchantId, insider, null));
    expect(own.statusCode).toBe(403);
    expect(own.message).toMatch(/company you are a user of/);
    const ownIdentity = await refusal(confirmIdentity(server.db, owner.verificationId, insider, null));
    expect(ownIdentity.statusCode).toBe(403);
    expect(await traces(owner.merchantId)).toEqual(before);
  });

  it('a first approval does not carry over a request for more information', async () => {
    const first = await insertStaff(server);
    const owner = await submittedForReview(server);
    await confirmIdentity(server.db, owner.verificationId, first, null);
    await approveMerchant(server.db, owner.merchantId, first, null);
    await requestMerchantInformation(
      server.db,
      owner.merchantId,
      { steps: [{ step: 'funding', note: 'Name the bank the funds come from.' }] },
      first,
      null,
    );
    const resent = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(resent, 200);
    const file = await merchantReviewFile(server.db, owner.merchantId);
    expect(file.state).toBe('awaiting_review');
    expect(file.first_approval).toBeNull();
    // The same staff member may give the first approval of the new submission.
    const again = await approveMerchant(server.db, owner.merchantId, first, null);
    expect(again.file.state).toBe('awaiting_second_approval');
  });

  it('rejects with a reason, the staff member recorded', async () => {
    const reviewer = await insertStaff(server);
    const owner = await submittedForReview(server);
    const empty = await refusal(rejectMerchant(server.db, owner.merchantId, '   ', reviewer, null));
    expect(empty.statusCode).toBe(400);
    const rejected = await rejectMerchant(
      server.db,
      owner.merchantId,
      'The articles of association are not signed.',
      reviewer,
      null,
    );
    expect(rejected.file.merchant.status).toBe('rejected');
    expect(rejected.file.history.at(-1)).toMatchObject({
      event: 'rejected',
      by: { staff_id: reviewer.staffId },
      reason: 'The articles of association are not signed.',
    });
    const [entry] = await staffAudit(owner.merchantId);
    expect(entry).toMatchObject({
      action: 'merchant_review.rejected',
      actor_user_id: reviewer.staffId,
      details: { reason: 'The articles of association are not signed.' },
    });
    const state = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expect(state.body).toMatchObject({
      merchant: { status: 'rejected' },
      rejection_reason: 'The articles of association are not signed.',
    });
    // Rejected once: the next submission carries the flag.
    const resent = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(resent, 200);
    const file = await merchantReviewFile(server.db, owner.merchantId);
    expect(file.risk_flags.map((flag) => flag.code)).toContain('previously_rejected');
  });
});

describe('more information on named steps', () => {
  it('opens exactly those steps with their notes; the merchant fixes them, resubmits and is back in the queue', async () => {
    const reviewer = await insertStaff(server);
    const owner = await submittedForReview(server);
    const asked = await requestMerchantInformation(
      server.db,
      owner.merchantId,
      {
        steps: [
          { step: 'documents', note: 'The proof of address is older than three months.' },
          { step: 'directors', note: 'Add the second director named in the articles.' },
        ],
      },
      reviewer,
      null,
    );
    expect(asked.file.merchant.status).toBe('information_requested');
    expect(asked.outboxIds).toHaveLength(1);
    const [mail] = await readOutbox(server.app, owner.email);
    expect(mail?.subject).toBe('Tameio needs more information about your application');
    expect(mail?.body).toContain('- Directors: Add the second director named in the articles.');
    // The owner's bell and /information-submitted hear of it too (and are not emailed twice).
    const bell = await api(server.app, 'GET', '/api/merchants/notifications/', { token: owner.token });
    expect(
      bodyOf(bell, 200)
        .items.filter((item) => item.kind === 'onboarding_information_requested')
        .map((item) => item.params),
    ).toEqual([{ steps: 'documents,directors', count: '2' }]);
    expect((await merchantReviewQueue(server.db)).items.map((item) => item.merchant_id)).not.toContain(
      owner.merchantId,
    );

    const state = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(state, 200);
    expect(state.body.merchant.status).toBe('information_requested');
    expect(state.body.editable).toBe(true);
    // In the onboarding's order, each with its note.
    expect(state.body.information_request?.steps).toEqual([
      { step: 'directors', note: 'Add the second director named in the articles.' },
      { step: 'documents', note: 'The proof of address is older than three months.' },
    ]);

    // The other steps stay as they are.
    const locked = await api(server.app, 'PUT', '/api/merchants/onboarding/representative/', {
      token: owner.token,
      body: representative,
    });
    expectStatus(locked, 409);
    expect(locked.body.error.code).toBe('step_locked');
    expect(locked.body.error.message).toMatch(/directors, documents only/);
    const noKyc = await api(server.app, 'POST', '/api/merchants/kyc/initiate/', {
      token: owner.token,
      body: {
        document_type: 'passport',
        document_number: 'AK 1',
        expiry_date: '2099-01-01',
        first_name: 'Eleni',
        last_name: 'Papadopoulou',
      },
    });
    expect(noKyc.status).toBe(409);

    const secondDirector = {
      ...directors.directors[0]!,
      first_name: 'Nikos',
      last_name: 'Georgiou',
      is_legal_representative: false,
    };
    const fixed = await api(server.app, 'PUT', '/api/merchants/onboarding/directors/', {
      token: owner.token,
      body: { directors: [...directors.directors, secondDirector] },
    });
    expectStatus(fixed, 200);
    const uploaded = await upload(
      server.app,
      owner.token,
      { content: pdfBytes, filename: 'new-proof.pdf' },
      'proof_of_address',
    );
    expectStatus(uploaded, 201);

    const resent = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(resent, 200);
    expect(resent.body).toMatchObject({ merchant: { status: 'in_review' }, information_request: null });
    expect((await merchantReviewQueue(server.db)).items.map((item) => item.merchant_id)).toContain(
      owner.merchantId,
    );
    const file = await merchantReviewFile(server.db, owner.merchantId);
    expect(file.steps.directors?.directors).toHaveLength(2);
    expect(file.history.map((entry) => entry.event)).toEqual([
      'submitted',
      'information_requested',
      'submitted',
    ]);
    expect(file.history[1]).toMatchObject({
      by: { staff_id: reviewer.staffId },
      steps: [
        { step: 'directors', note: 'Add the second director named in the articles.' },
        { step: 'documents', note: 'The proof of address is older than three months.' },
      ],
    });
    const requests = await server.db
      .selectFrom('merchant_information_requests')
      .select(['answered_at'])
      .where('merchant_id', '=', owner.merchantId)
      .execute();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.answered_at).toBeInstanceOf(Date);
    expect((await staffAudit(owner.merchantId)).map((entry) => [entry.action, entry.details])).toEqual([
      ['merchant_review.information_requested', { steps: 'documents,directors' }],
    ]);
  });

  it('refuses a rejection or an identity refusal without a reason or with one too long, leaving no trace', async () => {
    const reviewer = await insertStaff(server);
    const owner = await submittedForReview(server);
    const before = await traces(owner.merchantId);
    for (const [reason, words] of [
      ['   ', 'This field is required.'],
      ['x'.repeat(501), 'Max 500 characters.'],
    ] as const) {
      const rejection = await refusal(rejectMerchant(server.db, owner.merchantId, reason, reviewer, null));
      expect(rejection).toMatchObject({
        statusCode: 400,
        code: 'validation_failed',
        message: 'A rejection needs a reason of at most 500 characters.',
        fields: { reason: words },
      });
      const identity = await refusal(refuseIdentity(server.db, owner.verificationId, reason, reviewer, null));
      expect(identity).toMatchObject({
        statusCode: 400,
        code: 'validation_failed',
        message: 'A refusal needs a reason of at most 500 characters.',
        fields: { reason: words },
      });
    }
    expect(await traces(owner.merchantId)).toEqual(before);
    const verification = await server.db
      .selectFrom('kyc_verifications')
      .select(['review_status', 'review_reason'])
      .where('id', '=', owner.verificationId)
      .executeTakeFirstOrThrow();
    expect(verification).toEqual({ review_status: null, review_reason: null });
  });

  it('refuses unknown or repeated steps, an empty note and an unknown merchant with 4xx, leaving no trace', async () => {
    const reviewer = await insertStaff(server);
    const owner = await submittedForReview(server);
    const before = await traces(owner.merchantId);
    const bad: unknown[] = [
      { steps: [] },
      { steps: [{ step: 'banking', note: 'Which bank?' }] },
      { steps: [{ step: 'review', note: 'Everything.' }] },
      { steps: [{ step: 'directors', note: '   ' }] },
      { steps: [{ step: 'directors', note: 'x'.repeat(501) }] },
      {
        steps: [
          { step: 'directors', note: 'One.' },
          { step: 'directors', note: 'Two.' },
        ],
      },
      { steps: [{ step: 'directors' }] },
      {},
    ];
    for (const body of bad) {
      const error = await refusal(
        requestMerchantInformation(server.db, owner.merchantId, body, reviewer, null),
      );
      expect(error.statusCode, JSON.stringify(body)).toBe(400);
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {}).length).toBeGreaterThan(0);
    }
    const unknown = await refusal(
      requestMerchantInformation(
        server.db,
        '00000000-0000-4000-8000-000000000000',
        { steps: [{ step: 'directors', note: 'Add one.' }] },
        reviewer,
        null,
      ),
    );
    expect(unknown.statusCode).toBe(404);
    const unknownFile = await refusal(merchantReviewFile(server.db, '00000000-0000-4000-8000-000000000000'));
    expect(unknownFile.statusCode).toBe(404);
    expect(await traces(owner.merchantId)).toEqual(before);

    // Not in review (still onboarding): 409, nothing written.
    const early = await onboardingOwner(server.app, server.db);
    const untouched = await traces(early.merchantId);
    const notInReview = await refusal(
      requestMerchantInformation(
        server.db,
        early.merchantId,
        { steps: [{ step: 'directors', note: 'Add one.' }] },
        reviewer,
        null,
      ),
    );
    expect(notInReview.statusCode).toBe(409);
    expect(await traces(early.merchantId)).toEqual(untouched);
  });
});

describe('identity review', () => {
  it('the merchant reads "awaiting review" until a person confirms, then "verified"', async () => {
    const reviewer = await insertStaff(server);
    const owner = await onboardingOwner(server.app, server.db);
    await saveAllSteps(server.app, owner.token);
    const verificationId = await passKyc(server, owner.token);
    const waiting = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expect(bodyOf(waiting, 200).identity_verification).toEqual({
      status: 'awaiting_review',
      verified_at: null,
      refusal_reason: null,
    });
    const kyc = await api(server.app, 'GET', '/api/merchants/kyc/', { token: owner.token });
    expect(bodyOf(kyc, 200).verification?.review).toEqual({
      status: 'awaiting_review',
      reason: null,
      reviewed_at: null,
    });
    const queue = await identityReviewQueue(server.db);
    expect(queue.items.find((item) => item.verification_id === verificationId)).toMatchObject({
      merchant: { id: owner.merchantId, status: 'onboarding' },
      representative: { first_name: representative.first_name, last_name: representative.last_name },
    });

    const confirmed = await confirmIdentity(server.db, verificationId, reviewer, null);
    expect(confirmed.status).toBe('verified');
    expect(confirmed.reviewed_by?.staff_id).toBe(reviewer.staffId);
    const verified = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expect(bodyOf(verified, 200).identity_verification).toMatchObject({
      status: 'verified',
      verified_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await identityReviewQueue(server.db)).items.map((item) => item.verification_id)).not.toContain(
      verificationId,
    );
    const twice = await refusal(confirmIdentity(server.db, verificationId, reviewer, null));
    expect(twice.statusCode).toBe(409);
    expect(twice.code).toBe('identity_review_state');
    const [entry] = await staffAudit(owner.merchantId);
    expect(entry).toMatchObject({
      action: 'identity_review.confirmed',
      actor_user_id: reviewer.staffId,
      subject: `kyc_verification:${verificationId}`,
    });
  });

  it('refused while onboarding: the merchant reads why and takes the photos again before submitting', async () => {
    const reviewer = await insertStaff(server);
    const owner = await onboardingOwner(server.app, server.db);
    await saveAllSteps(server.app, owner.token);
    const verificationId = await passKyc(server, owner.token);
    const empty = await refusal(refuseIdentity(server.db, verificationId, '', reviewer, null));
    expect(empty.statusCode).toBe(400);
    await refuseIdentity(
      server.db,
      verificationId,
      'The selfie is too dark to see the face.',
      reviewer,
      null,
    );
    const state = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expect(bodyOf(state, 200).identity_verification).toEqual({
      status: 'refused',
      verified_at: null,
      refusal_reason: 'The selfie is too dark to see the face.',
    });
    const blocked = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(blocked, 422);
    expect(Object.keys(blocked.body.error.fields ?? {})).toEqual(['identity_verification']);
    // The refused attempt is not evaluated again: a new one is needed.
    const stale = await api(server.app, 'POST', '/api/merchants/kyc/{id}/evaluate/', {
      params: { id: verificationId },
      token: owner.token,
    });
    expectStatus(stale, 409);
    await passKyc(server, owner.token);
    const again = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expect(bodyOf(again, 200).identity_verification.status).toBe('awaiting_review');
  });

  it('refused while in review: the merchant is asked to take the photos again, and only that', async () => {
    const reviewer = await insertStaff(server);
    const owner = await submittedForReview(server);
    const outcome = await refuseIdentity(
      server.db,
      owner.verificationId,
      'The document photo is cut off.',
      reviewer,
      null,
    );
    expect(outcome.outboxIds).toHaveLength(1);
    expect(await merchantStatus(owner.merchantId)).toBe('information_requested');
    const bell = await api(server.app, 'GET', '/api/merchants/notifications/', { token: owner.token });
    expect(bodyOf(bell, 200).items.map((item) => [item.kind, item.params.steps])).toContainEqual([
      'onboarding_information_requested',
      'identity',
    ]);
    const state = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expect(bodyOf(state, 200).information_request?.steps).toEqual([
      { step: 'identity', note: 'The document photo is cut off.' },
    ]);
    const locked = await api(server.app, 'PUT', '/api/merchants/onboarding/directors/', {
      token: owner.token,
      body: directors,
    });
    expectStatus(locked, 409);
    // The identity step is open: a new verification can start.
    await initiateKyc(server, owner.token);
    expect((await staffAudit(owner.merchantId)).map((entry) => entry.action)).toEqual([
      'identity_review.refused',
    ]);
  });
});
