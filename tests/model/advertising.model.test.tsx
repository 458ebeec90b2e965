import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  advertisingMachine,
  detailProblems,
  type AdvertisingData,
  type PurchaseInput,
} from '../../machines/advertising.machine';
import { testKeySeed } from '../../machines/attemptKeys';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { Campaign } from '../../schemas/advertising.schema';
import { createApiClient } from '../../src/api/client';
import { onMoneyChanged } from '../../src/api/moneyEvents';
import { advertisingActors } from '../../src/app/advertisingActors';
import { AdvertisingScreen } from '../../src/screens/advertising/AdvertisingScreen';
import {
  advertisingData,
  advertisingModel,
  advertisingPath,
  advertisingTexts,
  badDetails,
  endedCampaign,
  goodDetails,
} from './advertising.paths';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { demoSession } from './paths';

// Every generated path of advertising (machines/advertising.machine.ts), run against the real screen at
// /advertise-with-us signed in as the owner of Demo Coffee; then what each role sees, the form's checks, the
// Idempotency-Key and the effects against a fake server.

type AdvertisingActor = ActorRefFrom<typeof advertisingMachine>;

const journey = journeyCapture<AdvertisingActor>('advertising journey');

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function typeInto(app: RenderedApp, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  await app.user.type(field, text);
}

const executors: Executors<typeof advertisingMachine> = {
  'load.retry': (app) => click(app, advertisingTexts.retry),
  'plan.choose': (app) => click(app, advertisingTexts.choose),
  'details.submit': async (app, event) => {
    await typeInto(app, advertisingTexts.headline, event.details.headline);
    await typeInto(app, advertisingTexts.link, event.details.link);
    await click(app, advertisingTexts.continue);
  },
  'details.back': (app) => click(app, advertisingTexts.backToPlans),
  'review.confirm': (app) => click(app, advertisingTexts.pay),
  'review.back': (app) => click(app, advertisingTexts.change),
  'payment.retry': (app) => click(app, advertisingTexts.retry),
  'result.done': (app) => click(app, advertisingTexts.backToPlans),
};

function startApp(
  options: { session?: SessionResponse; logic?: typeof advertisingMachine } = {},
): RenderedApp {
  return renderJourneyScreen({
    path: advertisingPath,
    route: advertisingPath,
    journey,
    session: options.session ?? demoSession,
    screen: ({ effects, clock, inspect }) => (
      <AdvertisingScreen
        logic={
          options.logic ??
          advertisingMachine.provide({
            actors: {
              loadAdvertising: effects.logic<AdvertisingData, void>(),
              purchaseAdvertisingPlan: effects.logic<Campaign, PurchaseInput>(),
            },
          })
        }
        clock={clock}
        inspect={inspect}
        keySeed={testKeySeed}
      />
    ),
  });
}

const purchases = (app: RenderedApp) =>
  app.effects.made
    .filter((call) => call.id === 'purchaseAdvertisingPlan')
    .map((call) => call.input as PurchaseInput);

const paths = generatePaths(advertisingModel);

describe(`advertising journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const runner: PathRunner<typeof advertisingMachine> = {
      model: advertisingModel,
      executors,
      live: () => journey.snapshot(),
    };
    const app = startApp();
    await runPath(runner, path, app);
    // One key per order: every attempt of the same plan and details carries the same Idempotency-Key, a changed
    // order a new one; each body is the details as typed, starting today (no start_date).
    const sent = purchases(app);
    for (const [index, input] of sent.entries()) {
      expect(input.planId).toBe('spotlight');
      expect(input.body).toEqual({ headline: goodDetails.headline, link: goodDetails.link });
      expect(input.idempotencyKey).toMatch(/^00000000-0000-4000-8000-0000[0-9a-f]{8}$/);
      const earlier = sent[index - 1];
      if (earlier) expect(input.idempotencyKey === earlier.idempotencyKey).toBe(true);
    }
  });
});

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.help}`,
  );

