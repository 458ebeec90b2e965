import { isValidIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignWalletTag, ensureMerchantAccount, walletTagBase } from '../../server/accounts';
import { failTransfer, postTransfer, settleTransfer, systemAccount } from '../../server/ledger';
import { reviewMerchant } from '../../server/onboarding/review';
import { api, callUntyped, errorOf, expectStatus } from './client';
import { createOwner, demoPassword, signIn, startTestServer, type TestServer } from './harness';
import {
  employeeToken,
  expectHealthy,
  fund,
  incoming,
  incomingWithBadInput,
  ledgerSnapshot,
  merchantWithAccount,
  newKey,
} from './money';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Every endpoint of this slice a signed-in merchant may call (GET), by its URL. */
const newEndpoints = {
  '/api/merchants/currencies/': (token: string) =>
    api(server.app, 'GET', '/api/merchants/currencies/', { token }),
  '/api/merchants/core_banking_accounts/': (token: string) =>
    api(server.app, 'GET', '/api/merchants/core_banking_accounts/', { token }),
  '/api/merchants/core_banking_accounts/eur/top_up_details/': (token: string) =>
    api(server.app, 'GET', '/api/merchants/core_banking_accounts/{account_type}/top_up_details/', {
      params: { account_type: 'eur' },
      token,
    }),
  '/api/merchants/transactions/': (token: string) =>
    api(server.app, 'GET', '/api/merchants/transactions/', { token }),
  '/api/merchants/transactions/00000000-0000-4000-8000-000000000000/': (token: string) =>
    api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      token,
    }),
};

