import { sql } from 'kysely';
import type { OnboardingState } from '../../schemas/onboarding.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiWithBadInput, bodyOf, expectStatus } from './client';
import { createOwner, signIn, startTestServer, type TestServer } from './harness';
import { failKyc, initiateKyc, passKyc } from './kycPass';
import {
  company,
  directors,
  funding,
  onboardingOwner,
  representative,
  saveAllSteps,
  saveStep,
  shareholders,
  stepUrls,
  steps,
  type Step,
} from './onboardingFixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function savedRow(merchantId: string) {
  return (
    (await server.db
      .selectFrom('merchant_onboarding')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst()) ?? null
  );
}

describe('reference data', () => {
  it('lists legal forms with their required documents, and the other lists in English and Greek', async () => {
    const forms = await api(server.app, 'GET', '/api/onboarding/legal_entity_types/');
    expectStatus(forms, 200);
    const codes = forms.body.items.map((item: { code: string }) => item.code);
    expect(codes).toEqual(['sole_trader', 'oe', 'ee', 'ike', 'epe', 'ae']);
    const ike = forms.body.items.find((item: { code: string }) => item.code === 'ike');
    expect(ike?.name_el).toContain('ΙΚΕ');
    expect(ike?.required_documents).toContain('shareholder_register');
    for (const response of [
      await api(server.app, 'GET', '/api/onboarding/industries/'),
      await api(server.app, 'GET', '/api/onboarding/turnovers/'),
      await api(server.app, 'GET', '/api/onboarding/sizes/'),
    ]) {
      expectStatus(response, 200);
      expect(response.body.items.length).toBeGreaterThan(3);
    }
    const countries = await api(server.app, 'GET', '/api/onboarding/countries/');
    expect(countries.body.items).toHaveLength(250);
    expect(countries.body.items).toContainEqual({ code: 'GR', name_en: 'Greece', name_el: 'Ελλάδα' });
  });
});

