import { act, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { HomeOverviewResponse } from '../../schemas/home.schema';
import { createApiClient, moneyMovingCall } from '../../src/api/client';
import { onMoneyChanged } from '../../src/api/moneyEvents';
import { DashboardScreen } from '../../src/screens/dashboard/DashboardScreen';
import { OverviewScreen } from '../../src/screens/overview/OverviewScreen';
import { focusRefreshGapMs } from '../../src/screens/useOverview';
import { renderScreen } from './harness';

// The dashboard and the overview update after an action without a reload: a successful money-moving call
// through the app's API client raises "money changed" and they read the overview again; so does coming back to the
// window. Figures on screen stay while the new ones load, and stay when a background read fails.

const eur = (amount_minor: string) => ({ amount_minor, currency: 'EUR' });

function overviewWith(balance: string, topUpDone: boolean): HomeOverviewResponse {
  return {
    merchant: { id: '00000000-0000-4000-8000-00000000000a', name: 'Demo Coffee' },
    access: 'full',
    my_cards: [],
    total_balance: [eur(balance)],
    accounts: [
      {
        id: '00000000-0000-4000-8000-0000000000e1',
        name: 'Main account',
        iban: 'GR8202600010000000000000001',
        balance: eur(balance),
      },
    ],
    latest_transactions: [],
    cashback: [eur('0')],
    scheduled_payments: [],
    welcome_checklist: [
      { item: 'top_up', done: topUpDone },
      { item: 'pick_plan', done: false },
      { item: 'create_card', done: false },
    ],
    balance_history: [{ currency: 'EUR', points: [{ date: '2026-01-15', balance_minor: balance }] }],
    needs_attention: { requests_to_answer: 0, scheduled_this_week: 0, cards_frozen: 0 },
  };
}

/** A fake server: the overview reads whatever `balance` says now; writes answer with `writeStatus`. */
function fakeServer() {
  const server = { balance: '10000', reads: 0, writeStatus: 200, failReads: false };
  const fetch = async (request: Request): Promise<Response> => {
    if (request.method === 'GET') {
      server.reads += 1;
      if (server.failReads)
        return Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 });
      return Response.json(overviewWith(server.balance, server.balance !== '0'));
    }
    return Response.json(
      server.writeStatus === 200 ? { id: 'tx' } : { error: { code: 'insufficient_funds', message: 'No.' } },
      { status: server.writeStatus },
    );
  };
  const client = createApiClient({
    hooks: () => ({ getAccessToken: () => 'token' }),
    fetch,
    baseUrl: 'http://localhost:3000',
    timeoutMs: 1_000,
  });
  const load = (signal: AbortSignal) =>
    client.GET('/api/merchants/home/overview/', { signal }).then(({ data }) => {
      if (!data) throw { kind: 'http', status: 500, code: 'internal_error', message: 'x' };
      return data;
    });
  const sendMoney = () =>
    client.POST('/api/merchants/send_money/', {
      params: { header: { 'idempotency-key': crypto.randomUUID() } },
      // The fake server does not read the body.
      body: {} as never,
    });
  return { server, client, load, sendMoney };
}

function renderAt(
  path: '/dashboard' | '/overview',
  load: (signal: AbortSignal) => Promise<HomeOverviewResponse>,
) {
  return renderScreen({
    path,
    shell: false,
    routes: (
      <>
        <Route path="/dashboard" element={<DashboardScreen loadOverview={load} />} />
        <Route path="/overview" element={<OverviewScreen loadOverview={load} />} />
      </>
    ),
  });
}

const balanceText = async () => (await screen.findByRole('region', { name: 'Total balance' })).textContent;

describe('money changed', () => {
  it('is raised by successful writes to money-moving endpoints only', () => {
    const base = 'http://localhost:3000';
    expect(moneyMovingCall('POST', `${base}/api/merchants/send_money/`, 201)).toBe(true);
    expect(moneyMovingCall('POST', `${base}/api/merchants/received_requests/abc/accept/`, 200)).toBe(true);
    expect(moneyMovingCall('POST', `${base}/api/merchants/cards/cart/abc/pay/`, 200)).toBe(true);
    expect(moneyMovingCall('POST', `${base}/api/merchants/plans/cart/abc/pay/`, 200)).toBe(true);
    expect(moneyMovingCall('POST', `${base}/api/merchants/scheduled_payments/`, 201)).toBe(true);
    expect(moneyMovingCall('POST', `${base}/api/merchants/scheduled_payments/x/cancel/`, 200)).toBe(true);
    // Failures, reads and other writes move nothing.
    expect(moneyMovingCall('POST', `${base}/api/merchants/send_money/`, 422)).toBe(false);
    expect(moneyMovingCall('GET', `${base}/api/merchants/scheduled_payments/`, 200)).toBe(false);
    expect(moneyMovingCall('POST', `${base}/api/merchants/step-up/`, 200)).toBe(false);
    expect(moneyMovingCall('POST', `${base}/api/merchants/request_money/`, 201)).toBe(false);
  });

  it('reaches a listener from the API client after a successful payment, not after a failed one', async () => {
    const { server, sendMoney } = fakeServer();
    const causes: string[] = [];
    const off = onMoneyChanged((change) => causes.push(change.cause));
    try {
      server.writeStatus = 422;
      await sendMoney();
      expect(causes).toEqual([]);
      server.writeStatus = 200;
      await sendMoney();
      expect(causes).toEqual(['POST /api/merchants/send_money/']);
    } finally {
      off();
    }
  });
});

describe.each(['/dashboard', '/overview'] as const)('%s stays current', (path) => {
  const figures = async () =>
    path === '/dashboard'
      ? await balanceText()
      : (await screen.findByRole('region', { name: 'Accounts' })).textContent;

  it('reads the overview again after a payment and shows the new balance without a reload', async () => {
    const { server, load, sendMoney } = fakeServer();
    renderAt(path, load);
    await waitFor(async () => expect(await figures()).toContain('€100.00'));
    server.balance = '7550';
    await act(async () => {
      await sendMoney();
    });
    await waitFor(async () => expect(await figures()).toContain('€75.50'));
    expect(server.reads).toBe(2);
  });
});

describe('/dashboard parts', () => {
  it('ticks the checklist after a top-up when the window gets the focus back, at most once per gap', async () => {
    const { server, load } = fakeServer();
    server.balance = '0';
    const { clock } = renderAt('/dashboard', load);
    const checklist = await screen.findByRole('region', { name: 'Get started' });
    expect(checklist.textContent).toContain('0 of 3 done');
    // Someone tops the account up by bank transfer; the user comes back to the tab.
    server.balance = '50000';
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    // Too soon after the first read: nothing is read.
    expect(server.reads).toBe(1);
    act(() => clock.increment(focusRefreshGapMs));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(async () => expect(await balanceText()).toContain('€500.00'));
    expect((await screen.findByRole('region', { name: 'Get started' })).textContent).toContain('1 of 3 done');
    expect(server.reads).toBe(2);
  });

  it('keeps the figures on screen when a background read fails', async () => {
    const { server, load, sendMoney } = fakeServer();
    renderAt('/dashboard', load);
    await waitFor(async () => expect(await balanceText()).toContain('€100.00'));
    server.failReads = true;
    await act(async () => {
      await sendMoney();
    });
    await waitFor(() => expect(server.reads).toBe(2));
    expect(await balanceText()).toContain('€100.00');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
