import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOperationId, operationRules, type OperationId } from '../../schemas/permissions';
import { assignWalletTag } from '../../server/accounts';
import { orderCard, setPlan, virtualCart } from './cards';
import { api, bodyOf, expectStatus, type UntypedResponse } from './client';
import { createOwner, signIn, startTestServer, type TestServer } from './harness';
import { pngImage } from './kycImages';
import { fund, merchantWithAccount, newKey, type MoneyMerchant } from './money';
import { buyPlan } from './plans';
import { stepUpHeaders, stepUpToken } from './stepUp';
import { databaseDigest } from './tableDigest';
import { addMember, invite, newInviteeEmail } from './team';

/*
 * Principle 8 of docs/engineering.md ("a merchant never sees another's data"): every signed-in operation that names a
 * record in its path, called by merchant A's owner with the id of a real record of merchant B, answers 404 or 403,
 * shows nothing of B, and changes nothing anywhere.
 */

/** What the sweep reads of any answer. */
type Answer = { status: number; raw: UntypedResponse['raw'] };

/**
 * Path parameters that are not another merchant's record, with why: a QR code is a payment link made to be shared
 * with other merchants (resolving one is how they pay it; tested below for what it shows), an account type is a
 * currency code that names the caller's own account, and an advertising plan is the bank's price list, the same for
 * everybody (buying one makes the caller's own campaign: tests/api/advertising.test.ts).
 */
const notARecordOfB = new Set<OperationId>([
  'resolveQrCode',
  'accountTopUpDetails',
  'purchaseAdvertisingPlan',
]);

const document = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../schemas/openapi.json'), 'utf8'),
) as {
  paths: Record<string, Record<string, { operationId: string }>>;
};

