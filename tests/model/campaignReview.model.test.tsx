import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route } from 'react-router';
import { createActor, toPromise, type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { campaignReviewMachine, type DecideCampaignInput } from '../../machines/campaignReview.machine';
import { staffSessionMachine } from '../../machines/staffSession.machine';
import type { CampaignReviewItem } from '../../schemas/advertising.schema';
import { createApiClient } from '../../src/api/client';
import { BackOfficeContext } from '../../src/app/backOfficeContext';
import {
  CampaignQueueScreen,
  CampaignReview,
  campaignReviewActors,
} from '../../src/screens/backOffice/CampaignReviewScreen';
import {
  approvedElsewhere,
  campaignId,
  campaignReviewModel,
  campaignReviewPath,
  campaignReviewTexts as t,
  rejectionReason,
  waitingCampaign,
} from './campaignReview.paths';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  renderScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';

// Every generated path of the bank's review of one campaign (machines/campaignReview.machine.ts), run against the real
// page at /back-office/campaigns/:id; then what the reviewer reads and sends, the queue, and the effects' requests.

type ReviewActor = ActorRefFrom<typeof campaignReviewMachine>;

const journey = journeyCapture<ReviewActor>('campaign review');

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

const clickInDialog = async (app: RenderedApp, names: string[]) => {
  const dialog = screen.getByRole('dialog');
  const button = names
    .map((name) => within(dialog).queryByRole('button', { name }))
    .find((found) => found !== null);
  if (!button) throw new Error(`none of ${names.join(', ')} in the dialog`);
  await app.user.click(button);
};

const executors: Executors<typeof campaignReviewMachine> = {
  'load.retry': (app) => click(app, t.retry),
  'decision.approve': (app) => click(app, t.approve),
  'decision.reject': (app) => click(app, t.reject),
  'reason.submit': async (app, event) => {
    const field = screen.getByLabelText(t.reason);
    await app.user.clear(field);
    if (event.reason) await app.user.type(field, event.reason);
    await click(app, t.rejectWithReason);
  },
  'reason.back': (app) => click(app, t.back),
  'decision.confirm': (app) => clickInDialog(app, [t.confirmApprove, t.confirmReject]),
  'confirm.back': (app) => clickInDialog(app, [t.goBack]),
  'decision.retry': (app) => click(app, t.retry),
  'campaign.reload': (app) => click(app, t.reload),
};

function startApp(): RenderedApp {
  return renderJourneyScreen<ReviewActor>({
    path: campaignReviewPath,
    route: '/back-office/campaigns/:id',
    journey,
    shell: false,
    screen: ({ effects, inspect }) => (
      <CampaignReview
        campaignId={campaignId}
        logic={campaignReviewMachine.provide({
          actors: {
            loadCampaign: effects.logic<CampaignReviewItem, { campaignId: string }>(),
            decideCampaign: effects.logic<CampaignReviewItem, DecideCampaignInput>(),
          },
        })}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(campaignReviewModel);

const runner: PathRunner<typeof campaignReviewMachine> = {
  model: campaignReviewModel,
  executors,
  live: () => journey.snapshot(),
};

describe(`campaignReview journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startApp();
    await runPath(runner, path, app);
  });
});

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );

describe('one campaign', () => {
  it('shows everything bought, opens the link without a handle on the back office, and passes axe', async () => {
    const app = startApp();
    await app.effects.settle('loadCampaign', { output: waitingCampaign });
    await screen.findByRole('heading', { level: 1, name: t.title });
    expect(app.effects.made[0]).toEqual({ id: 'loadCampaign', input: { campaignId } });
    const facts = screen.getByRole('main').querySelector('dl')!;
    const pairs = [...facts.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Advertiser', 'Aegean Coffee IKE'],
      ['Headline', 'Fresh roast every Monday'],
      ['Link', 'https://aegean-coffee.example/roast (opens in a new tab)'],
      ['Advertising plan', 'Spotlight: about 5,000 people in 7 days'],
      ['Shown in', 'Other merchants’ dashboards, The wallet directory'],
      ['Runs', 'from Jan 20, 2026 to Jan 26, 2026'],
      ['Price paid', '€49.00'],
      ['Bought', expect.stringMatching(/^Jan 14, 2026/)],
    ]);
    const link = screen.getByRole('link', { name: /aegean-coffee\.example\/roast/ });
    expect(link.getAttribute('href')).toBe('https://aegean-coffee.example/roast');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Back to the campaigns to review' }).getAttribute('href')).toBe(
      '/back-office/campaigns',
    );
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('says beside the field what is wrong with a reason, and sends the reason on one line', async () => {
    const app = startApp();
    await app.effects.settle('loadCampaign', { output: waitingCampaign });
    await click(app, t.reject);
    const field = screen.getByLabelText(t.reason);
    await click(app, t.rejectWithReason);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(
      [...document.querySelectorAll('p.error')].find((p) => p.textContent === t.reasonMissing)?.id,
    );
    await app.user.type(field, 'See <b>this</b>');
    await click(app, t.rejectWithReason);
    expect(screen.getByText(t.reasonInvalid)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await app.user.clear(field);
    await app.user.type(field, '  The link leads{enter}elsewhere.  ');
    await click(app, t.rejectWithReason);
    const dialog = await screen.findByRole('dialog', { name: t.confirmRejectTitle });
    expect(dialog.textContent).toContain(
      '€49.00 is refunded in full to Aegean Coffee IKE, who reads your reason: “The link leads elsewhere.”',
    );
    expect(await axeViolations(document.body)).toEqual([]);
    await clickInDialog(app, [t.confirmReject]);
    expect(app.effects.made.find((call) => call.id === 'decideCampaign')?.input).toEqual({
      campaignId,
      body: { decision: 'reject', reason: 'The link leads elsewhere.' },
    });
  });

  it('approves with no reason sent, and says who decided and when', async () => {
    const app = startApp();
    await app.effects.settle('loadCampaign', { output: waitingCampaign });
    await click(app, t.approve);
    const dialog = await screen.findByRole('dialog', { name: t.confirmApproveTitle });
    expect(dialog.textContent).toContain(
      'It runs from Jan 20, 2026 to Jan 26, 2026 in the placements of its advertising plan, and Aegean Coffee IKE is told.',
    );
    await clickInDialog(app, [t.confirmApprove]);
    expect(app.effects.made.find((call) => call.id === 'decideCampaign')?.input).toEqual({
      campaignId,
      body: { decision: 'approve' },
    });
    await app.effects.settle('decideCampaign', {
      output: { ...approvedElsewhere, reviewed_by: { id: 'x', name: 'Eleni Reviewer' } },
    });
    await screen.findByRole('heading', { level: 1, name: t.approvedTitle });
    expect(screen.getByText(/^Approved by Eleni Reviewer on Jan 15, 2026/)).toBeTruthy();
  });

  it('shows a rejected campaign with its reason and refund, in Greek too', async () => {
    const rejected = {
      ...waitingCampaign,
      review_status: 'rejected',
      rejection_reason: rejectionReason,
      reviewed_by: { id: 'x', name: 'Eleni Reviewer' },
      reviewed_at: '2026-01-15T09:05:00.000Z',
    } satisfies CampaignReviewItem;
    const app = renderJourneyScreen<ReviewActor>({
      path: campaignReviewPath,
      route: '/back-office/campaigns/:id',
      journey,
      shell: false,
      locale: 'el',
      screen: ({ effects }) => (
        <CampaignReview
          campaignId={campaignId}
          logic={campaignReviewMachine.provide({
            actors: { loadCampaign: effects.logic(), decideCampaign: effects.logic() },
          })}
        />
      ),
    });
    await app.effects.settle('loadCampaign', { output: rejected });
    await screen.findByRole('heading', { level: 1, name: 'Η καμπάνια απορρίφθηκε' });
    expect(screen.getByRole('main').textContent).toContain(rejectionReason);
    expect(screen.getByRole('main').textContent).toContain('Διαφημιστικό πακέτο');
    expect(screen.queryByRole('button', { name: 'Έγκριση' })).toBeNull();
  });
});

function fakeBackOffice(list: { queue: CampaignReviewItem[]; recent: CampaignReviewItem[] }) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const api = createApiClient({
    hooks: () => ({ getAccessToken: () => 'staff-token' }),
    baseUrl: 'http://localhost:3000',
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      const body = request.method === 'POST' ? await request.json() : null;
      calls.push({ method: request.method, path, body });
      if (path === '/api/back-office/campaigns/') return Response.json(list);
      if (path.endsWith('/decision/'))
        return Response.json({ ...waitingCampaign, review_status: 'approved' });
      return Response.json(waitingCampaign);
    },
  });
  // Never started: the queue reads only the API client.
  const session = createActor(staffSessionMachine);
  return { api, session, calls };
}

describe('the queue', () => {
  it('lists the campaigns waiting, each leading to its review, and the latest decisions', async () => {
    const backOffice = fakeBackOffice({ queue: [waitingCampaign], recent: [approvedElsewhere] });
    renderScreen({
      path: '/back-office/campaigns',
      shell: false,
      routes: <Route path="/back-office/campaigns" element={<CampaignQueueScreen />} />,
      wrap: (page) => <BackOfficeContext.Provider value={backOffice}>{page}</BackOfficeContext.Provider>,
    });
    await screen.findByRole('heading', { level: 1, name: 'Campaigns to review' });
    const links = screen.getAllByRole('link', { name: 'Fresh roast every Monday' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([campaignReviewPath, campaignReviewPath]);
    const [waiting, decided] = links.map((link) => link.closest('li')!.textContent);
    expect(waiting).toContain('Aegean Coffee IKE');
    expect(waiting).toContain('€49.00');
    expect(waiting).toContain('bought Jan 14, 2026');
    expect(decided).toContain('Approved by Nikos Operations on Jan 15, 2026');
    expect(backOffice.calls).toEqual([{ method: 'GET', path: '/api/back-office/campaigns/', body: null }]);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('says when nothing waits', async () => {
    const backOffice = fakeBackOffice({ queue: [], recent: [] });
    renderScreen({
      path: '/back-office/campaigns',
      shell: false,
      routes: <Route path="/back-office/campaigns" element={<CampaignQueueScreen />} />,
      wrap: (page) => <BackOfficeContext.Provider value={backOffice}>{page}</BackOfficeContext.Provider>,
    });
    await waitFor(() => expect(screen.getByText('No campaign waits for a decision.')).toBeTruthy());
    expect(screen.getByText('No decision yet.')).toBeTruthy();
  });
});

describe('the review effects', () => {
  it('read one campaign and send the decision to the staff API', async () => {
    const { api, calls } = fakeBackOffice({ queue: [], recent: [] });
    const actors = campaignReviewActors(api);
    const load = createActor(actors.loadCampaign, { input: { campaignId } });
    load.start();
    expect(await toPromise(load)).toEqual(waitingCampaign);
    const decide = createActor(actors.decideCampaign, {
      input: { campaignId, body: { decision: 'reject', reason: rejectionReason } },
    });
    decide.start();
    await toPromise(decide);
    expect(calls).toEqual([
      { method: 'GET', path: `/api/back-office/campaigns/${campaignId}/`, body: null },
      {
        method: 'POST',
        path: `/api/back-office/campaigns/${campaignId}/decision/`,
        body: { decision: 'reject', reason: rejectionReason },
      },
    ]);
  });
});