describe('saving the steps', () => {
  it('starts empty, saves every step, and resumes with what was saved', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    expect(owner.user.merchant.status).toBe('onboarding');
    const empty = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(empty, 200);
    expect(empty.body).toMatchObject({
      merchant: { id: owner.merchantId, status: 'onboarding' },
      editable: true,
      rejection_reason: null,
      steps: { representative: null, company: null, directors: null, shareholders: null, funding: null },
      completed_steps: [],
      documents: [],
      required_documents: [],
      warnings: [],
    });

    for (const step of Object.keys(steps) as Step[]) {
      const saved = await saveStep(server.app, owner.token, step);
      expectStatus(saved, 200, step);
      // Saving the same data again is harmless (idempotent).
      const again = await saveStep(server.app, owner.token, step);
      expect(again.body).toEqual(saved.body);
    }

    // Resume in a new session: everything is still there, normalised.
    const fresh = await signIn(server.app, owner.email, owner.password);
    const resumed = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: fresh.accessToken });
    expectStatus(resumed, 200);
    expect(resumed.body.steps.representative).toEqual({ ...representative, phone: '+302101234567' });
    expect(resumed.body.steps.company).toMatchObject({
      name: 'Aegean Coffee IKE',
      vat_number: '123456783',
      trading_address: null,
      registered_address: { ...company.registered_address, line2: null },
    });
    expect(resumed.body.steps.directors?.directors).toHaveLength(1);
    expect(resumed.body.steps.shareholders).toEqual(shareholders);
    expect(resumed.body.steps.funding).toEqual({ ...funding, other_funding_method: null });
    expect(resumed.body.completed_steps).toEqual([
      'representative',
      'company',
      'directors',
      'shareholders',
      'funding',
    ]);
    expect(resumed.body.required_documents).toContain('articles_of_association');
    expect(resumed.body.merchant.name).toBe('Aegean Coffee IKE');
  });

  it('replaces a step with the newly saved data', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    await api(server.app, 'PUT', '/api/merchants/onboarding/directors/', {
      token: owner.token,
      body: directors,
    });
    const two = {
      directors: [
        ...directors.directors,
        { ...directors.directors[0]!, first_name: 'Nikos', is_legal_representative: false },
      ],
    };
    await api(server.app, 'PUT', '/api/merchants/onboarding/directors/', { token: owner.token, body: two });
    const one = await api(server.app, 'PUT', '/api/merchants/onboarding/directors/', {
      token: owner.token,
      body: directors,
    });
    expectStatus(one, 200);
    expect(one.body.steps.directors?.directors).toHaveLength(1);
  });

  const bad: [Step, string, unknown, string][] = [
    ['representative', 'missing field', { ...representative, first_name: undefined }, 'first_name'],
    ['representative', 'too long', { ...representative, last_name: 'A'.repeat(51) }, 'last_name'],
    ['representative', 'non-Latin', { ...representative, first_name: 'Ελένη' }, 'first_name'],
    ['representative', 'special characters', { ...representative, job_title: 'CEO <script>' }, 'job_title'],
    ['representative', 'under age', { ...representative, date_of_birth: '2015-01-01' }, 'date_of_birth'],
    ['representative', 'not a date', { ...representative, date_of_birth: '1985-02-30' }, 'date_of_birth'],
    ['representative', 'wrong type', { ...representative, phone: 302101234567 }, 'phone'],
    ['representative', 'unknown country', { ...representative, citizenship: 'ZZ' }, 'citizenship'],
    ['company', 'bad VAT checksum', { ...company, vat_number: 'EL123456789' }, 'vat_number'],
    ['company', 'unknown legal form', { ...company, legal_form: 'llc' }, 'legal_form'],
    ['company', 'unknown industry', { ...company, industry: 'mining' }, 'industry'],
    [
      'company',
      'trading address missing',
      { ...company, trading_same_as_registered: false },
      'trading_address',
    ],
    ['company', 'bad website', { ...company, website_url: 'javascript:alert(1)' }, 'website_url'],
    [
      'company',
      'non-Latin address',
      { ...company, registered_address: { ...company.registered_address, city: 'Αθήνα' } },
      'registered_address.city',
    ],
    ['directors', 'empty list', { directors: [] }, 'directors'],
    [
      'directors',
      'wrong type',
      { directors: [{ ...directors.directors[0], is_legal_representative: 'yes' }] },
      'directors.0.is_legal_representative',
    ],
    [
      'shareholders',
      'percentage over 100',
      { ...shareholders, shareholders: [{ ...shareholders.shareholders[0]!, percentage: '100.5' }] },
      'shareholders.0.percentage',
    ],
    [
      'shareholders',
      'percentage as a float number',
      { ...shareholders, shareholders: [{ ...shareholders.shareholders[0]!, percentage: 60.5 }] },
      'shareholders.0.percentage',
    ],
    ['shareholders', 'ubos_known missing', { shareholders: shareholders.shareholders }, 'ubos_known'],
    [
      'funding',
      'negative amount',
      { ...funding, expected_incoming: { amount_minor: '-5', currency: 'EUR' } },
      'expected_incoming.amount_minor',
    ],
    [
      'funding',
      'decimal amount',
      { ...funding, expected_spending: { amount_minor: '10.50', currency: 'EUR' } },
      'expected_spending.amount_minor',
    ],
    [
      'funding',
      'too long text',
      { ...funding, other_funding_method: 'a'.repeat(501) },
      'other_funding_method',
    ],
  ];
  it.each(bad)('%s: %s → 400 with fields, nothing saved', async (step, _name, body, field) => {
    const owner = await onboardingOwner(server.app, server.db);
    await saveStep(server.app, owner.token, step);
    const before = await savedRow(owner.merchantId);
    const response = await apiWithBadInput(server.app, 'PUT', stepUrls[step], { token: owner.token, body });
    expectStatus(response, 400);
    expect(response.body.error.code).toBe('validation_failed');
    expect(Object.keys(response.body.error.fields ?? {})).toContain(field);
    expect(await savedRow(owner.merchantId)).toEqual(before);
  });

  it('refuses ownership over 100 % at the shareholders step, beside the percentage that takes it over', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const over = {
      ...shareholders,
      shareholders: [
        { ...shareholders.shareholders[0]!, percentage: '60.25' },
        { ...shareholders.shareholders[1]!, percentage: '50' },
      ],
    };
    const refused = await api(server.app, 'PUT', '/api/merchants/onboarding/shareholders/', {
      token: owner.token,
      body: over,
    });
    expectStatus(refused, 400);
    expect(refused.body.error.code).toBe('validation_failed');
    expect(refused.body.error.fields).toEqual({
      'shareholders.1.percentage':
        'The shares come to more than 100 %; at most 39.75 % is left for this shareholder.',
    });
    expect(await savedRow(owner.merchantId)).toBeNull();
    // Exactly 100 % is fine.
    const full = {
      ...shareholders,
      shareholders: [
        { ...shareholders.shareholders[0]!, percentage: '60.25' },
        { ...shareholders.shareholders[1]!, percentage: '39.75' },
      ],
    };
    const saved = await api(server.app, 'PUT', '/api/merchants/onboarding/shareholders/', {
      token: owner.token,
      body: full,
    });
    expectStatus(saved, 200);
    expect(saved.body.completed_steps).toContain('shareholders');
  });

  it('starts from what registration collected: the owner’s name and mobile and the company’s name, each accepted as given', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    await server.db
      .updateTable('users')
      .set({ first_name: 'Siobhán', last_name: 'O\u2019Brien', phone: '+306912345678' })
      .where('id', '=', owner.userId)
      .execute();
    await server.db
      .updateTable('merchants')
      .set({ name: 'Kafeneio O\u2019Brien & Co' })
      .where('id', '=', owner.merchantId)
      .execute();
    const state = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(state, 200);
    expect(state.body.prefill).toEqual({
      first_name: 'Siobhán',
      last_name: "O'Brien",
      phone: '+306912345678',
      company_name: "Kafeneio O'Brien & Co",
    });
    const { prefill } = state.body;
    const rep = await api(server.app, 'PUT', '/api/merchants/onboarding/representative/', {
      token: owner.token,
      body: {
        ...representative,
        first_name: prefill.first_name,
        last_name: prefill.last_name,
        phone: prefill.phone,
      },
    });
    expectStatus(rep, 200);
    const co = await api(server.app, 'PUT', '/api/merchants/onboarding/company/', {
      token: owner.token,
      body: { ...company, name: prefill.company_name, phone: prefill.phone },
    });
    expectStatus(co, 200);
  });

  it('gives no prefill the steps would refuse', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    await server.db
      .updateTable('users')
      .set({ last_name: 'Owner 7', phone: null })
      .where('id', '=', owner.userId)
      .execute();
    const state = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expect((state.body as OnboardingState).prefill).toMatchObject({
      first_name: 'Test',
      last_name: '',
      phone: '',
    });
  });

  it.each([
    ['6912345678', '+306912345678'],
    ['69 1234 5678', '+306912345678'],
    ['210 123 4567', '+302101234567'],
    ['0030 210 1234567', '+302101234567'],
    ['+357 96 123456', '+35796123456'],
  ])('accepts the phone %s as registration does and stores %s', async (typed, stored) => {
    const owner = await onboardingOwner(server.app, server.db);
    const saved = await api(server.app, 'PUT', '/api/merchants/onboarding/representative/', {
      token: owner.token,
      body: { ...representative, phone: typed },
    });
    expectStatus(saved, 200);
    expect(saved.body.steps.representative?.phone).toBe(stored);
  });

  it('accepts a website without https:// and stores it with', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const saved = await api(server.app, 'PUT', '/api/merchants/onboarding/company/', {
      token: owner.token,
      body: { ...company, website_url: 'aegean-coffee.example' },
    });
    expectStatus(saved, 200);
    expect(saved.body.steps.company?.website_url).toBe('https://aegean-coffee.example');
    const refused = await api(server.app, 'PUT', '/api/merchants/onboarding/company/', {
      token: owner.token,
      body: { ...company, website_url: 'not a website' },
    });
    expectStatus(refused, 400);
    expect(Object.keys(refused.body.error.fields ?? {})).toEqual(['website_url']);
  });

  it('refuses anonymous callers, and employees (SPEC §6: the profile is not theirs) may neither read nor write', async () => {
    expect((await api(server.app, 'GET', '/api/merchants/onboarding/')).status).toBe(401);
    expect(
      (await api(server.app, 'PUT', '/api/merchants/onboarding/funding/', { body: funding })).status,
    ).toBe(401);
    const owner = await onboardingOwner(server.app, server.db);
    const employee = await server.db
      .insertInto('users')
      .values({
        merchant_id: owner.merchantId,
        email: `staff-${owner.merchantId.slice(0, 8)}@example.test`,
        phone: null,
        password_hash: (
          await server.db
            .selectFrom('users')
            .select('password_hash')
            .where('email', '=', owner.email)
            .executeTakeFirstOrThrow()
        ).password_hash,
        first_name: 'Staff',
        last_name: 'Member',
        is_owner: false,
        employee_type: 'admin',
        access_level: 'company',
      })
      .returning('email')
      .executeTakeFirstOrThrow();
    const staff = await signIn(server.app, employee.email, owner.password);
    expect(
      (await api(server.app, 'GET', '/api/merchants/onboarding/', { token: staff.accessToken })).status,
    ).toBe(403);
    const write = await api(server.app, 'PUT', '/api/merchants/onboarding/funding/', {
      token: staff.accessToken,
      body: funding,
    });
    expectStatus(write, 403);
    expect(await savedRow(owner.merchantId)).toBeNull();
  });

  it("shows only the caller's own merchant", async () => {
    const first = await onboardingOwner(server.app, server.db);
    const second = await onboardingOwner(server.app, server.db);
    await api(server.app, 'PUT', '/api/merchants/onboarding/representative/', {
      token: first.token,
      body: representative,
    });
    const other = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: second.token });
    expectStatus(other, 200);
    expect(other.body.merchant.id).toBe(second.merchantId);
    expect(other.body.steps.representative).toBeNull();
  });
});

