import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../schemas/notifications.schema';
import type { paths } from '../../src/api/schema';
import { postTransfer, systemAccount } from '../../server/ledger';
import { runDueScheduledPayments } from '../../server/payments/scheduledPayments';
import { authorize, orderCard, setPlan, virtualCart } from './cards';
import { api, apiWithBadInput, bodyOf, expectStatus } from './client';
import { createOwner, readOutbox, signIn, startTestServer, type TestServer } from './harness';
import { incoming, newKey, walletMerchant, type WalletMerchant } from './money';
import { buyPlan, dayMs, periodEndOf, plusMs, runBillingAt } from './plans';
import { userIdOf } from './stepUp';
import { databaseDigest } from './tableDigest';
import { addMember, acceptByEmail, invitationKey, invite, newInviteeEmail } from './team';

/*
 * Notifications. Each event that notifies (server/notifications/events.ts) creates exactly one notification for each
 * user it concerns (and none for anyone else); the endpoints refuse bad input with 400 and another user's notification
 * with 404, changing nothing; the live stream opens with a single-use ticket and delivers what is created after it
 * opened.
 */

const listUrl = '/api/merchants/notifications/';
const countUrl = '/api/merchants/notifications/unread_count/';
const readAllUrl = '/api/merchants/notifications/read_all/';
const ticketUrl = '/api/merchants/notifications/stream_ticket/';
const streamUrl = '/api/merchants/notifications/stream/';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Merchant = WalletMerchant & { ownerId: string };

async function merchant(funding = 0n): Promise<Merchant> {
  const m = await walletMerchant(server, funding);
  return { ...m, ownerId: userIdOf(m.token) };
}

/** Every notification row so far, to tell the ones an event made. */
async function allIds(): Promise<Set<string>> {
  const rows = await server.db.selectFrom('notifications').select('id').execute();
  return new Set(rows.map((r) => r.id));
}

type Made = { user: string; kind: string; params: Record<string, string> };

/** Runs the event; answers the notifications it made, as (user, kind, params), sorted by user. */
async function made(event: () => Promise<unknown>): Promise<Made[]> {
  const before = await allIds();
  await event();
  const rows = await server.db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'kind', 'params'])
    .orderBy('user_id')
    .execute();
  return rows
    .filter((r) => !before.has(r.id))
    .map((r) => ({ user: r.user_id, kind: r.kind, params: r.params }));
}

async function drain(accountId: string): Promise<void> {
  const row = await server.db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  if (row.balance_minor === 0n) return;
  await postTransfer(server.db, {
    type: 'bank_transfer',
    status: 'completed',
    amountMinor: row.balance_minor,
    currency: 'EUR',
    debitAccountId: accountId,
    creditAccountId: await systemAccount(server.db, 'EUR', 'external'),
    idempotencyKey: newKey('drain'),
  });
}

const sendTo = (payer: Merchant, tag: string, amount: string) =>
  api(server.app, 'POST', '/api/merchants/send_money/', {
    token: payer.token,
    body: { account_type: 'eur', recipient: { wallet_tag: tag }, amount_minor: amount },
    headers: { 'idempotency-key': newKey('send') },
  });

const requestFrom = (requester: Merchant, tag: string, amount: string) =>
  api(server.app, 'POST', '/api/merchants/request_money/', {
    token: requester.token,
    body: { wallet_tag: tag, amount_minor: amount, currency: 'EUR' },
    headers: { 'idempotency-key': newKey('request') },
  });

