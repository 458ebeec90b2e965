import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoExternalAccounts } from '../../server/payee/externalAccounts';
import { api, bodyOf, expectStatus } from './client';
import { startTestServer, type TestServer } from './harness';
import { newKey, walletMerchant, type WalletMerchant } from './money';
import { stepUpHeaders, stepUpToken } from './stepUp';

/*
 * The one recipient search of send money (GET /api/merchants/contacts/search/, server/payments/sendMoney.ts
 * searchContacts): business names, saved beneficiaries and recent payees beside wallet tags and IBANs, ranked as the
 * schema's `Contact` comment says, never the merchant itself, never a name for an IBAN the merchant did not give.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const person = demoExternalAccounts.find((a) => a.key === 'person') ?? demoExternalAccounts[0];

/** A word no other merchant's name has: each test's names start with their own. */
const uniqueWord = () => `Zq${randomBytes(4).toString('hex')}`;

async function named(name: string, funding = 0n): Promise<WalletMerchant> {
  const m = await walletMerchant(server, funding);
  await server.db.updateTable('merchants').set({ name }).where('id', '=', m.merchantId).execute();
  return { ...m, name };
}

function search(payer: WalletMerchant, q: string) {
  return api(server.app, 'GET', '/api/merchants/contacts/search/', { query: { q }, token: payer.token });
}

async function found(payer: WalletMerchant, q: string) {
  return bodyOf(await search(payer, q), 200).items;
}

async function saveWallet(payer: WalletMerchant, tag: string): Promise<string> {
  const saved = await api(server.app, 'POST', '/api/merchants/beneficiaries/', {
    token: payer.token,
    headers: { 'idempotency-key': newKey() },
    body: { kind: 'wallet', wallet_tag: tag },
  });
  expectStatus(saved, 201);
  return saved.body.id;
}

async function payWallet(payer: WalletMerchant, tag: string) {
  const paid = await api(server.app, 'POST', '/api/merchants/send_money/', {
    token: payer.token,
    headers: { 'idempotency-key': newKey('send') },
    body: { account_type: 'eur', recipient: { wallet_tag: tag }, amount_minor: '100' },
  });
  expectStatus(paid, 201);
}

describe('business names', () => {
  it('finds "Demo Bakery" by "bakery", "Demo Bak" and "BAKÉRY" (a word’s beginning, case and accents aside)', async () => {
    const payer = await named(`${uniqueWord()} Payer`);
    const bakery = { kind: 'wallet', wallet_tag: '@demo-bakery', name: 'Demo Bakery' };
    expect(await found(payer, 'bakery')).toContainEqual(bakery);
    expect(await found(payer, 'Demo Bak')).toContainEqual(bakery);
    expect(await found(payer, 'BAKÉRY')).toContainEqual(bakery);
    // The middle of a word is not its beginning.
    expect(await found(payer, 'akery')).not.toContainEqual(bakery);
  });

  it('finds a Greek name without its accents, and a name with accents by plain letters', async () => {
    const word = uniqueWord();
    const payer = await named(`${word} Payer`);
    const greek = await named(`Καφέ Ωραία ${word}`);
    const french = await named(`Crème Brûlée ${word}`);
    expect(await found(payer, 'ωραια')).toContainEqual(
      expect.objectContaining({ kind: 'wallet', wallet_tag: greek.tag }),
    );
    expect(await found(payer, `brulee ${word}`)).toContainEqual(
      expect.objectContaining({ kind: 'wallet', wallet_tag: french.tag }),
    );
  });

  it('never lists the merchant itself, by its tag or by its name', async () => {
    const word = uniqueWord();
    const payer = await named(`${word} Self`);
    expect(await found(payer, payer.tag)).toEqual([]);
    expect(await found(payer, word)).toEqual([]);
  });

  it('keeps a query starting with @ to wallet tags', async () => {
    const word = uniqueWord();
    const payer = await named(`${word} Payer`);
    await named(`${word} Other`);
    expect(await found(payer, `@${word.toLowerCase()}`)).toEqual([]);
  });
});

