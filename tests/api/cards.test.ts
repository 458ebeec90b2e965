import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canTransition,
  cardStatuses,
  cardTransitions,
  type CardStatus,
  type CardTransition,
} from '../../schemas/cards.schema';
import { ensureMerchantAccount } from '../../server/accounts';
import { isLuhnValid } from '../../server/cards/secrets';
import {
  address,
  authorize,
  balanceOf,
  cardTableCounts,
  orderCard,
  physicalCart,
  secretOf,
  setPlan,
  virtualCart,
} from './cards';
import { api, apiWithBadInput, bodyOf, expectStatus, type JsonBodyOf, type PathFor } from './client';
import { startTestServer, type TestServer } from './harness';
import { passKyc } from './kycPass';
import {
  employeeToken,
  expectHealthy,
  fund,
  ledgerSnapshot,
  merchantWithAccount,
  newKey,
  type MoneyMerchant,
} from './money';
import { company, onboardingOwner, saveAllSteps } from './onboardingFixtures';
import { stepUpHeaders, stepUpToken, userIdOf } from './stepUp';

// Cards (SPEC §2 cards and plans routes, §3 Card, §4 card states, §6, §8, §9): ordering, management,
// permissions, reveals behind a one-time code, limits. The authorisation path is in cardAuthorizations.test.ts.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
const insufficient = 'Payment failed, possibly from insufficient balance; try again later.';

/** An approved merchant with a EUR account holding `funds` (default €100). */
async function merchant(funds = 10_000n): Promise<MoneyMerchant> {
  const m = await merchantWithAccount(server);
  if (funds > 0n) await fund(server.db, m.accountId, funds);
  return m;
}

const pay = (token: string, cartId: string, key = newKey('pay')) =>
  api(server.app, 'POST', '/api/merchants/cards/cart/{id}/pay/', {
    params: { id: cartId },
    token,
    headers: { 'idempotency-key': key },
  });

const cardRow = (id: string) =>
  server.db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('cardOptions', () => {
  it("prices cards from the merchant's plan and lists who may hold how many more", async () => {
    const me = await merchant();
    const free = await api(server.app, 'GET', '/api/merchants/cards/options/', { token: me.token });
    expectStatus(free, 200);
    expect(free.body).toMatchObject({
      plan: { id: 'free', name: 'Free', cashback_rate_bp: 25 },
      prices: {
        physical: { amount_minor: '1490', currency: 'EUR' },
        virtual: { amount_minor: '200', currency: 'EUR' },
      },
      colours: ['blue', 'midnight', 'graphite', 'emerald', 'coral'],
      account_types: ['eur'],
    });
    expect(free.body.holders).toEqual([
      expect.objectContaining({ is_owner: true, remaining: { physical: 3, virtual: 3 } }),
    ]);
    await setPlan(server, me.merchantId, 'premium');
    const premium = await api(server.app, 'GET', '/api/merchants/cards/options/', { token: me.token });
    expectStatus(premium, 200);
    expect(premium.body.prices.physical.amount_minor).toBe('0');
    expect(premium.body.plan.cashback_rate_bp).toBe(100);
  });
});