describe('each event notifies exactly once, the right users', () => {
  it('money received from a wallet: the payee’s users who see transactions, not an `own` employee', async () => {
    const payer = await merchant(50_000n);
    const payee = await merchant();
    const viewer = await addMember(server, payee.token, 'viewer');
    const own = await addMember(server, payee.token, 'employee', 'own');
    const key = newKey('send');
    const send = () =>
      api(server.app, 'POST', '/api/merchants/send_money/', {
        token: payer.token,
        body: { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '1250' },
        headers: { 'idempotency-key': key },
      });
    let transactionId = '';
    const rows = await made(async () => {
      const sent = await send();
      expectStatus(sent, 201);
      transactionId = sent.body.id;
    });
    expect(rows.map((r) => [r.user, r.kind]).sort()).toEqual(
      [
        [payee.ownerId, 'money_received'],
        [viewer.userId, 'money_received'],
      ].sort(),
    );
    expect(rows.some((r) => r.user === own.userId)).toBe(false);
    expect(rows[0]?.params).toEqual({
      amount_minor: '1250',
      currency: 'EUR',
      from: payer.name,
      via: 'wallet',
      transaction_id: transactionId,
    });
    // A replay of the same payment notifies nobody again.
    expect(await made(async () => expect((await send()).status).toBe(201))).toEqual([]);
  });

  it('money received by bank transfer, once even when the bank repeats it', async () => {
    const payee = await merchant();
    const key = newKey('incoming');
    const body = { iban: payee.iban, amount_minor: '9900', currency: 'EUR', sender_name: 'Olive Grove SA' };
    const rows = await made(async () => expect((await incoming(server, body, key)).status).toBe(201));
    expect(rows).toMatchObject([
      {
        user: payee.ownerId,
        kind: 'money_received',
        params: { amount_minor: '9900', from: 'Olive Grove SA', via: 'bank_transfer' },
      },
    ]);
    expect(await made(async () => expect((await incoming(server, body, key)).status).toBe(201))).toEqual([]);
    // Refused (unknown IBAN): nothing.
    expect(
      await made(async () =>
        expect(
          (await incoming(server, { ...body, iban: 'GR9608100010000001234567890' }, newKey('x'))).status,
        ).toBe(404),
      ),
    ).toEqual([]);
  });

  it('a money request received (emailed to the payee), then accepted; another declined', async () => {
    const requester = await merchant();
    const payee = await merchant(10_000n);
    let requestId = '';
    const received = await made(async () => {
      const asked = await requestFrom(requester, payee.tag, '700');
      expectStatus(asked, 201);
      requestId = asked.body.id;
    });
    expect(received).toEqual([
      {
        user: payee.ownerId,
        kind: 'money_request_received',
        params: { amount_minor: '700', currency: 'EUR', request_id: requestId, requester: requester.name },
      },
    ]);
    const mail = (await readOutbox(server.app, payee.email)).filter(
      (m) => m.subject === 'New money request on Tameio',
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.body).toContain(requester.name);

    const accepted = await made(async () => {
      const answer = await api(server.app, 'POST', '/api/merchants/received_requests/{id}/accept/', {
        params: { id: requestId },
        token: payee.token,
      });
      expectStatus(answer, 200);
    });
    // The requester hears "accepted" (not also "money received": one event, one notification).
    expect(accepted).toMatchObject([
      { user: requester.ownerId, kind: 'money_request_accepted', params: { payee: payee.name } },
    ]);

    const second = await requestFrom(requester, payee.tag, '300');
    expectStatus(second, 201);
    const declined = await made(async () => {
      const answer = await api(server.app, 'POST', '/api/merchants/received_requests/{id}/decline/', {
        params: { id: second.body.id },
        token: payee.token,
      });
      expectStatus(answer, 200);
    });
    expect(declined).toMatchObject([{ user: requester.ownerId, kind: 'money_request_declined' }]);
  });

  it('a scheduled payment run: paid (the payee hears of the money) or failed (emailed)', async () => {
    const payer = await merchant(5_000n);
    const payee = await merchant();
    const today = new Date().toISOString().slice(0, 10);
    const schedule = async (amount: string) => {
      const created = await api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
        token: payer.token,
        headers: { 'idempotency-key': newKey() },
        body: {
          account_type: 'eur',
          recipient: { wallet_tag: payee.tag },
          amount_minor: amount,
          // One-off: a repeating schedule needs a one-time code, which is not what this test is about.
          frequency: 'once',
          start_date: today,
        },
      });
      expectStatus(created, 201);
      return created.body.id;
    };
    const paidId = await schedule('1000');
    // Another payer whose balance is gone by the day of the run.
    const broke = await merchant(5_000n);
    const failedCreated = await api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
      token: broke.token,
      headers: { 'idempotency-key': newKey() },
      body: {
        account_type: 'eur',
        recipient: { wallet_tag: payee.tag },
        amount_minor: '2500',
        frequency: 'once',
        start_date: today,
      },
    });
    expectStatus(failedCreated, 201);
    const failedId = failedCreated.body.id;
    await drain(broke.accountId);
    const rows = await made(() => runDueScheduledPayments(server.db, new Date(`${today}T12:00:00Z`)));
    const sorted = rows.map((r) => [r.user, r.kind, r.params.schedule_id ?? '']).sort();
    expect(sorted).toEqual(
      [
        [payer.ownerId, 'scheduled_payment_paid', paidId],
        [broke.ownerId, 'scheduled_payment_failed', failedId],
        [payee.ownerId, 'money_received', ''],
      ].sort(),
    );
    expect(rows.find((r) => r.kind === 'scheduled_payment_failed')?.params).toMatchObject({
      amount_minor: '2500',
      recipient: payee.name,
      date: today,
    });
    const mail = await readOutbox(server.app, broke.email);
    expect(mail.filter((m) => m.subject === 'A scheduled payment failed')).toHaveLength(1);
    // Run again at the same clock: nothing is due, nothing new.
    expect(await made(() => runDueScheduledPayments(server.db, new Date(`${today}T12:00:00Z`)))).toEqual([]);
  });

  it('a card authorisation declined: the owner and the card’s holder (emailed); an approval notifies nobody', async () => {
    const owner = await merchant(10_000n);
    await setPlan(server, owner.merchantId, 'premium');
    const holder = await addMember(server, owner.token, 'employee', 'own');
    const { card } = await orderCard(server, owner, { ...virtualCart, holder_user_id: holder.userId });
    expect(
      await made(async () =>
        expect(bodyOf(await authorize(server, { card_id: card.id, amount_minor: '100' }), 200).approved).toBe(
          true,
        ),
      ),
    ).toEqual([]);
    const rows = await made(async () => {
      const answer = await authorize(server, {
        card_id: card.id,
        amount_minor: '99999999',
        merchant_name: 'Big Store',
      });
      expectStatus(answer, 200);
      expect(answer.body.approved).toBe(false);
    });
    expect(rows.map((r) => [r.user, r.kind]).sort()).toEqual(
      [
        [owner.ownerId, 'card_authorization_declined'],
        [holder.userId, 'card_authorization_declined'],
      ].sort(),
    );
    expect(rows[0]?.params).toMatchObject({
      last4: card.last4,
      merchant: 'Big Store',
      reason: 'insufficient_funds',
      amount_minor: '99999999',
    });
    const mail = await readOutbox(server.app, holder.email);
    expect(mail.filter((m) => m.subject === 'A card payment was declined')).toHaveLength(1);
  });

  it('an invitation accepted: the owners and the inviter', async () => {
    const owner = await merchant();
    const admin = await addMember(server, owner.token, 'admin');
    // An owner invites; the admin is neither the owner nor the inviter.
    const email = newInviteeEmail('joined');
    expect(
      (await invite(server, owner.token, { email, first_name: 'Eleni', last_name: 'Kosta' })).status,
    ).toBe(201);
    const key = await invitationKey(server, email);
    const rows = await made(async () =>
      expect((await acceptByEmail(server, key, { first_name: 'Eleni', last_name: 'Kosta' })).status).toBe(
        201,
      ),
    );
    expect(rows).toEqual([
      {
        user: owner.ownerId,
        kind: 'invitation_accepted',
        params: { first_name: 'Eleni', last_name: 'Kosta', email, role: 'employee' },
      },
    ]);
    expect(rows.some((r) => r.user === admin.userId)).toBe(false);
    // A second accept (410) notifies nobody.
    expect(await made(async () => expect((await acceptByEmail(server, key)).status).toBe(410))).toEqual([]);
  });

  it('a plan renewed, and a renewal failed (the billing job emails it already: no second email)', async () => {
    const renewing = await merchant(100_000n);
    const { order } = await buyPlan(server, renewing.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: false,
    });
    const end = periodEndOf(order);
    const failing = await merchant(100_000n);
    const { order: failingOrder } = await buyPlan(server, failing.token, {
      plan_id: 'business',
      period: 'monthly',
      pos_terminal: false,
    });
    await drain(failing.accountId);
    const failingEnd = periodEndOf(failingOrder);
    const at = new Date(Math.max(new Date(end).getTime(), new Date(failingEnd).getTime()) + 1000);
    const mailBefore = (await readOutbox(server.app, failing.email)).length;
    const rows = await made(() => runBillingAt(server, at));
    const mine = rows.filter((r) => [renewing.ownerId, failing.ownerId].includes(r.user));
    expect(mine.map((r) => [r.user, r.kind]).sort()).toEqual(
      [
        [renewing.ownerId, 'plan_renewed'],
        [failing.ownerId, 'plan_renewal_failed'],
      ].sort(),
    );
    expect(mine.find((r) => r.kind === 'plan_renewal_failed')?.params).toMatchObject({
      plan: 'Business',
      amount_minor: '1900',
      final: 'false',
    });
    // Exactly the billing job's one email, none of ours.
    expect((await readOutbox(server.app, failing.email)).length).toBe(mailBefore + 1);
    // The same clock again: nothing new for them.
    const again = await made(() => runBillingAt(server, at));
    expect(again.filter((r) => [renewing.ownerId, failing.ownerId].includes(r.user))).toEqual([]);
    // The retry a day later fails again: one more notification.
    const retried = await made(() => runBillingAt(server, plusMs(at.toISOString(), dayMs + 1000)));
    expect(retried.filter((r) => r.user === failing.ownerId).map((r) => r.kind)).toEqual([
      'plan_renewal_failed',
    ]);
  });

  it('onboarding approved or rejected: the owner', async () => {
    for (const decision of ['approve', 'reject'] as const) {
      const owner = await createOwner(server.db, { status: 'in_review' });
      const rows = await made(async () => {
        const answer = await api(server.app, 'POST', '/api/sandbox/reviews/{merchant_id}/', {
          params: { merchant_id: owner.merchantId },
          body:
            decision === 'approve' ? { decision } : { decision, reason: 'The VAT number does not match.' },
        });
        expectStatus(answer, 200);
      });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject(
        decision === 'approve'
          ? { user: owner.userId, kind: 'onboarding_approved' }
          : {
              user: owner.userId,
              kind: 'onboarding_rejected',
              params: { reason: 'The VAT number does not match.' },
            },
      );
      // The review's own email only.
      expect(await readOutbox(server.app, owner.email)).toHaveLength(1);
    }
  });
});

