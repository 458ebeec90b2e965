import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/audit/auditTrail';
import { api, apiWithBadInput, bodyOf, expectStatus } from './client';
import { startTestServer, type TestServer } from './harness';
import { submittedForReview } from './kycPass';
import { signInStaff, type SignedInStaff } from './staffHelpers';

/*
 * The back office's review endpoints (/api/back-office/merchant-reviews/, /identity-reviews/) through HTTP with
 * signed-in staff members: areas and roles, the file with its documents and photos opened inline (and on the audit
 * trail), four-eyes, more information, and bad input answered 4xx with nothing written. The domain's rules in depth:
 * tests/api/merchantReview.test.ts.
 */

let server: TestServer;
let first: SignedInStaff;
let second: SignedInStaff;
let operations: SignedInStaff;
beforeAll(async () => {
  server = await startTestServer();
  first = await signInStaff(server, 'reviewer', 'First Reviewer');
  second = await signInStaff(server, 'admin', 'Second Reviewer');
  operations = await signInStaff(server, 'operations');
});
afterAll(async () => {
  await server.close();
});

const file = (staff: SignedInStaff, merchantId: string) =>
  api(server.app, 'GET', '/api/back-office/merchant-reviews/{merchant_id}/', {
    params: { merchant_id: merchantId },
    headers: staff.headers,
  });
const approve = (staff: SignedInStaff, merchantId: string) =>
  api(server.app, 'POST', '/api/back-office/merchant-reviews/{merchant_id}/approve/', {
    params: { merchant_id: merchantId },
    headers: staff.headers,
  });

async function staffEntries(merchantId: string) {
  return server.db
    .selectFrom('audit_trail')
    .select(['action', 'actor_user_id', 'subject'])
    .where('merchant_id', '=', merchantId)
    .where('realm', '=', 'staff')
    .orderBy('id')
    .execute();
}

