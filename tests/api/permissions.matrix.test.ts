import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isOperationId,
  mayCall,
  operationRules,
  type Caller,
  type OperationId,
} from '../../schemas/permissions';
import { assignWalletTag } from '../../server/accounts';
import { orderCard, setPlan, virtualCart } from './cards';
import { api, apiWithBadInput, type BadInput, errorOf, expectStatus, type PathFor } from './client';
import { readOutbox, signIn, startTestServer, type TestServer } from './harness';
import { fund, merchantWithAccount, newKey } from './money';
import { buyPlan } from './plans';
import { stepUpHeaders, stepUpToken } from './stepUp';
import { databaseDigest } from './tableDigest';
import { addMember, invitationKey, invite, newInviteeEmail } from './team';

/*
 * Who may call what (docs/engineering.md principle 8): every operation of schemas/openapi.json, called as each of the
 * four roles of one approved merchant (owner, admin, Cardholder = employee, viewer) with its path filled with ids of
 * real records of that merchant and a minimal body. What the permission table allows must not answer 401 or 403 (the
 * main reads: 200); what it refuses must answer 403 and change nothing in any table.
 */

type Verb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Operation = { operationId: OperationId; method: Verb; path: PathFor<Verb> };
type Role = 'owner' | 'admin' | 'employee' | 'viewer';

const document = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../schemas/openapi.json'), 'utf8'),
) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};

/** Every path of the document is one the generated types know (both come from the same routes). */
const isContractPath = (route: string): route is PathFor<Verb> => route in document.paths;

function documentedOperations(): { id: string; method: Verb; path: PathFor<Verb> }[] {
  const list: { id: string; method: Verb; path: PathFor<Verb> }[] = [];
  for (const [route, methods] of Object.entries(document.paths)) {
    if (!isContractPath(route)) continue;
    for (const [method, operation] of Object.entries(methods)) {
      list.push({
        id: operation.operationId ?? `${method} ${route}`,
        method: method.toUpperCase() as Verb,
        path: route,
      });
    }
  }
  return list;
}

/** Reads that must answer 200 to whoever the table lets call them. */
const mustSucceed = new Set<OperationId>([
  'getConfig',
  'altchaChallenge',
  'legalEntityTypes',
  'industries',
  'turnovers',
  'sizes',
  'countries',
  'homeOverview',
  'currencies',
  'coreBankingAccounts',
  'accountTopUpDetails',
  'topUpDetails',
  'transactions',
  'transaction',
  'cards',
  'card',
  'cardLimits',
  'cardOptions',
  'merchantAddresses',
  'cashback',
  'beneficiaries',
  'beneficiary',
  'qrCodes',
  'resolveQrCode',
  'scheduledPayments',
  'scheduledPayment',
  'receivedRequests',
  'sentRequests',
  'predefinedSendAmount',
  'employees',
  'invitations',
  'invitationByKey',
  'stepUpMethods',
  'getOnboarding',
  'kycStatus',
  'kycCriteria',
  'plans',
  'cancellationQuestions',
  'billingHistory',
  'invoicePdf',
  // Analytics, statements, advertising and the public pages.
  'analyticsAmounts',
  'analyticsExpensesPerCategory',
  'analyticsMonthlyAmounts',
  'analyticsTopCounterparties',
  'monthlyStatement',
  'advertisingPlans',
  'advertisingCampaigns',
  'advertisingCampaign',
  'sponsoredPlacement',
  'faq',
  'legalDocuments',
  'downloadApp',
  'legalAcceptances',
  // The company profile.
  'companyProfile',
  'latestDocuments',
]);

/** Run last, in this order: they end things later calls would need (cards, sessions). */
const lastOperations: OperationId[] = [
  'acceptMoneyRequest',
  'declineMoneyRequest',
  'cancelScheduledPayment',
  'deleteQrCode',
  'deleteBeneficiary',
  'cancelInvitation',
  'deleteCard',
  'logout',
  'globalLogout',
];

type Fixture = {
  tokens: Record<Role, string>;
  cookies: Record<Role, string>;
  callers: Record<Role, Caller>;
  cards: Record<Role, string>;
  cartId: string;
  planCartId: string;
  invoiceId: string;
  beneficiaryId: string;
  qrId: string;
  qrCode: string;
  scheduleId: string;
  requestId: string;
  transactionId: string;
  invitationId: string;
  invitationKey: string;
  statusTarget: string;
  merchantId: string;
  campaignId: string;
};

let server: TestServer;
let fixture: Fixture;

const roles: Role[] = ['owner', 'admin', 'employee', 'viewer'];