describe('the endpoints', () => {
  it('list (paged, unread filter), count, mark one and all read', async () => {
    const me = await merchant();
    for (let i = 0; i < 5; i += 1) {
      await incoming(server, {
        iban: me.iban,
        amount_minor: `${100 + i}`,
        currency: 'EUR',
        sender_name: `S${i}`,
      });
    }
    const count = await api(server.app, 'GET', '/api/merchants/notifications/unread_count/', {
      token: me.token,
    });
    expect(count.body).toEqual({ unread_count: 5 });
    const first = await api(server.app, 'GET', '/api/merchants/notifications/', {
      query: { limit: 3 },
      token: me.token,
    });
    expectStatus(first, 200);
    expect(first.body.items.map((n) => n.params.from)).toEqual(['S4', 'S3', 'S2']);
    expect(first.body.unread_count).toBe(5);
    const second = await api(server.app, 'GET', '/api/merchants/notifications/', {
      query: { limit: 3, cursor: first.body.next_cursor ?? undefined },
      token: me.token,
    });
    expectStatus(second, 200);
    expect(second.body.items.map((n) => n.params.from)).toEqual(['S1', 'S0']);
    expect(second.body.next_cursor).toBeNull();

    const target = first.body.items[1]!;
    const read = await api(server.app, 'POST', '/api/merchants/notifications/{id}/read/', {
      params: { id: target.id },
      token: me.token,
    });
    expectStatus(read, 200);
    expect(read.body).toMatchObject({ id: target.id, read: true });
    // Again: still read, the first read time kept.
    const again = await api(server.app, 'POST', '/api/merchants/notifications/{id}/read/', {
      params: { id: target.id },
      token: me.token,
    });
    expectStatus(again, 200);
    expect(again.body.read_at).toBe(read.body.read_at);
    const unread = await api(server.app, 'GET', '/api/merchants/notifications/', {
      query: { unread: 'true' },
      token: me.token,
    });
    expectStatus(unread, 200);
    expect(unread.body.items).toHaveLength(4);
    expect(unread.body.items.some((n) => n.id === target.id)).toBe(false);

    const all = await api(server.app, 'POST', '/api/merchants/notifications/read_all/', { token: me.token });
    expect(all.body).toEqual({ marked: 4, unread_count: 0 });
    expect(
      (await api(server.app, 'GET', '/api/merchants/notifications/unread_count/', { token: me.token })).body,
    ).toEqual({ unread_count: 0 });
    expect(
      bodyOf(
        await api(server.app, 'GET', '/api/merchants/notifications/', {
          query: { unread: 'true' },
          token: me.token,
        }),
        200,
      ).items,
    ).toEqual([]);
  });

  it('bad input is 400 and changes nothing; no session is 401', async () => {
    const me = await merchant();
    const before = await databaseDigest(server.db);
    for (const query of [
      'limit=0',
      'limit=1000',
      'limit=abc',
      'unread=yes',
      'cursor=not-a-cursor!',
      `cursor=${Buffer.from('123.nope').toString('base64url')}`,
      'surprise=1',
    ]) {
      const response = await apiWithBadInput(server.app, 'GET', listUrl, { query, token: me.token });
      expectStatus(response, 400, query);
      expect(response.body.error.code, query).toBe('validation_failed');
    }
    const badId = await api(server.app, 'POST', '/api/merchants/notifications/{id}/read/', {
      params: { id: 'not-a-uuid' },
      token: me.token,
    });
    expectStatus(badId, 400);
    expect(badId.body.error.fields).toHaveProperty('id');
    // No ticket at all.
    expect((await apiWithBadInput(server.app, 'GET', streamUrl, {})).status).toBe(400);
    for (const [url, anonymous] of [
      [listUrl, () => api(server.app, 'GET', listUrl)],
      [countUrl, () => api(server.app, 'GET', countUrl)],
      [readAllUrl, () => api(server.app, 'POST', readAllUrl)],
      [ticketUrl, () => api(server.app, 'POST', ticketUrl)],
    ] as const) {
      expect((await anonymous()).status, url).toBe(401);
    }
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it("another user's or merchant's notification is 404 and stays unread", async () => {
    const a = await merchant();
    const b = await merchant();
    const colleague = await addMember(server, b.token, 'viewer');
    await incoming(server, {
      iban: b.iban,
      amount_minor: '500',
      currency: 'EUR',
      sender_name: 'Bravo payer',
    });
    const theirs = bodyOf(
      await api(server.app, 'GET', '/api/merchants/notifications/', { token: b.token }),
      200,
    ).items[0]!;
    const before = await databaseDigest(server.db);
    for (const token of [a.token, colleague.token]) {
      const response = await api(server.app, 'POST', '/api/merchants/notifications/{id}/read/', {
        params: { id: theirs.id },
        token,
      });
      expectStatus(response, 404);
      expect(response.raw.body).not.toContain('Bravo payer');
    }
    // Marking all of A's read touches none of B's.
    expect(
      bodyOf(await api(server.app, 'POST', '/api/merchants/notifications/read_all/', { token: a.token }), 200)
        .marked,
    ).toBe(0);
    expect(await databaseDigest(server.db)).toEqual(before);
    const still = bodyOf(
      await api(server.app, 'GET', '/api/merchants/notifications/', { token: b.token }),
      200,
    ).items[0];
    expect(still).toMatchObject({ id: theirs.id, read: false });
    // A's list shows none of B's.
    expect(
      (await api(server.app, 'GET', '/api/merchants/notifications/', { token: a.token })).raw.body,
    ).not.toContain('Bravo payer');
  });
});

describe('the live stream', () => {
  let base = '';
  /** Over the network, typed by the contract: the stream is read as it comes, which in-process inject cannot do. */
  let network: Client<paths>;
  beforeAll(async () => {
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    network = createClient<paths>({ baseUrl: base });
  });

  const openStream = async (ticket: string, signal?: AbortSignal) =>
    (
      await network.GET('/api/merchants/notifications/stream/', {
        params: { query: { ticket } },
        parseAs: 'stream',
        ...(signal ? { signal } : {}),
      })
    ).response;

  type Stream = {
    /** Reads server-sent events until `until` says stop or the time runs out; answers the new ones. */
    next: (
      until: (events: { event: string; data: string }[]) => boolean,
      timeoutMs?: number,
    ) => Promise<{ event: string; data: string }[]>;
  };

  function eventsOf(response: Response): Stream {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
    return {
      next: async (until, timeoutMs = 10_000) => {
        const events: { event: string; data: string }[] = [];
        const deadline = Date.now() + timeoutMs;
        while (!until(events) && Date.now() < deadline) {
          pending ??= reader.read();
          const chunk = await Promise.race([
            pending,
            new Promise<null>((resolve) =>
              setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())),
            ),
          ]);
          if (!chunk) break;
          pending = null;
          if (chunk.done) break;
          buffer += decoder.decode(chunk.value, { stream: true });
          let split = buffer.indexOf('\n\n');
          while (split >= 0) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event) events.push({ event, data: data ?? '' });
            split = buffer.indexOf('\n\n');
          }
        }
        return events;
      },
    };
  }

  async function ticketOf(token: string): Promise<string> {
    const issued = await api(server.app, 'POST', '/api/merchants/notifications/stream_ticket/', { token });
    expectStatus(issued, 201);
    expect(issued.headers['cache-control']).toBe('no-store');
    return issued.body.ticket;
  }

  it('delivers a notification created after connecting, to its user only', async () => {
    const payer = await merchant(10_000n);
    const payee = await merchant();
    const ticket = await ticketOf(payee.token);
    const bystanderTicket = await ticketOf(payer.token);
    const controller = new AbortController();
    const response = await openStream(ticket, controller.signal);
    const bystander = await openStream(bystanderTicket, controller.signal);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = eventsOf(response);
    const bystanderStream = eventsOf(bystander);
    expect((await stream.next((events) => events.length > 0)).map((e) => e.event)).toEqual(['ready']);
    expect((await bystanderStream.next((events) => events.length > 0)).map((e) => e.event)).toEqual([
      'ready',
    ]);

    const sent = await sendTo(payer, payee.tag, '4321');
    expectStatus(sent, 201);
    const live = await stream.next((events) => events.length > 0);
    expect(live).toHaveLength(1);
    expect(live[0]?.event).toBe('notification');
    const notification = JSON.parse(live[0]?.data ?? '{}') as Notification;
    expect(notification).toMatchObject({
      kind: 'money_received',
      read: false,
      params: { amount_minor: '4321', from: payer.name, transaction_id: sent.body.id },
    });
    const listed = bodyOf(
      await api(server.app, 'GET', '/api/merchants/notifications/', { token: payee.token }),
      200,
    ).items[0];
    expect(listed).toEqual(notification);
    // The payer's stream hears nothing of it.
    expect(await bystanderStream.next((events) => events.length > 0, 500)).toEqual([]);
    controller.abort();
  });

  it('refuses a missing, unknown or used ticket, and one of an ended session', async () => {
    const me = await merchant();
    // No ticket at all: outside what the typed client would send.
    expect((await fetch(`${base}${streamUrl}`)).status).toBe(400);
    const unknown = await network.GET('/api/merchants/notifications/stream/', {
      params: { query: { ticket: 'x'.repeat(43) } },
    });
    expect(unknown.response.status).toBe(401);
    expect(unknown.error?.error.code).toBe('unauthorized');

    const ticket = await ticketOf(me.token);
    const controller = new AbortController();
    const first = await openStream(ticket, controller.signal);
    expect(first.status).toBe(200);
    const used = await openStream(ticket);
    expect(used.status).toBe(401);
    controller.abort();

    // A ticket of a session that has signed out since.
    const session = await signIn(server.app, me.email, me.password);
    const orphan = await ticketOf(session.accessToken);
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/accounts/logout/', {
          cookie: session.refreshCookie,
          body: {},
        })
      ).status,
    ).toBeLessThan(300);
    expect((await openStream(orphan)).status).toBe(401);
  });
});