let server: TestServer;
let a: MoneyMerchant;
/** Merchant A again, before approval: the company-profile operations (open only then) reach B's records this way. */
let aOnboarding: string;
let b: MoneyMerchant & { name: string; tag: string };
const ids: Record<string, string> = {};
/** Strings only B's records hold: none may appear in an answer to A. */
let secrets: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  a = await merchantWithAccount(server);
  await assignWalletTag(server.db, a.merchantId);
  const early = await createOwner(server.db, { status: 'onboarding' });
  aOnboarding = (await signIn(server.app, early.email, early.password)).accessToken;
  const bOwner = await merchantWithAccount(server);
  await setPlan(server, bOwner.merchantId, 'premium');
  await fund(server.db, bOwner.accountId, 500_000n);
  const bTag = await assignWalletTag(server.db, bOwner.merchantId);
  const c = await merchantWithAccount(server);
  const cTag = await assignWalletTag(server.db, c.merchantId);
  const bRow = await server.db
    .selectFrom('merchants')
    .select('name')
    .where('id', '=', bOwner.merchantId)
    .executeTakeFirstOrThrow();
  b = { ...bOwner, name: bRow.name, tag: bTag };
  const bOwnerId = (
    await server.db.selectFrom('users').select('id').where('email', '=', b.email).executeTakeFirstOrThrow()
  ).id;

  ids.beneficiary = bodyOf(
    await api(server.app, 'POST', '/api/merchants/beneficiaries/', {
      token: b.token,
      headers: { 'idempotency-key': newKey() },
      body: { kind: 'wallet', wallet_tag: cTag },
    }),
    201,
    'beneficiary',
  ).id;
  const card = await orderCard(server, b, { ...virtualCart, name: 'Bravo secret card' });
  ids.card = card.card.id;
  ids.cart = bodyOf(
    await api(server.app, 'POST', '/api/merchants/cards/cart/', { token: b.token, body: virtualCart }),
    201,
    'cart',
  ).id;
  const { order: planOrder } = await buyPlan(server, b.token, {
    plan_id: 'premium',
    period: 'yearly',
    pos_terminal: false,
  });
  ids.invoice = String(planOrder.invoice_id);
  const invoiceNumber = (
    await server.db
      .selectFrom('invoices')
      .select('number')
      .where('id', '=', ids.invoice ?? '')
      .executeTakeFirstOrThrow()
  ).number;
  ids.planCart = bodyOf(
    await api(server.app, 'POST', '/api/merchants/plans/cart/', {
      token: b.token,
      body: { plan_id: 'business', period: 'monthly', pos_terminal: false },
    }),
    201,
    'plan cart',
  ).id;
  ids.qr = bodyOf(
    await api(server.app, 'POST', '/api/merchants/qr_codes/', {
      token: b.token,
      headers: { 'idempotency-key': newKey() },
      body: { currency: 'EUR', amount_minor: '4321', note: 'Bravo counter' },
    }),
    201,
    'qr code',
  ).id;
  ids.schedule = bodyOf(
    await api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
      token: b.token,
      headers: { 'idempotency-key': newKey() },
      body: {
        account_type: 'eur',
        recipient: { wallet_tag: cTag },
        amount_minor: '1000',
        // One-off: a repeating schedule needs a one-time code, which is not what this test is about.
        frequency: 'once',
        start_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        note: 'Bravo rent',
      },
    }),
    201,
    'scheduled payment',
  ).id;
  ids.request = bodyOf(
    await api(server.app, 'POST', '/api/merchants/request_money/', {
      token: c.token,
      body: { wallet_tag: bTag, amount_minor: '100', currency: 'EUR' },
      headers: { 'idempotency-key': newKey('request') },
    }),
    201,
    'money request',
  ).id;
  // An advertising campaign of B's, bought before the transactions are read.
  ids.campaign = bodyOf(
    await api(server.app, 'POST', '/api/merchants/advertising/plans/{id}/purchase/', {
      params: { id: 'local_boost' },
      token: b.token,
      body: { headline: 'Bravo secret campaign', link: 'https://bravo.example.com/' },
      headers: { 'idempotency-key': newKey('campaign') },
    }),
    201,
    'campaign',
  ).id;
  ids.transaction = bodyOf(
    await api(server.app, 'GET', '/api/merchants/transactions/', { token: b.token }),
    200,
  ).items[0]!.id;
  const member = await addMember(server, b.token, 'employee');
  ids.employee = member.userId;
  const invitationEmail = newInviteeEmail('bravo');
  ids.invitation = bodyOf(await invite(server, b.token, { email: invitationEmail }), 201, 'invitation').id;
  ids.document = (
    await server.db
      .insertInto('merchant_documents')
      .values({
        merchant_id: b.merchantId,
        type: 'representative_id',
        file_name: 'bravo-passport.pdf',
        content_type: 'application/pdf',
        size_bytes: 10,
        storage_key: `documents/${b.merchantId}/bravo-passport.pdf`,
        uploaded_by: bOwnerId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.kyc = (
    await server.db
      .insertInto('kyc_verifications')
      .values({
        merchant_id: b.merchantId,
        user_id: bOwnerId,
        document_type: 'passport',
        document_number: 'BRAVO123',
        expiry_date: '2031-01-01',
        first_name: 'Bravo',
        last_name: 'Holder',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // A shipping address of B's, with its pin.
  ids.address = bodyOf(
    await api(server.app, 'POST', '/api/merchants/addresses/', {
      token: b.token,
      body: {
        kind: 'shipping',
        country: 'GR',
        postal_code: '546 24',
        city: 'Thessaloniki',
        line1: 'Bravo secret street 7',
        latitude: 40.6321,
        longitude: 22.9415,
      },
    }),
    201,
    'address',
  ).id;
  // B's owner heard that B's member joined.
  ids.notification = (
    await server.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', bOwnerId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
  const iban = (
    await server.db
      .selectFrom('ledger_accounts')
      .select('iban')
      .where('id', '=', b.accountId)
      .executeTakeFirstOrThrow()
  ).iban;
  secrets = [
    b.name,
    b.tag,
    iban ?? 'no-iban',
    b.email,
    member.email,
    invitationEmail,
    'Bravo secret card',
    'Bravo secret campaign',
    'Bravo secret street 7',
    card.card.last4,
    'Bravo rent',
    'BRAVO123',
    'bravo-passport',
    invoiceNumber,
    ...Object.values(ids),
  ];
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/**
 * The call of an operation with B's record for its `{id}`, and what it needs to get past validation to the ownership
 * check; each one typed by the contract.
 */
function requestFor(operationId: OperationId, grant: string): (token: string) => Promise<Answer> {
  const app = server.app;
  const id = (record: string | undefined) => ({ id: record ?? '' });
  switch (operationId) {
    case 'beneficiary':
      return (token) =>
        api(app, 'GET', '/api/merchants/beneficiaries/{id}/', { params: id(ids.beneficiary), token });
    case 'deleteBeneficiary':
      return (token) =>
        api(app, 'DELETE', '/api/merchants/beneficiaries/{id}/', { params: id(ids.beneficiary), token });
    case 'updateBeneficiary':
      return (token) =>
        api(app, 'PUT', '/api/merchants/beneficiaries/{id}/', {
          params: id(ids.beneficiary),
          token,
          body: { kind: 'wallet', wallet_tag: '@demo-bakery' },
        });
    case 'card':
      return (token) => api(app, 'GET', '/api/merchants/cards/{id}/', { params: id(ids.card), token });
    case 'cardLimits':
      return (token) => api(app, 'GET', '/api/merchants/cards/{id}/limits/', { params: id(ids.card), token });
    case 'deleteCard':
      return (token) => api(app, 'DELETE', '/api/merchants/cards/{id}/', { params: id(ids.card), token });
    case 'updateCard':
      return (token) =>
        api(app, 'PATCH', '/api/merchants/cards/{id}/', {
          params: id(ids.card),
          token,
          body: { name: 'Taken over' },
        });
    case 'cardAction':
      return (token) =>
        api(app, 'POST', '/api/merchants/cards/{id}/{action}/', {
          params: { ...id(ids.card), action: 'freeze' },
          token,
        });
    case 'setCardPin':
      return (token) =>
        api(app, 'PUT', '/api/merchants/cards/{id}/pin/', {
          params: id(ids.card),
          token,
          body: { pin: '7391' },
        });
    case 'setCardEpin':
      return (token) =>
        api(app, 'PUT', '/api/merchants/cards/{id}/epin/', {
          params: id(ids.card),
          token,
          body: { epin: '73915' },
        });
    case 'setCardLimits':
      return (token) =>
        api(app, 'PUT', '/api/merchants/cards/{id}/limits/', {
          params: id(ids.card),
          token,
          body: {
            frequency: 'daily',
            limits: { card_transaction: '1', card_purchase: null, card_ecommerce: null, card_cash: null },
          },
        });
    case 'revealCard':
      return (token) =>
        api(app, 'POST', '/api/merchants/cards/{id}/reveal/', {
          params: id(ids.card),
          token,
          body: { what: 'details' },
          headers: stepUpHeaders(grant),
        });
    case 'cartPay':
      return (token) =>
        api(app, 'POST', '/api/merchants/cards/cart/{id}/pay/', {
          params: id(ids.cart),
          token,
          headers: { 'idempotency-key': newKey('steal') },
        });
    case 'planCartPay':
      return (token) =>
        api(app, 'POST', '/api/merchants/plans/cart/{id}/pay/', {
          params: id(ids.planCart),
          token,
          headers: { 'idempotency-key': newKey('steal') },
        });
    case 'invoicePdf':
      return (token) =>
        api(app, 'GET', '/api/merchants/profile/billing_history/{id}/pdf/', {
          params: id(ids.invoice),
          token,
        });
    case 'deleteQrCode':
      return (token) => api(app, 'DELETE', '/api/merchants/qr_codes/{id}/', { params: id(ids.qr), token });
    case 'acceptMoneyRequest':
      return (token) =>
        api(app, 'POST', '/api/merchants/received_requests/{id}/accept/', { params: id(ids.request), token });
    case 'declineMoneyRequest':
      return (token) =>
        api(app, 'POST', '/api/merchants/received_requests/{id}/decline/', {
          params: id(ids.request),
          token,
        });
    case 'scheduledPayment':
      return (token) =>
        api(app, 'GET', '/api/merchants/scheduled_payments/{id}/', { params: id(ids.schedule), token });
    case 'cancelScheduledPayment':
      return (token) =>
        api(app, 'POST', '/api/merchants/scheduled_payments/{id}/cancel/', {
          params: id(ids.schedule),
          token,
        });
    case 'transaction':
      return (token) =>
        api(app, 'GET', '/api/merchants/transactions/{id}/', { params: id(ids.transaction), token });
    case 'transactionProof':
      return (token) =>
        api(app, 'GET', '/api/merchants/transactions/{id}/proof/', { params: id(ids.transaction), token });
    case 'updateEmployeeStatus':
      return (token) =>
        api(app, 'PATCH', '/api/merchants/employees/{id}/status/', {
          params: id(ids.employee),
          token,
          body: { status: 'disabled' },
        });
    case 'cancelInvitation':
      return (token) =>
        api(app, 'POST', '/api/merchants/invitations/{id}/cancel/', { params: id(ids.invitation), token });
    case 'downloadDocument':
      return (token) =>
        api(app, 'GET', '/api/merchants/onboarding/documents/{id}/', { params: id(ids.document), token });
    case 'deleteDocument':
      return (token) =>
        api(app, 'DELETE', '/api/merchants/onboarding/documents/{id}/', { params: id(ids.document), token });
    case 'downloadProfileDocument':
      return (token) =>
        api(app, 'GET', '/api/merchants/profile/documents/{id}/', { params: id(ids.document), token });
    case 'kycEvaluate':
      return (token) => api(app, 'POST', '/api/merchants/kyc/{id}/evaluate/', { params: id(ids.kyc), token });
    case 'uploadKycImage':
      return (token) =>
        api(app, 'POST', '/api/merchants/kyc/{id}/images/', {
          params: id(ids.kyc),
          token,
          form: {
            side: 'front',
            file: { filename: 'front.png', content: pngImage(1200, 800), contentType: 'image/png' },
          },
        });
    case 'advertisingCampaign':
      return (token) =>
        api(app, 'GET', '/api/merchants/advertising/campaigns/{id}/', { params: id(ids.campaign), token });
    // B's campaign was never shown to A: a click on it records nothing and says nothing of it.
    case 'sponsoredClick':
      return (token) =>
        api(app, 'POST', '/api/merchants/advertising/placements/{id}/click/', {
          params: id(ids.campaign),
          token,
          body: { placement: 'dashboard' },
        });
    case 'markNotificationRead':
      return (token) =>
        api(app, 'POST', '/api/merchants/notifications/{id}/read/', { params: id(ids.notification), token });
    case 'deleteMerchantAddress':
      return (token) =>
        api(app, 'DELETE', '/api/merchants/addresses/{id}/', { params: id(ids.address), token });
    case 'setDefaultMerchantAddress':
      return (token) =>
        api(app, 'PUT', '/api/merchants/addresses/{id}/default/', { params: id(ids.address), token });
    case 'updateMerchantAddress':
      return (token) =>
        api(app, 'PATCH', '/api/merchants/addresses/{id}/', {
          params: id(ids.address),
          token,
          body: { line1: 'Taken over 1' },
        });
    default:
      throw new Error(`${operationId} takes an id in its path: give it one of B's records here`);
  }
}

describe("another merchant's records", () => {
  it('answer 404 or 403 to every operation that takes an id, with none of their data, changing nothing', async () => {
    const grant = await stepUpToken(server, a.token, 'card_reveal');
    const before = await databaseDigest(server.db);
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const [route, methods] of Object.entries(document.paths)) {
      if (!route.includes('{')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        const operationId = operation.operationId;
        if (!isOperationId(operationId)) throw new Error(`${operationId} is not in the permission table`);
        const rule = operationRules[operationId];
        if (rule.access !== 'session' || notARecordOfB.has(operationId)) continue;
        const token = rule.approved ? a.token : aOnboarding;
        const response = await requestFor(operationId, grant)(token);
        // The typed call above is the operation this row of the document names.
        const sent = response.raw.raw.req;
        const pattern = new RegExp(`^${route.replace(/\{[^}]+\}/g, '[^/]+')}$`);
        expect(`${sent.method} ${sent.url}`, operationId).toMatch(
          new RegExp(`^${method.toUpperCase()} ${pattern.source.slice(1, -1)}$`),
        );
        const text = response.raw.body;
        const leaked = secrets.filter((secret) => text.includes(secret));
        if (![403, 404].includes(response.status) || leaked.length > 0) {
          wrong.push(`${operationId}: ${response.status} ${text.slice(0, 200)} leaked=${leaked.join(',')}`);
        }
        checked.push(operationId);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked.length).toBeGreaterThanOrEqual(25);
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it("resolving B's QR code shows A only what the code is for: B's public name and tag, the amount", async () => {
    const code = (
      await server.db
        .selectFrom('qr_codes')
        .select('code')
        .where('id', '=', ids.qr ?? '')
        .executeTakeFirstOrThrow()
    ).code;
    const resolved = await api(server.app, 'GET', '/api/merchants/qr_codes/resolve/{code}/', {
      params: { code },
      token: a.token,
    });
    expectStatus(resolved, 200);
    const text = resolved.raw.body;
    for (const secret of secrets.filter((s) => s !== b.name && s !== b.tag)) {
      if (secret === ids.qr) continue;
      expect(text, secret).not.toContain(secret);
    }
  });
});