describe('ordering a card', () => {
  it('pays a virtual card from the wallet through the ledger and makes it active at once; the key replays', async () => {
    const me = await merchant();
    const cart = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
      token: me.token,
      body: virtualCart,
    });
    expectStatus(cart, 201);
    expect(cart.body).toMatchObject({
      form: 'virtual',
      colour: 'blue',
      name: 'Team card',
      usage: 'multiple',
      account_type: 'eur',
      shipping_address: null,
      price: { amount_minor: '200', currency: 'EUR' },
      available_balance: { amount_minor: '10000', currency: 'EUR' },
    });
    expect(Date.parse(cart.body.expires_at) - Date.now()).toBeGreaterThan(29 * 60 * 1000);

    const key = newKey('pay');
    const paid = await pay(me.token, cart.body.id, key);
    expectStatus(paid, 201);
    expect(paid.body.card).toMatchObject({
      form: 'virtual',
      status: 'active',
      has_pin: false,
      has_epin: false,
    });
    expect(paid.body.card.last4).toMatch(/^\d{4}$/);
    expect(paid.body.card.limits).toEqual({
      frequency: 'daily',
      limits: { card_transaction: null, card_purchase: null, card_ecommerce: null, card_cash: null },
    });
    expect(await balanceOf(server, me.accountId)).toBe(9_800n);
    const transaction = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: String(paid.body.transaction_id) },
      token: me.token,
    });
    // A card bought is a card order, not a payment made with a card.
    expect(transaction.body).toMatchObject({
      type: 'card_order',
      status: 'paid',
      direction: 'out',
      amount: { amount_minor: '200', currency: 'EUR' },
    });

    const before = await cardTableCounts(server);
    const replay = await pay(me.token, cart.body.id, key);
    expectStatus(replay, 201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(paid.body);
    const again = await pay(me.token, cart.body.id);
    expectStatus(again, 409);
    expect(again.body.error.code).toBe('cart_paid');
    expect(await cardTableCounts(server)).toEqual(before);
    expect(await balanceOf(server, me.accountId)).toBe(9_800n);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);

    const home = await api(server.app, 'GET', '/api/merchants/home/overview/', { token: me.token });
    expectStatus(home, 200);
    expect(home.body.welcome_checklist).toContainEqual({ item: 'create_card', done: true });
  });

  it('makes a physical card inactive until activated, shipped to a new address it saves', async () => {
    const me = await merchant(20_000n);
    const { card } = await orderCard(server, me, physicalCart);
    expect(card).toMatchObject({ form: 'physical', status: 'inactive' });
    expect(
      bodyOf(
        await api(server.app, 'GET', '/api/merchants/cards/{id}/', {
          params: { id: card.id },
          token: me.token,
        }),
        200,
      ).shipping_address,
    ).toEqual(address);
    expect(await balanceOf(server, me.accountId)).toBe(20_000n - 1490n);

    const saved = await api(server.app, 'GET', '/api/merchants/addresses/', { token: me.token });
    expectStatus(saved, 200);
    // Each saved address also carries its map pin (none yet) and whether it is the default.
    const unpinned = { latitude: null, longitude: null, is_default: false };
    expect(saved.body.items).toEqual([{ id: expect.any(String), kind: 'shipping', ...address, ...unpinned }]);

    // A second physical card to the saved address, and the same address given again is not saved twice.
    const second = await orderCard(server, me, {
      ...physicalCart,
      shipping: { address_id: saved.body.items[0]!.id },
    });
    expect(second.card.status).toBe('inactive');
    await orderCard(server, me, physicalCart);
    expect(
      bodyOf(await api(server.app, 'GET', '/api/merchants/addresses/', { token: me.token }), 200).items,
    ).toHaveLength(1);

    const activated = await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
      params: { id: card.id, action: 'activate' },
      token: me.token,
    });
    expectStatus(activated, 200);
    expect(activated.body.status).toBe('active');
    const twice = await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
      params: { id: card.id, action: 'activate' },
      token: me.token,
    });
    expectStatus(twice, 409);
    expect(twice.body.error).toMatchObject({ code: 'card_status', details: { status: 'active' } });
  });

  it('lists the registered and trading addresses given in onboarding once the merchant is approved', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    await saveAllSteps(server.app, owner.token);
    const trading = {
      country: 'GR',
      postal_code: '54624',
      city: 'Thessaloniki',
      line1: 'Tsimiski 5',
      line2: 'Floor 2',
    };
    const saved = await api(server.app, 'PUT', '/api/merchants/onboarding/company/', {
      token: owner.token,
      body: { ...company, trading_same_as_registered: false, trading_address: trading },
    });
    expectStatus(saved, 200);
    await passKyc(server, owner.token);
    expect(
      (await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', { token: owner.token }))
        .status,
    ).toBe(200);
    expect(
      (
        await api(server.app, 'POST', '/api/sandbox/reviews/{merchant_id}/', {
          params: { merchant_id: owner.merchantId },
          body: { decision: 'approve' },
        })
      ).status,
    ).toBe(200);
    const list = await api(server.app, 'GET', '/api/merchants/addresses/', { token: owner.token });
    expectStatus(list, 200);
    expect(list.body.items).toEqual([
      {
        id: expect.any(String),
        kind: 'registered',
        country: 'GR',
        postal_code: '10563',
        city: 'Athens',
        line1: 'Ermou 12',
        latitude: null,
        longitude: null,
        is_default: false,
      },
      {
        id: expect.any(String),
        kind: 'trading',
        ...trading,
        latitude: null,
        longitude: null,
        is_default: false,
      },
    ]);
    // The registered address ships a card.
    await fund(server.db, await ensureMerchantAccount(server.db, owner.merchantId, 'EUR'), 5_000n);
    const cart = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
      token: owner.token,
      body: { ...physicalCart, shipping: { address_id: list.body.items[0]!.id } },
    });
    expectStatus(cart, 201);
    expect(cart.body.shipping_address).toEqual({
      country: 'GR',
      postal_code: '10563',
      city: 'Athens',
      line1: 'Ermou 12',
    });
  });

  it('refuses a 4th physical and a 4th virtual card for one person (422), taking no money and making no card', async () => {
    const me = await merchant(100_000n);
    // Carts priced while the holder still had room; paying the 4th must re-check.
    const physicalCarts = [];
    const virtualCarts = [];
    for (let i = 0; i < 4; i += 1) {
      physicalCarts.push(
        bodyOf(
          await api(server.app, 'POST', '/api/merchants/cards/cart/', {
            token: me.token,
            body: physicalCart,
          }),
          201,
        ),
      );
      virtualCarts.push(
        bodyOf(
          await api(server.app, 'POST', '/api/merchants/cards/cart/', { token: me.token, body: virtualCart }),
          201,
        ),
      );
    }
    for (const cart of [...physicalCarts.slice(0, 3), ...virtualCarts.slice(0, 3)]) {
      expect((await pay(me.token, cart.id)).status).toBe(201);
    }
    for (const cart of [physicalCarts[3], virtualCarts[3]]) {
      const before = await ledgerSnapshot(server.db);
      const counts = await cardTableCounts(server);
      const refused = await pay(me.token, cart!.id);
      expectStatus(refused, 422);
      expect(refused.body.error).toMatchObject({
        code: 'card_limit_reached',
        details: { form: cart!.form, max: 3 },
      });
      expect(await ledgerSnapshot(server.db)).toEqual(before);
      expect(await cardTableCounts(server)).toEqual(counts);
      // Refused already when pricing a new one.
      const priced = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
        token: me.token,
        body: cart!.form === 'physical' ? physicalCart : virtualCart,
      });
      expectStatus(priced, 422);
      expect(priced.body.error.code).toBe('card_limit_reached');
    }
    const options = await api(server.app, 'GET', '/api/merchants/cards/options/', { token: me.token });
    expectStatus(options, 200);
    expect(options.body.holders[0]?.remaining).toEqual({ physical: 0, virtual: 0 });

    // A destroyed card no longer counts.
    const [first] = bodyOf(
      await api(server.app, 'GET', '/api/merchants/cards/', { token: me.token }),
      200,
    ).items;
    expect(
      (
        await api(server.app, 'DELETE', '/api/merchants/cards/{id}/', {
          params: { id: first!.id },
          token: me.token,
        })
      ).status,
    ).toBe(200);
    const retry = await pay(me.token, (first!.form === 'physical' ? physicalCarts : virtualCarts)[3]!.id);
    expectStatus(retry, 201);
  });

  it('lets concurrent payments make one card per order and no 4th card for one person', async () => {
    const me = await merchant(100_000n);
    await orderCard(server, me);
    await orderCard(server, me);
    const carts = [];
    for (let i = 0; i < 3; i += 1) {
      carts.push(
        bodyOf(
          await api(server.app, 'POST', '/api/merchants/cards/cart/', { token: me.token, body: virtualCart }),
          201,
        ),
      );
    }
    const key = newKey('pay');
    const results = await Promise.all([
      pay(me.token, carts[0]!.id, key),
      pay(me.token, carts[0]!.id, key),
      pay(me.token, carts[1]!.id),
      pay(me.token, carts[2]!.id),
    ]);
    const made = new Set(results.filter((r) => r.status === 201).map((r) => r.body.card.id));
    expect(made.size).toBe(1);
    expect(
      results.filter((r) => r.status === 422).every((r) => r.body.error.code === 'card_limit_reached'),
    ).toBe(true);
    const cards = await server.db
      .selectFrom('cards')
      .select('id')
      .where('merchant_id', '=', me.merchantId)
      .execute();
    expect(cards).toHaveLength(3);
    expect(await balanceOf(server, me.accountId)).toBe(100_000n - 3n * 200n);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);
  });

  it('refuses an order the balance does not cover with SPEC §8’s message, changing nothing', async () => {
    const me = await merchant(100n);
    const cart = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
      token: me.token,
      body: virtualCart,
    });
    expectStatus(cart, 201);
    expect(cart.body.available_balance.amount_minor).toBe('100');
    const before = await ledgerSnapshot(server.db);
    const counts = await cardTableCounts(server);
    const refused = await pay(me.token, cart.body.id);
    expectStatus(refused, 422);
    expect(refused.body.error).toEqual({ code: 'insufficient_funds', message: insufficient });
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expect(await cardTableCounts(server)).toEqual(counts);
    // Topped up, the same order goes through.
    await fund(server.db, me.accountId, 100n);
    expect((await pay(me.token, cart.body.id)).status).toBe(201);
    expect(await balanceOf(server, me.accountId)).toBe(0n);
  });

  it('posts nothing for a card the plan makes free', async () => {
    const me = await merchant(0n);
    await setPlan(server, me.merchantId, 'premium');
    const before = await ledgerSnapshot(server.db);
    const { card, transactionId } = await orderCard(server, me, physicalCart);
    expect(card.status).toBe('inactive');
    expect(transactionId).toBeNull();
    expect(await ledgerSnapshot(server.db)).toEqual(before);
  });

  it('refuses an expired order (410) and a key already spent on another order (409)', async () => {
    const me = await merchant();
    const first = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
      token: me.token,
      body: virtualCart,
    });
    expectStatus(first, 201);
    const second = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
      token: me.token,
      body: virtualCart,
    });
    expectStatus(second, 201);
    const key = newKey('pay');
    expect((await pay(me.token, first.body.id, key)).status).toBe(201);
    const reused = await pay(me.token, second.body.id, key);
    expectStatus(reused, 409);
    expect(reused.body.error.code).toBe('conflict');

    await server.db
      .updateTable('card_carts')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', second.body.id)
      .execute();
    const counts = await cardTableCounts(server);
    const expired = await pay(me.token, second.body.id);
    expectStatus(expired, 410);
    expect(expired.body.error.code).toBe('cart_expired');
    expect(await cardTableCounts(server)).toEqual(counts);
  });

  it('refuses ordering to an employee or a viewer (403), changing nothing', async () => {
    const me = await merchant();
    const employee = await employeeToken(server, me.merchantId, 'employee');
    const viewer = await employeeToken(server, me.merchantId, 'viewer');
    const ownerCart = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
      token: me.token,
      body: virtualCart,
    });
    expectStatus(ownerCart, 201);
    const before = await ledgerSnapshot(server.db);
    const counts = await cardTableCounts(server);
    for (const token of [employee, viewer]) {
      for (const response of [
        await api(server.app, 'GET', '/api/merchants/cards/options/', { token }),
        await api(server.app, 'POST', '/api/merchants/cards/cart/', { token, body: virtualCart }),
        await pay(token, ownerCart.body.id),
      ]) {
        expectStatus(response, 403);
        expect(response.body.error.code).toBe('forbidden');
      }
    }
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expect(await cardTableCounts(server)).toEqual(counts);
  });

  it('orders a card for another person of the company, and only of the company', async () => {
    const me = await merchant();
    const employee = await employeeToken(server, me.merchantId, 'employee');
    const other = await merchant(0n);
    const { card } = await orderCard(server, me, { ...virtualCart, holder_user_id: userIdOf(employee) });
    const mine = await api(server.app, 'GET', '/api/merchants/cards/', { token: employee });
    expectStatus(mine, 200);
    expect(mine.body.items.map((c: { id: string }) => c.id)).toEqual([card.id]);
    const stranger = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
      token: me.token,
      body: { ...virtualCart, holder_user_id: userIdOf(other.token) },
    });
    expectStatus(stranger, 400);
    expect(stranger.body.error.fields).toHaveProperty('holder_user_id');
  });

  it('refuses a disabled person as holder, no longer offers them, and writes nothing', async () => {
    const me = await merchant();
    const employee = await employeeToken(server, me.merchantId, 'employee');
    const holderId = userIdOf(employee);
    const holderIds = async () => {
      const options = await api(server.app, 'GET', '/api/merchants/cards/options/', { token: me.token });
      expectStatus(options, 200);
      return options.body.holders.map((holder: { user_id: string }) => holder.user_id);
    };
    expect(await holderIds()).toEqual([userIdOf(me.token), holderId]);
    // An order started while they were enabled.
    const earlier = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
      token: me.token,
      body: { ...virtualCart, holder_user_id: holderId },
    });
    expectStatus(earlier, 201);

    const disabled = await api(server.app, 'PATCH', '/api/merchants/employees/{id}/status/', {
      params: { id: holderId },
      token: me.token,
      body: { status: 'disabled' },
    });
    expectStatus(disabled, 200);
    expect(await holderIds()).toEqual([userIdOf(me.token)]);

    const before = await ledgerSnapshot(server.db);
    const counts = await cardTableCounts(server);
    const refused = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
      token: me.token,
      body: { ...virtualCart, holder_user_id: holderId },
    });
    expectStatus(refused, 400);
    expect(refused.body.error.code).toBe('validation_failed');
    expect(refused.body.error.fields?.holder_user_id).toMatch(/disabled/i);
    const paid = await pay(me.token, earlier.body.id);
    expectStatus(paid, 400);
    expect(paid.body.error.fields?.holder_user_id).toMatch(/disabled/i);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expect(await cardTableCounts(server)).toEqual(counts);

    // Enabled again, they are offered and may hold a card once more.
    const enabled = await api(server.app, 'PATCH', '/api/merchants/employees/{id}/status/', {
      params: { id: holderId },
      token: me.token,
      body: { status: 'enabled' },
    });
    expectStatus(enabled, 200);
    expect(await holderIds()).toEqual([userIdOf(me.token), holderId]);
    await orderCard(server, me, { ...virtualCart, holder_user_id: holderId });
  });
});

