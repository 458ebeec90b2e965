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
  cardUrl,
  cardsUrl,
  cartUrl,
  orderCard,
  payUrl,
  physicalCart,
  setPlan,
  virtualCart,
} from './cards';
import { call, startTestServer, type TestServer } from './harness';
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
import { statusUrl } from './team';

// Issue 5, cards (SPEC §2 cards and plans routes, §3 Card, §4 card states, §6, §8, §9): ordering, management,
// permissions, reveals behind a one-time code, limits. The authorisation path is in cardAuthorizations.test.ts.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const optionsUrl = '/api/merchants/cards/options/';
const addressesUrl = '/api/merchants/addresses/';
const limitsUrl = (id: string) => `/api/merchants/cards/${id}/limits/`;
const revealUrl = (id: string) => `/api/merchants/cards/${id}/reveal/`;
const actionUrl = (id: string, action: string) => `/api/merchants/cards/${id}/${action}/`;
const pinUrl = (id: string) => `/api/merchants/cards/${id}/pin/`;
const epinUrl = (id: string) => `/api/merchants/cards/${id}/epin/`;
const insufficient = 'Payment failed, possibly from insufficient balance; try again later.';

/** An approved merchant with a EUR account holding `funds` (default €100). */
async function merchant(funds = 10_000n): Promise<MoneyMerchant> {
  const m = await merchantWithAccount(server);
  if (funds > 0n) await fund(server.db, m.accountId, funds);
  return m;
}

const pay = (token: string, cartId: string, key = newKey('pay')) =>
  call(server.app, 'POST', payUrl(cartId), { token, headers: { 'idempotency-key': key } });

const cardRow = (id: string) =>
  server.db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('cardOptions', () => {
  it("prices cards from the merchant's plan and lists who may hold how many more", async () => {
    const me = await merchant();
    const free = await call(server.app, 'GET', optionsUrl, { token: me.token });
    expect(free.status).toBe(200);
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
    const premium = await call(server.app, 'GET', optionsUrl, { token: me.token });
    expect(premium.body.prices.physical.amount_minor).toBe('0');
    expect(premium.body.plan.cashback_rate_bp).toBe(100);
  });
});

