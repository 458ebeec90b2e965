import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { IdentityReviewItem, MerchantReviewQueueItem } from '../../schemas/merchantReview.schema';
import { createApiClient } from '../../src/api/client';
import { BackOfficeContext, type BackOffice } from '../../src/app/backOfficeContext';
import { IdentityReviewQueueScreen } from '../../src/screens/backOffice/IdentityReviewScreen';
import { MerchantReviewQueueScreen } from '../../src/screens/backOffice/MerchantReviewScreen';
import { renderScreen } from './harness';
import { eleniItem } from './identityReview.paths';
import { aegeanMerchantId } from './merchantReview.paths';

// The back office's two review queues (/back-office/merchant-reviews and /back-office/identity-reviews): what waits,
// each a link to its page with its facts in words, the empty queue said, and a queue that could not be read offered
// again; against a fake staff API.

const flagged = {
  merchant_id: aegeanMerchantId,
  name: 'Aegean Coffee IKE',
  submitted_at: '2026-01-14T10:00:00.000Z',
  state: 'awaiting_second_approval',
  first_approval: {
    by: { staff_id: '00000000-0000-4000-8000-0000000000f1', name: 'Maria Reviewer' },
    at: '2026-01-15T09:00:00.000Z',
  },
  risk_flags: [{ code: 'ownership_over_100', message: 'The declared ownership adds up to more than 100 %.' }],
  identity_status: 'verified',
} satisfies MerchantReviewQueueItem;

/** Answers each queue with the items given, or 500 for a queue that is missing. */
function fakeServer(queues: { merchants?: MerchantReviewQueueItem[]; identities?: IdentityReviewItem[] }) {
  const reads: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (request: Request) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    reads.push(pathname);
    const items =
      pathname === '/api/back-office/merchant-reviews/'
        ? queues.merchants
        : pathname === '/api/back-office/identity-reviews/'
          ? queues.identities
          : undefined;
    return items
      ? json(200, { items })
      : json(500, { error: { code: 'internal', message: 'Something went wrong.' } });
  };
  const api = createApiClient({
    hooks: () => ({ getAccessToken: () => 'staff-token' }),
    fetch,
    baseUrl: 'http://localhost',
  });
  return { api, reads };
}

function render(api: BackOffice['api'], path: string) {
  // The queues read only the API client; the staff session is the shell's.
  const backOffice = { api, session: null as never } satisfies BackOffice;
  return renderScreen({
    path,
    shell: false,
    wrap: (page) => <BackOfficeContext.Provider value={backOffice}>{page}</BackOfficeContext.Provider>,
    routes: (
      <>
        <Route path="/back-office/merchant-reviews" element={<MerchantReviewQueueScreen />} />
        <Route path="/back-office/identity-reviews" element={<IdentityReviewQueueScreen />} />
      </>
    ),
  });
}

describe('the merchant review queue', () => {
  it('lists each merchant as a link with its state, first approval, identity and risk flags', async () => {
    const { api } = fakeServer({ merchants: [flagged] });
    render(api, '/back-office/merchant-reviews');
    await screen.findByRole('heading', { level: 1, name: 'Merchant reviews' });
    const link = screen.getByRole('link', { name: 'Aegean Coffee IKE' });
    expect(link.getAttribute('href')).toBe(`/back-office/merchant-reviews/${aegeanMerchantId}`);
    expect(screen.getByText('Waiting for a second approval')).toBeTruthy();
    expect(screen.getByText(/^First approval by Maria Reviewer, /)).toBeTruthy();
    expect(screen.getByText('Identity: confirmed')).toBeTruthy();
    const flags = screen.getByRole('list', { name: 'Risk flags' });
    expect(within(flags).getByText('The declared ownership adds up to more than 100%.')).toBeTruthy();
    expect(screen.queryByText('No merchant waits for review.')).toBeNull();
  });

  it('says when nobody waits', async () => {
    render(fakeServer({ merchants: [] }).api, '/back-office/merchant-reviews');
    expect(await screen.findByText('No merchant waits for review.')).toBeTruthy();
  });

  it('offers a queue that could not be read again', async () => {
    const { api, reads } = fakeServer({});
    const app = render(api, '/back-office/merchant-reviews');
    const queueReads = () => reads.filter((path) => path === '/api/back-office/merchant-reviews/').length;
    expect(await screen.findByText('We could not load this page.')).toBeTruthy();
    const before = queueReads();
    expect(before).toBeGreaterThan(0);
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(queueReads()).toBeGreaterThan(before));
    expect(await screen.findByText('We could not load this page.')).toBeTruthy();
  });
});

describe('the identity review queue', () => {
  it('lists each verification as a link with the merchant and the document', async () => {
    const { api } = fakeServer({ identities: [eleniItem] });
    render(api, '/back-office/identity-reviews');
    await screen.findByRole('heading', { level: 1, name: 'Identity reviews' });
    const link = screen.getByRole('link', { name: 'Eleni Papadopoulou' });
    expect(link.getAttribute('href')).toBe(`/back-office/identity-reviews/${eleniItem.verification_id}`);
    expect(screen.getByText('Merchant: Aegean Coffee IKE')).toBeTruthy();
    expect(screen.getByText('Passport')).toBeTruthy();
    expect(screen.queryByText('No identity waits for review.')).toBeNull();
  });

  it('says when no identity waits', async () => {
    render(fakeServer({ identities: [] }).api, '/back-office/identity-reviews');
    expect(await screen.findByText('No identity waits for review.')).toBeTruthy();
  });
});