beforeAll(async () => {
  server = await startTestServer();
  const owner = await merchantWithAccount(server);
  await setPlan(server, owner.merchantId, 'premium');
  await fund(server.db, owner.accountId, 1_000_000n);
  const ownTag = await assignWalletTag(server.db, owner.merchantId);
  const other = await merchantWithAccount(server);
  const otherTag = await assignWalletTag(server.db, other.merchantId);

  const admin = await addMember(server, owner.token, 'admin');
  const employee = await addMember(server, owner.token, 'employee');
  const viewer = await addMember(server, owner.token, 'viewer');
  const target = await addMember(server, owner.token, 'employee');
  const ownerSession = await server.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', owner.email)
    .executeTakeFirstOrThrow();
  const ownerSignedIn = await signIn(server.app, owner.email, owner.password);

  const cardFor = async (holder: string) =>
    (await orderCard(server, owner, { ...virtualCart, holder_user_id: holder })).card.id;
  const cards = {
    owner: await cardFor(ownerSession.id),
    admin: await cardFor(admin.userId),
    employee: await cardFor(employee.userId),
    viewer: await cardFor(viewer.userId),
  };
  const cart = await api(server.app, 'POST', '/api/merchants/cards/cart/', {
    token: owner.token,
    body: virtualCart,
  });
  expectStatus(cart, 201);
  // A plan bought (an invoice), and another change priced but not paid.
  const { order: planOrder } = await buyPlan(server, owner.token, {
    plan_id: 'premium',
    period: 'yearly',
    pos_terminal: false,
  });
  const planCart = await api(server.app, 'POST', '/api/merchants/plans/cart/', {
    token: owner.token,
    body: { plan_id: 'business', period: 'monthly', pos_terminal: false },
  });
  expectStatus(planCart, 201);
  const beneficiary = await api(server.app, 'POST', '/api/merchants/beneficiaries/', {
    token: owner.token,
    headers: { 'idempotency-key': newKey() },
    body: { kind: 'wallet', wallet_tag: otherTag },
  });
  expectStatus(beneficiary, 201);
  const qr = await api(server.app, 'POST', '/api/merchants/qr_codes/', {
    token: owner.token,
    headers: { 'idempotency-key': newKey() },
    body: { currency: 'EUR', amount_minor: '500' },
  });
  expectStatus(qr, 201);
  // Resolving is for paying someone else's code (one's own is a 422).
  const theirQr = await api(server.app, 'POST', '/api/merchants/qr_codes/', {
    token: other.token,
    headers: { 'idempotency-key': newKey() },
    body: { currency: 'EUR', amount_minor: '700' },
  });
  expectStatus(theirQr, 201);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const schedule = await api(server.app, 'POST', '/api/merchants/scheduled_payments/', {
    token: owner.token,
    headers: { 'idempotency-key': newKey() },
    body: {
      account_type: 'eur',
      recipient: { wallet_tag: otherTag },
      amount_minor: '1000',
      // One-off: a repeating schedule needs a one-time code, which is not what this fixture is about.
      frequency: 'once',
      start_date: tomorrow,
    },
  });
  expectStatus(schedule, 201);
  const request = await api(server.app, 'POST', '/api/merchants/request_money/', {
    token: other.token,
    body: { wallet_tag: ownTag, amount_minor: '100', currency: 'EUR' },
    headers: { 'idempotency-key': newKey('request') },
  });
  expectStatus(request, 201);
  const campaign = await api(server.app, 'POST', '/api/merchants/advertising/plans/{id}/purchase/', {
    params: { id: 'local_boost' },
    token: owner.token,
    body: { headline: 'Matrix campaign', link: 'https://matrix.example.com/' },
    headers: { 'idempotency-key': newKey('campaign') },
  });
  expectStatus(campaign, 201);
  const transactions = await api(server.app, 'GET', '/api/merchants/transactions/', { token: owner.token });
  expectStatus(transactions, 200);
  const inviteeEmail = newInviteeEmail('matrix');
  const invitation = await invite(server, owner.token, { email: inviteeEmail });
  expectStatus(invitation, 201);
  expect((await readOutbox(server.app, inviteeEmail)).length).toBe(1);

  const callerOf = (employeeType: 'admin' | 'employee' | 'viewer'): Caller => ({
    is_owner: false,
    employee_type: employeeType,
    access_level: 'company',
  });
  fixture = {
    tokens: {
      owner: ownerSignedIn.accessToken,
      admin: admin.token,
      employee: employee.token,
      viewer: viewer.token,
    },
    cookies: {
      owner: ownerSignedIn.refreshCookie,
      admin: admin.signedIn.refreshCookie,
      employee: employee.signedIn.refreshCookie,
      viewer: viewer.signedIn.refreshCookie,
    },
    callers: {
      owner: { is_owner: true, employee_type: null, access_level: null },
      admin: callerOf('admin'),
      employee: callerOf('employee'),
      viewer: callerOf('viewer'),
    },
    cards,
    cartId: cart.body.id,
    planCartId: planCart.body.id,
    invoiceId: String(planOrder.invoice_id),
    beneficiaryId: beneficiary.body.id,
    qrId: qr.body.id,
    qrCode: theirQr.body.code,
    scheduleId: schedule.body.id,
    requestId: request.body.id,
    transactionId: transactions.body.items[0]!.id,
    invitationId: invitation.body.id,
    invitationKey: await invitationKey(server, inviteeEmail),
    statusTarget: target.userId,
    merchantId: owner.merchantId,
    campaignId: campaign.body.id,
  };
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** The record an operation's `{id}` names, for this role. */
function idFor(operationId: OperationId, role: Role): string {
  const f = fixture;
  switch (operationId) {
    case 'beneficiary':
    case 'updateBeneficiary':
    case 'deleteBeneficiary':
      return f.beneficiaryId;
    case 'card':
    case 'updateCard':
    case 'deleteCard':
    case 'setCardPin':
    case 'setCardEpin':
    case 'cardLimits':
    case 'setCardLimits':
    case 'revealCard':
    case 'cardAction':
      return f.cards[role];
    case 'cartPay':
      return f.cartId;
    case 'planCartPay':
      return f.planCartId;
    case 'invoicePdf':
      return f.invoiceId;
    case 'deleteQrCode':
      return f.qrId;
    case 'acceptMoneyRequest':
    case 'declineMoneyRequest':
      return f.requestId;
    case 'scheduledPayment':
    case 'cancelScheduledPayment':
      return f.scheduleId;
    case 'transaction':
      return f.transactionId;
    case 'updateEmployeeStatus':
      return f.statusTarget;
    case 'cancelInvitation':
      return f.invitationId;
    case 'advertisingCampaign':
      return f.campaignId;
    case 'purchaseAdvertisingPlan':
      return 'local_boost';
    default:
      // No record is needed (a registration, a document, a KYC check of nobody): any id will do.
      return randomUUID();
  }
}

/** The query an operation needs to answer 200 (the analytics and statement reads). */
const queries: Partial<Record<OperationId, Record<string, string>>> = {
  analyticsAmounts: { range: 'week', currency: 'EUR' },
  analyticsExpensesPerCategory: { range: 'month', currency: 'EUR' },
  analyticsMonthlyAmounts: { currency: 'EUR' },
  analyticsTopCounterparties: { range: 'year', currency: 'EUR' },
  monthlyStatement: { month: new Date().toISOString().slice(0, 7), format: 'csv' },
  sponsoredPlacement: { placement: 'dashboard' },
};

/** A value for each `{name}` of the operation's path template. */
function paramsFor(operation: Operation, role: Role): Record<string, string> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  return Object.fromEntries(names.map((name) => [name, paramFor(operation, role, name)]));
}

function paramFor(operation: Operation, role: Role, name: string): string {
  switch (name) {
    case 'id':
      return idFor(operation.operationId, role);
    case 'key':
      return fixture.invitationKey;
    case 'code':
      return fixture.qrCode;
    case 'account_type':
      return 'eur';
    case 'action':
      return 'activate';
    case 'merchant_id':
      return fixture.merchantId;
    // The newsletter's signed link: who may call it is the question here, not whether it is signed (404 then).
    case 'campaign':
    case 'user':
      return randomUUID();
    case 'signature':
      return 'unsigned';
    default:
      throw new Error(`no value for {${name}} in ${operation.path}`);
  }
}

/**
 * The whole request: the path's ids, a minimal body (an empty one, which most operations refuse: the sweep is about
 * who may call, so it goes through the unchecked door) and what an operation needs beyond it to reach its domain rules.
 */
function requestFor(operation: Operation, role: Role, stepUp: Record<Role, string>): BadInput {
  const options: BadInput = {
    params: paramsFor(operation, role),
    ...(queries[operation.operationId] ? { query: queries[operation.operationId] } : {}),
    token: fixture.tokens[role],
  };
  if (operation.method !== 'GET') options.body = {};
  if (operation.operationId === 'refreshToken') options.cookie = fixture.cookies[role];
  if (operation.operationId === 'revealCard') {
    options.body = { what: 'details' };
    options.headers = stepUpHeaders(stepUp[role]);
  }
  if (operation.operationId === 'updateEmployeeStatus') options.body = { status: 'enabled' };
  return options;
}

function operations(): Operation[] {
  const list = documentedOperations()
    .filter((o): o is { id: OperationId; method: Verb; path: PathFor<Verb> } => isOperationId(o.id))
    // The back office is the staff realm's (its roles and the realm crossing: tests/api/realms.test.ts).
    .filter((o) => !o.path.startsWith('/api/back-office/'))
    .map((o) => ({ operationId: o.id, method: o.method, path: o.path }));
  const rank = (o: Operation) => lastOperations.indexOf(o.operationId);
  return list.sort((a, b) => rank(a) - rank(b));
}

describe('the permission table and the server agree', () => {
  it('has an entry for every operation of openapi.json, and names only operations the server has', () => {
    const documented = documentedOperations().map((o) => o.id);
    expect(documented.filter((id) => !isOperationId(id))).toEqual([]);
    const served = server.app.operationIds();
    expect(Object.keys(operationRules).filter((id) => !served.includes(id))).toEqual([]);
    // The contract itself is the one operation the document does not list.
    expect(served.filter((id) => !documented.includes(id))).toEqual(['openapi']);
  });

  it('the table follows SPEC §6 where it is explicit', () => {
    const { callers } = fixture;
    // Viewers: no money moves, no card orders, no profile; they see dashboard-type reads.
    for (const id of ['sendMoney', 'requestMoney', 'createBeneficiary', 'cartPay', 'saveCompany'] as const) {
      expect(mayCall(callers.viewer, id), id).toBe(false);
    }
    for (const id of ['coreBankingAccounts', 'beneficiaries', 'qrCodes', 'employees', 'cards'] as const) {
      expect(mayCall(callers.viewer, id), id).toBe(true);
    }
    // A viewer changes nothing, even where the area is open to them (deleting a QR code, disabling someone).
    for (const id of [
      'createQrCode',
      'deleteQrCode',
      'updateEmployeeStatus',
      'inviteEmployee',
      'updateCard',
    ] as const) {
      expect(mayCall(callers.viewer, id), id).toBe(false);
    }
    // Admin and Cardholder: overview, transactions and their cards only.
    for (const caller of [callers.admin, callers.employee]) {
      for (const id of [
        'coreBankingAccounts',
        'employees',
        'beneficiaries',
        'cashback',
        'cardOptions',
      ] as const) {
        expect(mayCall(caller, id), id).toBe(false);
      }
      for (const id of ['homeOverview', 'transactions', 'cards', 'updateCard', 'revealCard'] as const) {
        expect(mayCall(caller, id), id).toBe(true);
      }
    }
    expect(mayCall({ ...callers.employee, access_level: 'own' }, 'exportTransactions')).toBe(false);
    expect(mayCall({ ...callers.viewer, access_level: 'own' }, 'coreBankingAccounts')).toBe(false);
  });
});

describe('every operation as every role', () => {
  it('refuses what the table refuses with 403, changing nothing in any table', async () => {
    const before = await databaseDigest(server.db);
    let refused = 0;
    for (const operation of operations()) {
      for (const role of roles) {
        if (mayCall(fixture.callers[role], operation.operationId)) continue;
        const response = await apiWithBadInput(
          server.app,
          operation.method,
          operation.path,
          requestFor(operation, role, { owner: '', admin: '', employee: '', viewer: '' }),
        );
        expect(response.status, `${role} ${operation.operationId}: ${JSON.stringify(response.body)}`).toBe(
          403,
        );
        expect(errorOf(response).code, `${role} ${operation.operationId}`).toBe('forbidden');
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('lets through what the table allows: never 401 or 403, and 200 for the main reads', async () => {
    const stepUp = {} as Record<Role, string>;
    for (const role of roles) stepUp[role] = await stepUpToken(server, fixture.tokens[role], 'card_reveal');
    let allowed = 0;
    const wrong: string[] = [];
    for (const operation of operations()) {
      for (const role of roles) {
        if (!mayCall(fixture.callers[role], operation.operationId)) continue;
        const response = await apiWithBadInput(
          server.app,
          operation.method,
          operation.path,
          requestFor(operation, role, stepUp),
        );
        const status = response.status;
        const bad =
          status === 401 ||
          status === 403 ||
          status >= 500 ||
          (mustSucceed.has(operation.operationId) && status !== 200);
        if (bad) {
          wrong.push(
            `${role} ${operation.operationId}: ${status} ${JSON.stringify(response.body).slice(0, 200)}`,
          );
        }
        allowed += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(allowed).toBeGreaterThan(250);
  });
});