describe('managing a card', () => {
  it('follows exactly the transitions of the contract from every status; destroyed is final', async () => {
    const me = await merchant(0n);
    await setPlan(server, me.merchantId, 'premium');
    const { card } = await orderCard(server, me, physicalCart);
    const act = (action: Exclude<CardTransition, 'destroy'>) => () =>
      api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
        params: { id: card.id, action },
        token: me.token,
      });
    const destroy = () =>
      api(server.app, 'DELETE', '/api/merchants/cards/{id}/', { params: { id: card.id }, token: me.token });
    const actions = [
      ['activate', act('activate')],
      ['freeze', act('freeze')],
      ['unfreeze', act('unfreeze')],
      ['report_lost', act('report_lost')],
      ['destroy', destroy],
    ] as const satisfies readonly (readonly [CardTransition, () => Promise<unknown>])[];
    for (const status of cardStatuses) {
      for (const [transition, request] of actions) {
        await server.db
          .updateTable('cards')
          .set({ status, destroyed_at: status === 'destroyed' ? new Date() : null })
          .where('id', '=', card.id)
          .execute();
        const response = await request();
        if (canTransition(status, transition)) {
          expectStatus(response, 200, `${transition} from ${status}`);
          expect(response.body.status).toBe(cardTransitions[transition].to);
        } else {
          expectStatus(response, 409, `${transition} from ${status}`);
          expect(response.body.error).toMatchObject({ code: 'card_status', details: { status } });
          expect((await cardRow(card.id)).status).toBe(status satisfies CardStatus);
        }
      }
    }
  });

  it('renames, sets and clears the alias, sets the PIN (physical only) and the e-PIN without echoing them', async () => {
    const me = await merchant(0n);
    await setPlan(server, me.merchantId, 'premium');
    const physical = (await orderCard(server, me, physicalCart)).card;
    const virtual = (await orderCard(server, me, virtualCart)).card;
    const renamed = await api(server.app, 'PATCH', '/api/merchants/cards/{id}/', {
      params: { id: physical.id },
      token: me.token,
      body: { name: 'Till one', alias: 'Front desk' },
    });
    expectStatus(renamed, 200);
    expect(renamed.body).toMatchObject({ name: 'Till one', alias: 'Front desk' });
    const cleared = await api(server.app, 'PATCH', '/api/merchants/cards/{id}/', {
      params: { id: physical.id },
      token: me.token,
      body: { alias: null },
    });
    expect(cleared.body).toMatchObject({ name: 'Till one', alias: null });

    const pin = await api(server.app, 'PUT', '/api/merchants/cards/{id}/pin/', {
      params: { id: physical.id },
      token: me.token,
      body: { pin: '2580' },
    });
    expectStatus(pin, 204);
    expect(pin.raw.body).toBe('');
    const epin = await api(server.app, 'PUT', '/api/merchants/cards/{id}/epin/', {
      params: { id: virtual.id },
      token: me.token,
      body: { epin: '31415' },
    });
    expectStatus(epin, 204);
    const noPin = await api(server.app, 'PUT', '/api/merchants/cards/{id}/pin/', {
      params: { id: virtual.id },
      token: me.token,
      body: { pin: '2580' },
    });
    expectStatus(noPin, 409);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/cards/{id}/', {
          params: { id: physical.id },
          token: me.token,
        })
      ).body,
    ).toMatchObject({
      has_pin: true,
      has_epin: false,
    });
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/cards/{id}/', {
          params: { id: virtual.id },
          token: me.token,
        })
      ).body,
    ).toMatchObject({
      has_pin: false,
      has_epin: true,
    });

    await api(server.app, 'DELETE', '/api/merchants/cards/{id}/', {
      params: { id: virtual.id },
      token: me.token,
    });
    for (const response of [
      await api(server.app, 'PATCH', '/api/merchants/cards/{id}/', {
        params: { id: virtual.id },
        token: me.token,
        body: { name: 'Back' },
      }),
      await api(server.app, 'PUT', '/api/merchants/cards/{id}/epin/', {
        params: { id: virtual.id },
        token: me.token,
        body: { epin: '27182' },
      }),
      await api(server.app, 'PUT', '/api/merchants/cards/{id}/limits/', {
        params: { id: virtual.id },
        token: me.token,
        body: {
          frequency: 'daily',
          limits: { card_transaction: '100', card_purchase: null, card_ecommerce: null, card_cash: null },
        },
      }),
    ]) {
      expectStatus(response, 409);
      expect(response.body.error.code).toBe('card_status');
    }
  });

  it('lets a holder act on their own card only, and a viewer only read', async () => {
    const me = await merchant(0n);
    await setPlan(server, me.merchantId, 'premium');
    const employee = await employeeToken(server, me.merchantId, 'employee');
    const viewer = await employeeToken(server, me.merchantId, 'viewer');
    const ownerCard = (await orderCard(server, me, virtualCart)).card;
    const employeeCard = (await orderCard(server, me, { ...virtualCart, holder_user_id: userIdOf(employee) }))
      .card;
    const viewerCard = (
      await orderCard(server, me, {
        ...physicalCart,
        holder_user_id: userIdOf(viewer),
        shipping: { address },
      })
    ).card;

    expect(
      bodyOf(await api(server.app, 'GET', '/api/merchants/cards/', { token: me.token }), 200).items,
    ).toHaveLength(3);
    expect(
      bodyOf(await api(server.app, 'GET', '/api/merchants/cards/', { token: viewer }), 200).items.map(
        (c: { id: string }) => c.id,
      ),
    ).toEqual([viewerCard.id]);
    // Not theirs: not there.
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/cards/{id}/', {
          params: { id: ownerCard.id },
          token: employee,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
          params: { id: ownerCard.id, action: 'freeze' },
          token: employee,
        })
      ).status,
    ).toBe(404);
    // Their own: they may.
    const frozen = await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
      params: { id: employeeCard.id, action: 'freeze' },
      token: employee,
    });
    expectStatus(frozen, 200);
    // The owner acts on everyone's.
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
          params: { id: employeeCard.id, action: 'unfreeze' },
          token: me.token,
        })
      ).status,
    ).toBe(200);

    // A viewer reads their card and its limits, and changes nothing.
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/cards/{id}/', {
          params: { id: viewerCard.id },
          token: viewer,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/cards/{id}/limits/', {
          params: { id: viewerCard.id },
          token: viewer,
        })
      ).status,
    ).toBe(200);
    const row = await cardRow(viewerCard.id);
    const limits = {
      frequency: 'weekly',
      limits: { card_transaction: '100', card_purchase: null, card_ecommerce: null, card_cash: null },
    } satisfies JsonBodyOf<'PUT', '/api/merchants/cards/{id}/limits/'>;
    for (const response of [
      await api(server.app, 'PATCH', '/api/merchants/cards/{id}/', {
        params: { id: viewerCard.id },
        token: viewer,
        body: { name: 'Mine' },
      }),
      await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
        params: { id: viewerCard.id, action: 'activate' },
        token: viewer,
      }),
      await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
        params: { id: viewerCard.id, action: 'report_lost' },
        token: viewer,
      }),
      await api(server.app, 'DELETE', '/api/merchants/cards/{id}/', {
        params: { id: viewerCard.id },
        token: viewer,
      }),
      await api(server.app, 'PUT', '/api/merchants/cards/{id}/pin/', {
        params: { id: viewerCard.id },
        token: viewer,
        body: { pin: '2580' },
      }),
      await api(server.app, 'PUT', '/api/merchants/cards/{id}/epin/', {
        params: { id: viewerCard.id },
        token: viewer,
        body: { epin: '31415' },
      }),
      await api(server.app, 'PUT', '/api/merchants/cards/{id}/limits/', {
        params: { id: viewerCard.id },
        token: viewer,
        body: limits,
      }),
    ]) {
      expectStatus(response, 403);
      expect(response.body.error.code).toBe('forbidden');
    }
    expect(await cardRow(viewerCard.id)).toEqual(row);
  });
});

