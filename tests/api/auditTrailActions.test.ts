import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '../../schemas/auditActions';
import { verifyAuditChain } from '../../server/audit/auditTrail';
import { demoExternalAccounts } from '../../server/payee/externalAccounts';
import { orderCard, secretOf } from './cards';
import { auditAfter, lastAuditId } from './auditEntries';
import { api, apiWithBadInput, bodyOf, expectStatus } from './client';
import { startTestServer, type TestServer } from './harness';
import { employeeToken, newKey, walletMerchant, type WalletMerchant } from './money';
import { approvedOwner, company } from './onboardingFixtures';
import { stepUpHeaders, stepUpToken } from './stepUp';
import { addMember, invite, newInviteeEmail } from './team';

/*
 * Issue 21, the audit trail's second slice: every sensitive merchant action (payments, scheduled payments,
 * beneficiaries, card reveals and changes, the team, exports and downloads, a change of legal details) leaves exactly
 * one entry, written with the action, naming who, which merchant, what and from where, with the facts a reviewer
 * needs and never a card's number or CVV. A refused request (bad input, no permission, nothing to do) leaves none, and
 * the chain still verifies after all of them. Real server, real database.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const ip = '198.51.100.23';
const userAgent = 'AuditActionsTest/2.0 (QA)';
/** Every request of this file comes from one address and device, so each entry can be checked for both. */
function from<H extends Record<string, string>>(
  headers?: H,
): { ip: string; headers: H & { 'user-agent': string } } {
  return { ip, headers: { ...(headers ?? ({} as H)), 'user-agent': userAgent } };
}

const person = demoExternalAccounts.find((account) => account.key === 'person') ?? demoExternalAccounts[0];