describe('accounts', () => {
  it('lists the currencies the bank keeps accounts in', async () => {
    const merchant = await merchantWithAccount(server);
    const response = await api(server.app, 'GET', '/api/merchants/currencies/', { token: merchant.token });
    expectStatus(response, 200);
    expect(response.body.currencies).toContainEqual({ code: 'EUR', minor_units: 2 });
  });

  it("shows the demo merchant's account with the seeded balance and its wallet tag", async () => {
    const { accessToken } = await signIn(server.app, 'demo@tameio.test', demoPassword);
    const response = await api(server.app, 'GET', '/api/merchants/core_banking_accounts/', {
      token: accessToken,
    });
    expectStatus(response, 200);
    expect(response.body.wallet_tag).toBe('@demo-coffee');
    expect(response.body.accounts).toHaveLength(1);
    const [account] = response.body.accounts;
    // 2,500.00 in + 45.80 at the counter − 320.00 to the bakery − 150.00 power + 60.00 from the bakery.
    expect(account).toMatchObject({
      currency: 'EUR',
      account_type: 'eur',
      balance: { amount_minor: '213580', currency: 'EUR' },
      available_balance: { amount_minor: '213580', currency: 'EUR' },
    });
    expect(isValidIBAN(account!.iban)).toBe(true);
  });

  it('gives top-up details for an account by its type, and 404 for a currency the merchant has none in', async () => {
    const merchant = await merchantWithAccount(server);
    const details = await api(
      server.app,
      'GET',
      '/api/merchants/core_banking_accounts/{account_type}/top_up_details/',
      { params: { account_type: 'eur' }, token: merchant.token },
    );
    expectStatus(details, 200);
    expect(details.body).toMatchObject({
      account_id: merchant.accountId,
      account_type: 'eur',
      iban: merchant.iban,
      sort_code: '026-0001',
      swift_bic: 'TAMEGRA1XXX',
      currency: 'EUR',
      account_name: 'Main account',
    });
    expect(details.body.account_holder_name).toMatch(/^Test Merchant/);
    expect(merchant.iban.endsWith(details.body.account_number)).toBe(true);
    for (const type of ['usd', 'xyz', 'e', 'euro', '%20']) {
      const missing = await api(
        server.app,
        'GET',
        '/api/merchants/core_banking_accounts/{account_type}/top_up_details/',
        { params: { account_type: type }, token: merchant.token },
      );
      expectStatus(missing, 404, type);
      expect(missing.body.error.code).toBe('not_found');
    }
  });

  it('tells balance from available balance while a payment is pending, and settles or refunds it', async () => {
    const merchant = await merchantWithAccount(server);
    await fund(server.db, merchant.accountId, 10_000n);
    const clearing = await systemAccount(server.db, 'EUR', 'clearing');
    const pending = async (amount: bigint) =>
      postTransfer(server.db, {
        type: 'bank_transfer',
        status: 'pending',
        amountMinor: amount,
        feeMinor: 100n,
        currency: 'EUR',
        debitAccountId: merchant.accountId,
        creditAccountId: clearing,
        counterpartyName: 'Outside Ltd',
        counterpartyIban: 'DE89370400440532013000',
        idempotencyKey: newKey(),
      });
    const first = await pending(3_000n);
    const second = await pending(2_000n);
    const read = async () => {
      const response = await api(server.app, 'GET', '/api/merchants/core_banking_accounts/', {
        token: merchant.token,
      });
      expectStatus(response, 200);
      const [account] = response.body.accounts;
      return [account?.balance.amount_minor, account?.available_balance.amount_minor];
    };
    expect(await read()).toEqual(['10000', '4800']);

    await settleTransfer(server.db, first.transfer.id);
    expect(await read()).toEqual(['6900', '4800']);
    await failTransfer(server.db, second.transfer.id, 'Account closed at the other bank');
    expect(await read()).toEqual(['6900', '6900']);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);
  });

  it('stays closed with 403 merchant_not_approved until the merchant is approved', async () => {
    for (const status of ['onboarding', 'in_review', 'rejected'] as const) {
      const merchant = await merchantWithAccount(server, { status });
      for (const [url, read] of Object.entries(newEndpoints)) {
        const response = await read(merchant.token);
        expectStatus(response, 403, `${status} ${url}`);
        expect(response.body.error.code).toBe('merchant_not_approved');
      }
    }
  });

  it('lets viewers see accounts and transactions but not top-up details; employees only transactions', async () => {
    const merchant = await merchantWithAccount(server);
    const viewer = await employeeToken(server, merchant.merchantId, 'viewer');
    const employee = await employeeToken(server, merchant.merchantId, 'employee');
    const expected: [keyof typeof newEndpoints, number, number][] = [
      ['/api/merchants/currencies/', 200, 200],
      ['/api/merchants/core_banking_accounts/', 200, 403],
      ['/api/merchants/core_banking_accounts/eur/top_up_details/', 403, 403],
      ['/api/merchants/transactions/', 200, 200],
    ];
    for (const [url, forViewer, forEmployee] of expected) {
      expect((await newEndpoints[url](viewer)).status, `viewer ${url}`).toBe(forViewer);
      expect((await newEndpoints[url](employee)).status, `employee ${url}`).toBe(forEmployee);
    }
  });

  it('opens one account per merchant and currency', async () => {
    const merchant = await merchantWithAccount(server);
    expect(await ensureMerchantAccount(server.db, merchant.merchantId, 'EUR')).toBe(merchant.accountId);
    const gbp = await Promise.all(
      [1, 2, 3].map(() => ensureMerchantAccount(server.db, merchant.merchantId, 'GBP')),
    );
    expect(new Set(gbp).size).toBe(1);
    const usd = await ensureMerchantAccount(server.db, merchant.merchantId, 'USD');
    expect(usd).not.toBe(merchant.accountId);
    const response = await api(server.app, 'GET', '/api/merchants/core_banking_accounts/', {
      token: merchant.token,
    });
    expectStatus(response, 200);
    expect(response.body.accounts.map((a) => a.account_type)).toEqual(['eur', 'gbp', 'usd']);
    await expect(
      server.db
        .insertInto('ledger_accounts')
        .values({
          merchant_id: merchant.merchantId,
          name: 'Twin',
          currency: 'EUR',
          iban: null,
          kind: 'merchant',
        })
        .execute(),
    ).rejects.toThrow();
    await expect(ensureMerchantAccount(server.db, merchant.merchantId, 'XXX')).rejects.toThrow(/currency/i);
  });
});

describe('wallet tags', () => {
  it('derives a lowercase tag from the company name', () => {
    expect(walletTagBase('Demo Coffee')).toBe('@demo-coffee');
    expect(walletTagBase('  Café  Zoë & Sons, Ltd.  ')).toBe('@cafe-zoe-sons-ltd');
    expect(walletTagBase('Φούρνος Αθηνά ΙΚΕ')).toBe('@fournos-athina-ike');
    expect(walletTagBase('Αύρα Καφές ΑΕ')).toBe('@avra-kafes-ae');
    expect(walletTagBase('!!!')).toBe('@merchant');
    expect(walletTagBase('x'.repeat(80))).toMatch(/^@x{26}$/);
  });

  it('gives each merchant a unique tag once, de-duplicated', async () => {
    const tags: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const owner = await createOwner(server.db);
      await server.db
        .updateTable('merchants')
        .set({ name: 'Kafe Limani' })
        .where('id', '=', owner.merchantId)
        .execute();
      tags.push(await assignWalletTag(server.db, owner.merchantId));
      expect(await assignWalletTag(server.db, owner.merchantId)).toBe(tags.at(-1));
    }
    expect(tags).toEqual(['@kafe-limani', '@kafe-limani-2', '@kafe-limani-3']);
  });

  it('gives the tag on approval', async () => {
    const owner = await createOwner(server.db, { status: 'in_review' });
    await server.db
      .updateTable('merchants')
      .set({ name: 'Ζαχαροπλαστείο Ρόδων' })
      .where('id', '=', owner.merchantId)
      .execute();
    await reviewMerchant(server.db, owner.merchantId, { decision: 'approve' }, 'test');
    const merchant = await server.db
      .selectFrom('merchants')
      .select('wallet_tag')
      .where('id', '=', owner.merchantId)
      .executeTakeFirstOrThrow();
    expect(merchant.wallet_tag).toMatch(/^@zacharoplasteio-rodon(-\d+)?$/);
  });
});