describe("another merchant's cards, orders and addresses", () => {
  it('answers 404 on every endpoint that takes an id, and changes nothing', async () => {
    const owner = await merchant(0n);
    await setPlan(server, owner.merchantId, 'premium');
    const { card } = await orderCard(server, owner, physicalCart);
    await api(server.app, 'PUT', '/api/merchants/cards/{id}/pin/', {
      params: { id: card.id },
      token: owner.token,
      body: { pin: '2580' },
    });
    const cart = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
      token: owner.token,
      body: virtualCart,
    });
    expectStatus(cart, 201);
    const [saved] = bodyOf(
      await api(server.app, 'GET', '/api/merchants/addresses/', { token: owner.token }),
      200,
    ).items;

    const thief = await merchant();
    const grant = await stepUpToken(server, thief.token, 'card_reveal');
    const row = await cardRow(card.id);
    const counts = await cardTableCounts(server);
    const limits = {
      frequency: 'monthly',
      limits: { card_transaction: '1', card_purchase: '1', card_ecommerce: '1', card_cash: '1' },
    } satisfies JsonBodyOf<'PUT', '/api/merchants/cards/{id}/limits/'>;
    const attempts = [
      await api(server.app, 'GET', '/api/merchants/cards/{id}/', {
        params: { id: card.id },
        token: thief.token,
      }),
      await api(server.app, 'PATCH', '/api/merchants/cards/{id}/', {
        params: { id: card.id },
        token: thief.token,
        body: { name: 'Mine now' },
      }),
      await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
        params: { id: card.id, action: 'activate' },
        token: thief.token,
      }),
      await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
        params: { id: card.id, action: 'report_lost' },
        token: thief.token,
      }),
      await api(server.app, 'DELETE', '/api/merchants/cards/{id}/', {
        params: { id: card.id },
        token: thief.token,
      }),
      await api(server.app, 'PUT', '/api/merchants/cards/{id}/pin/', {
        params: { id: card.id },
        token: thief.token,
        body: { pin: '9630' },
      }),
      await api(server.app, 'PUT', '/api/merchants/cards/{id}/epin/', {
        params: { id: card.id },
        token: thief.token,
        body: { epin: '96307' },
      }),
      await api(server.app, 'POST', '/api/merchants/cards/{id}/reveal/', {
        params: { id: card.id },
        token: thief.token,
        body: { what: 'details' },
        headers: stepUpHeaders(grant),
      }),
      await api(server.app, 'GET', '/api/merchants/cards/{id}/limits/', {
        params: { id: card.id },
        token: thief.token,
      }),
      await api(server.app, 'PUT', '/api/merchants/cards/{id}/limits/', {
        params: { id: card.id },
        token: thief.token,
        body: limits,
      }),
      await pay(thief.token, cart.body.id),
      await api(server.app, 'POST', '/api/merchants/cards/cart/', {
        token: thief.token,
        body: { ...physicalCart, shipping: { address_id: saved!.id } },
      }),
    ];
    for (const response of attempts) {
      expectStatus(response, 404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect(await cardRow(card.id)).toEqual(row);
    expect(await cardTableCounts(server)).toEqual(counts);
    expect(
      bodyOf(await api(server.app, 'GET', '/api/merchants/cards/', { token: thief.token }), 200).items,
    ).toEqual([]);
    expect(
      bodyOf(await api(server.app, 'GET', '/api/merchants/addresses/', { token: thief.token }), 200).items,
    ).toEqual([]);
    // The grant was not spent on the refusal.
    const reveal = await api(server.app, 'POST', '/api/merchants/cards/{id}/reveal/', {
      params: { id: card.id },
      token: owner.token,
      body: { what: 'details' },
      headers: stepUpHeaders(await stepUpToken(server, owner.token, 'card_reveal')),
    });
    expectStatus(reveal, 200);
  });
});