/** Everything stored in an entry, as text, to look for what must never be in it. */
function textOf(entry: unknown): string {
  return JSON.stringify(entry, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}

type Expected = {
  action: AuditAction;
  actor: string;
  merchant: string;
  subject?: string | RegExp;
  details?: Record<string, unknown>;
};

/** Runs `act`, then expects it left exactly one entry, as described, from this file's address and device. */
async function expectOneEntry<T>(
  expected: Expected,
  act: () => Promise<T>,
): Promise<{ result: T; text: string }> {
  const before = await lastAuditId(server);
  const result = await act();
  const entries = await auditAfter(server, before);
  expect(
    entries.map((entry) => entry.action),
    expected.action,
  ).toEqual([expected.action]);
  const [entry] = entries;
  if (!entry) throw new Error('no entry');
  expect(entry).toMatchObject({
    realm: 'merchant',
    actor_user_id: expected.actor,
    merchant_id: expected.merchant,
    action: expected.action,
    ip,
    user_agent: userAgent,
  });
  if (typeof expected.subject === 'string') expect(entry.subject).toBe(expected.subject);
  if (expected.subject instanceof RegExp) expect(entry.subject).toMatch(expected.subject);
  if (expected.details) expect(entry.details).toMatchObject(expected.details);
  return { result, text: textOf(entry) };
}

/** Runs `act` (a refused request), then expects the trail unchanged. */
async function expectNoEntry(act: () => Promise<unknown>): Promise<void> {
  const before = await lastAuditId(server);
  await act();
  expect(await auditAfter(server, before)).toEqual([]);
}

type Owner = WalletMerchant & { userId: string };

async function owner(funding = 0n): Promise<Owner> {
  const m = await walletMerchant(server, funding);
  const user = await server.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', m.email)
    .executeTakeFirstOrThrow();
  return { ...m, userId: user.id };
}

let payer: Owner;
let payee: Owner;

beforeAll(async () => {
  payer = await owner(500_000n);
  payee = await owner();
});

describe('payments', () => {
  it('a wallet payment: one entry with the amount, currency and payee', async () => {
    const { result } = await expectOneEntry(
      {
        action: 'payment.sent',
        actor: payer.userId,
        merchant: payer.merchantId,
        subject: /^transfer:/,
        details: {
          amount_minor: '1250',
          currency: 'EUR',
          rail: 'wallet',
          payee_name: payee.name,
          payee_wallet_tag: payee.tag,
          payee_iban: null,
        },
      },
      async () =>
        bodyOf(
          await api(server.app, 'POST', '/api/merchants/send_money/', {
            token: payer.token,
            body: { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '1250' },
            ...from({ 'idempotency-key': newKey('send') }),
          }),
          201,
          'sendMoney',
        ),
    );
    const entries = await server.db
      .selectFrom('audit_trail')
      .select('subject')
      .where('action', '=', 'payment.sent')
      .execute();
    expect(entries.map((entry) => entry.subject)).toContain(`transfer:${result.id}`);
  });

  it('a bank transfer: one entry with the IBAN and the name the payer gave', async () => {
    const check = bodyOf(
      await api(server.app, 'POST', '/api/merchants/payees/verify/', {
        token: payer.token,
        body: { iban: person.iban, name: person.holder_name },
      }),
      200,
      'verifyPayee',
    );
    const grant = await stepUpToken(server, payer.token, 'send_money');
    await expectOneEntry(
      {
        action: 'payment.sent',
        actor: payer.userId,
        merchant: payer.merchantId,
        details: {
          amount_minor: '2000',
          currency: 'EUR',
          rail: 'bank_transfer',
          payee_name: person.holder_name,
          payee_iban: person.iban,
        },
      },
      async () =>
        expectStatus(
          await api(server.app, 'POST', '/api/merchants/send_money/', {
            token: payer.token,
            body: {
              account_type: 'eur',
              recipient: { iban: person.iban, name: person.holder_name, payee_check_id: check.check_id },
              amount_minor: '2000',
            },
            ...from({ 'idempotency-key': newKey('send'), ...stepUpHeaders(grant) }),
          }),
          201,
        ),
    );
  });

  it('a refused payment (bad amount, too little money, a replay) leaves none', async () => {
    const penniless = await owner();
    await expectNoEntry(async () => {
      const bad = await apiWithBadInput(server.app, 'POST', '/api/merchants/send_money/', {
        token: payer.token,
        body: { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '-5' },
        ...from({ 'idempotency-key': newKey('send') }),
      });
      expect(bad.status).toBe(400);
      const poor = await api(server.app, 'POST', '/api/merchants/send_money/', {
        token: penniless.token,
        body: { account_type: 'eur', recipient: { wallet_tag: payer.tag }, amount_minor: '100' },
        ...from({ 'idempotency-key': newKey('send') }),
      });
      expectStatus(poor, 422);
    });
    const key = newKey('send');
    const body = { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '300' };
    await expectOneEntry(
      { action: 'payment.sent', actor: payer.userId, merchant: payer.merchantId },
      async () =>
        expectStatus(
          await api(server.app, 'POST', '/api/merchants/send_money/', {
            token: payer.token,
            body,
            ...from({ 'idempotency-key': key }),
          }),
          201,
        ),
    );
    await expectNoEntry(async () =>
      expectStatus(
        await api(server.app, 'POST', '/api/merchants/send_money/', {
          token: payer.token,
          body,
          ...from({ 'idempotency-key': key }),
        }),
        201,
      ),
    );
  });
});

describe('scheduled payments', () => {
  it('created and cancelled: one entry each; cancelling again leaves none', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { result: schedule } = await expectOneEntry(
      {
        action: 'scheduled_payment.created',
        actor: payer.userId,
        merchant: payer.merchantId,
        subject: /^scheduled_payment:/,
        details: { amount_minor: '1000', currency: 'EUR', payee_wallet_tag: payee.tag, frequency: 'once' },
      },
      async () =>
        bodyOf(
          await api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
            token: payer.token,
            body: {
              account_type: 'eur',
              recipient: { wallet_tag: payee.tag },
              amount_minor: '1000',
              frequency: 'once',
              start_date: today,
            },
            ...from({ 'idempotency-key': newKey('schedule') }),
          }),
          201,
          'createScheduledPayment',
        ),
    );
    const cancel = () =>
      api(server.app, 'POST', '/api/merchants/scheduled_payments/{id}/cancel/', {
        params: { id: schedule.id },
        token: payer.token,
        ...from(),
      });
    await expectOneEntry(
      {
        action: 'scheduled_payment.cancelled',
        actor: payer.userId,
        merchant: payer.merchantId,
        subject: `scheduled_payment:${schedule.id}`,
        details: { amount_minor: '1000', currency: 'EUR', payee_wallet_tag: payee.tag },
      },
      async () => expectStatus(await cancel(), 200),
    );
    await expectNoEntry(async () => expectStatus(await cancel(), 409));
  });
});