describe('VAT check', () => {
  it('checks the format and checksum locally and says the registry is not configured', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const check = (country: string, vat: string) =>
      api(server.app, 'POST', '/api/merchants/onboarding/vat_check/', {
        token: owner.token,
        body: { country, vat_number: vat },
      });
    expect((await check('GR', 'EL123456783')).body).toEqual({
      format_valid: true,
      registry: 'not_configured',
    });
    expect((await check('GR', '123456789')).body).toEqual({
      format_valid: false,
      registry: 'not_configured',
    });
    expect(bodyOf(await check('DE', 'DE136695976'), 200).format_valid).toBe(true);
    expect(bodyOf(await check('DE', '123456789'), 200).format_valid).toBe(false);
    expect(bodyOf(await check('NL', 'NL123456789B01'), 200).format_valid).toBe(true);
    expect((await check('XX', '123')).status).toBe(400);
  });
});

describe('submit for review', () => {
  it('lists every missing piece with 422 and changes nothing', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    await api(server.app, 'PUT', '/api/merchants/onboarding/company/', { token: owner.token, body: company });
    const response = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(response, 422);
    expect(response.body.error.code).toBe('onboarding_incomplete');
    expect(response.body.error.fields).toMatchObject({
      representative: expect.any(String),
      directors: expect.any(String),
      shareholders: expect.any(String),
      funding: expect.any(String),
      'documents.articles_of_association': expect.any(String),
      identity_verification: "Verify the representative's identity.",
    });
    expect(response.body.error.fields?.company).toBeUndefined();
    const state = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(state, 200);
    expect(state.body.merchant.status).toBe('onboarding');
  });

  it('needs the representative’s identity checked: not started, then failed, are refused; photos through the automatic checks are sent, awaiting a person', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    await saveAllSteps(server.app, owner.token);
    const before = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(before, 200);
    expect(before.body.identity_verification).toEqual({
      status: 'not_started',
      verified_at: null,
      refusal_reason: null,
    });
    expect(before.body.completed_steps).toHaveLength(6);

    const unverified = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(unverified, 422);
    expect(unverified.body.error.code).toBe('onboarding_incomplete');
    expect(unverified.body.error.fields).toEqual({
      identity_verification: "Verify the representative's identity.",
    });
    expect(
      bodyOf(await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token }), 200).merchant
        .status,
    ).toBe('onboarding');

    await failKyc(server, owner.token);
    const failedState = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(failedState, 200);
    expect(failedState.body.identity_verification).toEqual({
      status: 'failed',
      verified_at: null,
      refusal_reason: null,
    });
    const failed = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(failed, 422);
    expect(Object.keys(failed.body.error.fields ?? {})).toEqual(['identity_verification']);
    expect(
      bodyOf(await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token }), 200).merchant
        .status,
    ).toBe('onboarding');

    await passKyc(server, owner.token);
    const passedState = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(passedState, 200);
    // Through the automatic checks, not yet verified: a person at the bank has still to look at the photos.
    expect(passedState.body.identity_verification).toEqual({
      status: 'awaiting_review',
      verified_at: null,
      refusal_reason: null,
    });
    const sent = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(sent, 200);
    expect(sent.body.merchant.status).toBe('in_review');
    expect(sent.body.identity_verification.status).toBe('awaiting_review');
  });

  it('counts a verification started but not evaluated as in progress, and refuses it', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    await saveAllSteps(server.app, owner.token);
    await passKyc(server, owner.token);
    // A newer attempt replaces the passed one until it is evaluated.
    await initiateKyc(server, owner.token);
    const state = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(state, 200);
    expect(state.body.identity_verification).toEqual({
      status: 'in_progress',
      verified_at: null,
      refusal_reason: null,
    });
    const response = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(response, 422);
    expect(Object.keys(response.body.error.fields ?? {})).toEqual(['identity_verification']);
  });

  it('blocks ownership over 100 % at submit', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    await saveAllSteps(server.app, owner.token);
    await passKyc(server, owner.token);
    // Saved before the step refused it (the step checks the total now): submit still refuses it.
    const over = {
      ...shareholders,
      shareholders: [{ ...shareholders.shareholders[0]!, percentage: '100' }, shareholders.shareholders[1]!],
    };
    await server.db
      .updateTable('merchant_onboarding')
      .set({ shareholders: sql`${JSON.stringify(over)}::jsonb` })
      .where('merchant_id', '=', owner.merchantId)
      .execute();
    const response = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(response, 422);
    expect(Object.keys(response.body.error.fields ?? {})).toEqual(['shareholders']);
  });

  it('sends a complete onboarding to review, records it, and then locks the steps', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    await saveAllSteps(server.app, owner.token);
    await passKyc(server, owner.token);
    const response = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(response, 200);
    expect(response.body.merchant.status).toBe('in_review');
    expect(response.body.editable).toBe(false);
    expect(response.body.completed_steps).toHaveLength(6);
    const audit = await server.db
      .selectFrom('merchant_audit')
      .select(['event', 'user_id'])
      .where('merchant_id', '=', owner.merchantId)
      .execute();
    expect(audit).toEqual([{ event: 'submitted_for_review', user_id: owner.userId }]);

    const before = await savedRow(owner.merchantId);
    const locked = await api(server.app, 'PUT', '/api/merchants/onboarding/funding/', {
      token: owner.token,
      body: funding,
    });
    expectStatus(locked, 409);
    expect(locked.body.error.code).toBe('onboarding_locked');
    expect(await savedRow(owner.merchantId)).toEqual(before);
    const again = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
      token: owner.token,
    });
    expectStatus(again, 409);
    // Reading stays allowed, and the new session's user info shows the status.
    const fresh = await signIn(server.app, owner.email, owner.password);
    expect(fresh.body.user.merchant.status).toBe('in_review');
  });
});