describe('revealing card details', () => {
  it('needs a fresh grant for card_reveal: none, another purpose’s, a used or an expired one is 403', async () => {
    const me = await merchant();
    const { card } = await orderCard(server, me);
    const reveal = (headers: Record<string, string> = {}, what: 'details' | 'pin' | 'epin' = 'details') =>
      api(server.app, 'POST', '/api/merchants/cards/{id}/reveal/', {
        params: { id: card.id },
        token: me.token,
        body: { what },
        headers,
      });

    const none = await reveal();
    expectStatus(none, 403);
    expect(none.body.error.code).toBe('step_up_required');
    const otherPurpose = await reveal(stepUpHeaders(await stepUpToken(server, me.token, 'send_money')));
    expectStatus(otherPurpose, 403);
    expect(otherPurpose.body.error.code).toBe('step_up_required');

    const grant = await stepUpToken(server, me.token, 'card_reveal');
    const shown = await reveal(stepUpHeaders(grant));
    expectStatus(shown, 200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.body.what).toBe('details');
    const details = secretOf(shown.body, 'details');
    expect(details.number).toMatch(/^400000\d{10}$/);
    expect(isLuhnValid(details.number)).toBe(true);
    expect(details.number.slice(-4)).toBe(card.last4);
    expect(details.cvv).toMatch(/^\d{3}$/);
    expect(details.expiry_year).toBe(new Date().getUTCFullYear() + 3);
    expect(details.expiry_month).toBeGreaterThanOrEqual(1);

    const used = await reveal(stepUpHeaders(grant));
    expectStatus(used, 403);
    expect(used.body.error.code).toBe('step_up_required');

    const stale = await stepUpToken(server, me.token, 'card_reveal');
    await server.db
      .updateTable('step_up_grants')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userIdOf(me.token))
      .where('consumed_at', 'is', null)
      .execute();
    const expired = await reveal(stepUpHeaders(stale));
    expectStatus(expired, 403);
    expect(expired.body.error.code).toBe('step_up_required');

    // The e-PIN once set; never set, 409 and the grant stays good.
    const fresh = await stepUpToken(server, me.token, 'card_reveal');
    expect((await reveal(stepUpHeaders(fresh), 'epin')).status).toBe(409);
    await api(server.app, 'PUT', '/api/merchants/cards/{id}/epin/', {
      params: { id: card.id },
      token: me.token,
      body: { epin: '31415' },
    });
    const epin = await reveal(stepUpHeaders(fresh), 'epin');
    expectStatus(epin, 200);
    expect(epin.body).toEqual({ what: 'epin', epin: '31415' });

    // The database holds none of them in the clear.
    const raw = await cardRow(card.id);
    const rowText = JSON.stringify(raw, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    expect(rowText).not.toContain(details.number);
    // A CVV or an e-PIN is short enough to turn up by chance inside a uuid, a hash or the last four digits: no column
    // may hold one as its value, and the sealed columns below are ciphertext.
    const values = Object.values(raw).map((value) => (typeof value === 'bigint' ? value.toString() : value));
    for (const secret of [details.cvv, '31415']) expect(values).not.toContain(secret);
    for (const sealed of [raw.number_enc, raw.cvv_enc, raw.expiry_enc, raw.epin_enc]) {
      expect(sealed).toMatch(/^v1\.[A-Za-z0-9+/=]+$/);
    }
    expect(raw.number_hmac).toMatch(/^[0-9a-f]{64}$/);

    // The number authorises a payment as a network would send it.
    const byNumber = await authorize(server, { card_number: details.number, amount_minor: '100' });
    expectStatus(byNumber, 200);
    expect(byNumber.body.approved).toBe(true);

    // Destroyed: nothing to show, and the grant is not spent.
    await api(server.app, 'DELETE', '/api/merchants/cards/{id}/', {
      params: { id: card.id },
      token: me.token,
    });
    const last = await stepUpToken(server, me.token, 'card_reveal');
    const destroyed = await reveal(stepUpHeaders(last));
    expectStatus(destroyed, 409);
    expect(destroyed.body.error.code).toBe('card_status');
  });

  it('reveals the PIN of a physical card to its holder', async () => {
    const me = await merchant(0n);
    await setPlan(server, me.merchantId, 'premium');
    const { card } = await orderCard(server, me, physicalCart);
    await api(server.app, 'PUT', '/api/merchants/cards/{id}/pin/', {
      params: { id: card.id },
      token: me.token,
      body: { pin: '7392' },
    });
    const shown = await api(server.app, 'POST', '/api/merchants/cards/{id}/reveal/', {
      params: { id: card.id },
      token: me.token,
      body: { what: 'pin' },
      headers: stepUpHeaders(await stepUpToken(server, me.token, 'card_reveal')),
    });
    expectStatus(shown, 200);
    expect(shown.body).toEqual({ what: 'pin', pin: '7392' });
    const raw = await cardRow(card.id);
    expect(raw.pin_enc).toMatch(/^v1\.[A-Za-z0-9+/=]+$/);
    expect(Object.values(raw).map(String)).not.toContain('7392');
    expect(raw.pin_enc).not.toContain('7392');
  });
});