describe('beneficiaries', () => {
  it('saved, changed and deleted: one entry each with the name and tag; refusals leave none', async () => {
    const other = await owner();
    const { result: saved } = await expectOneEntry(
      {
        action: 'beneficiary.created',
        actor: payer.userId,
        merchant: payer.merchantId,
        subject: /^beneficiary:/,
        details: { kind: 'wallet', name: payee.name, wallet_tag: payee.tag, iban: null },
      },
      async () =>
        bodyOf(
          await api(server.app, 'POST', '/api/merchants/beneficiaries/', {
            token: payer.token,
            body: { kind: 'wallet', wallet_tag: payee.tag },
            ...from({ 'idempotency-key': newKey('beneficiary') }),
          }),
          201,
          'createBeneficiary',
        ),
    );
    await expectOneEntry(
      {
        action: 'beneficiary.changed',
        actor: payer.userId,
        merchant: payer.merchantId,
        subject: `beneficiary:${saved.id}`,
        details: { kind: 'wallet', name: other.name, wallet_tag: other.tag },
      },
      async () =>
        expectStatus(
          await api(server.app, 'PUT', '/api/merchants/beneficiaries/{id}/', {
            params: { id: saved.id },
            token: payer.token,
            body: { kind: 'wallet', wallet_tag: other.tag },
            ...from(),
          }),
          200,
        ),
    );
    const remove = () =>
      api(server.app, 'DELETE', '/api/merchants/beneficiaries/{id}/', {
        params: { id: saved.id },
        token: payer.token,
        ...from(),
      });
    await expectOneEntry(
      {
        action: 'beneficiary.deleted',
        actor: payer.userId,
        merchant: payer.merchantId,
        subject: `beneficiary:${saved.id}`,
        details: { kind: 'wallet', name: other.name, wallet_tag: other.tag },
      },
      async () => expectStatus(await remove(), 204),
    );
    const viewer = await employeeToken(server, payer.merchantId, 'viewer');
    await expectNoEntry(async () => {
      expectStatus(await remove(), 404);
      const refused = await api(server.app, 'POST', '/api/merchants/beneficiaries/', {
        token: viewer,
        body: { kind: 'wallet', wallet_tag: other.tag },
        ...from({ 'idempotency-key': newKey('beneficiary') }),
      });
      expectStatus(refused, 403);
    });
  });
});

