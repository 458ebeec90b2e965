import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../machines/apiFailure';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { HomeOverviewResponse } from '../../schemas/home.schema';
import { DashboardScreen } from '../../src/screens/dashboard/DashboardScreen';
import { renderScreen, untilSignedIn } from './harness';
import { demoSession } from './paths';

// The dashboard (SPEC §2) with a fake overview: each part, its empty state, the self-ticking checklist, per role.

const overview = {
  merchant: { id: '00000000-0000-4000-8000-00000000000a', name: 'Demo Coffee' },
  access: 'full',
  my_cards: [],
  total_balance: [{ amount_minor: '213580', currency: 'EUR' }],
  accounts: [
    {
      id: '00000000-0000-4000-8000-0000000000e1',
      name: 'Main account',
      iban: 'GR8202600010000000000000001',
      balance: { amount_minor: '213580', currency: 'EUR' },
    },
  ],
  latest_transactions: [
    {
      id: '00000000-0000-4000-8000-000000000101',
      created_at: '2026-01-14T10:00:00.000Z',
      counterparty: 'Alpha Foods SA',
      type: 'incoming_bank_transfer',
      status: 'completed',
      amount: { amount_minor: '12550', currency: 'EUR' },
      direction: 'in',
    },
    {
      id: '00000000-0000-4000-8000-000000000102',
      created_at: '2026-01-14T11:00:00.000Z',
      counterparty: 'Tameio',
      type: 'cashback',
      status: 'completed',
      amount: { amount_minor: '245', currency: 'EUR' },
      direction: 'in',
    },
  ],
  cashback: [{ amount_minor: '245', currency: 'EUR' }],
  scheduled_payments: [
    {
      id: '00000000-0000-4000-8000-000000000201',
      recipient: { wallet_tag: '@demo-bakery', name: 'Demo Bakery' },
      amount: { amount_minor: '5000', currency: 'EUR' },
      frequency: 'monthly',
      next_run_date: '2026-02-01',
    },
    {
      id: '00000000-0000-4000-8000-000000000202',
      recipient: { wallet_tag: '@olive-press', name: 'Olive Press' },
      amount: { amount_minor: '1200', currency: 'EUR' },
      frequency: 'once',
      next_run_date: '2026-02-03',
    },
  ],
  welcome_checklist: [
    { item: 'top_up', done: false },
    { item: 'pick_plan', done: false },
    { item: 'create_card', done: false },
  ],
  // 30 days ending 2026-01-15 (the model tests' clock): 1,000.00 EUR rising to 2,135.80 EUR, flat in between.
  balance_history: [
    {
      currency: 'EUR',
      points: Array.from({ length: 30 }, (_, index) => ({
        date: new Date(Date.UTC(2025, 11, 17 + index)).toISOString().slice(0, 10),
        balance_minor: index < 20 ? '100000' : index < 29 ? '180000' : '213580',
      })),
    },
  ],
  needs_attention: { requests_to_answer: 2, scheduled_this_week: 1, cards_frozen: 0 },
} satisfies HomeOverviewResponse;

const allDone: HomeOverviewResponse['welcome_checklist'] = [
  { item: 'top_up', done: true },
  { item: 'pick_plan', done: true },
  { item: 'create_card', done: true },
];

function renderDashboard(
  load: () => Promise<HomeOverviewResponse>,
  role: 'owner' | 'viewer' | 'employee' = 'owner',
) {
  const user: SessionResponse['user'] =
    role === 'owner'
      ? demoSession.user
      : { ...demoSession.user, is_owner: false, employee_type: role === 'viewer' ? 'viewer' : 'employee' };
  const app = renderScreen({
    path: '/dashboard',
    session: { ...demoSession, user },
    shell: false,
    routes: <Route path="/dashboard" element={<DashboardScreen loadOverview={load} />} />,
  });
  /** Resolves once the session holds the user, so role-dependent links have had their chance to appear. */
  return { ...app.view, userLoaded: () => untilSignedIn(app) };
}