describe('saved beneficiaries and recent payees, ranked', () => {
  it('lists an exact name first, then saved beneficiaries, then recent payees, then the other matches', async () => {
    const word = uniqueWord();
    const payer = await named(`${word} Payer`, 10_000n);
    const prefix = await named(`${word} Alpha`);
    const saved = await named(`${word} Beta`);
    const recent = await named(`${word} Gamma`);
    const exact = await named(word);
    const beneficiaryId = await saveWallet(payer, saved.tag);
    await payWallet(payer, recent.tag);

    const items = await found(payer, word.toLowerCase());
    expect(items).toEqual([
      { kind: 'wallet', wallet_tag: exact.tag, name: word },
      {
        kind: 'beneficiary',
        beneficiary_id: beneficiaryId,
        name: saved.name,
        wallet_tag: saved.tag,
        iban: null,
      },
      {
        kind: 'recent',
        name: recent.name,
        wallet_tag: recent.tag,
        iban: null,
        last_paid_at: expect.any(String),
      },
      { kind: 'wallet', wallet_tag: prefix.tag, name: prefix.name },
    ]);
    // Its exact wallet tag puts a saved beneficiary first too, listed once (as the beneficiary).
    const byTag = await found(payer, saved.tag);
    expect(byTag[0]).toMatchObject({ kind: 'beneficiary', beneficiary_id: beneficiaryId });
    expect(byTag.filter((c) => c.kind !== 'iban' && c.wallet_tag === saved.tag)).toHaveLength(1);
  });

  it('finds a bank beneficiary by its holder’s name and its IBAN; a recent IBAN payee by the name the merchant gave', async () => {
    const payer = await named(`${uniqueWord()} Payer`, 10_000n);
    const created = await api(server.app, 'POST', '/api/merchants/beneficiaries/', {
      token: payer.token,
      headers: { 'idempotency-key': newKey() },
      body: {
        kind: 'bank',
        first_name: 'Maria',
        last_name: 'Papadopoulou',
        bank_country: person.iban.slice(0, 2),
        iban: person.iban,
      },
    });
    expectStatus(created, 201);
    const beneficiary = {
      kind: 'beneficiary',
      beneficiary_id: created.body.id,
      name: 'Maria Papadopoulou',
      wallet_tag: null,
      iban: person.iban,
    };
    expect(await found(payer, 'papadop')).toContainEqual(beneficiary);
    // Its whole IBAN: the saved beneficiary first, then the IBAN as typed (to pay it under another name).
    expect(await found(payer, person.iban)).toEqual([
      beneficiary,
      { kind: 'iban', iban: person.iban, valid: true, at_this_bank: false },
    ]);

    // A payee paid by IBAN and never saved: found again by the name the merchant typed, with that name only.
    const other = await named(`${uniqueWord()} Payer`, 10_000n);
    const check = await api(server.app, 'POST', '/api/merchants/payees/verify/', {
      token: other.token,
      body: { iban: person.iban, name: 'M Papadopoulou' },
    });
    expectStatus(check, 200);
    const paid = await api(server.app, 'POST', '/api/merchants/send_money/', {
      token: other.token,
      headers: {
        'idempotency-key': newKey('send'),
        ...stepUpHeaders(await stepUpToken(server, other.token, 'send_money')),
      },
      body: {
        account_type: 'eur',
        recipient: {
          iban: person.iban,
          name: 'M Papadopoulou',
          payee_check_id: check.body.check_id,
          proceed_anyway: true,
        },
        amount_minor: '100',
      },
    });
    expectStatus(paid, 201);
    const recent = await found(other, 'papadop');
    expect(recent).toEqual([
      expect.objectContaining({
        kind: 'recent',
        name: 'M Papadopoulou',
        wallet_tag: null,
        iban: person.iban,
      }),
    ]);
    expect(JSON.stringify(recent)).not.toContain(person.holder_name);
    // Someone who never paid it learns nothing from the IBAN but that it is valid.
    const stranger = await named(`${uniqueWord()} Payer`);
    const typed = await found(stranger, person.iban);
    expect(typed).toEqual([{ kind: 'iban', iban: person.iban, valid: true, at_this_bank: false }]);
  });
});
