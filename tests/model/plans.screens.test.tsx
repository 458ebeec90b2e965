import { startNav } from '../../machines/journeyNav';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { AddressesResponse } from '../../schemas/cards.schema';
import type { InvoicesResponse, PlansResponse } from '../../schemas/plans.schema';
import { createApiClient } from '../../src/api/client';
import { billingServices, createPlanCheckoutLogic } from '../../src/app/planActors';
import { AppRoutes, planCheckoutRoutes } from '../../src/app/routes';
import { PlansScreen } from '../../src/screens/plans/PlansScreen';
import { BillingScreen } from '../../src/screens/profile/BillingScreen';
import { registeredAddress } from './cardOrder.paths';
import { renderScreen } from './harness';
import { demoSession } from './paths';
import { cancellationQuestions } from './cancelPlan.paths';
import { businessYearly, plansResponse, quoteOf } from './planCheckout.paths';

// The plans page (/plans: prices, the yearly saving, perks, cashback and card prices, the add-on, the current plan and
// what is pending) and the billing page (/profile/billing: the invoices and their PDFs), with the app's real actors
// against a fake server, their empty and pending states and an accessibility check.

// The app's own client (the screens mounted by the route table use it) with an absolute base, which fetch in Node needs.
vi.mock('../../src/api/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/api/client')>();
  return {
    ...actual,
    api: actual.createApiClient({
      hooks: () => ({ getAccessToken: () => 'token' }),
      baseUrl: 'http://localhost',
    }),
  };
});

const eur = (amount_minor: string) => ({ amount_minor, currency: 'EUR' });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const invoices = {
  items: [
    {
      id: '00000000-0000-4000-8000-000000000202',
      number: 'TAM-2026-000002',
      issued_at: '2026-01-15T09:00:00.000Z',
      status: 'paid',
      description: 'Premium plan, yearly; POS terminal',
      lines: [
        { kind: 'plan', plan_id: 'premium', period: 'yearly', amount: eur('49000') },
        { kind: 'proration_credit', plan_id: 'business', period: 'yearly', amount: eur('-18252') },
        { kind: 'pos_terminal', plan_id: null, period: null, amount: eur('14900') },
      ],
      net: eur('36813'),
      vat: eur('8835'),
      total: eur('45648'),
      period_start: '2026-01-15T09:00:00.000Z',
      period_end: '2027-01-15T09:00:00.000Z',
      transaction_id: '00000000-0000-4000-8000-000000000203',
    },
    {
      id: '00000000-0000-4000-8000-000000000204',
      number: 'TAM-2025-000041',
      issued_at: '2025-12-31T22:00:00.000Z',
      status: 'failed',
      description: 'Business plan, yearly (renewal)',
      lines: [{ kind: 'plan', plan_id: 'business', period: 'yearly', amount: eur('19000') }],
      net: eur('15323'),
      vat: eur('3677'),
      total: eur('19000'),
      period_start: '2025-12-31T22:00:00.000Z',
      period_end: '2026-12-31T22:00:00.000Z',
      transaction_id: null,
    },
  ],
} satisfies InvoicesResponse;

type Answers = { plans?: PlansResponse; invoices?: InvoicesResponse; addresses?: AddressesResponse };

/** The requests the app made, in order, with their method, path, query, headers and body. */
let requests: Array<{ method: string; path: string; search: string; headers: Headers; body: unknown }> = [];

function fakeFetch(answers: Answers) {
  return async (request: Request) => {
    const url = new URL(request.url, 'http://localhost');
    const text = request.method === 'GET' ? '' : await request.text();
    requests.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    });
    if (url.pathname === '/api/merchants/plans/' && answers.plans) return json(200, answers.plans);
    if (url.pathname === '/api/merchants/addresses/') return json(200, answers.addresses ?? { items: [] });
    if (url.pathname === '/api/merchants/profile/billing_history/' && answers.invoices)
      return json(200, answers.invoices);
    if (url.pathname === '/api/merchants/profile/cancellation_questions/')
      return json(200, { items: cancellationQuestions });
    if (url.pathname === '/api/merchants/plans/cancel/' && request.method === 'POST')
      return json(200, { ...businessYearly, cancel_at_period_end: true });
    if (url.pathname === '/api/merchants/step-up/methods/')
      return json(200, { available_methods: [{ method: 'email', destination: 'd***@tameio.test' }] });
    if (url.pathname === '/api/merchants/plans/cart/' && request.method === 'POST') {
      const body = JSON.parse(text) as {
        plan_id: string;
        period: 'monthly' | 'yearly';
        pos_terminal: boolean;
      };
      const quote = quoteOf({
        planId: body.plan_id,
        period: body.period,
        posTerminal: body.pos_terminal,
        shipping: body.pos_terminal ? { kind: 'saved', addressId: registeredAddress.id } : null,
        data: null,
        quote: null,
        idempotencyKey: null,
        result: null,
        error: null,
        fieldErrors: {},
        nav: startNav(),
      });
      return json(201, quote);
    }
    if (/^\/api\/merchants\/plans\/cart\/[^/]+\/pay\/$/.test(url.pathname)) {
      return json(422, {
        error: {
          code: 'insufficient_funds',
          message: 'Payment failed, possibly from insufficient balance; try again later.',
        },
      });
    }
    if (/^\/api\/merchants\/profile\/billing_history\/[^/]+\/pdf\/$/.test(url.pathname)) {
      return new Response('%PDF-1.7', {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="TAM-2026-000002.pdf"',
        },
      });
    }
    return json(404, { error: { code: 'not_found', message: 'Nothing here.' } });
  };
}