const region = (name: string) => screen.findByRole('region', { name });

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.help}`,
  );

describe('/dashboard', () => {
  it('shows total balance, cashback, latest transfers and scheduled payments, and is accessible', async () => {
    const view = renderDashboard(async () => overview);
    await screen.findByRole('heading', { level: 1, name: 'Demo Coffee' });
    expect((await region('Total balance')).textContent).toContain('€2,135.80');
    const cashback = await region('Cashback earned');
    expect(cashback.textContent).toContain('€2.45');
    expect(within(cashback).getByRole('link', { name: 'Cashback details' }).getAttribute('href')).toBe(
      '/cashback',
    );

    const latest = await region('Latest transactions');
    const transfers = within(latest).getAllByRole('listitem');
    expect(transfers).toHaveLength(2);
    expect(transfers[1]?.textContent).toContain('Cashback');

    const scheduled = await region('Scheduled payments');
    const items = within(within(scheduled).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Demo Bakery \(@demo-bakery\).*€50\.00.*Every month · next on Feb 1, 2026/),
      expect.stringMatching(/Olive Press \(@olive-press\).*€12\.00.*Once · next on Feb 3, 2026/),
    ]);
    expect(within(scheduled).getByRole('link', { name: 'All scheduled payments' }).getAttribute('href')).toBe(
      '/my-wallet/scheduled-payments',
    );
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('lists the welcome checklist unticked, with links to top up, to pick a plan and to order a card', async () => {
    renderDashboard(async () => overview);
    const checklist = await region('Get started');
    expect(checklist.textContent).toContain('0 of 3 done');
    const steps = within(within(checklist).getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Top up your account(not yet)',
      'Pick a plan(not yet)',
      'Create a card(not yet)',
    ]);
    await waitFor(() =>
      expect(within(checklist).getByRole('link', { name: 'Top up your account' }).getAttribute('href')).toBe(
        '/my-wallet/my-accounts',
      ),
    );
    expect(within(checklist).getByRole('link', { name: 'Create a card' }).getAttribute('href')).toBe(
      '/cards/add-card',
    );
    expect(within(checklist).getByRole('link', { name: 'Pick a plan' }).getAttribute('href')).toBe('/plans');
    expect(within(checklist).getAllByRole('link')).toHaveLength(3);
  });

  it('ticks a done item with a check, "done" for screen readers and no link', async () => {
    const view = renderDashboard(async () => ({
      ...overview,
      welcome_checklist: [
        { item: 'top_up', done: true },
        { item: 'pick_plan', done: false },
        { item: 'create_card', done: false },
      ],
    }));
    const checklist = await region('Get started');
    expect(checklist.textContent).toContain('1 of 3 done');
    const topUp = view.container.querySelector('[data-item="top_up"]');
    expect(topUp?.getAttribute('data-done')).toBe('true');
    expect(topUp?.textContent).toBe('Top up your account(done)');
    await view.userLoaded();
    expect(
      within(checklist)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Pick a plan', 'Create a card']);
  });

  it('hides the checklist when everything on it is done', async () => {
    renderDashboard(async () => ({ ...overview, welcome_checklist: allDone }));
    await region('Total balance');
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });

  it('shows the empty states: zero balance and cashback, no transactions, no scheduled payments', async () => {
    const view = renderDashboard(async () => ({
      ...overview,
      total_balance: [],
      accounts: [],
      latest_transactions: [],
      cashback: [],
      scheduled_payments: [],
    }));
    expect((await region('Total balance')).textContent).toContain('€0.00');
    expect((await region('Cashback earned')).textContent).toContain('€0.00');
    const latest = await region('Latest transactions');
    expect(latest.textContent).toContain('No transactions yet.');
    await view.userLoaded();
    // Each empty state says what to do next.
    expect(
      within(latest)
        .getByRole('link', { name: /^Top up your account: see its IBAN/ })
        .getAttribute('href'),
    ).toBe('/my-wallet/my-accounts');
    const scheduled = await region('Scheduled payments');
    expect(scheduled.textContent).toContain('No scheduled payments. Choose “Schedule” when you send money');
    expect(within(scheduled).getByRole('link', { name: 'All scheduled payments' })).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('offers the quick actions the user may take, and says what needs attention with where to settle it', async () => {
    const view = renderDashboard(async () => overview);
    await view.userLoaded();
    const actions = await screen.findByRole('navigation', { name: 'Quick actions' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Send money', '/my-wallet/eur/send-money'],
      ['Request money', '/my-wallet/request-money'],
      ['Top up', '/my-wallet/my-accounts'],
      ['Order a card', '/cards/add-card'],
    ]);
    const attention = await region('Needs your attention');
    expect(
      within(attention)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['2 money requests to answer', '/my-wallet/pending-requests'],
      ['1 scheduled payment runs in the next 7 days', '/my-wallet/scheduled-payments'],
    ]);
    // The chart is a picture; its figures are in words for a screen reader.
    expect((await region('Total balance')).textContent).toContain(
      'EUR balance over the last 30 days: €1,000.00 on Dec 17, €2,135.80 today; lowest €1,000.00, highest €2,135.80.',
    );
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('offers a viewer no quick action (SPEC §6: viewers send, request, top up and order nothing)', async () => {
    const view = renderDashboard(async () => overview, 'viewer');
    await region('Total balance');
    await view.userLoaded();
    expect(screen.queryByRole('navigation', { name: 'Quick actions' })).toBeNull();
  });

  it('holds the page’s shape while the figures load, as one named progress indicator', async () => {
    let finish: (value: HomeOverviewResponse) => void = () => {};
    renderDashboard(() => new Promise((resolve) => (finish = resolve)));
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    finish(overview);
    await screen.findByRole('heading', { level: 1, name: 'Demo Coffee' });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('offers a viewer no top-up, plan or card link (SPEC §6: no top-up details, plans or card orders for viewers)', async () => {
    const view = renderDashboard(async () => overview, 'viewer');
    const checklist = await region('Get started');
    await view.userLoaded();
    expect(within(checklist).queryByRole('link')).toBeNull();
    expect(checklist.textContent).toContain('Top up your account');
  });

  it('leaves out the parts the server did not send (null)', async () => {
    renderDashboard(
      async () => ({
        ...overview,
        cashback: null,
        scheduled_payments: null,
        welcome_checklist: null,
        balance_history: null,
        needs_attention: null,
      }),
      'employee',
    );
    await region('Total balance');
    expect(screen.queryByRole('region', { name: 'Cashback earned' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Scheduled payments' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Latest transactions' })).toBeTruthy();
  });

  it('tells a viewer who sees only their own cards what the page covers, with no company total of €0.00', async () => {
    const view = renderDashboard(
      async () => ({
        ...overview,
        access: 'own',
        total_balance: [],
        accounts: [],
        latest_transactions: [],
        cashback: null,
        scheduled_payments: null,
        welcome_checklist: null,
        balance_history: null,
        needs_attention: null,
      }),
      'viewer',
    );
    await screen.findByRole('heading', { level: 1, name: 'Demo Coffee' });
    expect(
      screen.getByText(
        'Your cards and their transactions: you see the cards given to you and the payments made with them, not ' +
          'the company’s balances or its other transactions.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Total balance' })).toBeNull();
    expect(screen.queryByText('€0.00')).toBeNull();
    const latest = screen.getByRole('region', { name: 'Latest payments with your cards' });
    expect(within(latest).getByText('No payments with your cards yet.')).toBeTruthy();
    expect(within(latest).getByRole('link', { name: 'See your cards' }).getAttribute('href')).toBe('/cards');
    expect(screen.queryByText('No transactions yet.')).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says what went wrong and loads again on "Try again"', async () => {
    const failure: ApiFailure = { kind: 'network' };
    let calls = 0;
    renderDashboard(async () => {
      calls += 1;
      if (calls === 1) throw failure;
      return overview;
    });
    const retry = await screen.findByRole('button', { name: /try again/i });
    retry.click();
    await screen.findByRole('heading', { level: 1, name: 'Demo Coffee' });
    expect(calls).toBe(2);
  });
});
