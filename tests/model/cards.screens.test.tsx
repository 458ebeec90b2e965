import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { CardsResponse, CashbackResponse } from '../../schemas/cards.schema';
import { createApiClient } from '../../src/api/client';
import { CardsList } from '../../src/screens/cards/CardsScreen';
import { CashbackScreen } from '../../src/screens/cards/CashbackScreen';
import { shopCard } from './cardControls.paths';
import { renderScreen } from './harness';
import { demoSession } from './paths';

// The card list (/cards: face, name, status) and the cashback page (/cashback: plan and rate, totals per currency,
// next payout, the accruals), against a fake server, with their empty states and an accessibility check.

const cards = {
  items: [
    { ...shopCard, status: 'active', alias: 'Till 1' },
    {
      ...shopCard,
      id: '00000000-0000-4000-8000-0000000000c2',
      form: 'virtual',
      colour: 'coral',
      name: 'Ads online',
      alias: null,
      status: 'frozen',
      last4: '9911',
      holder: { user_id: '00000000-0000-4000-8000-000000000002', name: 'Nikos Pappas' },
      shipping_address: null,
    },
  ],
} satisfies CardsResponse;

const cashback = {
  plan: { id: 'business', name: 'Business', cashback_rate_bp: 150 },
  totals: [
    {
      currency: 'EUR',
      earned: { amount_minor: '345', currency: 'EUR' },
      paid_out: { amount_minor: '100', currency: 'EUR' },
      pending: { amount_minor: '245', currency: 'EUR' },
    },
  ],
  next_payout_at: '2026-01-31T22:00:00.000Z',
  items: [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      transaction_id: '00000000-0000-4000-8000-0000000000e1',
      card_last4: '4242',
      merchant_name: 'Olive Press',
      purchase: { amount_minor: '16334', currency: 'EUR' },
      rate_bp: 150,
      amount: { amount_minor: '245', currency: 'EUR' },
      accrued_at: '2026-01-12T10:00:00.000Z',
      paid_at: null,
    },
    {
      id: '00000000-0000-4000-8000-0000000000f2',
      transaction_id: '00000000-0000-4000-8000-0000000000e2',
      card_last4: '4242',
      merchant_name: 'Paper Shop',
      purchase: { amount_minor: '6667', currency: 'EUR' },
      rate_bp: 150,
      amount: { amount_minor: '100', currency: 'EUR' },
      accrued_at: '2025-12-20T10:00:00.000Z',
      paid_at: '2026-01-01T06:00:00.000Z',
    },
  ],
} satisfies CashbackResponse;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeServer(answers: { cards?: CardsResponse; cashback?: CashbackResponse }) {
  const fetch = async (request: Request) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/merchants/cards/' && answers.cards) return json(200, answers.cards);
    if (url.pathname === '/api/merchants/cashback/' && answers.cashback) return json(200, answers.cashback);
    return json(404, { error: { code: 'not_found', message: 'Nothing here.' } });
  };
  return createApiClient({
    hooks: () => ({ getAccessToken: () => 'token' }),
    fetch,
    baseUrl: 'http://localhost',
  });
}

function renderAt(
  path: string,
  client: ReturnType<typeof fakeServer>,
  session: SessionResponse = demoSession,
) {
  return renderScreen({
    path,
    session,
    routes: (
      <>
        <Route path="/cards" element={<CardsList client={client} />} />
        <Route path="/cashback" element={<CashbackScreen client={client} />} />
      </>
    ),
  }).view;
}

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.help}`,
  );

describe('/cards', () => {
  it('lists each card with its face described in words, its name, status and holder, and links to it', async () => {
    const view = renderAt('/cards', fakeServer({ cards }));
    const link = await screen.findByRole('link', { name: 'Manage Shop card' });
    expect(link.getAttribute('href')).toBe(`/cards/${shopCard.id}`);
    expect(link.textContent).toBe('Shop card (Till 1)');
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(
        'Physical card “Shop card”, Emerald, number ending in 4242, ActiveShop card (Till 1)Active · Dora Demou',
      ),
      expect.stringContaining(
        'Virtual card “Ads online”, Coral, number ending in 9911, FrozenAds onlineFrozen · Nikos Pappas',
      ),
    ]);
    // The pictures are decorative; the words above are what assistive technology reads.
    for (const face of view.container.querySelectorAll('[data-colour]'))
      expect(face.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('link', { name: 'Order a card' }).getAttribute('href')).toBe('/cards/add-card');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Cards' }).getAttribute('href')).toBe('/cards');
    expect(within(nav).getByRole('link', { name: 'Cashback' }).getAttribute('href')).toBe('/cashback');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says when there are no cards, and offers no order link to a viewer', async () => {
    const viewer = {
      ...demoSession,
      user: { ...demoSession.user, is_owner: false, employee_type: 'viewer' },
    } satisfies SessionResponse;
    renderAt('/cards', fakeServer({ cards: { items: [] } }), viewer);
    await screen.findByText('You have no cards yet.');
    expect(screen.queryByRole('link', { name: 'Order a card' })).toBeNull();
  });
});

describe('/cashback', () => {
  it('shows the plan’s rate, the totals per currency, the next payout and each accrual', async () => {
    const view = renderAt('/cashback', fakeServer({ cashback }));
    await screen.findByText('Your plan, Business, pays 1.5% back on card purchases.');
    const totals = screen.getByRole('region', { name: 'Your cashback' });
    const row = within(totals).getByRole('row', { name: /EUR/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['€3.45', '€1.00', '€2.45']);
    // The 1st of next month in Athens, whatever the reader's time zone.
    expect(within(totals).getByText('Next payout into your account: February 1, 2026.')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Cashback from card purchases' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(
      rows.map((one) =>
        within(one)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Jan 12, 2026', 'Olive Press', '•••• 4242', '€163.34', '1.5%', '€2.45', 'Waiting'],
      ['Dec 20, 2025', 'Paper Shop', '•••• 4242', '€66.67', '1.5%', '€1.00', 'Paid on Jan 1, 2026'],
    ]);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says when nothing was earned yet', async () => {
    renderAt('/cashback', fakeServer({ cashback: { ...cashback, totals: [], items: [] } }));
    await screen.findByText('No cashback yet. Purchases with your cards in shops and online earn it.');
    expect(screen.getByText('Nothing earned yet.')).toBeTruthy();
  });
});
