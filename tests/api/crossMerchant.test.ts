import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOperationId, operationRules, type OperationId } from '../../schemas/permissions';
import { assignWalletTag } from '../../server/accounts';
import { orderCard, setPlan, virtualCart } from './cards';
import {
  call,
  createOwner,
  signIn,
  startTestServer,
  type ApiResponse,
  type CallOptions,
  type TestServer,
} from './harness';
import { pngImage } from './kycImages';
import { fund, merchantWithAccount, newKey, type MoneyMerchant } from './money';
import { multipart } from './onboardingFixtures';
import { buyPlan } from './plans';
import { stepUpHeaders, stepUpToken } from './stepUp';
import { databaseDigest } from './tableDigest';
import { addMember, invite, newInviteeEmail } from './team';

/*
 * Issue 6, docs/engineering.md principle 8 ("a merchant never sees another's data"): every signed-in operation that names a
 * record in its path, called by merchant A's owner with the id of a real record of merchant B, answers 404 or 403,
 * shows nothing of B, and changes nothing anywhere.
 */

type Verb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

  const created = async (what: string, response: { status: number; body: { id?: string } }) => {
    expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(201);
    return response.body.id ?? '';
  };
  ids.beneficiary = await created(
    'beneficiary',
    await call(server.app, 'POST', '/api/merchants/beneficiaries/', {
      token: b.token,
      body: { kind: 'wallet', wallet_tag: cTag },
    }),
  );
  const card = await orderCard(server, b, { ...virtualCart, name: 'Bravo secret card' });
  ids.card = card.card.id;
  ids.cart = await created(
    'cart',
    await call(server.app, 'POST', '/api/merchants/cards/cart/', { token: b.token, body: virtualCart }),
  );
  const { order: planOrder } = await buyPlan(server, b.token, {
    plan_id: 'premium',
    period: 'yearly',
    pos_terminal: false,
  });
  ids.invoice = planOrder.invoice_id;
  const invoiceNumber = (
    await server.db
      .selectFrom('invoices')
      .select('number')
      .where('id', '=', ids.invoice ?? '')
      .executeTakeFirstOrThrow()
  ).number;
  ids.planCart = await created(
    'plan cart',
    await call(server.app, 'POST', '/api/merchants/plans/cart/', {
      token: b.token,
      body: { plan_id: 'business', period: 'monthly', pos_terminal: false },
    }),
  );
  ids.qr = await created(
    'qr code',
    await call(server.app, 'POST', '/api/merchants/qr_codes/', {
      token: b.token,
      body: { currency: 'EUR', amount_minor: '4321', note: 'Bravo counter' },
    }),
  );
  ids.schedule = await created(
    'scheduled payment',
    await call(server.app, 'POST', '/api/merchants/scheduled_payments/', {
      token: b.token,
      body: {
        account_type: 'eur',
        recipient: { wallet_tag: cTag },
        amount_minor: '1000',
        frequency: 'weekly',
        start_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        note: 'Bravo rent',
      },
    }),
  );
  ids.request = await created(
    'money request',
    await call(server.app, 'POST', '/api/merchants/request_money/', {
      token: c.token,
      body: { wallet_tag: bTag, amount_minor: '100', currency: 'EUR' },
      headers: { 'idempotency-key': newKey('request') },
    }),
  );
  // An advertising campaign of B's (issue 9), bought before the transactions are read.
  ids.campaign = await created(
    'campaign',
    await call(server.app, 'POST', '/api/merchants/advertising/plans/local_boost/purchase/', {
      token: b.token,
      body: { headline: 'Bravo secret campaign', link: 'https://bravo.example.com/' },
      headers: { 'idempotency-key': newKey('campaign') },
    }),
  );
  ids.transaction = (
    await call(server.app, 'GET', '/api/merchants/transactions/', { token: b.token })
  ).body.items[0].id;
  const member = await addMember(server, b.token, 'employee');
  ids.employee = member.userId;
  const invitationEmail = newInviteeEmail('bravo');
  ids.invitation = await created('invitation', await invite(server, b.token, { email: invitationEmail }));
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
  // Issue 8: a shipping address of B's, with its pin.
  ids.address = await created(
    'address',
    await call(server.app, 'POST', '/api/merchants/addresses/', {
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
  );
  // Issue 8: B's owner heard that B's member joined.
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

/** B's record for an operation's `{id}`, and what the call needs to get past validation to the ownership check. */
function requestFor(
  operationId: OperationId,
  grant: string,
): { id: string; options: CallOptions; multipart?: { payload: Buffer; headers: Record<string, string> } } {
  switch (operationId) {
    case 'beneficiary':
    case 'deleteBeneficiary':
      return { id: ids.beneficiary ?? '', options: {} };
    case 'updateBeneficiary':
      return { id: ids.beneficiary ?? '', options: { body: { kind: 'wallet', wallet_tag: '@demo-bakery' } } };
    case 'card':
    case 'cardLimits':
    case 'deleteCard':
      return { id: ids.card ?? '', options: {} };
    case 'updateCard':
      return { id: ids.card ?? '', options: { body: { name: 'Taken over' } } };
    case 'cardAction':
      return { id: ids.card ?? '', options: { body: {} } };
    case 'setCardPin':
      return { id: ids.card ?? '', options: { body: { pin: '7391' } } };
    case 'setCardEpin':
      return { id: ids.card ?? '', options: { body: { epin: '73915' } } };
    case 'setCardLimits':
      return {
        id: ids.card ?? '',
        options: {
          body: {
            frequency: 'daily',
            limits: { card_transaction: '1', card_purchase: null, card_ecommerce: null, card_cash: null },
          },
        },
      };
    case 'revealCard':
      return { id: ids.card ?? '', options: { body: { what: 'details' }, headers: stepUpHeaders(grant) } };
    case 'cartPay':
      return { id: ids.cart ?? '', options: { headers: { 'idempotency-key': newKey('steal') } } };
    case 'planCartPay':
      return { id: ids.planCart ?? '', options: { headers: { 'idempotency-key': newKey('steal') } } };
    case 'invoicePdf':
      return { id: ids.invoice ?? '', options: {} };
    case 'deleteQrCode':
      return { id: ids.qr ?? '', options: {} };
    case 'acceptMoneyRequest':
    case 'declineMoneyRequest':
      return { id: ids.request ?? '', options: {} };
    case 'scheduledPayment':
    case 'cancelScheduledPayment':
      return { id: ids.schedule ?? '', options: {} };
    case 'transaction':
      return { id: ids.transaction ?? '', options: {} };
    case 'updateEmployeeStatus':
      return { id: ids.employee ?? '', options: { body: { status: 'disabled' } } };
    case 'cancelInvitation':
      return { id: ids.invitation ?? '', options: {} };
    case 'downloadDocument':
    case 'deleteDocument':
    case 'downloadProfileDocument':
      return { id: ids.document ?? '', options: {} };
    case 'kycEvaluate':
      return { id: ids.kyc ?? '', options: {} };
    case 'advertisingCampaign':
      return { id: ids.campaign ?? '', options: {} };
    case 'markNotificationRead':
      return { id: ids.notification ?? '', options: {} };
    case 'deleteMerchantAddress':
    case 'setDefaultMerchantAddress':
      return { id: ids.address ?? '', options: {} };
    case 'updateMerchantAddress':
      return { id: ids.address ?? '', options: { body: { line1: 'Taken over 1' } } };
    case 'uploadKycImage': {
      const form = multipart([
        { name: 'side', value: 'front' },
        { name: 'file', filename: 'front.png', content: pngImage(1200, 800), contentType: 'image/png' },
      ]);
      return { id: ids.kyc ?? '', options: {}, multipart: form };
    }
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
        const { id, options, multipart: form } = requestFor(operationId, grant);
        const url = route.replace('{id}', id).replace('{action}', 'freeze');
        const response: Pick<ApiResponse, 'status'> & { text: string } = form
          ? await server.app
              .inject({
                method: method.toUpperCase() as Verb,
                url,
                headers: { ...form.headers, authorization: `Bearer ${token}` },
                payload: form.payload,
              })
              .then((r) => ({ status: r.statusCode, text: r.body }))
          : await call(server.app, method.toUpperCase() as Verb, url, { token, ...options }).then((r) => ({
              status: r.status,
              text: r.raw.body,
            }));
        const text = response.text;
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
    const resolved = await call(server.app, 'GET', `/api/merchants/qr_codes/resolve/${code}/`, {
      token: a.token,
    });
    expect(resolved.status).toBe(200);
    const text = resolved.raw.body;
    for (const secret of secrets.filter((s) => s !== b.name && s !== b.tag)) {
      if (secret === ids.qr) continue;
      expect(text, secret).not.toContain(secret);
    }
  });
});
