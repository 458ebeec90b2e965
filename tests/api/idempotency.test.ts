import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiWithBadInput, errorOf } from './client';
import { startTestServer, type TestServer } from './harness';
import { expectHealthy, newKey, walletMerchant, type WalletMerchant } from './money';
import { ledgerInvariants } from '../../server/ledger';
import { virtualCart } from './cards';
import { planCartUrl } from './plans';

// Every create a retry could duplicate takes an Idempotency-Key with the rules of send money: the same key and body
// make one row and answer the same result (header Idempotent-Replayed on the repeat), the same key with another
// request is 409, no key is 400. Two requests with one key at once make one row (on PostgreSQL, where they truly run
// at once: the API project runs there in CI too).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Merchant = WalletMerchant;

const merchant = (funding = 0n): Promise<Merchant> => walletMerchant(server, funding);

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

type Answer = { status: number; body: unknown; headers: Record<string, unknown> };

/**
 * One create: `send` makes request `variant` (0 and 1 differ) with `key`, or with no key at all (null); `rows` counts
 * what the merchant's creates stored.
 */
type Create = {
  send: (key: string | null, variant: 0 | 1) => Promise<Answer>;
  rows: () => Promise<number>;
};

const count = async (
  table: 'scheduled_payments' | 'qr_codes' | 'beneficiaries' | 'invitations' | 'cards' | 'invoices',
  merchantId: string,
) => {
  const row = await server.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

const creates: Record<string, () => Promise<Create>> = {
  createScheduledPayment: async () => {
    const [payer, payee] = [await merchant(), await merchant()];
    const body = (variant: 0 | 1) => ({
      account_type: 'eur',
      recipient: { wallet_tag: payee.tag },
      amount_minor: variant === 0 ? '1000' : '2000',
      // One-off: a repeating schedule needs a one-time code, which is not what this test is about.
      frequency: 'once' as const,
      start_date: tomorrow(),
    });
    return {
      send: (key, variant) =>
        key === null
          ? apiWithBadInput(server.app, 'POST', '/api/merchants/scheduled_payments/', {
              token: payer.token,
              body: body(variant),
            })
          : api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
              token: payer.token,
              headers: { 'idempotency-key': key },
              body: body(variant),
            }),
      rows: () => count('scheduled_payments', payer.merchantId),
    };
  },
  createQrCode: async () => {
    const me = await merchant();
    const body = (variant: 0 | 1) => ({ currency: 'EUR', amount_minor: variant === 0 ? '500' : '700' });
    return {
      send: (key, variant) =>
        key === null
          ? apiWithBadInput(server.app, 'POST', '/api/merchants/qr_codes/', {
              token: me.token,
              body: body(variant),
            })
          : api(server.app, 'POST', '/api/merchants/qr_codes/', {
              token: me.token,
              headers: { 'idempotency-key': key },
              body: body(variant),
            }),
      rows: () => count('qr_codes', me.merchantId),
    };
  },
  createBeneficiary: async () => {
    const [me, first, second] = [await merchant(), await merchant(), await merchant()];
    const body = (variant: 0 | 1) => ({
      kind: 'wallet' as const,
      wallet_tag: (variant === 0 ? first : second).tag,
    });
    return {
      send: (key, variant) =>
        key === null
          ? apiWithBadInput(server.app, 'POST', '/api/merchants/beneficiaries/', {
              token: me.token,
              body: body(variant),
            })
          : api(server.app, 'POST', '/api/merchants/beneficiaries/', {
              token: me.token,
              headers: { 'idempotency-key': key },
              body: body(variant),
            }),
      rows: () => count('beneficiaries', me.merchantId),
    };
  },
  inviteEmployee: async () => {
    const me = await merchant();
    const stamp = newKey('invitee');
    const body = (variant: 0 | 1) => ({
      email: `${stamp}-${variant}@example.com`,
      first_name: 'Eleni',
      last_name: 'Georgiou',
      role: 'employee' as const,
      access_level: 'company' as const,
    });
    return {
      send: (key, variant) =>
        key === null
          ? apiWithBadInput(server.app, 'POST', '/api/merchants/invitations/', {
              token: me.token,
              body: body(variant),
            })
          : api(server.app, 'POST', '/api/merchants/invitations/', {
              token: me.token,
              headers: { 'idempotency-key': key },
              body: body(variant),
            }),
      rows: () => count('invitations', me.merchantId),
    };
  },
  requestMoney: async () => {
    const [me, payer] = [await merchant(), await merchant()];
    const body = (variant: 0 | 1) => ({
      currency: 'EUR',
      amount_minor: variant === 0 ? '1500' : '2500',
      wallet_tag: payer.tag,
    });
    return {
      send: (key, variant) =>
        key === null
          ? apiWithBadInput(server.app, 'POST', '/api/merchants/request_money/', {
              token: me.token,
              body: body(variant),
            })
          : api(server.app, 'POST', '/api/merchants/request_money/', {
              token: me.token,
              headers: { 'idempotency-key': key },
              body: body(variant),
            }),
      rows: async () => {
        const row = await server.db
          .selectFrom('money_requests')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('requester_merchant_id', '=', me.merchantId)
          .executeTakeFirstOrThrow();
        return Number(row.n);
      },
    };
  },
  cartPay: async () => {
    // The request is the priced cart: another cart with the same key is another request.
    const me = await merchant(1_000_000n);
    const carts: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const cart = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
        token: me.token,
        body: virtualCart,
      });
      expect(cart.status).toBe(201);
      if (cart.status === 201) carts.push(cart.body.id);
    }
    return {
      send: (key, variant) =>
        key === null
          ? apiWithBadInput(server.app, 'POST', '/api/merchants/cards/cart/{id}/pay/', {
              params: { id: carts[variant] ?? '' },
              token: me.token,
            })
          : api(server.app, 'POST', '/api/merchants/cards/cart/{id}/pay/', {
              params: { id: carts[variant] ?? '' },
              token: me.token,
              headers: { 'idempotency-key': key },
            }),
      rows: () => count('cards', me.merchantId),
    };
  },
  planCartPay: async () => {
    const me = await merchant(10_000_000n);
    const quotes: string[] = [];
    for (const plan_id of ['business', 'premium'] as const) {
      const quote = await api(server.app, 'POST', planCartUrl, {
        token: me.token,
        body: { plan_id, period: 'monthly', pos_terminal: false },
      });
      expect(quote.status).toBe(201);
      if (quote.status === 201) quotes.push(quote.body.id);
    }
    return {
      send: (key, variant) =>
        key === null
          ? apiWithBadInput(server.app, 'POST', '/api/merchants/plans/cart/{id}/pay/', {
              params: { id: quotes[variant] ?? '' },
              token: me.token,
            })
          : api(server.app, 'POST', '/api/merchants/plans/cart/{id}/pay/', {
              params: { id: quotes[variant] ?? '' },
              token: me.token,
              headers: { 'idempotency-key': key },
            }),
      rows: () => count('invoices', me.merchantId),
    };
  },
  purchaseAdvertisingPlan: async () => {
    const me = await merchant(10_000_000n);
    const body = (variant: 0 | 1) => ({
      headline: variant === 0 ? 'Fresh coffee every morning' : 'Warm bread every morning',
      link: 'https://coffee.example.com/menu',
    });
    return {
      send: (key, variant) =>
        key === null
          ? apiWithBadInput(server.app, 'POST', '/api/merchants/advertising/plans/{id}/purchase/', {
              params: { id: 'local_boost' },
              token: me.token,
              body: body(variant),
            })
          : api(server.app, 'POST', '/api/merchants/advertising/plans/{id}/purchase/', {
              params: { id: 'local_boost' },
              token: me.token,
              headers: { 'idempotency-key': key },
              body: body(variant),
            }),
      rows: async () => {
        const row = await server.db
          .selectFrom('advertising_campaigns')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('merchant_id', '=', me.merchantId)
          .executeTakeFirstOrThrow();
        return Number(row.n);
      },
    };
  },
};