describe('merchant reviews in the back office', () => {
  it('a reviewer reads the queue and the file, opens documents and photos inline, and each opening is recorded', async () => {
    const owner = await submittedForReview(server);
    const queue = await api(server.app, 'GET', '/api/back-office/merchant-reviews/', {
      headers: first.headers,
    });
    expectStatus(queue, 200);
    expect(queue.body.items.map((item) => item.merchant_id)).toContain(owner.merchantId);

    const opened = bodyOf(await file(first, owner.merchantId), 200);
    expect(opened.identity?.verification_id).toBe(owner.verificationId);
    const document = opened.documents[0]!;
    const pdf = await server.app.inject({
      method: 'GET',
      url: `/api/back-office/merchant-reviews/${owner.merchantId}/documents/${document.id}/`,
      headers: first.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; /);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.body.startsWith('%PDF')).toBe(true);

    const selfie = await server.app.inject({
      method: 'GET',
      url: `/api/back-office/identity-reviews/${owner.verificationId}/photos/selfie/`,
      headers: first.headers,
    });
    expect(selfie.statusCode).toBe(200);
    expect(selfie.headers['content-type']).toBe('image/png');
    expect(selfie.headers['content-disposition']).toBe('inline; filename="selfie.png"');

    // Another merchant's document under this merchant's id is nothing at all.
    const other = await submittedForReview(server);
    const otherDocument = bodyOf(await file(first, other.merchantId), 200).documents[0]!;
    const crossed = await server.app.inject({
      method: 'GET',
      url: `/api/back-office/merchant-reviews/${owner.merchantId}/documents/${otherDocument.id}/`,
      headers: first.headers,
    });
    expect(crossed.statusCode).toBe(404);
    const noBack = await server.app.inject({
      method: 'GET',
      url: `/api/back-office/identity-reviews/${owner.verificationId}/photos/back/`,
      headers: first.headers,
    });
    expect(noBack.statusCode).toBe(404);

    expect(await staffEntries(owner.merchantId)).toEqual([
      {
        action: 'merchant_review.document_opened',
        actor_user_id: first.staffId,
        subject: `merchant_document:${document.id}`,
      },
      {
        action: 'identity_review.photo_opened',
        actor_user_id: first.staffId,
        subject: `kyc_verification:${owner.verificationId}:selfie`,
      },
    ]);
  });

  it('operations staff and merchants cannot open the review desk', async () => {
    const owner = await submittedForReview(server);
    const asOperations = await file(operations, owner.merchantId);
    expectStatus(asOperations, 403);
    const identityAsOperations = await api(server.app, 'GET', '/api/back-office/identity-reviews/', {
      headers: operations.headers,
    });
    expectStatus(identityAsOperations, 403);
    const asMerchant = await api(server.app, 'GET', '/api/back-office/merchant-reviews/{merchant_id}/', {
      params: { merchant_id: owner.merchantId },
      token: owner.token,
    });
    expectStatus(asMerchant, 401);
  });

  it('identity first, then two different staff members for a flagged merchant; the same one twice is refused', async () => {
    const owner = await submittedForReview(server);
    const early = await approve(first, owner.merchantId);
    expectStatus(early, 409);
    expect(early.body.error.code).toBe('identity_not_confirmed');

    const identityQueue = await api(server.app, 'GET', '/api/back-office/identity-reviews/', {
      headers: first.headers,
    });
    expect(bodyOf(identityQueue, 200).items.map((item) => item.verification_id)).toContain(
      owner.verificationId,
    );
    const confirmed = await api(
      server.app,
      'POST',
      '/api/back-office/identity-reviews/{verification_id}/confirm/',
      {
        params: { verification_id: owner.verificationId },
        headers: first.headers,
      },
    );
    expect(bodyOf(confirmed, 200).status).toBe('verified');
    const merchantView = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expect(bodyOf(merchantView, 200).identity_verification.status).toBe('verified');

    const one = await approve(first, owner.merchantId);
    expect(bodyOf(one, 200)).toMatchObject({
      merchant: { status: 'in_review' },
      state: 'awaiting_second_approval',
      first_approval: { by: { staff_id: first.staffId, name: 'First Reviewer' } },
    });
    const twice = await approve(first, owner.merchantId);
    expectStatus(twice, 409);
    expect(twice.body.error).toMatchObject({
      code: 'four_eyes_same_reviewer',
      message:
        'You gave the first approval of this merchant: the second must come from another staff member.',
    });
    const two = await approve(second, owner.merchantId);
    expect(bodyOf(two, 200).merchant.status).toBe('approved');
    const accounts = await server.db
      .selectFrom('ledger_accounts')
      .select('iban')
      .where('merchant_id', '=', owner.merchantId)
      .execute();
    expect(accounts).toHaveLength(1);
    expect(
      (await staffEntries(owner.merchantId)).map((entry) => [entry.action, entry.actor_user_id]),
    ).toEqual([
      ['identity_review.confirmed', first.staffId],
      ['merchant_review.first_approval', first.staffId],
      ['merchant_review.approved', second.staffId],
    ]);
    expect((await verifyAuditChain(server.db)).ok).toBe(true);
  });

  it('asks for more information; the merchant answers and the file shows the round', async () => {
    const owner = await submittedForReview(server);
    const asked = await api(
      server.app,
      'POST',
      '/api/back-office/merchant-reviews/{merchant_id}/request-information/',
      {
        params: { merchant_id: owner.merchantId },
        headers: first.headers,
        body: { steps: [{ step: 'funding', note: 'Say where the first payments will come from.' }] },
      },
    );
    expect(bodyOf(asked, 200).merchant.status).toBe('information_requested');
    const state = bodyOf(
      await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token }),
      200,
    );
    expect(state.information_request?.steps).toEqual([
      { step: 'funding', note: 'Say where the first payments will come from.' },
    ]);
    const resent = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(resent, 200);
    const after = bodyOf(await file(second, owner.merchantId), 200);
    expect(after.history.map((entry) => entry.event)).toEqual([
      'submitted',
      'information_requested',
      'submitted',
    ]);
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const owner = await submittedForReview(server);
    const before = await staffEntries(owner.merchantId);
    const url = '/api/back-office/merchant-reviews/{merchant_id}/request-information/' as const;
    for (const body of [
      { steps: [{ step: 'banking', note: 'Which bank?' }] },
      { steps: [{ step: 'directors', note: '' }] },
      { steps: [] },
      {
        steps: [
          { step: 'directors', note: 'One.' },
          { step: 'directors', note: 'Two.' },
        ],
      },
    ]) {
      const refused = await apiWithBadInput(server.app, 'POST', url, {
        params: { merchant_id: owner.merchantId },
        headers: first.headers,
        body,
      });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const unknown = await api(server.app, 'POST', url, {
      params: { merchant_id: '00000000-0000-4000-8000-000000000000' },
      headers: first.headers,
      body: { steps: [{ step: 'directors', note: 'Add one.' }] },
    });
    expectStatus(unknown, 404);
    const notAnId = await apiWithBadInput(
      server.app,
      'GET',
      '/api/back-office/merchant-reviews/{merchant_id}/',
      {
        params: { merchant_id: 'not-an-id' },
        headers: first.headers,
      },
    );
    expect(notAnId.status).toBe(400);
    const noReason = await apiWithBadInput(
      server.app,
      'POST',
      '/api/back-office/merchant-reviews/{merchant_id}/reject/',
      { params: { merchant_id: owner.merchantId }, headers: first.headers, body: { reason: '   ' } },
    );
    expect(noReason.status).toBe(400);
    const noRefusalReason = await apiWithBadInput(
      server.app,
      'POST',
      '/api/back-office/identity-reviews/{verification_id}/refuse/',
      { params: { verification_id: owner.verificationId }, headers: first.headers, body: {} },
    );
    expect(noRefusalReason.status).toBe(400);
    expect(await staffEntries(owner.merchantId)).toEqual(before);
    const merchant = await server.db
      .selectFrom('merchants')
      .select('status')
      .where('id', '=', owner.merchantId)
      .executeTakeFirstOrThrow();
    expect(merchant.status).toBe('in_review');
    const decisions = await server.db
      .selectFrom('merchant_review_decisions')
      .select('id')
      .where('merchant_id', '=', owner.merchantId)
      .execute();
    expect(decisions).toEqual([]);
  });

  it('refused photos: the merchant in review is asked to take them again, with the reason', async () => {
    const owner = await submittedForReview(server);
    const refused = await api(
      server.app,
      'POST',
      '/api/back-office/identity-reviews/{verification_id}/refuse/',
      {
        params: { verification_id: owner.verificationId },
        headers: first.headers,
        body: { reason: 'The document photo is cut off.' },
      },
    );
    expect(bodyOf(refused, 200).status).toBe('refused');
    const state = bodyOf(
      await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token }),
      200,
    );
    expect(state).toMatchObject({
      merchant: { status: 'information_requested' },
      identity_verification: { status: 'refused', refusal_reason: 'The document photo is cut off.' },
      information_request: { steps: [{ step: 'identity', note: 'The document photo is cut off.' }] },
    });
  });
});
