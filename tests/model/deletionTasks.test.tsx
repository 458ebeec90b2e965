import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DeletionTask } from '../../schemas/deletionFollowUp.schema';
import { createApiClient } from '../../src/api/client';
import { BackOfficeContext, type BackOffice } from '../../src/app/backOfficeContext';
import { DeletionTasksScreen } from '../../src/screens/backOffice/DeletionTasksScreen';
import { renderScreen } from './harness';

// The back office's follow-ups of account deletions (/back-office/account-deletions): the open tasks with what
// blocks each, a note required before "done", and a task done leaving the list; against a fake staff API.

const task = {
  id: '00000000-0000-4000-8000-0000000000d1',
  kind: 'account_deletion',
  status: 'open',
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  merchant: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Aegean Roasters' },
  deletion: {
    id: '00000000-0000-4000-8000-0000000000e1',
    status: 'scheduled',
    requested_at: '2026-11-20T09:00:00.000Z',
    effective_at: '2026-11-30T23:59:59.000Z',
    payout_iban: 'DE89370400440532013000',
    blockers: ['balance', 'active_card'],
    reason: 'Closing the shop',
    checked_at: '2026-11-20T09:00:00.000Z',
  },
  completed: null,
} satisfies DeletionTask;

function fakeServer(options: { conflict?: boolean } = {}) {
  let open: DeletionTask[] = [task];
  const posted: unknown[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (request: Request) => {
    const url = new URL(request.url, 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/api/back-office/account-deletions/tasks/') {
      return json(200, { items: open });
    }
    if (request.method === 'POST' && url.pathname.endsWith('/done/')) {
      posted.push(await request.json());
      if (options.conflict) {
        open = [];
        return json(409, { error: { code: 'conflict', message: 'This task is done already.' } });
      }
      open = [];
      return json(200, { ...task, status: 'done' });
    }
    return json(404, { error: { code: 'not_found', message: 'Nothing here.' } });
  };
  const api = createApiClient({
    hooks: () => ({ getAccessToken: () => 'staff-token' }),
    fetch,
    baseUrl: 'http://localhost',
  });
  return { api, posted };
}

function render(api: BackOffice['api']) {
  // The list reads only the API client; the staff session is the shell's.
  const backOffice = { api, session: null as never } satisfies BackOffice;
  return renderScreen({
    path: '/back-office/account-deletions',
    shell: false,
    wrap: (page) => <BackOfficeContext.Provider value={backOffice}>{page}</BackOfficeContext.Provider>,
    routes: <Route path="/back-office/account-deletions" element={<DeletionTasksScreen />} />,
  });
}

describe('account deletion follow-ups', () => {
  it('lists each open task with what blocks it, needs a note, and drops the task once done', async () => {
    const { api, posted } = fakeServer();
    const app = render(api);
    await screen.findByRole('heading', { level: 1, name: 'Account deletions' });
    expect(screen.getByText('Aegean Roasters')).toBeTruthy();
    expect(screen.getByText('pay out to DE89370400440532013000')).toBeTruthy();
    expect(screen.getByText('Still open: money left in its accounts and a card not destroyed.')).toBeTruthy();
    expect(screen.getByText('Owner’s reason: Closing the shop')).toBeTruthy();

    const done = screen.getByRole('button', { name: 'Mark done: Aegean Roasters' });
    await app.user.click(done);
    expect(screen.getByText('Say what you did.')).toBeTruthy();
    expect(posted).toEqual([]);

    await app.user.type(screen.getByLabelText('What you did for Aegean Roasters'), '  Paid out EUR 25.00.  ');
    await app.user.click(done);
    await screen.findByText('No follow-up is open.');
    expect(posted).toEqual([{ note: 'Paid out EUR 25.00.' }]);
  });

  it('a task someone else closed meanwhile (409) leaves the list', async () => {
    const { api } = fakeServer({ conflict: true });
    const app = render(api);
    await app.user.type(await screen.findByLabelText('What you did for Aegean Roasters'), 'Done');
    await app.user.click(screen.getByRole('button', { name: 'Mark done: Aegean Roasters' }));
    await waitFor(() => expect(screen.getByText('No follow-up is open.')).toBeTruthy());
  });
});