describe.each(Object.entries(creates))('%s is idempotent by Idempotency-Key', (_operation, prepare) => {
  it('the same key and body twice: one row, the same answer, the repeat marked replayed', async () => {
    const create = await prepare();
    const key = newKey('idem');
    const first = await create.send(key, 0);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create.send(key, 0);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await create.rows()).toBe(1);
    // Another key is another create.
    expect((await create.send(newKey('idem'), 0)).status).not.toBe(500);
    expectHealthy(await ledgerInvariants(server.db));
  });

  it('the same key with another request: 409 conflict, nothing stored for it', async () => {
    const create = await prepare();
    const key = newKey('idem');
    expect((await create.send(key, 0)).status).toBe(201);
    const other = await create.send(key, 1);
    expect(other.status).toBe(409);
    expect(errorOf(other).code).toBe('conflict');
    expect(await create.rows()).toBe(1);
  });

  it('no key: 400 naming the header, nothing stored', async () => {
    const create = await prepare();
    const refused = await create.send(null, 0);
    expect(refused.status).toBe(400);
    expect(errorOf(refused).code).toBe('validation_failed');
    expect(errorOf(refused).fields).toHaveProperty('idempotency-key');
    expect(await create.rows()).toBe(0);
  });

  it('an empty or over-long key: 400, as for send money', async () => {
    const create = await prepare();
    for (const key of ['', 'k'.repeat(201)]) {
      const refused = await create.send(key, 0);
      expect(refused.status, JSON.stringify(key.length)).toBe(400);
      expect(errorOf(refused).fields).toHaveProperty('idempotency-key');
    }
    expect(await create.rows()).toBe(0);
  });

  it('two requests with one key at once: one row, both answer it', async () => {
    const create = await prepare();
    const key = newKey('idem');
    const answers = await Promise.all([create.send(key, 0), create.send(key, 0), create.send(key, 0)]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect(answers[2]?.body).toEqual(answers[0]?.body);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await create.rows()).toBe(1);
    expectHealthy(await ledgerInvariants(server.db));
  });
});

describe('idempotent invitations', () => {
  it('a replayed invitation queues no second email', async () => {
    const create = await creates.inviteEmployee?.();
    if (!create) throw new Error('inviteEmployee case missing');
    const key = newKey('idem');
    const first = await create.send(key, 0);
    expect(first.status).toBe(201);
    const email = (first.body as { email: string }).email;
    await create.send(key, 0);
    const queued = await server.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).toBe(1);
  });
});
