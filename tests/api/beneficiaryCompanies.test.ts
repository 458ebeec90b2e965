import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaryCompanyNameMaxLength } from '../../schemas/beneficiaries.schema';
import { demoExternalAccounts } from '../../server/payee/externalAccounts';
import { api, bodyOf, errorOf, expectStatus, type JsonBodyOf } from './client';
import { startTestServer, type TestServer } from './harness';
import { newKey, walletMerchant, type WalletMerchant } from './money';

/*
 * Companies as bank beneficiaries (issue 20, server/beneficiaries.ts, migration 031): a bank account is held by a
 * person (first and last name) or a company (its legal name); the payee check compares a company's legal name with
 * its words in their order; a beneficiary saved without `holder` is a person's, as every one before.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const account = (key: string) => demoExternalAccounts.find((a) => a.key === key) ?? demoExternalAccounts[0];
/** Held by "Olympus Flour Mills Ltd" at a Cypriot bank of the sandbox. */
const olympus = account('cypriotCompany');
/** Held by "Maria Papadopoulou". */
const maria = account('person');

type Body = JsonBodyOf<'POST', '/api/merchants/beneficiaries/'>;
type BankBody = Extract<Body, { kind: 'bank' }>;

function create(payer: WalletMerchant, body: Body) {
  return api(server.app, 'POST', '/api/merchants/beneficiaries/', {
    token: payer.token,
    headers: { 'idempotency-key': newKey() },
    body,
  });
}

function update(payer: WalletMerchant, id: string, body: Body) {
  return api(server.app, 'PUT', '/api/merchants/beneficiaries/{id}/', {
    token: payer.token,
    params: { id },
    body,
  });
}

const company = (company_name: string): BankBody => ({
  kind: 'bank',
  holder: 'company',
  company_name,
  bank_country: 'CY',
  iban: olympus.iban,
});

describe('a company as a bank beneficiary', () => {
  it('is saved by its legal name, checked with its bank, and listed, read and found by it', async () => {
    const payer = await walletMerchant(server);
    const saved = bodyOf(await create(payer, company('Olympus Flour Mills Ltd')), 201);
    expect(saved).toMatchObject({
      kind: 'bank',
      holder: 'company',
      name: 'Olympus Flour Mills Ltd',
      company_name: 'Olympus Flour Mills Ltd',
      first_name: null,
      last_name: null,
      iban: olympus.iban,
      name_check: { result: 'match', accepted_mismatch: false },
    });
    const read = await api(server.app, 'GET', '/api/merchants/beneficiaries/{id}/', {
      token: payer.token,
      params: { id: saved.id },
    });
    expect(bodyOf(read, 200)).toEqual(saved);
    const listed = await api(server.app, 'GET', '/api/merchants/beneficiaries/', {
      token: payer.token,
      query: { q: 'flour' },
    });
    expect(bodyOf(listed, 200).beneficiaries).toEqual([saved]);
    const found = await api(server.app, 'GET', '/api/merchants/contacts/search/', {
      token: payer.token,
      query: { q: 'Olympus Fl' },
    });
    expect(bodyOf(found, 200).items).toEqual([
      {
        kind: 'beneficiary',
        beneficiary_id: saved.id,
        name: saved.name,
        wallet_tag: null,
        iban: olympus.iban,
      },
    ]);
  });

  it('checks the legal name with its words in their order (the legal form may be left out)', async () => {
    const payer = await walletMerchant(server);
    expectStatus(await create(payer, company('Olympus Flour Mills')), 201);

    const other = await walletMerchant(server);
    const swapped = await create(other, company('Mills Flour Olympus Ltd'));
    expectStatus(swapped, 422);
    expect(errorOf(swapped)).toMatchObject({
      code: 'name_check_unconfirmed',
      details: { result: 'close_match', suggested_name: 'Olympus Flour Mills Ltd' },
    });
    // The same words as a person's name: word order is forgiven for people.
    const asPerson = await create(other, {
      kind: 'bank',
      first_name: 'Mills Flour',
      last_name: 'Olympus Ltd',
      bank_country: 'CY',
      iban: olympus.iban,
    });
    expect(bodyOf(asPerson, 201)).toMatchObject({ holder: 'person', name_check: { result: 'match' } });
  });

  it('refuses a legal name that is missing, not in Latin letters or too long, in words, by field', async () => {
    const payer = await walletMerchant(server);
    const cases: Array<[Body, string]> = [
      [
        { kind: 'bank', holder: 'company', bank_country: 'CY', iban: olympus.iban },
        'This field is required.',
      ],
      [company('   '), 'This field is required.'],
      [company('Όλυμπος Μύλοι ΑΕ'), 'Only Latin characters allowed'],
      [
        company('A'.repeat(beneficiaryCompanyNameMaxLength + 1)),
        `Max ${beneficiaryCompanyNameMaxLength} characters`,
      ],
    ];
    for (const [body, message] of cases) {
      const refused = await create(payer, body);
      expectStatus(refused, 400);
      expect(errorOf(refused).fields).toEqual({ company_name: message });
    }
    // A person still needs both names.
    const noLast = await create(payer, {
      kind: 'bank',
      holder: 'person',
      first_name: 'Maria',
      bank_country: 'GR',
      iban: maria.iban,
    });
    expectStatus(noLast, 400);
    expect(errorOf(noLast).fields).toEqual({ last_name: 'This field is required.' });
  });

  it('turns a person into a company on update (checked again), keeping only the legal name', async () => {
    const payer = await walletMerchant(server);
    const person = await create(payer, {
      kind: 'bank',
      first_name: 'Olympus',
      last_name: 'Flour Mills Ltd',
      bank_country: 'CY',
      iban: olympus.iban,
    });
    const saved = bodyOf(person, 201);
    expect(saved).toMatchObject({ holder: 'person', company_name: null });
    const changed = await update(payer, saved.id, company('Olympus Flour Mills Ltd'));
    expect(bodyOf(changed, 200)).toMatchObject({
      id: saved.id,
      holder: 'company',
      name: 'Olympus Flour Mills Ltd',
      first_name: null,
      last_name: null,
      company_name: 'Olympus Flour Mills Ltd',
      name_check: { result: 'match', accepted_mismatch: false },
    });
    const checks = await server.db
      .selectFrom('payee_checks')
      .select('entered_name')
      .where('merchant_id', '=', payer.merchantId)
      .orderBy('created_at')
      .execute();
    expect(checks.map((check) => check.entered_name)).toEqual([
      'Olympus Flour Mills Ltd',
      'Olympus Flour Mills Ltd',
    ]);
    // A close match of a company is saved only when the user accepts it.
    const closer = await update(payer, saved.id, {
      ...company('Olympus Flour Mill Ltd'),
      accept_name_mismatch: true,
    });
    expect(bodyOf(closer, 200)).toMatchObject({
      company_name: 'Olympus Flour Mill Ltd',
      name_check: { result: 'close_match', accepted_mismatch: true },
    });
  });

  it('keeps a person saved without `holder` a person (as every beneficiary before companies)', async () => {
    const payer = await walletMerchant(server);
    const saved = await create(payer, {
      kind: 'bank',
      first_name: 'Maria',
      last_name: 'Papadopoulou',
      bank_country: 'GR',
      iban: maria.iban,
    });
    expect(bodyOf(saved, 201)).toMatchObject({
      holder: 'person',
      name: 'Maria Papadopoulou',
      first_name: 'Maria',
      last_name: 'Papadopoulou',
      company_name: null,
    });
  });
});
