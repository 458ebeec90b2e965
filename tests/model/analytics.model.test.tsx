import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  analyticsMachine,
  type AnalyticsReport,
  type LoadAnalyticsInput,
} from '../../machines/analytics.machine';
import { createApiClient } from '../../src/api/client';
import { analyticsActors } from '../../src/app/analyticsActors';
import { AnalyticsScreen } from '../../src/screens/analytics/AnalyticsScreen';
import { analyticsModel, analyticsPath, analyticsReport, analyticsTexts } from './analytics.paths';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';

// Every generated path of analytics (machines/analytics.machine.ts), run against the real screen at /analytics signed
// in as the owner of Demo Coffee; then the charts' figures, their tables and the address, in both languages.

type AnalyticsActor = ActorRefFrom<typeof analyticsMachine>;

const executors: Executors<typeof analyticsMachine> = {
  'range.change': async (app, event) => {
    await app.user.click(screen.getByRole('radio', { name: analyticsTexts.range[event.range] }));
  },
  'currency.change': async (app, event) => {
    await app.user.selectOptions(screen.getByLabelText(analyticsTexts.currency), event.currency);
  },
  'load.retry': async (app) => {
    await app.user.click(screen.getByRole('button', { name: analyticsTexts.retry }));
  },
};

const journey = journeyCapture<AnalyticsActor>('analytics journey');