describe('sandbox incoming bank transfers', () => {
  it('credits the account with that IBAN as a completed incoming bank transfer, once per key', async () => {
    const merchant = await merchantWithAccount(server);
    const key = newKey();
    const body = {
      iban: merchant.iban
        .replace(/(.{4})/g, '$1 ')
        .trim()
        .toLowerCase(),
      amount_minor: '12550',
      currency: 'EUR',
      sender_name: 'Alpha Foods SA',
      reference: 'Invoice 42',
    };
    const first = await incoming(server, body, key);
    expectStatus(first, 201);
    expect(first.body).toMatchObject({
      type: 'incoming_bank_transfer',
      status: 'completed',
      direction: 'in',
      counterparty: { name: 'Alpha Foods SA' },
      reference: 'Invoice 42',
      amount: { amount_minor: '12550', currency: 'EUR' },
      fee: { amount_minor: '0', currency: 'EUR' },
      total: { amount_minor: '12550', currency: 'EUR' },
    });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await incoming(server, body, key);
    expectStatus(again, 201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const conflict = await incoming(server, { ...body, amount_minor: '99' }, key);
    expectStatus(conflict, 409);

    const accounts = await api(server.app, 'GET', '/api/merchants/core_banking_accounts/', {
      token: merchant.token,
    });
    expectStatus(accounts, 200);
    expect(accounts.body.accounts[0]?.available_balance.amount_minor).toBe('12550');
    const listed = await api(server.app, 'GET', '/api/merchants/transactions/', { token: merchant.token });
    expectStatus(listed, 200);
    expect(listed.body.items.map((t) => t.id)).toEqual([first.body.id]);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);
  });

  it('does not exist in production', async () => {
    const merchant = await merchantWithAccount(server);
    const production = await server.buildVariant({ environment: 'production' });
    const before = await ledgerSnapshot(server.db);
    // Outside the production app's contract: the sandbox rails are not registered there at all.
    const response = await callUntyped(production, 'POST', '/api/sandbox/incoming-transfers/', {
      body: { iban: merchant.iban, amount_minor: '100', currency: 'EUR', sender_name: 'Alpha Foods SA' },
      headers: { 'idempotency-key': newKey() },
    });
    expect(response.status).toBe(404);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
  });

  it('refuses bad input with a 4xx and moves nothing', async () => {
    const merchant = await merchantWithAccount(server);
    const valid = {
      iban: merchant.iban,
      amount_minor: '100',
      currency: 'EUR',
      sender_name: 'Alpha Foods SA',
    };
    const before = await ledgerSnapshot(server.db);
    const cases: [Record<string, unknown>, number][] = [
      [{ ...valid, amount_minor: '-100' }, 400],
      [{ ...valid, amount_minor: '0' }, 400],
      [{ ...valid, amount_minor: '1.5' }, 400],
      [{ ...valid, amount_minor: '12.00' }, 400],
      [{ ...valid, amount_minor: 'abc' }, 400],
      [{ ...valid, amount_minor: '' }, 400],
      [{ ...valid, amount_minor: 100 }, 400],
      [{ ...valid, amount_minor: '1e3' }, 400],
      [{ ...valid, amount_minor: '9999999999999999999' }, 400],
      [{ ...valid, currency: 'XXX' }, 400],
      [{ ...valid, currency: 'eur' }, 400],
      [{ ...valid, currency: 'USD' }, 400],
      [{ ...valid, iban: 'GR0000000000000000000000000' }, 400],
      [{ ...valid, iban: 'not an iban at all' }, 400],
      [{ ...valid, sender_name: '' }, 400],
      [{ ...valid, sender_name: undefined }, 400],
      [{ ...valid, iban: 'DE89370400440532013000' }, 404],
    ];
    for (const [body, status] of cases) {
      const response = await incomingWithBadInput(server, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(errorOf(response).code).toMatch(/validation_failed|not_found/);
    }
    const noKey = await incomingWithBadInput(server, valid, null);
    expectStatus(noKey, 400);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
  });
});