function fakeServer(answers: Answers) {
  const fetch = fakeFetch(answers);
  return createApiClient({
    hooks: () => ({ getAccessToken: () => 'token' }),
    fetch,
    baseUrl: 'http://localhost',
  });
}

let clicked: Array<{ href: string; download: string }> = [];
beforeEach(() => {
  requests = [];
  clicked = [];
  window.sessionStorage.clear();
  URL.createObjectURL = vi.fn(() => 'blob:invoice');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderAt(path: string, answers: Answers, session: SessionResponse = demoSession) {
  const client = fakeServer(answers);
  const plans = <PlansScreen logic={createPlanCheckoutLogic(client)} />;
  return renderScreen({
    path,
    session,
    routes: (
      <>
        <Route element={plans}>
          {[...planCheckoutRoutes.map((route) => route.path), '/plans/address'].map((one) => (
            <Route key={one} path={one} />
          ))}
        </Route>
        <Route path="/profile/billing" element={<BillingScreen services={billingServices(client)} />} />
      </>
    ),
  }).view;
}

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.help}`,
  );

const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);

describe('/plans', () => {
  it('shows each plan with its prices, saving, cashback, card prices and perks, and the current plan', async () => {
    const view = renderAt('/plans', { plans: plansResponse });
    const premium = await screen.findByRole('region', { name: 'Premium' });
    expect(premium.textContent).toContain('€49.00 a month');
    expect(premium.textContent).toContain('€490.00 a year');
    expect(premium.textContent).toContain('Pay yearly and save €98.00');
    expect(premium.textContent).toContain('1% cashback on card purchases');
    expect(premium.textContent).toContain('Physical card: free. Virtual card: free.');
    expect(texts(within(premium).getAllByRole('listitem'))).toEqual([
      'Business wallet with its own IBAN',
      'Free virtual cards',
      'Free physical cards',
      'Cashback on card purchases',
      'Invite your employees',
      'Analytics of income and spending',
    ]);
    // Free lists the team and analytics too: no plan limits them (server/plans.ts featuresOfEveryPlan).
    expect(texts(within(screen.getByRole('region', { name: 'Free' })).getAllByRole('listitem'))).toEqual([
      'Business wallet with its own IBAN',
      'Virtual cards',
      'Physical cards',
      'Cashback on card purchases',
      'Invite your employees',
      'Analytics of income and spending',
    ]);
    const business = screen.getByRole('region', { name: 'Business' });
    expect(within(business).getByText('Current plan')).toBeTruthy();
    expect(business.textContent).toContain('0.5% cashback on card purchases');
    expect(business.textContent).toContain('Physical card: €4.90. Virtual card: free.');
    const free = screen.getByRole('region', { name: 'Free' });
    expect(within(free).queryByRole('button')).toBeNull();
    expect(within(free).getByRole('link', { name: 'Cancel your subscription to move to Free' })).toBeTruthy();
    const yours = screen.getByRole('region', { name: 'Your subscription' });
    expect(texts(within(yours).getAllByRole('definition'))).toEqual(['Business, yearly', 'January 1, 2027']);
    expect(within(yours).getByRole('link', { name: 'Cancel subscription' }).getAttribute('href')).toBe(
      '/account/cancellation',
    );
    expect(within(yours).getByRole('link', { name: 'Billing history' }).getAttribute('href')).toBe(
      '/profile/billing',
    );
    expect(within(yours).getByRole('link', { name: 'Delete account' }).getAttribute('href')).toBe(
      '/account/deletion',
    );
    const terminal = screen.getByRole('region', { name: 'POS terminal add-on' });
    expect(terminal.textContent).toContain(
      'A card terminal for your shop, bought once with a plan and sent to your address: €149.00. Available with Business or Premium.',
    );
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Plans' }).getAttribute('href')).toBe('/plans');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('shows a pending cancellation, a scheduled downgrade and a renewal that could not be charged, with dates', async () => {
    renderAt('/plans', {
      plans: { ...plansResponse, subscription: { ...businessYearly, cancel_at_period_end: true } },
    });
    await screen.findByText(
      'Your Business plan is cancelled: it stays until January 1, 2027, then you move to Free.',
    );
    expect(screen.getByRole('link', { name: 'Undo the cancellation' }).getAttribute('href')).toBe(
      '/account/cancellation',
    );
    expect(screen.queryByRole('link', { name: 'Cancel subscription' })).toBeNull();
    cleanup();
    renderAt('/plans', {
      plans: {
        ...plansResponse,
        subscription: {
          ...businessYearly,
          scheduled_change: {
            plan_id: 'business',
            period: 'monthly',
            effective_at: businessYearly.current_period_end,
          },
        },
      },
    });
    await screen.findByText('Your plan changes to Business (monthly) on January 1, 2027.');
    cleanup();
    renderAt('/plans', {
      plans: {
        ...plansResponse,
        subscription: {
          ...businessYearly,
          status: 'past_due',
          next_retry_at: '2027-01-04T07:00:00.000Z',
          downgrade_at: '2027-01-08T07:00:00.000Z',
        },
      },
    });
    await screen.findByText(
      'We could not charge your renewal. We try again on January 4, 2027; if it still cannot be paid, you move to Free on January 8, 2027.',
    );
  });

  it('preselects the plan named in the address and marks Free as current with nothing to cancel', async () => {
    renderAt('/plans/premium', {
      plans: {
        ...plansResponse,
        subscription: {
          ...businessYearly,
          plan_id: 'free',
          plan_name: 'Free',
          period: null,
          current_period_start: null,
          current_period_end: null,
        },
      },
    });
    const premium = await screen.findByRole('region', { name: 'Premium' });
    expect(within(premium).getByText('Selected')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Free' })).getByText('Current plan')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cancel subscription' })).toBeNull();
    expect(
      texts(within(screen.getByRole('region', { name: 'Your subscription' })).getAllByRole('definition')),
    ).toEqual(['Free']);
  });

  it('prices the choice and pays with the quote’s own key; a refusal says the SPEC §8 words with a way back', async () => {
    const user = userEvent.setup();
    const view = renderAt('/plans', {
      plans: plansResponse,
      addresses: { items: [{ ...registeredAddress, latitude: null, longitude: null, is_default: false }] },
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    await screen.findByRole('heading', { level: 1, name: 'The Premium plan' });
    expect(texts(screen.getAllByRole('radio').map((radio) => radio.closest('label') as HTMLElement))).toEqual(
      ['Monthly: €49.00 a month', 'Yearly: €490.00 a year, you save €98.00'],
    );
    await user.click(screen.getByRole('checkbox', { name: /^Add a POS terminal for €149.00/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Where should we send the POS terminal?' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await screen.findByText('€456.48');
    expect(await axeViolations(view.container)).toEqual([]);
    const cart = requests.find((request) => request.path === '/api/merchants/plans/cart/');
    expect(cart?.body).toEqual({
      plan_id: 'premium',
      period: 'yearly',
      pos_terminal: true,
      shipping: { address_id: registeredAddress.id },
    });
    await user.click(screen.getByRole('button', { name: 'Pay with wallet' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment failed' });
    expect(
      screen.getByText('Payment failed, possibly from insufficient balance; try again later.'),
    ).toBeTruthy();
    const pay = requests.find((request) => request.path.endsWith('/pay/'));
    expect(pay?.path).toBe('/api/merchants/plans/cart/00000000-0000-4000-8000-000000000201/pay/');
    expect(pay?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(pay?.headers.get('Authorization')).toBe('Bearer token');
    expect(pay?.headers.get('X-Merchant-Mode')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Back to checkout' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/api/merchants/plans/cart/')).toHaveLength(2),
    );
  });
});

describe('/profile/billing', () => {
  it('lists each invoice with number, date, description, total, VAT and status, and downloads its PDF', async () => {
    const user = userEvent.setup();
    const view = renderAt('/profile/billing', { plans: plansResponse, invoices });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(texts(within(table).getAllByRole('columnheader'))).toEqual([
      'Number',
      'Date',
      'Description',
      'Total',
      'VAT',
      'Status',
      'Invoice',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => texts(within(row).getAllByRole('cell')))).toEqual([
      [
        'Jan 15, 2026',
        'Premium plan (yearly) and POS terminalFor Jan 15, 2026 to Jan 15, 2027',
        '€456.48',
        '€88.35',
        'Paid',
        'Download PDF',
      ],
      [
        'Jan 1, 2026',
        'Business plan (yearly)For Jan 1, 2026 to Jan 1, 2027',
        '€190.00',
        '€36.77',
        'Failed',
        'Download PDF',
      ],
    ]);
    expect(texts(within(table).getAllByRole('rowheader'))).toEqual(['TAM-2026-000002', 'TAM-2025-000041']);
    await user.click(screen.getByRole('button', { name: 'Download PDF of invoice TAM-2026-000002' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:invoice', download: 'TAM-2026-000002.pdf' }]));
    const pdf = requests.find((request) => request.path.endsWith('/pdf/'));
    expect(pdf?.path).toBe(
      '/api/merchants/profile/billing_history/00000000-0000-4000-8000-000000000202/pdf/',
    );
    expect(pdf?.search).toBe('?lang=en');
    expect(pdf?.headers.get('Authorization')).toBe('Bearer token');
    expect(screen.getByRole('link', { name: 'Cancel subscription' }).getAttribute('href')).toBe(
      '/account/cancellation',
    );
    expect(screen.getByRole('link', { name: 'Delete account' }).getAttribute('href')).toBe(
      '/account/deletion',
    );
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says when there are no invoices yet', async () => {
    renderAt('/profile/billing', { plans: plansResponse, invoices: { items: [] } });
    await screen.findByText('No invoices yet. Each charge for a paid plan appears here with its invoice.');
  });
});

/** The whole app (its route table, shell and guards) at `path`; the session storage stays, so a second one is a reload. */
function renderWholeApp(path: string) {
  const answers = {
    plans: plansResponse,
    addresses: { items: [{ ...registeredAddress, latitude: null, longitude: null, is_default: false }] },
  };
  const fetch = fakeFetch(answers);
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    fetch(input instanceof Request ? input : new Request(String(input), init)),
  );
  return renderScreen({ path, keepSessionStorage: true, routeTable: <AppRoutes sandbox={false} /> });
}

describe('/plans/address, shared by the plan checkout and the card order', () => {
  it('keeps the plan checkout on screen when it moves to the address, and takes it up there after a reload', async () => {
    const user = userEvent.setup();
    const first = renderWholeApp('/plans');
    await user.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    await user.click(await screen.findByRole('checkbox', { name: /^Add a POS terminal for €149.00/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Where should we send the POS terminal?' });
    expect(first.location.path).toBe('/plans/address');
    first.view.unmount();
    first.stop();
    const again = renderWholeApp('/plans/address');
    await screen.findByRole('heading', { level: 1, name: 'Where should we send the POS terminal?' });
    expect(again.location.path).toBe('/plans/address');
  });

  it('opens the card order there when no plan checkout was left at that address', async () => {
    const opened = renderWholeApp('/plans/address');
    await waitFor(() => expect(opened.location.path).toBe('/plans/card-selection/physical'));
    expect(screen.queryByRole('heading', { name: 'Where should we send the POS terminal?' })).toBeNull();
  });
});

describe('/account/:action_type through the route table', () => {
  it('cancels with the answers given, and says until when the plan stays', async () => {
    const user = userEvent.setup();
    const { view } = renderWholeApp('/account/cancellation');
    await user.click(await screen.findByRole('radio', { name: 'It costs too much' }));
    expect(await axeViolations(view.container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel my subscription' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel your Business plan?' })).getByRole('button', {
        name: 'Yes, cancel my plan',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Your subscription is cancelled' });
    expect(
      screen.getByText('Your Business plan stays until January 1, 2027. Then it becomes Free.'),
    ).toBeTruthy();
    const cancel = requests.find((request) => request.path === '/api/merchants/plans/cancel/');
    expect(cancel?.body).toEqual({ answers: [{ question_id: 'reason', options: ['too_expensive'] }] });
  });

  it('opens the deletion page with no request yet (404) and explains it', async () => {
    const { view } = renderWholeApp('/account/deletion');
    await screen.findByText('Your account closes at the end of your billing period, on January 1, 2027.');
    expect(await axeViolations(view.container)).toEqual([]);
    expect(requests.map((request) => request.path)).toContain('/api/merchants/accounts/delete_request/');
    expect(screen.getByRole('button', { name: 'Request deletion' })).toBeTruthy();
  });

  it('says an unknown action is not a page', async () => {
    const opened = renderWholeApp('/account/something');
    await screen.findByRole('heading', { level: 1 });
    expect(opened.location.path).toBe('/account/something');
    expect(screen.queryByRole('button', { name: 'Request deletion' })).toBeNull();
  });
});
