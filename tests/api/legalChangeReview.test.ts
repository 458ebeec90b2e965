import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/audit/auditTrail';
import {
  decideLegalChange,
  legalChange,
  legalChangeDocument,
  legalChangeQueue,
} from '../../server/profile/legalChangeReview';
import { storageFor } from '../../server/storage';
import { api, apiWithBadInput, expectStatus, type JsonBodyOf } from './client';
import { startTestServer, type TestServer } from './harness';
import { approvedOwner, company, directors, onboardingOwner, pdfBytes, upload } from './onboardingFixtures';
import { auditAfter, lastAuditId } from './auditEntries';
import { insertStaff, signInStaff } from './staffHelpers';
import { databaseDigest } from './tableDigest';

/*
 * The bank's review of a change of legal details (schemas/legalChangeReview.schema.ts): the queue a reviewer reads
 * (oldest first, the merchant, what changes from what to what, the documents added from the profile), and the
 * decision by a staff member: approve applies the data, reject keeps it and tells the owner why, a second decision
 * is 409, bad input changes nothing, and each decision is one entry of the audit trail in the staff realm. First the
 * domain functions, then the same through /api/back-office/legal-changes/ with the roles of the area (a reviewer or
 * an admin; never operations, never a merchant's token). Real server, real database.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const origin = { ip: '203.0.113.7', userAgent: 'LegalChangeReviewTest/1.0' };

type Owner = Awaited<ReturnType<typeof onboardingOwner>>;

const legalCompany = {
  name: 'Aegean Roasters IKE',
  legal_form: 'ike',
  country_of_registration: 'GR',
  vat_number: 'EL 123456783',
  registration_number: '123456701000',
  tic_number: '123456783',
  registered_address: company.registered_address,
} satisfies Extract<JsonBodyOf<'POST', '/api/merchants/profile/changes/'>, { kind: 'company' }>['data'];

const newBoard = {
  directors: [
    ...directors.directors,
    {
      first_name: 'Nikos',
      last_name: 'Georgiou',
      date_of_birth: '1979-09-30',
      is_legal_representative: false,
      home_address: { ...company.registered_address, line1: 'Patision 9' },
    },
  ],
};

async function requestChange(owner: Owner, body: JsonBodyOf<'POST', '/api/merchants/profile/changes/'>) {
  const response = await api(server.app, 'POST', '/api/merchants/profile/changes/', {
    token: owner.token,
    body,
  });
  expectStatus(response, 201);
  return response.body;
}

async function profileOf(owner: Owner) {
  const response = await api(server.app, 'GET', '/api/merchants/profile/', { token: owner.token });
  expectStatus(response, 200);
  return response.body;
}

describe('the queue of changes waiting for review', () => {
  it('lists waiting changes oldest first, with the merchant, from what to what, and the documents to open', async () => {
    const first = await approvedOwner(server.app, server.db);
    const second = await approvedOwner(server.app, server.db);
    // A supporting paper added from the profile; onboarding's own documents are not repeated.
    const paper = await upload(
      server.app,
      first.token,
      { content: pdfBytes, filename: 'registry-extract.pdf' },
      'certificate_of_registration',
      '/api/merchants/profile/documents/',
    );
    expectStatus(paper, 201);
    const renamed = await requestChange(first, { kind: 'company', data: legalCompany });
    const board = await requestChange(second, { kind: 'directors', data: newBoard });

    const queue = await legalChangeQueue(server.db);
    const ids = queue.items.map((item) => item.id);
    expect(ids).toContain(renamed.id);
    expect(ids).toContain(board.id);
    expect(ids.indexOf(renamed.id)).toBeLessThan(ids.indexOf(board.id));
    const created = queue.items.map((item) => item.created_at);
    expect(created).toEqual([...created].sort());
    expect(queue.items.every((item) => item.status === 'pending_review')).toBe(true);

    const company1 = queue.items.find((item) => item.id === renamed.id);
    expect(company1).toMatchObject({
      kind: 'company',
      merchant: { id: first.merchantId },
      requested_by: { email: first.email },
      decided_by: null,
      changed_fields: ['name'],
    });
    if (company1?.kind !== 'company') throw new Error('a company change');
    expect(company1.current?.name).toBe(company.name);
    expect(company1.proposed.name).toBe('Aegean Roasters IKE');
    expect(company1.documents.map((document) => document.id)).toEqual([paper.body.id]);

    const board1 = queue.items.find((item) => item.id === board.id);
    expect(board1).toMatchObject({ kind: 'directors', changed_fields: ['directors'], documents: [] });
    if (board1?.kind !== 'directors') throw new Error('a directors change');
    expect(board1.current?.directors).toHaveLength(1);
    expect(board1.proposed.directors).toHaveLength(2);
  });

  it('opens a document the change’s merchant added from its profile, and no other', async () => {
    const owner = await approvedOwner(server.app, server.db);
    const someoneElse = await approvedOwner(server.app, server.db);
    const paper = await upload(
      server.app,
      owner.token,
      { content: pdfBytes, filename: 'minutes.pdf' },
      'articles_of_association',
      '/api/merchants/profile/documents/',
    );
    expectStatus(paper, 201);
    const theirs = await upload(
      server.app,
      someoneElse.token,
      { content: pdfBytes, filename: 'theirs.pdf' },
      'certificate_of_registration',
      '/api/merchants/profile/documents/',
    );
    expectStatus(theirs, 201);
    const change = await requestChange(owner, { kind: 'directors', data: newBoard });
    const storage = storageFor(server.config);

    const file = await legalChangeDocument(server.db, storage, change.id, paper.body.id);
    expect(file.fileName).toBe('minutes.pdf');
    expect(file.contentType).toBe('application/pdf');
    expect(file.data.equals(pdfBytes)).toBe(true);

    // Another merchant's paper, one of onboarding's, an unknown change: not found.
    const onboardingDocument = await server.db
      .selectFrom('merchant_documents')
      .select('id')
      .where('merchant_id', '=', owner.merchantId)
      .where('id', '<>', paper.body.id)
      .executeTakeFirstOrThrow();
    for (const [changeId, documentId] of [
      [change.id, theirs.body.id],
      [change.id, onboardingDocument.id],
      [crypto.randomUUID(), paper.body.id],
    ] as const) {
      await expect(legalChangeDocument(server.db, storage, changeId, documentId)).rejects.toMatchObject({
        code: 'not_found',
        statusCode: 404,
      });
    }
  });
});

describe('a staff member decides', () => {
  it('approves: the data applies, the merchant is renamed, the owner sees it, one staff entry on the trail', async () => {
    const owner = await approvedOwner(server.app, server.db);
    const reviewer = await insertStaff(server, 'reviewer', { name: 'Maria Reviewer' });
    const change = await requestChange(owner, { kind: 'company', data: legalCompany });
    const before = await lastAuditId(server);

    const decided = await decideLegalChange(
      server.db,
      change.id,
      { decision: 'approve' },
      { staffId: reviewer.staffId },
      origin,
    );
    expect(decided).toMatchObject({
      id: change.id,
      status: 'approved',
      reason: null,
      decided_by: { staff_id: reviewer.staffId, name: 'Maria Reviewer' },
    });
    expect(decided.decided_at).not.toBeNull();

    const profile = await profileOf(owner);
    expect(profile.company?.name).toBe('Aegean Roasters IKE');
    expect(profile.merchant.name).toBe('Aegean Roasters IKE');
    // What the change did not name stays as it was.
    expect(profile.company?.phone).toBe('+302101234567');
    expect(profile.changes[0]).toMatchObject({ id: change.id, status: 'approved' });
    expect((await legalChangeQueue(server.db)).items.map((item) => item.id)).not.toContain(change.id);

    const entries = await auditAfter(server, before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      realm: 'staff',
      actor_user_id: reviewer.staffId,
      merchant_id: owner.merchantId,
      action: 'legal_change.approved',
      subject: `profile_change:${change.id}`,
      details: { kind: 'company' },
      ip: origin.ip,
      user_agent: origin.userAgent,
    });
    const recorded = await server.db
      .selectFrom('profile_change_requests')
      .select('decided_by')
      .where('id', '=', change.id)
      .executeTakeFirstOrThrow();
    expect(recorded.decided_by).toBe(reviewer.staffId);
    expect((await verifyAuditChain(server.db)).ok).toBe(true);
  });

  it('rejects with a reason: the data stays, the owner reads the reason, the trail says why', async () => {
    const owner = await approvedOwner(server.app, server.db);
    const reviewer = await insertStaff(server, 'admin');
    const change = await requestChange(owner, { kind: 'directors', data: newBoard });
    const before = await lastAuditId(server);

    const decided = await decideLegalChange(
      server.db,
      change.id,
      { decision: 'reject', reason: '  Send the board resolution.  ' },
      { staffId: reviewer.staffId },
      origin,
    );
    expect(decided).toMatchObject({ status: 'rejected', reason: 'Send the board resolution.' });

    const profile = await profileOf(owner);
    expect(profile.directors?.directors).toHaveLength(1);
    expect(profile.changes[0]).toMatchObject({
      id: change.id,
      status: 'rejected',
      reason: 'Send the board resolution.',
    });
    const entries = await auditAfter(server, before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      realm: 'staff',
      actor_user_id: reviewer.staffId,
      action: 'legal_change.rejected',
      details: { kind: 'directors', reason: 'Send the board resolution.' },
    });
  });

  it('decides a change once: a second decision, by anyone, is 409 and changes nothing', async () => {
    const owner = await approvedOwner(server.app, server.db);
    const first = await insertStaff(server, 'reviewer');
    const second = await insertStaff(server, 'reviewer');
    const change = await requestChange(owner, { kind: 'company', data: legalCompany });
    await decideLegalChange(
      server.db,
      change.id,
      { decision: 'approve' },
      { staffId: first.staffId },
      origin,
    );

    const before = await databaseDigest(server.db);
    for (const [staff, body] of [
      [first, { decision: 'approve' as const }],
      [second, { decision: 'reject' as const, reason: 'Too late' }],
    ] as const) {
      await expect(
        decideLegalChange(server.db, change.id, body, { staffId: staff.staffId }, origin),
      ).rejects.toMatchObject({ code: 'conflict', statusCode: 409, details: { status: 'approved' } });
    }
    const sandbox = await api(server.app, 'POST', '/api/sandbox/reviews/profile_changes/{id}/', {
      params: { id: change.id },
      body: { decision: 'reject', reason: 'Too late' },
    });
    expectStatus(sandbox, 409);
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('refuses a rejection without a reason and an unknown change, leaving no trace', async () => {
    const owner = await approvedOwner(server.app, server.db);
    const reviewer = await insertStaff(server, 'reviewer');
    const change = await requestChange(owner, { kind: 'company', data: legalCompany });
    const before = await databaseDigest(server.db);

    await expect(
      decideLegalChange(server.db, change.id, { decision: 'reject', reason: '   ' }, reviewer, origin),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      statusCode: 400,
      fields: { reason: expect.any(String) },
    });
    await expect(
      decideLegalChange(server.db, crypto.randomUUID(), { decision: 'approve' }, reviewer, origin),
    ).rejects.toMatchObject({ code: 'not_found', statusCode: 404 });
    await expect(legalChange(server.db, crypto.randomUUID())).rejects.toMatchObject({ statusCode: 404 });
    expect(await databaseDigest(server.db)).toEqual(before);
    expect((await legalChange(server.db, change.id)).status).toBe('pending_review');
  });

  it('the sandbox rail decides alike, as a reviewer the trail names as the sandbox', async () => {
    const owner = await approvedOwner(server.app, server.db);
    const change = await requestChange(owner, { kind: 'company', data: legalCompany });
    const before = await lastAuditId(server);
    const response = await api(server.app, 'POST', '/api/sandbox/reviews/profile_changes/{id}/', {
      params: { id: change.id },
      body: { decision: 'reject', reason: 'Wrong registration number.' },
    });
    expectStatus(response, 200);
    expect(response.body).toMatchObject({ status: 'rejected', reason: 'Wrong registration number.' });
    const entries = await auditAfter(server, before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      realm: 'staff',
      actor_user_id: null,
      merchant_id: owner.merchantId,
      action: 'legal_change.rejected',
      details: { kind: 'company', reviewer: 'sandbox', reason: 'Wrong registration number.' },
    });
    expect((await legalChange(server.db, change.id)).decided_by).toBeNull();
  });
});

describe('the back office’s endpoints (area legal-changes)', () => {
  const address = '198.51.100.44';

  it('a reviewer reads the queue, opens a document, decides; the trail names the reviewer and the address', async () => {
    const owner = await approvedOwner(server.app, server.db);
    const paper = await upload(
      server.app,
      owner.token,
      { content: pdfBytes, filename: 'board-minutes.pdf' },
      'articles_of_association',
      '/api/merchants/profile/documents/',
    );
    expectStatus(paper, 201);
    const change = await requestChange(owner, { kind: 'directors', data: newBoard });
    const reviewer = await signInStaff(server, 'reviewer');

    const queue = await api(server.app, 'GET', '/api/back-office/legal-changes/', {
      headers: reviewer.headers,
    });
    expectStatus(queue, 200);
    expect(queue.body.items.map((item) => item.id)).toContain(change.id);
    const one = await api(server.app, 'GET', '/api/back-office/legal-changes/{id}/', {
      params: { id: change.id },
      headers: reviewer.headers,
    });
    expectStatus(one, 200);
    expect(one.body).toMatchObject({ id: change.id, kind: 'directors', merchant: { id: owner.merchantId } });
    expect(one.body.documents.map((document) => document.id)).toEqual([paper.body.id]);

    const file = await api(
      server.app,
      'GET',
      '/api/back-office/legal-changes/{id}/documents/{document_id}/',
      {
        params: { id: change.id, document_id: paper.body.id },
        headers: reviewer.headers,
      },
    );
    expectStatus(file, 200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^inline;/);
    expect(file.raw.rawPayload.equals(pdfBytes)).toBe(true);

    const before = await lastAuditId(server);
    const decided = await api(server.app, 'POST', '/api/back-office/legal-changes/{id}/decision/', {
      params: { id: change.id },
      body: { decision: 'approve' },
      headers: { ...reviewer.headers, 'user-agent': 'BackOffice/1.0' },
      ip: address,
    });
    expectStatus(decided, 200);
    expect(decided.body).toMatchObject({ status: 'approved', decided_by: { staff_id: reviewer.staffId } });
    expect((await profileOf(owner)).directors?.directors).toHaveLength(2);
    const entries = await auditAfter(server, before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      realm: 'staff',
      actor_user_id: reviewer.staffId,
      action: 'legal_change.approved',
      ip: address,
      user_agent: 'BackOffice/1.0',
    });

    const twice = await api(server.app, 'POST', '/api/back-office/legal-changes/{id}/decision/', {
      params: { id: change.id },
      body: { decision: 'reject', reason: 'On second thoughts' },
      headers: reviewer.headers,
    });
    expectStatus(twice, 409);
    expect(twice.body.error.code).toBe('conflict');
  });

  it('bad input: 400 with the field, an unknown change 404, and nothing written', async () => {
    const owner = await approvedOwner(server.app, server.db);
    const change = await requestChange(owner, { kind: 'company', data: legalCompany });
    const reviewer = await signInStaff(server, 'admin');
    const before = await databaseDigest(server.db);
    const decisionUrl = '/api/back-office/legal-changes/{id}/decision/' as const;

    const noReason = await apiWithBadInput(server.app, 'POST', decisionUrl, {
      params: { id: change.id },
      body: { decision: 'reject', reason: '  ' },
      headers: reviewer.headers,
    });
    expectStatus(noReason, 400);
    expect(noReason.body.error.fields).toHaveProperty('reason');
    const badDecision = await apiWithBadInput(server.app, 'POST', decisionUrl, {
      params: { id: change.id },
      body: { decision: 'maybe' },
      headers: reviewer.headers,
    });
    expectStatus(badDecision, 400);
    expect(badDecision.body.error.fields).toHaveProperty('decision');
    const badId = await apiWithBadInput(server.app, 'POST', decisionUrl, {
      params: { id: 'not-a-uuid' },
      body: { decision: 'approve' },
      headers: reviewer.headers,
    });
    expectStatus(badId, 400);
    const unknown = await api(server.app, 'POST', decisionUrl, {
      params: { id: crypto.randomUUID() },
      body: { decision: 'approve' },
      headers: reviewer.headers,
    });
    expectStatus(unknown, 404);
    const unknownDocument = await api(
      server.app,
      'GET',
      '/api/back-office/legal-changes/{id}/documents/{document_id}/',
      { params: { id: change.id, document_id: crypto.randomUUID() }, headers: reviewer.headers },
    );
    expectStatus(unknownDocument, 404);
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('operations may not read or decide (403), a merchant’s token opens none (401), and nothing is written', async () => {
    const owner = await approvedOwner(server.app, server.db);
    const change = await requestChange(owner, { kind: 'company', data: legalCompany });
    const operations = await signInStaff(server, 'operations');
    const before = await databaseDigest(server.db);
    for (const [headers, status] of [
      [operations.headers, 403],
      [{ authorization: `Bearer ${owner.token}` }, 401],
    ] as const) {
      const queue = await api(server.app, 'GET', '/api/back-office/legal-changes/', { headers });
      expectStatus(queue, status);
      const one = await api(server.app, 'GET', '/api/back-office/legal-changes/{id}/', {
        params: { id: change.id },
        headers,
      });
      expectStatus(one, status);
      const decided = await api(server.app, 'POST', '/api/back-office/legal-changes/{id}/decision/', {
        params: { id: change.id },
        body: { decision: 'approve' },
        headers,
      });
      expectStatus(decided, status);
    }
    expect(await databaseDigest(server.db)).toEqual(before);
    expect((await legalChange(server.db, change.id)).status).toBe('pending_review');
  });
});
