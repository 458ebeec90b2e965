import { isValidIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMerchant, reviewMerchant } from '../../server/onboarding/review';
import { api, apiWithBadInput, callUntyped, expectStatus, type JsonBodyOf } from './client';
import { readOutbox, signIn, startTestServer, type TestServer } from './harness';
import { submittedForReview } from './kycPass';
import { funding, onboardingOwner } from './onboardingFixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const review = (merchantId: string, body: JsonBodyOf<'POST', '/api/sandbox/reviews/{merchant_id}/'>) =>
  api(server.app, 'POST', '/api/sandbox/reviews/{merchant_id}/', {
    params: { merchant_id: merchantId },
    body,
  });

async function merchantAccounts(merchantId: string) {
  return server.db
    .selectFrom('ledger_accounts')
    .select(['iban', 'currency'])
    .where('merchant_id', '=', merchantId)
    .execute();
}

describe('sandbox review', () => {
  it('approves: status approved, a EUR account with a valid IBAN, the owner emailed, money features open', async () => {
    const owner = await submittedForReview(server);
    const approved = await review(owner.merchantId, { decision: 'approve' });
    expectStatus(approved, 200);
    expect(approved.body.merchant.status).toBe('approved');
    expect(approved.body.editable).toBe(false);

    const accounts = await merchantAccounts(owner.merchantId);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]?.currency).toBe('EUR');
    expect(isValidIBAN(accounts[0]?.iban ?? '')).toBe(true);

    const [mail] = await readOutbox(server.app, owner.email);
    expect(mail?.subject).toBe('Your Tameio account is open');
    expect(mail?.body).toContain(accounts[0]?.iban);

    const topUp = await api(server.app, 'GET', '/api/merchants/accounts/top_up_details/', {
      token: owner.token,
    });
    expectStatus(topUp, 200);
    expect(topUp.body).toMatchObject({
      iban: accounts[0]?.iban,
      account_holder_name: 'Aegean Coffee IKE',
      currency: 'EUR',
      balance: { amount_minor: '0', currency: 'EUR' },
      available_balance: { amount_minor: '0', currency: 'EUR' },
    });
    const overview = await api(server.app, 'GET', '/api/merchants/home/overview/', { token: owner.token });
    expectStatus(overview, 200);

    // Decided once: a second decision is a conflict and changes nothing.
    const again = await review(owner.merchantId, { decision: 'approve' });
    expectStatus(again, 409);
    expect(again.body.error.code).toBe('merchant_not_in_review');
    expect(await merchantAccounts(owner.merchantId)).toHaveLength(1);
    const audit = await server.db
      .selectFrom('merchant_audit')
      .select('event')
      .where('merchant_id', '=', owner.merchantId)
      .orderBy('created_at')
      .execute();
    expect(audit.map((row) => row.event)).toEqual(['submitted_for_review', 'approved']);
  });

  it('rejects with a reason the owner sees and is emailed; the steps reopen and can be sent again', async () => {
    const owner = await submittedForReview(server);
    const noReason = await review(owner.merchantId, { decision: 'reject' });
    expectStatus(noReason, 400);
    expect(noReason.body.error.fields).toHaveProperty('reason');
    const rejected = await review(owner.merchantId, {
      decision: 'reject',
      reason: 'The proof of address is older than three months.',
    });
    expectStatus(rejected, 200);
    expect(rejected.body.merchant.status).toBe('rejected');

    const state = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expect(state.body).toMatchObject({
      editable: true,
      rejection_reason: 'The proof of address is older than three months.',
      merchant: { status: 'rejected' },
      // The photos checked before the rejection still count: no need to verify again (a person has not looked at
      // them yet: the sandbox's rejection leaves them waiting).
      identity_verification: { status: 'awaiting_review' },
    });
    const [mail] = await readOutbox(server.app, owner.email);
    expect(mail?.subject).toBe('Your Tameio application needs changes');
    expect(mail?.body).toContain('The proof of address is older than three months.');
    expect(await merchantAccounts(owner.merchantId)).toEqual([]);
    const gated = await api(server.app, 'GET', '/api/merchants/accounts/top_up_details/', {
      token: owner.token,
    });
    expectStatus(gated, 403);

    // Edit and send again: back in review, the old reason no longer shown.
    const edited = await api(server.app, 'PUT', '/api/merchants/onboarding/funding/', {
      token: owner.token,
      body: { ...funding, other_funding_method: 'Owner loan' },
    });
    expectStatus(edited, 200);
    const resent = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(resent, 200);
    expect(resent.body).toMatchObject({ merchant: { status: 'in_review' }, rejection_reason: null });
    const approved = await review(owner.merchantId, { decision: 'approve' });
    expectStatus(approved, 200);
    expect(approved.body.merchant.status).toBe('approved');
  });

  it('only decides merchants in review, and knows no unknown merchant', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const early = await review(owner.merchantId, { decision: 'approve' });
    expectStatus(early, 409);
    expect(await merchantAccounts(owner.merchantId)).toEqual([]);
    const demo = await signIn(server.app, 'demo@tameio.test', 'Demo-Merchant-2026!');
    expect((await review(demo.body.user.merchant.id, { decision: 'reject', reason: 'x' })).status).toBe(409);
    expect((await review('00000000-0000-4000-8000-000000000000', { decision: 'approve' })).status).toBe(404);
    expect((await review('nope', { decision: 'approve' })).status).toBe(400);
    const maybe = await apiWithBadInput(server.app, 'POST', '/api/sandbox/reviews/{merchant_id}/', {
      params: { merchant_id: owner.merchantId },
      body: { decision: 'maybe' },
    });
    expect(maybe.status).toBe(400);
  });

  it('does not exist in production', async () => {
    const owner = await submittedForReview(server);
    const production = await server.buildVariant({ environment: 'production' });
    // Outside the production app's contract: the sandbox rails are not registered there at all.
    const response = await callUntyped(production, 'POST', `/api/sandbox/reviews/${owner.merchantId}/`, {
      body: { decision: 'approve' },
    });
    expect(response.status).toBe(404);
    const state = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(state, 200);
    expect(state.body.merchant.status).toBe('in_review');
  });

  it('the command-line path finds a merchant by owner email and uses the same decision', async () => {
    const owner = await submittedForReview(server);
    expect(await findMerchant(server.db, owner.email.toUpperCase())).toBe(owner.merchantId);
    expect(await findMerchant(server.db, owner.merchantId)).toBe(owner.merchantId);
    expect(await findMerchant(server.db, 'nobody@example.test')).toBeNull();
    const outcome = await reviewMerchant(server.db, owner.merchantId, { decision: 'approve' }, 'test');
    expect(outcome.status).toBe('approved');
    expect(isValidIBAN(outcome.iban ?? '')).toBe(true);
  });
});