describe('limits', () => {
  it('replaces the frequency and the limits, and shows what was spent in the current window', async () => {
    const me = await merchant();
    const { card } = await orderCard(server, me);
    const initial = await api(server.app, 'GET', '/api/merchants/cards/{id}/limits/', {
      params: { id: card.id },
      token: me.token,
    });
    expect(initial.body).toMatchObject({
      frequency: 'daily',
      currency: 'EUR',
      spent: { card_transaction: '0', card_purchase: '0', card_ecommerce: '0', card_cash: '0' },
    });
    const body = {
      frequency: 'monthly',
      limits: { card_transaction: '5000', card_purchase: null, card_ecommerce: '1500', card_cash: null },
    } satisfies JsonBodyOf<'PUT', '/api/merchants/cards/{id}/limits/'>;
    const set = await api(server.app, 'PUT', '/api/merchants/cards/{id}/limits/', {
      params: { id: card.id },
      token: me.token,
      body,
    });
    expectStatus(set, 200);
    expect(set.body).toEqual(body);
    await authorize(server, { card_id: card.id, amount_minor: '700', category: 'online' });
    await authorize(server, { card_id: card.id, amount_minor: '300', category: 'atm' });
    const view = await api(server.app, 'GET', '/api/merchants/cards/{id}/limits/', {
      params: { id: card.id },
      token: me.token,
    });
    expectStatus(view, 200);
    expect(view.body).toMatchObject({
      ...body,
      spent: { card_transaction: '1000', card_purchase: '0', card_ecommerce: '700', card_cash: '300' },
    });
    // The month's start, local midnight of the 1st in Athens.
    const start = new Date(view.body.window_start);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Athens',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(start);
    expect(local).toBe('01, 00:00');
    expect(
      bodyOf(
        await api(server.app, 'GET', '/api/merchants/cards/{id}/', {
          params: { id: card.id },
          token: me.token,
        }),
        200,
      ).limits,
    ).toEqual(body);
  });
});