describe('cards', () => {
  it('details shown: one entry naming the card and what was shown, never its number or CVV', async () => {
    const { card } = await orderCard(server, payer);
    const reveal = (headers: Record<string, string>) =>
      api(server.app, 'POST', '/api/merchants/cards/{id}/reveal/', {
        params: { id: card.id },
        token: payer.token,
        body: { what: 'details' },
        ...from(headers),
      });
    await expectNoEntry(async () => expectStatus(await reveal({}), 403));
    const grant = await stepUpToken(server, payer.token, 'card_reveal');
    const { result, text } = await expectOneEntry(
      {
        action: 'card.details_revealed',
        actor: payer.userId,
        merchant: payer.merchantId,
        subject: `card:${card.id}`,
        details: { last4: card.last4, shown: 'details' },
      },
      async () => bodyOf(await reveal(stepUpHeaders(grant)), 200, 'revealCard'),
    );
    const secret = secretOf(result, 'details');
    expect(text).not.toContain(secret.number);
    expect(text).not.toContain(secret.number.slice(0, 12));
    expect(text).not.toMatch(new RegExp(`"${secret.cvv}"`));
    expect(text).not.toContain('cvv');
  });

  it('frozen, unfrozen and limits changed: one entry each; a refused change leaves none', async () => {
    const { card } = await orderCard(server, payer);
    const act = (action: 'freeze' | 'unfreeze') =>
      api(server.app, 'POST', '/api/merchants/cards/{id}/{action}/', {
        params: { id: card.id, action },
        token: payer.token,
        ...from(),
      });
    const expected = { actor: payer.userId, merchant: payer.merchantId, subject: `card:${card.id}` };
    await expectOneEntry({ ...expected, action: 'card.frozen', details: { last4: card.last4 } }, async () =>
      expectStatus(await act('freeze'), 200),
    );
    await expectNoEntry(async () => expectStatus(await act('freeze'), 409));
    await expectOneEntry({ ...expected, action: 'card.unfrozen' }, async () =>
      expectStatus(await act('unfreeze'), 200),
    );
    await expectOneEntry(
      {
        ...expected,
        action: 'card.limits_changed',
        details: { frequency: 'daily', card_transaction: '5000', card_cash: null },
      },
      async () =>
        expectStatus(
          await api(server.app, 'PUT', '/api/merchants/cards/{id}/limits/', {
            params: { id: card.id },
            token: payer.token,
            body: {
              frequency: 'daily',
              limits: {
                card_transaction: '5000',
                card_purchase: null,
                card_ecommerce: null,
                card_cash: null,
              },
            },
            ...from(),
          }),
          200,
        ),
    );
  });
});

describe('the team', () => {
  it('invited, invitation cancelled, disabled and enabled: one entry each; a viewer inviting leaves none', async () => {
    const email = newInviteeEmail('audit');
    const { result: invitation } = await expectOneEntry(
      {
        action: 'employee.invited',
        actor: payer.userId,
        merchant: payer.merchantId,
        subject: /^invitation:/,
        details: { email, role: 'viewer', access_level: 'company' },
      },
      async () =>
        bodyOf(
          await api(server.app, 'POST', '/api/merchants/invitations/', {
            token: payer.token,
            body: {
              email,
              first_name: 'Eleni',
              last_name: 'Georgiou',
              role: 'viewer',
              access_level: 'company',
            },
            ...from({ 'idempotency-key': newKey('invite') }),
          }),
          201,
          'inviteEmployee',
        ),
    );
    const cancel = () =>
      api(server.app, 'POST', '/api/merchants/invitations/{id}/cancel/', {
        params: { id: invitation.id },
        token: payer.token,
        ...from(),
      });
    await expectOneEntry(
      {
        action: 'employee.invitation_cancelled',
        actor: payer.userId,
        merchant: payer.merchantId,
        subject: `invitation:${invitation.id}`,
        details: { email, role: 'viewer' },
      },
      async () => expectStatus(await cancel(), 200),
    );
    await expectNoEntry(async () => expectStatus(await cancel(), 409));

    const member = await addMember(server, payer.token, 'employee');
    const setStatus = (status: 'enabled' | 'disabled') =>
      api(server.app, 'PATCH', '/api/merchants/employees/{id}/status/', {
        params: { id: member.userId },
        token: payer.token,
        body: { status },
        ...from(),
      });
    const expected = { actor: payer.userId, merchant: payer.merchantId, subject: `user:${member.userId}` };
    await expectOneEntry(
      { ...expected, action: 'employee.disabled', details: { email: member.email, role: 'employee' } },
      async () => expectStatus(await setStatus('disabled'), 200),
    );
    // Setting the status it already has changes nothing, and records nothing.
    await expectNoEntry(async () => expectStatus(await setStatus('disabled'), 200));
    await expectOneEntry({ ...expected, action: 'employee.enabled' }, async () =>
      expectStatus(await setStatus('enabled'), 200),
    );

    const viewer = await employeeToken(server, payer.merchantId, 'viewer');
    await expectNoEntry(async () => expectStatus(await invite(server, viewer), 403));
  });
});