function startApp(options: { initial?: string; locale?: 'en' | 'el' } = {}): RenderedApp {
  return renderJourneyScreen<AnalyticsActor>({
    path: options.initial ?? analyticsPath,
    route: analyticsPath,
    journey,
    locale: options.locale ?? 'en',
    screen: ({ effects, clock, inspect }) => (
      <AnalyticsScreen
        logic={analyticsMachine.provide({
          actors: { loadAnalytics: effects.logic<AnalyticsReport, LoadAnalyticsInput>() },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(analyticsModel);
const runner: PathRunner<typeof analyticsMachine> = {
  model: analyticsModel,
  executors,
  live: () => journey.snapshot(),
};

describe(`analytics journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    await runPath(runner, path, startApp());
  });
});

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.help}`,
  );

describe('the analytics screen', () => {
  it('shows totals, charts with their figures in words, and the same figures as tables; accessible', async () => {
    const started = startApp();
    await started.effects.settle('loadAnalytics', { output: analyticsReport('week', 'EUR') });
    const totals = await screen.findByRole('region', { name: 'Totals' });
    const report = analyticsReport('week', 'EUR');
    const euro = (minor: string) =>
      new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(Number(minor) / 100);
    const { totals: sums } = report.amounts;
    expect(totals.textContent).toBe(
      `TotalsMoney in${euro(sums.money_in.amount_minor)}${sums.count_in} payments in` +
        `Money out${euro(sums.money_out.amount_minor)}${sums.count_out} payments out` +
        `Net+${euro(sums.net.amount_minor)}`,
    );

    const overTime = screen.getByRole('region', { name: 'Money in and out over time' });
    const chart = within(overTime).getByRole('img');
    expect(chart.getAttribute('aria-label')).toContain(
      `Bar chart of money in and out from Jan 9, 2026 to Jan 15, 2026: ${euro(sums.money_in.amount_minor)} in, ` +
        `${euro(sums.money_out.amount_minor)} out.`,
    );
    await started.user.click(within(overTime).getByRole('button', { name: 'Show as table' }));
    const table = within(overTime).getByRole('table', { name: 'Money in and out over time' });
    const rows = within(table).getAllByRole('row');
    // A header row and one row per day of the week, oldest first.
    expect(rows).toHaveLength(8);
    expect(rows[1]?.textContent).toBe('Jan 9, 2026€100.00€40.00€60.00');
    expect(within(overTime).getByRole('button', { name: 'Show as table' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    const expenses = screen.getByRole('region', { name: 'Expenses per category' });
    expect(
      within(expenses)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Card payments in shops14 payments · 60%€/),
      expect.stringMatching(/^Bank transfers5 payments · 30%€/),
      expect.stringMatching(/^Fees19 payments · 10%€/),
    ]);
    const top = screen.getByRole('region', { name: 'Top counterparties' });
    expect(within(top).getByRole('list', { name: 'Paid you the most' }).textContent).toContain(
      'Demo Bakery (@demo-bakery)',
    );
    expect(within(top).getByRole('list', { name: 'You paid the most' }).textContent).toContain('Olive Press');
    expect(screen.getByRole('region', { name: 'Monthly amounts' })).toBeTruthy();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('reads the range and currency from the address and keeps them there', async () => {
    const started = startApp({ initial: `${analyticsPath}?range=year&currency=usd` });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Year' })).toHaveProperty('checked', true));
    expect(screen.getByLabelText<HTMLSelectElement>('Currency').value).toBe('USD');
    await started.effects.settle('loadAnalytics', { output: analyticsReport('year', 'USD') });
    expect((await screen.findByRole('alert')).textContent).toBe('No data found for this currency.');
    await waitFor(() => expect(started.location.search).toBe('?range=year&currency=USD'));
    await started.user.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(started.location.search).toBe('?range=week&currency=USD'));
    expect(
      started.effects.made.filter((call) => call.id === 'loadAnalytics').map((call) => call.input),
    ).toEqual([
      { range: 'year', currency: 'USD' },
      { range: 'week', currency: 'USD' },
    ]);
  });

  it('speaks Greek: ranges, amounts and dates in the Greek way', async () => {
    const started = startApp({ locale: 'el' });
    await started.effects.settle('loadAnalytics', { output: analyticsReport('month', 'EUR') });
    await screen.findByRole('heading', { level: 1, name: 'Στατιστικά' });
    expect(screen.getByRole('radio', { name: 'Μήνας' })).toHaveProperty('checked', true);
    const totals = screen.getByRole('region', { name: 'Σύνολα' });
    expect(totals.textContent).toMatch(/\d\.\d{3},\d{2}\s€/);
    const overTime = screen.getByRole('region', { name: 'Εισερχόμενα και εξερχόμενα στον χρόνο' });
    await started.user.click(within(overTime).getByRole('button', { name: 'Εμφάνιση ως πίνακα' }));
    const rows = within(overTime).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(/^17 Δεκ 2025/);
  });
});

describe('the analytics effect', () => {
  it('asks the four reports of the range and currency (monthly amounts by currency only)', async () => {
    const asked: string[] = [];
    const client = createApiClient({
      hooks: () => ({ getAccessToken: () => 'token' }),
      baseUrl: 'http://localhost:3000',
      fetch: async (request) => {
        const url = new URL(request.url);
        asked.push(`${url.pathname}${url.search}`);
        const report = analyticsReport('week', 'EUR');
        const body = url.pathname.endsWith('/amounts/')
          ? report.amounts
          : url.pathname.endsWith('/expenses_per_category/')
            ? report.expenses
            : url.pathname.endsWith('/monthly_amounts/')
              ? report.monthly
              : report.top;
        return Response.json(body);
      },
    });
    const { createActor, toPromise } = await import('xstate');
    const actor = createActor(analyticsActors(client).loadAnalytics, {
      input: { range: 'week', currency: 'EUR' },
    });
    actor.start();
    const report = await toPromise(actor);
    expect(report.amounts.buckets).toHaveLength(7);
    expect(asked.sort()).toEqual([
      '/api/merchants/analytics/amounts/?range=week&currency=EUR',
      '/api/merchants/analytics/expenses_per_category/?range=week&currency=EUR',
      '/api/merchants/analytics/monthly_amounts/?currency=EUR',
      '/api/merchants/analytics/top_counterparties/?range=week&currency=EUR',
    ]);
  });
});