describe('bad input gets a 4xx with the fields and changes nothing', () => {
  it('on every card endpoint', async () => {
    const me = await merchant();
    const { card } = await orderCard(server, me);
    const cart = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
      token: me.token,
      body: virtualCart,
    });
    expectStatus(cart, 201);
    const row = await cardRow(card.id);
    const counts = await cardTableCounts(server);
    const limits = (overrides: Record<string, unknown>) => ({
      frequency: 'daily',
      limits: {
        card_transaction: null,
        card_purchase: null,
        card_ecommerce: null,
        card_cash: null,
        ...overrides,
      },
    });
    const cases: [string, 'POST' | 'PUT' | 'PATCH', PathFor<'POST' | 'PUT' | 'PATCH'>, unknown][] = [
      ['unknown colour', 'POST', '/api/merchants/cards/cart/', { ...virtualCart, colour: 'gold' }],
      ['unknown form', 'POST', '/api/merchants/cards/cart/', { ...virtualCart, form: 'metal' }],
      ['unknown usage', 'POST', '/api/merchants/cards/cart/', { ...virtualCart, usage: 'twice' }],
      ['name with symbols', 'POST', '/api/merchants/cards/cart/', { ...virtualCart, name: 'Card <script>' }],
      ['name too long', 'POST', '/api/merchants/cards/cart/', { ...virtualCart, name: 'A'.repeat(27) }],
      ['empty name', 'POST', '/api/merchants/cards/cart/', { ...virtualCart, name: '  ' }],
      ['bad account type', 'POST', '/api/merchants/cards/cart/', { ...virtualCart, account_type: 'EURO' }],
      ['account not held', 'POST', '/api/merchants/cards/cart/', { ...virtualCart, account_type: 'usd' }],
      ['holder not a uuid', 'POST', '/api/merchants/cards/cart/', { ...virtualCart, holder_user_id: 'me' }],
      [
        'a virtual card with an address',
        'POST',
        '/api/merchants/cards/cart/',
        { ...virtualCart, shipping: { address } },
      ],
      [
        'a physical card without one',
        'POST',
        '/api/merchants/cards/cart/',
        { ...physicalCart, shipping: undefined },
      ],
      [
        'country not a code',
        'POST',
        '/api/merchants/cards/cart/',
        { ...physicalCart, shipping: { address: { ...address, country: 'Greece' } } },
      ],
      [
        'bad postal code',
        'POST',
        '/api/merchants/cards/cart/',
        { ...physicalCart, shipping: { address: { ...address, postal_code: '!!' } } },
      ],
      [
        'no city',
        'POST',
        '/api/merchants/cards/cart/',
        { ...physicalCart, shipping: { address: { ...address, city: '' } } },
      ],
      [
        'address and id at once',
        'POST',
        '/api/merchants/cards/cart/',
        { ...physicalCart, shipping: { address, address_id: card.id } },
      ],
      ['unknown field', 'POST', '/api/merchants/cards/cart/', { ...virtualCart, price: '0' }],
      ['nothing to update', 'PATCH', '/api/merchants/cards/{id}/', {}],
      ['a name too long', 'PATCH', '/api/merchants/cards/{id}/', { name: 'B'.repeat(30) }],
      ['a negative limit', 'PUT', '/api/merchants/cards/{id}/limits/', limits({ card_transaction: '-1' })],
      ['a zero limit', 'PUT', '/api/merchants/cards/{id}/limits/', limits({ card_purchase: '0' })],
      ['a fractional limit', 'PUT', '/api/merchants/cards/{id}/limits/', limits({ card_ecommerce: '1.5' })],
      ['a non-numeric limit', 'PUT', '/api/merchants/cards/{id}/limits/', limits({ card_cash: 'lots' })],
      ['a limit as a number', 'PUT', '/api/merchants/cards/{id}/limits/', limits({ card_cash: 100 })],
      [
        'a limit too large',
        'PUT',
        '/api/merchants/cards/{id}/limits/',
        limits({ card_cash: '1'.repeat(16) }),
      ],
      [
        'an unknown frequency',
        'PUT',
        '/api/merchants/cards/{id}/limits/',
        { ...limits({}), frequency: 'hourly' },
      ],
      ['a limit left out', 'PUT', '/api/merchants/cards/{id}/limits/', { frequency: 'daily', limits: {} }],
      ['a 3-digit PIN', 'PUT', '/api/merchants/cards/{id}/pin/', { pin: '123' }],
      ['a 5-digit PIN', 'PUT', '/api/merchants/cards/{id}/pin/', { pin: '12345' }],
      ['a PIN of one digit', 'PUT', '/api/merchants/cards/{id}/pin/', { pin: '1111' }],
      ['a PIN counting up', 'PUT', '/api/merchants/cards/{id}/pin/', { pin: '1234' }],
      ['a PIN counting down', 'PUT', '/api/merchants/cards/{id}/pin/', { pin: '9876' }],
      ['a PIN with letters', 'PUT', '/api/merchants/cards/{id}/pin/', { pin: '12a4' }],
      ['a PIN as a number', 'PUT', '/api/merchants/cards/{id}/pin/', { pin: 2580 }],
      ['a 4-digit e-PIN', 'PUT', '/api/merchants/cards/{id}/epin/', { epin: '2580' }],
      ['a 6-digit e-PIN', 'PUT', '/api/merchants/cards/{id}/epin/', { epin: '258025' }],
      ['an e-PIN of one digit', 'PUT', '/api/merchants/cards/{id}/epin/', { epin: '00000' }],
      ['an e-PIN counting up', 'PUT', '/api/merchants/cards/{id}/epin/', { epin: '34567' }],
      ['an unknown reveal', 'POST', '/api/merchants/cards/{id}/reveal/', { what: 'cvv' }],
    ];
    for (const [what, method, url, body] of cases) {
      // The cart's path has no {id}: the parameter is unused there.
      const response = await apiWithBadInput(server.app, method, url, {
        params: { id: card.id },
        token: me.token,
        body,
      });
      expectStatus(response, 400, what);
      expect(response.body.error.code, what).toBe('validation_failed');
      expect(Object.keys(response.body.error.fields ?? {}).length, what).toBeGreaterThan(0);
    }
    const badAction = await apiWithBadInput(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
      params: { id: card.id, action: 'explode' },
      token: me.token,
    });
    expectStatus(badAction, 400);
    expect(badAction.body.error.fields).toHaveProperty('action');
    const badId = await api(server.app, 'GET', '/api/merchants/cards/{id}/', {
      params: { id: 'not-a-card' },
      token: me.token,
    });
    expectStatus(badId, 400);
    const noKey = await apiWithBadInput(server.app, 'POST', '/api/merchants/cards/cart/{id}/pay/', {
      params: { id: cart.body.id },
      token: me.token,
    });
    expectStatus(noKey, 400);
    expect(noKey.body.error.fields).toHaveProperty('idempotency-key');
    expect(await cardRow(card.id)).toEqual(row);
    expect(await cardTableCounts(server)).toEqual(counts);
  });

  it('on the sandbox rails', async () => {
    const me = await merchant();
    const { card } = await orderCard(server, me);
    const counts = await cardTableCounts(server);
    const base = {
      card_id: card.id,
      merchant_name: 'Shop',
      amount_minor: '100',
      currency: 'EUR',
      category: 'pos',
    };
    const cases: [string, unknown][] = [
      ['a negative amount', { ...base, amount_minor: '-100' }],
      ['a zero amount', { ...base, amount_minor: '0' }],
      ['a fractional amount', { ...base, amount_minor: '1.50' }],
      ['a non-numeric amount', { ...base, amount_minor: 'ten' }],
      ['an amount as a number', { ...base, amount_minor: 100 }],
      ['a lower-case currency', { ...base, currency: 'eur' }],
      ['a currency that is no code', { ...base, currency: 'EURO' }],
      ['an unknown category', { ...base, category: 'mail_order' }],
      ['no card', { ...base, card_id: undefined }],
      ['two cards', { ...base, card_number: '4000001234567899' }],
      [
        'a short card number',
        { merchant_name: 'Shop', amount_minor: '1', currency: 'EUR', category: 'pos', card_number: '4000' },
      ],
      ['no merchant name', { ...base, merchant_name: ' ' }],
      ['a clock that is no date', { ...base, at: 'yesterday' }],
    ];
    for (const [what, body] of cases) {
      const response = await apiWithBadInput(server.app, 'POST', '/api/sandbox/card_authorizations/', {
        body,
        headers: { 'idempotency-key': newKey('bad') },
      });
      expectStatus(response, 400, what);
      expect(Object.keys(response.body.error.fields ?? {}).length, what).toBeGreaterThan(0);
    }
    const noKey = await apiWithBadInput(server.app, 'POST', '/api/sandbox/card_authorizations/', {
      body: base,
    });
    expectStatus(noKey, 400);
    const payout = await apiWithBadInput(server.app, 'POST', '/api/sandbox/cashback/payout/', {
      body: { now: 'soon' },
    });
    expectStatus(payout, 400);
    expect(payout.body.error.fields).toHaveProperty('now');
    expect(await cardTableCounts(server)).toEqual(counts);
  });
});