describe('exports and downloads', () => {
  it('transactions, a monthly statement and a proof of payment: one entry each; a refused one leaves none', async () => {
    await expectOneEntry(
      {
        action: 'transactions.exported',
        actor: payer.userId,
        merchant: payer.merchantId,
        subject: `account:${payer.accountId}`,
        details: { format: 'csv', currency: 'EUR' },
      },
      async () =>
        expectStatus(
          await api(server.app, 'GET', '/api/merchants/transactions/export/', {
            token: payer.token,
            query: { format: 'csv' },
            ...from(),
          }),
          200,
        ),
    );
    const month = new Date().toISOString().slice(0, 7);
    await expectOneEntry(
      {
        action: 'statement.downloaded',
        actor: payer.userId,
        merchant: payer.merchantId,
        subject: `account:${payer.accountId}`,
        details: { format: 'pdf', currency: 'EUR' },
      },
      async () =>
        expectStatus(
          await api(server.app, 'GET', '/api/merchants/statements/monthly/', {
            token: payer.token,
            query: { month, format: 'pdf' },
            ...from(),
          }),
          200,
        ),
    );
    await expectNoEntry(async () => {
      const future = await apiWithBadInput(server.app, 'GET', '/api/merchants/statements/monthly/', {
        token: payer.token,
        query: { month: '2999-01', format: 'csv' },
        ...from(),
      });
      expect(future.status).toBe(400);
    });

    const paid = bodyOf(
      await api(server.app, 'POST', '/api/merchants/send_money/', {
        token: payer.token,
        body: { account_type: 'eur', recipient: { wallet_tag: payee.tag }, amount_minor: '700' },
        headers: { 'idempotency-key': newKey('send') },
      }),
      201,
      'sendMoney',
    );
    const proof = (token: string) =>
      api(server.app, 'GET', '/api/merchants/transactions/{id}/proof/', {
        params: { id: paid.id },
        token,
        ...from(),
      });
    await expectOneEntry(
      {
        action: 'proof_of_payment.downloaded',
        actor: payer.userId,
        merchant: payer.merchantId,
        subject: `transfer:${paid.id}`,
        details: { amount_minor: '700', currency: 'EUR', payee_name: payee.name },
      },
      async () => expectStatus(await proof(payer.token), 200),
    );
    // The payee's side of the same transfer has no proof of payment.
    await expectNoEntry(async () => expectStatus(await proof(payee.token), 404));
  });
});

describe('legal details', () => {
  it('a change requested: one entry naming the part, not the data; a refused one leaves none', async () => {
    const created = await approvedOwner(server.app, server.db);
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('merchant_id', '=', created.merchantId)
      .executeTakeFirstOrThrow();
    const change = (name: string) =>
      api(server.app, 'POST', '/api/merchants/profile/changes/', {
        token: created.token,
        body: {
          kind: 'company',
          data: {
            name,
            legal_form: 'ike',
            country_of_registration: 'GR',
            vat_number: 'EL 123456783',
            registration_number: '123456701000',
            tic_number: '123456783',
            registered_address: company.registered_address,
          },
        },
        ...from(),
      });
    const { text } = await expectOneEntry(
      {
        action: 'legal_details.change_requested',
        actor: user.id,
        merchant: created.merchantId,
        subject: /^profile_change:/,
        details: { kind: 'company' },
      },
      async () => expectStatus(await change('Renamed Audit IKE'), 201),
    );
    expect(text).not.toContain('Renamed Audit IKE');
    // One of this kind already waits for review: refused, and not on the trail.
    await expectNoEntry(async () => expectStatus(await change('Renamed Again IKE'), 409));
  });
});

it('the chain still verifies after every action above', async () => {
  const result = await verifyAuditChain(server.db);
  expect(result).toMatchObject({ ok: true });
});