describe('the advertising page', () => {
  it('lists the plans with reach, duration and price, and the campaigns with status, dates and figures; accessible', async () => {
    const app = startApp();
    const rejectedCampaign: Campaign = {
      ...endedCampaign,
      id: '00000000-0000-4000-8000-0000000000d3',
      headline: 'Cheapest coffee in town',
      status: 'rejected',
      rejection_reason: 'Say what makes it the cheapest.',
      refund_transaction_id: '00000000-0000-4000-8000-0000000000f3',
      delivery: { ...endedCampaign.delivery, impressions: 0, clicks: 0 },
    };
    const inReview: Campaign = {
      ...endedCampaign,
      id: '00000000-0000-4000-8000-0000000000d4',
      headline: 'Spring blend soon',
      status: 'in_review',
    };
    await app.effects.settle('loadAdvertising', {
      output: { ...advertisingData, campaigns: [inReview, rejectedCampaign, endedCampaign] },
    });
    const spotlight = await screen.findByRole('region', { name: 'Spotlight' });
    expect(spotlight.textContent).toContain('ReachAbout 5,000 people');
    expect(spotlight.textContent).toContain('Duration7 days');
    expect(spotlight.textContent).toContain('Price€49.00');
    expect(spotlight.textContent).toContain('Other merchants’ dashboards');
    const premium = screen.getByRole('region', { name: 'Premium' });
    expect(premium.textContent).toContain('About 120,000 people');
    expect(within(premium).getByRole('button', { name: 'Choose Premium' })).toBeTruthy();
    const campaigns = screen.getByRole('region', { name: 'Your campaigns' });
    expect(
      within(campaigns)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Spring blend soonBeing reviewed by the bankSpotlight · €49.00Dec 1, 2025 to Dec 7, 2025${endedCampaign.link}` +
        'The bank checks this advertisement before other merchants see it.',
      `Cheapest coffee in townRejected, refundedSpotlight · €49.00Dec 1, 2025 to Dec 7, 2025${endedCampaign.link}` +
        'Not approved by the bank: Say what makes it the cheapest. €49.00 was refunded to your account.',
      `${endedCampaign.headline}EndedSpotlight · €49.00Dec 1, 2025 to Dec 7, 2025${endedCampaign.link}` +
        'Times shown1,200 of 5,000Clicks37' +
        'Times shown and clicks per placementWhereTimes shownClicksOther merchants’ dashboards1,20037',
    ]);
    // The figures as a table: each placement's row names it.
    const table = within(campaigns).getByRole('table', { name: 'Times shown and clicks per placement' });
    expect(within(table).getByRole('rowheader', { name: 'Other merchants’ dashboards' })).toBeTruthy();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('marks each wrong detail under its field and keeps what was typed', async () => {
    const app = startApp();
    await app.effects.settle('loadAdvertising', { output: advertisingData });
    await click(app, 'Choose Spotlight');
    await executors['details.submit'](app, { type: 'details.submit', details: badDetails });
    expect(await screen.findByText('Min 5 characters.')).toBeTruthy();
    expect(screen.getByText('An https:// web address, e.g. https://example.com.')).toBeTruthy();
    expect(screen.getByLabelText('Headline').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Headline'));
    expect(screen.getByLabelText<HTMLInputElement>('Link').value).toBe(badDetails.link);
    expect(detailProblems({ headline: '', link: '', startDate: '15/01/2026' })).toEqual({
      headline: 'required',
      link: 'required',
      startDate: 'invalid',
    });
    expect(
      detailProblems({ headline: 'No <b>tags</b>', link: 'https://user:pw@x.example', startDate: null }),
    ).toEqual({ headline: 'invalid', link: 'invalid' });
  });

  it('warns in the review when the balance is lower than the price, and still lets the server decide', async () => {
    const app = startApp();
    await app.effects.settle('loadAdvertising', { output: advertisingData });
    await click(app, 'Choose Premium');
    await executors['details.submit'](app, { type: 'details.submit', details: goodDetails });
    await screen.findByRole('heading', { level: 1, name: 'Check and pay' });
    expect(
      screen.getByText('Your available balance is lower than the price. Top up your account first.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay €5,000.00' })).toHaveProperty('disabled', false);
  });

  it('offers a viewer the plans and the campaigns but no purchase (SPEC §6: buying pays from the wallet)', async () => {
    const app = startApp({
      session: { ...demoSession, user: { ...demoSession.user, is_owner: false, employee_type: 'viewer' } },
    });
    await app.effects.settle('loadAdvertising', { output: advertisingData });
    await screen.findByRole('region', { name: 'Spotlight' });
    expect(screen.queryByRole('button', { name: /^Choose / })).toBeNull();
    expect(
      screen.getByText(
        'Buying advertising pays from the wallet: ask the owner of your company to buy a plan.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your campaigns' })).toBeTruthy();
  });
});

describe('the advertising effects', () => {
  function fakeServer(campaignsStatus = 200) {
    const calls: Array<{ method: string; path: string; key: string | null; body: unknown }> = [];
    const client = createApiClient({
      hooks: () => ({ getAccessToken: () => 'token' }),
      baseUrl: 'http://localhost:3000',
      fetch: async (request) => {
        const path = new URL(request.url).pathname;
        const body = request.method === 'POST' ? await request.json() : null;
        calls.push({ method: request.method, path, key: request.headers.get('idempotency-key'), body });
        if (path.endsWith('/advertising/plans/')) {
          return Response.json({
            items: advertisingData.plans,
            available_balance: advertisingData.available,
          });
        }
        if (path.endsWith('/advertising/campaigns/')) {
          return campaignsStatus === 200
            ? Response.json({ items: [endedCampaign] })
            : Response.json({ error: { code: 'forbidden', message: 'No.' } }, { status: campaignsStatus });
        }
        return Response.json({ ...endedCampaign, status: 'active' }, { status: 201 });
      },
    });
    return { client, calls };
  }

  it('reads plans and campaigns; an employee who may not see the campaigns still gets the plans', async () => {
    const { createActor, toPromise } = await import('xstate');
    const full = fakeServer();
    const load = createActor(advertisingActors(full.client).loadAdvertising);
    load.start();
    expect(await toPromise(load)).toEqual(advertisingData);
    const own = fakeServer(403);
    const limited = createActor(advertisingActors(own.client).loadAdvertising);
    limited.start();
    expect(await toPromise(limited)).toEqual({ ...advertisingData, campaigns: null });
  });

  it('pays with the Idempotency-Key and tells the dashboard that money moved', async () => {
    const { createActor, toPromise } = await import('xstate');
    const { client, calls } = fakeServer();
    const changes: string[] = [];
    const off = onMoneyChanged((change) => changes.push(change.cause));
    try {
      const purchase = createActor(advertisingActors(client).purchaseAdvertisingPlan, {
        input: {
          planId: 'spotlight',
          body: { headline: goodDetails.headline, link: goodDetails.link },
          idempotencyKey: '6f1c1f0e-3d7e-4d55-9b8e-1d2f3a4b5c6d',
        },
      });
      purchase.start();
      expect((await toPromise(purchase)).status).toBe('active');
    } finally {
      off();
    }
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/merchants/advertising/plans/spotlight/purchase/',
        key: '6f1c1f0e-3d7e-4d55-9b8e-1d2f3a4b5c6d',
        body: { headline: goodDetails.headline, link: goodDetails.link },
      },
    ]);
    expect(changes).toEqual(['POST /api/merchants/advertising/plans/spotlight/purchase/']);
  });
});