describe('ordering a card', () => {
  it('pays a virtual card from the wallet through the ledger and makes it active at once; the key replays', async () => {
    const me = await merchant();
    const cart = await call(server.app, 'POST', cartUrl, { token: me.token, body: virtualCart });
    expect(cart.status).toBe(201);
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
    expect(paid.status).toBe(201);
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
    const transaction = await call(
      server.app,
      'GET',
      `/api/merchants/transactions/${paid.body.transaction_id}/`,
      {
        token: me.token,
      },
    );
    expect(transaction.body).toMatchObject({
      type: 'card_transaction',
      status: 'paid',
      direction: 'out',
      amount: { amount_minor: '200', currency: 'EUR' },
    });

    const before = await cardTableCounts(server);
    const replay = await pay(me.token, cart.body.id, key);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(paid.body);
    const again = await pay(me.token, cart.body.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('cart_paid');
    expect(await cardTableCounts(server)).toEqual(before);
    expect(await balanceOf(server, me.accountId)).toBe(9_800n);
    expectHealthy((await ledgerSnapshot(server.db)).invariants);

    const home = await call(server.app, 'GET', '/api/merchants/home/overview/', { token: me.token });
    expect(home.body.welcome_checklist).toContainEqual({ item: 'create_card', done: true });
  });

  it('makes a physical card inactive until activated, shipped to a new address it saves', async () => {
    const me = await merchant(20_000n);
    const { card } = await orderCard(server, me, physicalCart);
    expect(card).toMatchObject({ form: 'physical', status: 'inactive' });
    expect(
      (await call(server.app, 'GET', cardUrl(card.id), { token: me.token })).body.shipping_address,
    ).toEqual(address);
    expect(await balanceOf(server, me.accountId)).toBe(20_000n - 1490n);

    const saved = await call(server.app, 'GET', addressesUrl, { token: me.token });
    // Issue 8: each saved address also carries its map pin (none yet) and whether it is the default.
    const unpinned = { latitude: null, longitude: null, is_default: false };
    expect(saved.body.items).toEqual([{ id: expect.any(String), kind: 'shipping', ...address, ...unpinned }]);

    // A second physical card to the saved address, and the same address given again is not saved twice.
    const second = await orderCard(server, me, {
      ...physicalCart,
      shipping: { address_id: saved.body.items[0].id },
    });
    expect(second.card.status).toBe('inactive');
    await orderCard(server, me, physicalCart);
    expect((await call(server.app, 'GET', addressesUrl, { token: me.token })).body.items).toHaveLength(1);

    const activated = await call(server.app, 'POST', actionUrl(card.id, 'activate'), { token: me.token });
    expect(activated.status).toBe(200);
    expect(activated.body.status).toBe('active');
    const twice = await call(server.app, 'POST', actionUrl(card.id, 'activate'), { token: me.token });
    expect(twice.status).toBe(409);
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
    const saved = await call(server.app, 'PUT', '/api/merchants/onboarding/company/', {
      token: owner.token,
      body: { ...company, trading_same_as_registered: false, trading_address: trading },
    });
    expect(saved.status).toBe(200);
    await passKyc(server, owner.token);
    expect(
      (await call(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', { token: owner.token }))
        .status,
    ).toBe(200);
    expect(
      (
        await call(server.app, 'POST', `/api/sandbox/reviews/${owner.merchantId}/`, {
          body: { decision: 'approve' },
        })
      ).status,
    ).toBe(200);
    const list = await call(server.app, 'GET', addressesUrl, { token: owner.token });
    expect(list.status).toBe(200);
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
    const cart = await call(server.app, 'POST', cartUrl, {
      token: owner.token,
      body: { ...physicalCart, shipping: { address_id: list.body.items[0].id } },
    });
    expect(cart.status).toBe(201);
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
        (await call(server.app, 'POST', cartUrl, { token: me.token, body: physicalCart })).body,
      );
      virtualCarts.push(
        (await call(server.app, 'POST', cartUrl, { token: me.token, body: virtualCart })).body,
      );
    }
    for (const cart of [...physicalCarts.slice(0, 3), ...virtualCarts.slice(0, 3)]) {
      expect((await pay(me.token, cart.id)).status).toBe(201);
    }
    for (const cart of [physicalCarts[3], virtualCarts[3]]) {
      const before = await ledgerSnapshot(server.db);
      const counts = await cardTableCounts(server);
      const refused = await pay(me.token, cart.id);
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({
        code: 'card_limit_reached',
        details: { form: cart.form, max: 3 },
      });
      expect(await ledgerSnapshot(server.db)).toEqual(before);
      expect(await cardTableCounts(server)).toEqual(counts);
      // Refused already when pricing a new one.
      const priced = await call(server.app, 'POST', cartUrl, {
        token: me.token,
        body: cart.form === 'physical' ? physicalCart : virtualCart,
      });
      expect(priced.status).toBe(422);
      expect(priced.body.error.code).toBe('card_limit_reached');
    }
    const options = await call(server.app, 'GET', optionsUrl, { token: me.token });
    expect(options.body.holders[0].remaining).toEqual({ physical: 0, virtual: 0 });

    // A destroyed card no longer counts.
    const [first] = (await call(server.app, 'GET', cardsUrl, { token: me.token })).body.items;
    expect((await call(server.app, 'DELETE', cardUrl(first.id), { token: me.token })).status).toBe(200);
    const retry = await pay(me.token, (first.form === 'physical' ? physicalCarts : virtualCarts)[3].id);
    expect(retry.status).toBe(201);
  });

  it('lets concurrent payments make one card per order and no 4th card for one person', async () => {
    const me = await merchant(100_000n);
    await orderCard(server, me);
    await orderCard(server, me);
    const carts = [];
    for (let i = 0; i < 3; i += 1) {
      carts.push((await call(server.app, 'POST', cartUrl, { token: me.token, body: virtualCart })).body);
    }
    const key = newKey('pay');
    const results = await Promise.all([
      pay(me.token, carts[0].id, key),
      pay(me.token, carts[0].id, key),
      pay(me.token, carts[1].id),
      pay(me.token, carts[2].id),
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
    const cart = await call(server.app, 'POST', cartUrl, { token: me.token, body: virtualCart });
    expect(cart.body.available_balance.amount_minor).toBe('100');
    const before = await ledgerSnapshot(server.db);
    const counts = await cardTableCounts(server);
    const refused = await pay(me.token, cart.body.id);
    expect(refused.status).toBe(422);
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
    const first = await call(server.app, 'POST', cartUrl, { token: me.token, body: virtualCart });
    const second = await call(server.app, 'POST', cartUrl, { token: me.token, body: virtualCart });
    const key = newKey('pay');
    expect((await pay(me.token, first.body.id, key)).status).toBe(201);
    const reused = await pay(me.token, second.body.id, key);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('conflict');

    await server.db
      .updateTable('card_carts')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', second.body.id)
      .execute();
    const counts = await cardTableCounts(server);
    const expired = await pay(me.token, second.body.id);
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('cart_expired');
    expect(await cardTableCounts(server)).toEqual(counts);
  });

  it('refuses ordering to an employee or a viewer (403), changing nothing', async () => {
    const me = await merchant();
    const employee = await employeeToken(server, me.merchantId, 'employee');
    const viewer = await employeeToken(server, me.merchantId, 'viewer');
    const ownerCart = await call(server.app, 'POST', cartUrl, { token: me.token, body: virtualCart });
    const before = await ledgerSnapshot(server.db);
    const counts = await cardTableCounts(server);
    for (const token of [employee, viewer]) {
      for (const response of [
        await call(server.app, 'GET', optionsUrl, { token }),
        await call(server.app, 'POST', cartUrl, { token, body: virtualCart }),
        await pay(token, ownerCart.body.id),
      ]) {
        expect(response.status).toBe(403);
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
    const mine = await call(server.app, 'GET', cardsUrl, { token: employee });
    expect(mine.body.items.map((c: { id: string }) => c.id)).toEqual([card.id]);
    const stranger = await call(server.app, 'POST', cartUrl, {
      token: me.token,
      body: { ...virtualCart, holder_user_id: userIdOf(other.token) },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.fields).toHaveProperty('holder_user_id');
  });

  it('refuses a disabled person as holder, no longer offers them, and writes nothing', async () => {
    const me = await merchant();
    const employee = await employeeToken(server, me.merchantId, 'employee');
    const holderId = userIdOf(employee);
    const holderIds = async () => {
      const options = await call(server.app, 'GET', optionsUrl, { token: me.token });
      expect(options.status).toBe(200);
      return options.body.holders.map((holder: { user_id: string }) => holder.user_id);
    };
    expect(await holderIds()).toEqual([userIdOf(me.token), holderId]);
    // An order started while they were enabled.
    const earlier = await call(server.app, 'POST', cartUrl, {
      token: me.token,
      body: { ...virtualCart, holder_user_id: holderId },
    });
    expect(earlier.status, JSON.stringify(earlier.body)).toBe(201);

    const disabled = await call(server.app, 'PATCH', statusUrl(holderId), {
      token: me.token,
      body: { status: 'disabled' },
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(await holderIds()).toEqual([userIdOf(me.token)]);

    const before = await ledgerSnapshot(server.db);
    const counts = await cardTableCounts(server);
    const refused = await call(server.app, 'POST', cartUrl, {
      token: me.token,
      body: { ...virtualCart, holder_user_id: holderId },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.code).toBe('validation_failed');
    expect(refused.body.error.fields.holder_user_id).toMatch(/disabled/i);
    const paid = await pay(me.token, earlier.body.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(400);
    expect(paid.body.error.fields.holder_user_id).toMatch(/disabled/i);
    expect(await ledgerSnapshot(server.db)).toEqual(before);
    expect(await cardTableCounts(server)).toEqual(counts);

    // Enabled again, they are offered and may hold a card once more.
    const enabled = await call(server.app, 'PATCH', statusUrl(holderId), {
      token: me.token,
      body: { status: 'enabled' },
    });
    expect(enabled.status).toBe(200);
    expect(await holderIds()).toEqual([userIdOf(me.token), holderId]);
    await orderCard(server, me, { ...virtualCart, holder_user_id: holderId });
  });
});

describe('managing a card', () => {
  it('follows exactly the transitions of the contract from every status; destroyed is final', async () => {
    const me = await merchant(0n);
    await setPlan(server, me.merchantId, 'premium');
    const { card } = await orderCard(server, me, physicalCart);
    const actions: [CardTransition, string, 'POST' | 'DELETE'][] = [
      ['activate', actionUrl(card.id, 'activate'), 'POST'],
      ['freeze', actionUrl(card.id, 'freeze'), 'POST'],
      ['unfreeze', actionUrl(card.id, 'unfreeze'), 'POST'],
      ['report_lost', actionUrl(card.id, 'report_lost'), 'POST'],
      ['destroy', cardUrl(card.id), 'DELETE'],
    ];
    for (const status of cardStatuses) {
      for (const [transition, url, method] of actions) {
        await server.db
          .updateTable('cards')
          .set({ status, destroyed_at: status === 'destroyed' ? new Date() : null })
          .where('id', '=', card.id)
          .execute();
        const response = await call(server.app, method, url, { token: me.token });
        if (canTransition(status, transition)) {
          expect(response.status, `${transition} from ${status}`).toBe(200);
          expect(response.body.status).toBe(cardTransitions[transition].to);
        } else {
          expect(response.status, `${transition} from ${status}`).toBe(409);
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
    const renamed = await call(server.app, 'PATCH', cardUrl(physical.id), {
      token: me.token,
      body: { name: 'Till one', alias: 'Front desk' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Till one', alias: 'Front desk' });
    const cleared = await call(server.app, 'PATCH', cardUrl(physical.id), {
      token: me.token,
      body: { alias: null },
    });
    expect(cleared.body).toMatchObject({ name: 'Till one', alias: null });

    const pin = await call(server.app, 'PUT', pinUrl(physical.id), {
      token: me.token,
      body: { pin: '2580' },
    });
    expect(pin.status).toBe(204);
    expect(pin.raw.body).toBe('');
    const epin = await call(server.app, 'PUT', epinUrl(virtual.id), {
      token: me.token,
      body: { epin: '31415' },
    });
    expect(epin.status).toBe(204);
    const noPin = await call(server.app, 'PUT', pinUrl(virtual.id), {
      token: me.token,
      body: { pin: '2580' },
    });
    expect(noPin.status).toBe(409);
    expect((await call(server.app, 'GET', cardUrl(physical.id), { token: me.token })).body).toMatchObject({
      has_pin: true,
      has_epin: false,
    });
    expect((await call(server.app, 'GET', cardUrl(virtual.id), { token: me.token })).body).toMatchObject({
      has_pin: false,
      has_epin: true,
    });

    await call(server.app, 'DELETE', cardUrl(virtual.id), { token: me.token });
    for (const response of [
      await call(server.app, 'PATCH', cardUrl(virtual.id), { token: me.token, body: { name: 'Back' } }),
      await call(server.app, 'PUT', epinUrl(virtual.id), { token: me.token, body: { epin: '27182' } }),
      await call(server.app, 'PUT', limitsUrl(virtual.id), {
        token: me.token,
        body: {
          frequency: 'daily',
          limits: { card_transaction: '100', card_purchase: null, card_ecommerce: null, card_cash: null },
        },
      }),
    ]) {
      expect(response.status).toBe(409);
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

    expect((await call(server.app, 'GET', cardsUrl, { token: me.token })).body.items).toHaveLength(3);
    expect(
      (await call(server.app, 'GET', cardsUrl, { token: viewer })).body.items.map(
        (c: { id: string }) => c.id,
      ),
    ).toEqual([viewerCard.id]);
    // Not theirs: not there.
    expect((await call(server.app, 'GET', cardUrl(ownerCard.id), { token: employee })).status).toBe(404);
    expect(
      (await call(server.app, 'POST', actionUrl(ownerCard.id, 'freeze'), { token: employee })).status,
    ).toBe(404);
    // Their own: they may.
    const frozen = await call(server.app, 'POST', actionUrl(employeeCard.id, 'freeze'), { token: employee });
    expect(frozen.status).toBe(200);
    // The owner acts on everyone's.
    expect(
      (await call(server.app, 'POST', actionUrl(employeeCard.id, 'unfreeze'), { token: me.token })).status,
    ).toBe(200);

    // A viewer reads their card and its limits, and changes nothing.
    expect((await call(server.app, 'GET', cardUrl(viewerCard.id), { token: viewer })).status).toBe(200);
    expect((await call(server.app, 'GET', limitsUrl(viewerCard.id), { token: viewer })).status).toBe(200);
    const row = await cardRow(viewerCard.id);
    const limits = {
      frequency: 'weekly',
      limits: { card_transaction: '100', card_purchase: null, card_ecommerce: null, card_cash: null },
    };
    for (const response of [
      await call(server.app, 'PATCH', cardUrl(viewerCard.id), { token: viewer, body: { name: 'Mine' } }),
      await call(server.app, 'POST', actionUrl(viewerCard.id, 'activate'), { token: viewer }),
      await call(server.app, 'POST', actionUrl(viewerCard.id, 'report_lost'), { token: viewer }),
      await call(server.app, 'DELETE', cardUrl(viewerCard.id), { token: viewer }),
      await call(server.app, 'PUT', pinUrl(viewerCard.id), { token: viewer, body: { pin: '2580' } }),
      await call(server.app, 'PUT', epinUrl(viewerCard.id), { token: viewer, body: { epin: '31415' } }),
      await call(server.app, 'PUT', limitsUrl(viewerCard.id), { token: viewer, body: limits }),
    ]) {
      expect(response.status).toBe(403);
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
    await call(server.app, 'PUT', pinUrl(card.id), { token: owner.token, body: { pin: '2580' } });
    const cart = await call(server.app, 'POST', cartUrl, { token: owner.token, body: virtualCart });
    const [saved] = (await call(server.app, 'GET', addressesUrl, { token: owner.token })).body.items;

    const thief = await merchant();
    const grant = await stepUpToken(server, thief.token, 'card_reveal');
    const row = await cardRow(card.id);
    const counts = await cardTableCounts(server);
    const limits = {
      frequency: 'monthly',
      limits: { card_transaction: '1', card_purchase: '1', card_ecommerce: '1', card_cash: '1' },
    };
    const attempts = [
      await call(server.app, 'GET', cardUrl(card.id), { token: thief.token }),
      await call(server.app, 'PATCH', cardUrl(card.id), { token: thief.token, body: { name: 'Mine now' } }),
      await call(server.app, 'POST', actionUrl(card.id, 'activate'), { token: thief.token }),
      await call(server.app, 'POST', actionUrl(card.id, 'report_lost'), { token: thief.token }),
      await call(server.app, 'DELETE', cardUrl(card.id), { token: thief.token }),
      await call(server.app, 'PUT', pinUrl(card.id), { token: thief.token, body: { pin: '9630' } }),
      await call(server.app, 'PUT', epinUrl(card.id), { token: thief.token, body: { epin: '96307' } }),
      await call(server.app, 'POST', revealUrl(card.id), {
        token: thief.token,
        body: { what: 'details' },
        headers: stepUpHeaders(grant),
      }),
      await call(server.app, 'GET', limitsUrl(card.id), { token: thief.token }),
      await call(server.app, 'PUT', limitsUrl(card.id), { token: thief.token, body: limits }),
      await pay(thief.token, cart.body.id),
      await call(server.app, 'POST', cartUrl, {
        token: thief.token,
        body: { ...physicalCart, shipping: { address_id: saved.id } },
      }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect(await cardRow(card.id)).toEqual(row);
    expect(await cardTableCounts(server)).toEqual(counts);
    expect((await call(server.app, 'GET', cardsUrl, { token: thief.token })).body.items).toEqual([]);
    expect((await call(server.app, 'GET', addressesUrl, { token: thief.token })).body.items).toEqual([]);
    // The grant was not spent on the refusal.
    const reveal = await call(server.app, 'POST', revealUrl(card.id), {
      token: owner.token,
      body: { what: 'details' },
      headers: stepUpHeaders(await stepUpToken(server, owner.token, 'card_reveal')),
    });
    expect(reveal.status).toBe(200);
  });
});

describe('revealing card details', () => {
  it('needs a fresh grant for card_reveal: none, another purpose’s, a used or an expired one is 403', async () => {
    const me = await merchant();
    const { card } = await orderCard(server, me);
    const reveal = (headers: Record<string, string> = {}, what = 'details') =>
      call(server.app, 'POST', revealUrl(card.id), { token: me.token, body: { what }, headers });

    const none = await reveal();
    expect(none.status).toBe(403);
    expect(none.body.error.code).toBe('step_up_required');
    const otherPurpose = await reveal(stepUpHeaders(await stepUpToken(server, me.token, 'send_money')));
    expect(otherPurpose.status).toBe(403);
    expect(otherPurpose.body.error.code).toBe('step_up_required');

    const grant = await stepUpToken(server, me.token, 'card_reveal');
    const shown = await reveal(stepUpHeaders(grant));
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.body.what).toBe('details');
    expect(shown.body.number).toMatch(/^400000\d{10}$/);
    expect(isLuhnValid(shown.body.number)).toBe(true);
    expect(shown.body.number.slice(-4)).toBe(card.last4);
    expect(shown.body.cvv).toMatch(/^\d{3}$/);
    expect(shown.body.expiry_year).toBe(new Date().getUTCFullYear() + 3);
    expect(shown.body.expiry_month).toBeGreaterThanOrEqual(1);

    const used = await reveal(stepUpHeaders(grant));
    expect(used.status).toBe(403);
    expect(used.body.error.code).toBe('step_up_required');

    const stale = await stepUpToken(server, me.token, 'card_reveal');
    await server.db
      .updateTable('step_up_grants')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userIdOf(me.token))
      .where('consumed_at', 'is', null)
      .execute();
    const expired = await reveal(stepUpHeaders(stale));
    expect(expired.status).toBe(403);
    expect(expired.body.error.code).toBe('step_up_required');

    // The e-PIN once set; never set, 409 and the grant stays good.
    const fresh = await stepUpToken(server, me.token, 'card_reveal');
    expect((await reveal(stepUpHeaders(fresh), 'epin')).status).toBe(409);
    await call(server.app, 'PUT', epinUrl(card.id), { token: me.token, body: { epin: '31415' } });
    const epin = await reveal(stepUpHeaders(fresh), 'epin');
    expect(epin.status).toBe(200);
    expect(epin.body).toEqual({ what: 'epin', epin: '31415' });

    // The database holds none of them in the clear.
    const raw = await cardRow(card.id);
    const rowText = JSON.stringify(raw, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    expect(rowText).not.toContain(shown.body.number);
    // A CVV or an e-PIN is short enough to turn up by chance inside a uuid, a hash or the last four digits: no column
    // may hold one as its value, and the sealed columns below are ciphertext.
    const values = Object.values(raw).map((value) => (typeof value === 'bigint' ? value.toString() : value));
    for (const secret of [shown.body.cvv, '31415']) expect(values).not.toContain(secret);
    for (const sealed of [raw.number_enc, raw.cvv_enc, raw.expiry_enc, raw.epin_enc]) {
      expect(sealed).toMatch(/^v1\.[A-Za-z0-9+/=]+$/);
    }
    expect(raw.number_hmac).toMatch(/^[0-9a-f]{64}$/);

    // The number authorises a payment as a network would send it.
    const byNumber = await authorize(server, { card_number: shown.body.number, amount_minor: '100' });
    expect(byNumber.body.approved).toBe(true);

    // Destroyed: nothing to show, and the grant is not spent.
    await call(server.app, 'DELETE', cardUrl(card.id), { token: me.token });
    const last = await stepUpToken(server, me.token, 'card_reveal');
    const destroyed = await reveal(stepUpHeaders(last));
    expect(destroyed.status).toBe(409);
    expect(destroyed.body.error.code).toBe('card_status');
  });

  it('reveals the PIN of a physical card to its holder', async () => {
    const me = await merchant(0n);
    await setPlan(server, me.merchantId, 'premium');
    const { card } = await orderCard(server, me, physicalCart);
    await call(server.app, 'PUT', pinUrl(card.id), { token: me.token, body: { pin: '7392' } });
    const shown = await call(server.app, 'POST', revealUrl(card.id), {
      token: me.token,
      body: { what: 'pin' },
      headers: stepUpHeaders(await stepUpToken(server, me.token, 'card_reveal')),
    });
    expect(shown.status).toBe(200);
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
    const initial = await call(server.app, 'GET', limitsUrl(card.id), { token: me.token });
    expect(initial.body).toMatchObject({
      frequency: 'daily',
      currency: 'EUR',
      spent: { card_transaction: '0', card_purchase: '0', card_ecommerce: '0', card_cash: '0' },
    });
    const body = {
      frequency: 'monthly',
      limits: { card_transaction: '5000', card_purchase: null, card_ecommerce: '1500', card_cash: null },
    };
    const set = await call(server.app, 'PUT', limitsUrl(card.id), { token: me.token, body });
    expect(set.status).toBe(200);
    expect(set.body).toEqual(body);
    await authorize(server, { card_id: card.id, amount_minor: '700', category: 'online' });
    await authorize(server, { card_id: card.id, amount_minor: '300', category: 'atm' });
    const view = await call(server.app, 'GET', limitsUrl(card.id), { token: me.token });
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
    expect((await call(server.app, 'GET', cardUrl(card.id), { token: me.token })).body.limits).toEqual(body);
  });
});

describe('bad input gets a 4xx with the fields and changes nothing', () => {
  it('on every card endpoint', async () => {
    const me = await merchant();
    const { card } = await orderCard(server, me);
    const cart = await call(server.app, 'POST', cartUrl, { token: me.token, body: virtualCart });
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
    const cases: [string, 'POST' | 'PUT' | 'PATCH', string, unknown][] = [
      ['unknown colour', 'POST', cartUrl, { ...virtualCart, colour: 'gold' }],
      ['unknown form', 'POST', cartUrl, { ...virtualCart, form: 'metal' }],
      ['unknown usage', 'POST', cartUrl, { ...virtualCart, usage: 'twice' }],
      ['name with symbols', 'POST', cartUrl, { ...virtualCart, name: 'Card <script>' }],
      ['name too long', 'POST', cartUrl, { ...virtualCart, name: 'A'.repeat(27) }],
      ['empty name', 'POST', cartUrl, { ...virtualCart, name: '  ' }],
      ['bad account type', 'POST', cartUrl, { ...virtualCart, account_type: 'EURO' }],
      ['account not held', 'POST', cartUrl, { ...virtualCart, account_type: 'usd' }],
      ['holder not a uuid', 'POST', cartUrl, { ...virtualCart, holder_user_id: 'me' }],
      ['a virtual card with an address', 'POST', cartUrl, { ...virtualCart, shipping: { address } }],
      ['a physical card without one', 'POST', cartUrl, { ...physicalCart, shipping: undefined }],
      [
        'country not a code',
        'POST',
        cartUrl,
        { ...physicalCart, shipping: { address: { ...address, country: 'Greece' } } },
      ],
      [
        'bad postal code',
        'POST',
        cartUrl,
        { ...physicalCart, shipping: { address: { ...address, postal_code: '!!' } } },
      ],
      ['no city', 'POST', cartUrl, { ...physicalCart, shipping: { address: { ...address, city: '' } } }],
      [
        'address and id at once',
        'POST',
        cartUrl,
        { ...physicalCart, shipping: { address, address_id: card.id } },
      ],
      ['unknown field', 'POST', cartUrl, { ...virtualCart, price: '0' }],
      ['nothing to update', 'PATCH', cardUrl(card.id), {}],
      ['a name too long', 'PATCH', cardUrl(card.id), { name: 'B'.repeat(30) }],
      [
        'a negative limit',
        'PUT',
        `/api/merchants/cards/${card.id}/limits/`,
        limits({ card_transaction: '-1' }),
      ],
      ['a zero limit', 'PUT', `/api/merchants/cards/${card.id}/limits/`, limits({ card_purchase: '0' })],
      [
        'a fractional limit',
        'PUT',
        `/api/merchants/cards/${card.id}/limits/`,
        limits({ card_ecommerce: '1.5' }),
      ],
      [
        'a non-numeric limit',
        'PUT',
        `/api/merchants/cards/${card.id}/limits/`,
        limits({ card_cash: 'lots' }),
      ],
      ['a limit as a number', 'PUT', `/api/merchants/cards/${card.id}/limits/`, limits({ card_cash: 100 })],
      [
        'a limit too large',
        'PUT',
        `/api/merchants/cards/${card.id}/limits/`,
        limits({ card_cash: '1'.repeat(16) }),
      ],
      [
        'an unknown frequency',
        'PUT',
        `/api/merchants/cards/${card.id}/limits/`,
        { ...limits({}), frequency: 'hourly' },
      ],
      [
        'a limit left out',
        'PUT',
        `/api/merchants/cards/${card.id}/limits/`,
        { frequency: 'daily', limits: {} },
      ],
      ['a 3-digit PIN', 'PUT', pinUrl(card.id), { pin: '123' }],
      ['a 5-digit PIN', 'PUT', pinUrl(card.id), { pin: '12345' }],
      ['a PIN of one digit', 'PUT', pinUrl(card.id), { pin: '1111' }],
      ['a PIN counting up', 'PUT', pinUrl(card.id), { pin: '1234' }],
      ['a PIN counting down', 'PUT', pinUrl(card.id), { pin: '9876' }],
      ['a PIN with letters', 'PUT', pinUrl(card.id), { pin: '12a4' }],
      ['a PIN as a number', 'PUT', pinUrl(card.id), { pin: 2580 }],
      ['a 4-digit e-PIN', 'PUT', epinUrl(card.id), { epin: '2580' }],
      ['a 6-digit e-PIN', 'PUT', epinUrl(card.id), { epin: '258025' }],
      ['an e-PIN of one digit', 'PUT', epinUrl(card.id), { epin: '00000' }],
      ['an e-PIN counting up', 'PUT', epinUrl(card.id), { epin: '34567' }],
      ['an unknown reveal', 'POST', revealUrl(card.id), { what: 'cvv' }],
    ];
    for (const [what, method, url, body] of cases) {
      const response = await call(server.app, method, url, { token: me.token, body });
      expect(response.status, what).toBe(400);
      expect(response.body.error.code, what).toBe('validation_failed');
      expect(Object.keys(response.body.error.fields ?? {}).length, what).toBeGreaterThan(0);
    }
    const badAction = await call(server.app, 'POST', actionUrl(card.id, 'explode'), { token: me.token });
    expect(badAction.status).toBe(400);
    expect(badAction.body.error.fields).toHaveProperty('action');
    const badId = await call(server.app, 'GET', cardUrl('not-a-card'), { token: me.token });
    expect(badId.status).toBe(400);
    const noKey = await call(server.app, 'POST', payUrl(cart.body.id), { token: me.token });
    expect(noKey.status).toBe(400);
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
      const response = await call(server.app, 'POST', '/api/sandbox/card_authorizations/', {
        body,
        headers: { 'idempotency-key': newKey('bad') },
      });
      expect(response.status, what).toBe(400);
      expect(Object.keys(response.body.error.fields ?? {}).length, what).toBeGreaterThan(0);
    }
    const noKey = await call(server.app, 'POST', '/api/sandbox/card_authorizations/', { body: base });
    expect(noKey.status).toBe(400);
    const payout = await call(server.app, 'POST', '/api/sandbox/cashback/payout/', { body: { now: 'soon' } });
    expect(payout.status).toBe(400);
    expect(payout.body.error.fields).toHaveProperty('now');
    expect(await cardTableCounts(server)).toEqual(counts);
  });
});