describe('money features before approval', () => {
  it('answers 403 merchant_not_approved on the overview and the top-up details', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    for (const url of ['/api/merchants/home/overview/', '/api/merchants/accounts/top_up_details/'] as const) {
      const response = await api(server.app, 'GET', url, { token: owner.token });
      expectStatus(response, 403, url);
      expect(response.body.error.code).toBe('merchant_not_approved');
    }
  });

  it('gives an approved merchant its top-up details', async () => {
    const owner = await createOwner(server.db, { funded: true });
    const session = await signIn(server.app, owner.email, owner.password);
    const response = await api(server.app, 'GET', '/api/merchants/accounts/top_up_details/', {
      token: session.accessToken,
    });
    // createOwner's funded account has no IBAN: there is nothing to transfer to yet.
    expectStatus(response, 409);
    const demo = await signIn(server.app, 'demo@tameio.test', 'Demo-Merchant-2026!');
    const details = await api(server.app, 'GET', '/api/merchants/accounts/top_up_details/', {
      token: demo.accessToken,
    });
    expectStatus(details, 200);
    expect(details.body).toMatchObject({
      account_holder_name: 'Demo Coffee',
      currency: 'EUR',
      swift_bic: 'TAMEGRA1XXX',
      iban: expect.stringMatching(/^GR\d{25}$/),
      balance: { currency: 'EUR', amount_minor: expect.stringMatching(/^\d+$/) },
    });
  });
});