describe('a virtual card', () => {
  it('cannot be reported lost (409, unchanged) and has no in-shop or cash limit (400 on those fields)', async () => {
    const me = await merchant();
    const { card } = await orderCard(server, me, virtualCart);
    const counts = await cardTableCounts(server);
    const lost = await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
      params: { id: card.id, action: 'report_lost' },
      token: me.token,
    });
    expectStatus(lost, 409);
    expect(lost.body.error.code).toBe('conflict');
    expect(lost.body.error.message).toMatch(/virtual card cannot be reported lost/);
    expect((await cardRow(card.id)).status).toBe('active');

    const refused = await api(server.app, 'PUT', '/api/merchants/cards/{id}/limits/', {
      params: { id: card.id },
      token: me.token,
      body: {
        frequency: 'daily',
        limits: { card_transaction: '5000', card_purchase: '1000', card_ecommerce: '2000', card_cash: '500' },
      },
    });
    expectStatus(refused, 400);
    expect(Object.keys(refused.body.error.fields ?? {}).sort()).toEqual([
      'limits.card_cash',
      'limits.card_purchase',
    ]);
    expect(await cardTableCounts(server)).toEqual(counts);

    const online = {
      frequency: 'daily',
      limits: { card_transaction: '5000', card_purchase: null, card_ecommerce: '2000', card_cash: null },
    } satisfies JsonBodyOf<'PUT', '/api/merchants/cards/{id}/limits/'>;
    const set = await api(server.app, 'PUT', '/api/merchants/cards/{id}/limits/', {
      params: { id: card.id },
      token: me.token,
      body: online,
    });
    expectStatus(set, 200);
    expect(set.body).toEqual(online);
    // It is frozen instead, and can be removed.
    const frozen = await api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
      params: { id: card.id, action: 'freeze' },
      token: me.token,
    });
    expectStatus(frozen, 200);
  });
});
