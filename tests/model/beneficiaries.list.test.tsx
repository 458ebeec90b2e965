import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { Beneficiary } from '../../schemas/beneficiaries.schema';
import { createApiClient } from '../../src/api/client';
import { BeneficiariesScreen } from '../../src/screens/beneficiaries/BeneficiariesScreen';
import { renderScreen } from './harness';
import { demoSession } from './paths';

// The list at /my-beneficiaries (SPEC §2): search, edit links and delete with a confirmation, against a fake server.

const maria = {
  id: '00000000-0000-4000-8000-0000000000b1',
  kind: 'bank',
  name: 'Maria Papadopoulou',
  wallet_tag: null,
  first_name: 'Maria',
  last_name: 'Papadopoulou',
  holder: 'person',
  company_name: null,
  bank_country: 'GR',
  iban: 'GR3401101250000000012345670',
  name_check: { result: 'close_match', accepted_mismatch: true },
  created_at: '2026-01-15T09:00:00.000Z',
  updated_at: '2026-01-15T09:00:00.000Z',
} satisfies Beneficiary;
const bakery = {
  ...maria,
  id: '00000000-0000-4000-8000-0000000000b2',
  kind: 'wallet',
  name: 'Demo Bakery',
  wallet_tag: '@demo-bakery',
  holder: null,
  first_name: null,
  last_name: null,
  bank_country: null,
  iban: null,
  name_check: null,
} satisfies Beneficiary;

/** A tiny stand-in for the beneficiary endpoints, recording what the screen asked for. */
function fakeServer(options: { failDelete?: boolean } = {}) {
  let rows: Beneficiary[] = [bakery, maria];
  const requests: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (request: Request) => {
    const url = new URL(request.url, 'http://localhost');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.method === 'GET') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return json(200, { beneficiaries: rows.filter((row) => row.name.toLowerCase().includes(q)) });
    }
    if (request.method === 'DELETE') {
      if (options.failDelete) return json(500, { error: { code: 'internal_error', message: 'Oops.' } });
      const id = url.pathname.split('/').at(-2);
      rows = rows.filter((row) => row.id !== id);
      return new Response(null, { status: 204 });
    }
    return json(404, { error: { code: 'not_found', message: 'Nothing here.' } });
  };
  const client = createApiClient({
    hooks: () => ({ getAccessToken: () => 'token' }),
    fetch,
    baseUrl: 'http://localhost',
  });
  return { client, requests };
}

function renderList(client: ReturnType<typeof fakeServer>['client'], user: SessionResponse['user']) {
  renderScreen({
    path: '/my-beneficiaries',
    session: { ...demoSession, user },
    shell: false,
    routes: <Route path="/my-beneficiaries" element={<BeneficiariesScreen client={client} />} />,
  });
}

describe('the beneficiary list', () => {
  it('lists, searches, and deletes only after the confirmation', async () => {
    const server = fakeServer();
    renderList(server.client, demoSession.user);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Maria Papadopoulou' });
    expect(screen.getByText('Saved without a confirmed name')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Maria Papadopoulou' }).getAttribute('href')).toBe(
      `/my-beneficiaries/edit-beneficiary/${maria.id}`,
    );
    expect(screen.getByRole('link', { name: 'Add beneficiary' })).toBeTruthy();

    await user.type(screen.getByRole('searchbox'), 'bake');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Maria Papadopoulou' })).toBeNull());
    expect(server.requests).toContain('GET /api/merchants/beneficiaries/?q=bake');
    await user.clear(screen.getByRole('searchbox'));
    await screen.findByRole('heading', { name: 'Maria Papadopoulou' });

    // Cancel changes nothing.
    await user.click(screen.getByRole('button', { name: 'Delete Maria Papadopoulou' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this beneficiary?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests.some((request) => request.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Maria Papadopoulou' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Beneficiary deleted');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Maria Papadopoulou' })).toBeNull());
    expect(server.requests).toContain(`DELETE /api/merchants/beneficiaries/${maria.id}/`);
    expect(screen.getByRole('heading', { name: 'Demo Bakery' })).toBeTruthy();
  });

  it('says so when a delete fails, and keeps the beneficiary', async () => {
    const server = fakeServer({ failDelete: true });
    renderList(server.client, demoSession.user);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Maria Papadopoulou' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The beneficiary could not be deleted, try again later.');
    expect(screen.getByRole('heading', { name: 'Maria Papadopoulou' })).toBeTruthy();
  });

  it('offers a viewer neither add, edit nor delete (SPEC §6: no create-beneficiary)', async () => {
    const server = fakeServer();
    renderList(server.client, {
      ...demoSession.user,
      is_owner: false,
      employee_type: 'viewer',
    });
    await screen.findByRole('heading', { name: 'Maria Papadopoulou' });
    expect(screen.queryByRole('link', { name: 'Add beneficiary' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });
});
