import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { Employee, Invitation } from '../../schemas/employees.schema';
import type { HomeOverviewResponse } from '../../schemas/home.schema';
import type { Area } from '../../schemas/permissions';
import { createApiClient } from '../../src/api/client';
import { RequireAuth } from '../../src/app/guards';
import { createInviteEmployeeLogic, createTeamLogic } from '../../src/app/teamActors';
import { OverviewScreen } from '../../src/screens/overview/OverviewScreen';
import { AddEmployeesScreen } from '../../src/screens/team/AddEmployeesScreen';
import { EmployeesScreen } from '../../src/screens/team/EmployeesScreen';
import { renderScreen, untilSignedIn } from './harness';
import { acceptedEarlier, nikos, pendingMaria } from './inviteEmployee.paths';
import { demoSession } from './paths';
import { cardholder, team, viewer } from './team.paths';

// The team pages (/my-employees, /my-employees/add-employees) and the overview (/overview) against a fake server
// through the real API client and actors: what they list, what they send, the confirmations and the toasts, per role.

type Answer = { status: number; body: unknown };
type Call = { method: string; path: string; body: unknown };

const json = ({ status, body }: Answer) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: answers by "METHOD /path", records every call. */
function fakeServer(answers: Record<string, Answer | ((call: Call) => Answer)>) {
  const calls: Call[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url, 'http://localhost');
    const text = request.method === 'GET' ? '' : await request.text();
    const call = { method: request.method, path: url.pathname, body: text ? JSON.parse(text) : null };
    calls.push(call);
    const answer = answers[`${request.method} ${url.pathname}`];
    if (!answer)
      return json({ status: 404, body: { error: { code: 'not_found', message: 'Nothing here.' } } });
    return json(typeof answer === 'function' ? answer(call) : answer);
  };
  const client = createApiClient({
    hooks: () => ({ getAccessToken: () => 'token' }),
    fetch,
    baseUrl: 'http://localhost',
    maxWaitMs: 0,
  });
  return { client, calls };
}

const areaOf = (path: string): Area =>
  path === '/my-employees'
    ? 'my-employees'
    : path === '/my-employees/add-employees'
      ? 'add-employees'
      : 'overview';

const roleUser = (role: 'owner' | 'admin' | 'employee' | 'viewer'): SessionResponse['user'] =>
  role === 'owner' ? demoSession.user : { ...demoSession.user, is_owner: false, employee_type: role };

/** Renders `element` at `path` behind the app's guard for `area`, as the route table does. */
function renderAt(
  path: string,
  element: ReactNode,
  role: Parameters<typeof roleUser>[0] = 'owner',
  area: Area = areaOf(path),
) {
  const app = renderScreen({
    path,
    session: { ...demoSession, user: roleUser(role) },
    routes: <Route path={path} element={<RequireAuth area={area}>{element}</RequireAuth>} />,
  });
  return { ...app.view, userLoaded: () => untilSignedIn(app) };
}

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.help}`,
  );

const facts = (item: HTMLElement) =>
  Object.fromEntries(
    within(item)
      .getAllByRole('term')
      // The first text of each value: the role's description follows its name in the same value.
      .map((term) => [term.textContent, term.nextElementSibling?.firstChild?.textContent]),
  );

/** The role's description under its name (schemas/permissions.ts `roleDescriptions`). */
const roleDescription = (item: HTMLElement) =>
  within(item).getByText('Role').nextElementSibling?.lastChild?.textContent;

describe('/my-employees', () => {
  it('lists each person with role, status, access and cards; the owner first and not changeable', async () => {
    const { client } = fakeServer({
      'GET /api/merchants/employees/': { status: 200, body: { items: team } },
    });
    const view = renderAt('/my-employees', <EmployeesScreen logic={createTeamLogic(client)} />);
    const list = await screen.findByRole('list', { name: 'Employees' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Dora Demou (you)',
      'Nikos Pappas',
      'Eleni Georgiou',
    ]);
    expect(facts(items[0]!)).toEqual({
      Role: 'Owner',
      Status: 'Enabled',
      Access: 'Everything',
      Cards: 'Shop card •••• 4242',
    });
    expect(facts(items[1]!)).toEqual({
      Role: 'Viewer',
      Status: 'Enabled',
      Access: 'Company balances and transactions',
      Cards: 'None',
    });
    expect(facts(items[2]!)).toEqual({
      Role: 'Cardholder',
      Status: 'Disabled',
      Access: 'Their own cards and their payments only',
      Cards: 'Ads online •••• 9911',
    });
    expect(roleDescription(items[0]!)).toBe(
      'Sees everything. Changes everything: pays, orders cards, manages the team, the plan and the company profile.',
    );
    expect(roleDescription(items[1]!)).toBe(
      'Sees Overview, Dashboard, Analytics, Transactions, Cards, Wallet, Scheduled payments, Beneficiaries, QR codes, ' +
        'Cashback, and Team. Changes nothing: cannot pay, order cards, or change the plan or the team.',
    );
    // Access `own`: the areas that show only the company's money are not promised.
    expect(roleDescription(items[2]!)).toBe(
      'Sees Overview, Transactions, and Cards. Can freeze, limit and set the PIN of their own cards only; cannot pay, ' +
        'order cards, or change the plan or the team.',
    );
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Disable Nikos Pappas' })).toBeTruthy();
    expect(within(items[2]!).getByRole('button', { name: 'Enable Eleni Georgiou' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invite employees' }).getAttribute('href')).toBe(
      '/my-employees/add-employees',
    );
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Team' }).getAttribute('href')).toBe('/my-employees');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('disables an employee only after the confirmation, and says so', async () => {
    const { client, calls } = fakeServer({
      'GET /api/merchants/employees/': { status: 200, body: { items: team } },
      [`PATCH /api/merchants/employees/${viewer.id}/status/`]: {
        status: 200,
        body: { ...viewer, status: 'disabled' } satisfies Employee,
      },
    });
    renderAt('/my-employees', <EmployeesScreen logic={createTeamLogic(client)} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable Nikos Pappas' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable Nikos Pappas?' });
    expect(dialog.textContent).toContain('Nikos Pappas will be signed out at once');
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Disable Nikos Pappas' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));
    await screen.findByText('Status updated');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        path: `/api/merchants/employees/${viewer.id}/status/`,
        body: { status: 'disabled' },
      },
    ]);
    expect(await screen.findByRole('button', { name: 'Enable Nikos Pappas' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells when the status could not be changed (SPEC §8)', async () => {
    const { client } = fakeServer({
      'GET /api/merchants/employees/': { status: 200, body: { items: team } },
      [`PATCH /api/merchants/employees/${cardholder.id}/status/`]: {
        status: 403,
        body: { error: { code: 'forbidden', message: 'No.' } },
      },
    });
    renderAt('/my-employees', <EmployeesScreen logic={createTeamLogic(client)} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enable Eleni Georgiou' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Enable Eleni Georgiou?' })).getByRole('button', {
        name: 'Enable',
      }),
    );
    await screen.findByText('Could not update employee status, try again later');
    expect(screen.getByRole('button', { name: 'Enable Eleni Georgiou' })).toBeTruthy();
  });

  it('shows a viewer the team without any way to change it', async () => {
    const { client } = fakeServer({
      'GET /api/merchants/employees/': { status: 200, body: { items: team } },
    });
    const view = renderAt('/my-employees', <EmployeesScreen logic={createTeamLogic(client)} />, 'viewer');
    await view.userLoaded();
    await screen.findByRole('list', { name: 'Employees' });
    expect(screen.getByText('You can see the team; only the owner can change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Disable|Enable) / })).toBeNull();
    expect(screen.getByRole('link', { name: 'Pending invitations' })).toBeTruthy();
  });
});

describe('the Team link in the header', () => {
  it.each([
    ['owner', true],
    ['viewer', true],
    ['admin', false],
    ['employee', false],
  ] as const)('for %s: %s', async (role, shown) => {
    const view = renderAt('/overview', <p>Page</p>, role);
    await view.userLoaded();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Team' }) !== null).toBe(shown);
  });
});

describe('/my-employees/add-employees', () => {
  const invited = {
    ...nikos,
    id: '00000000-0000-4000-8000-0000000000d2',
    state: 'pending',
    invited_by: 'Dora Demou',
    created_at: '2026-01-15T09:00:00.000Z',
    expires_at: '2026-01-18T09:00:00.000Z',
  } satisfies Invitation;

  it('invites a viewer who sees the company’s balances, and lists the invitation as pending', async () => {
    const { client, calls } = fakeServer({
      'GET /api/merchants/invitations/': { status: 200, body: { items: [pendingMaria, acceptedEarlier] } },
      'POST /api/merchants/invitations/': { status: 201, body: invited },
    });
    const view = renderAt(
      '/my-employees/add-employees',
      <AddEmployeesScreen logic={createInviteEmployeeLogic(client)} />,
    );
    const user = userEvent.setup();
    const pending = await screen.findByRole('region', { name: 'Pending invitations' });
    // Only pending invitations are listed.
    expect(within(pending).getAllByRole('listitem')).toHaveLength(1);
    expect(within(pending).getByText('Maria Kosta · maria@demo-coffee.test')).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);

    // Nothing is sent while the form is incomplete.
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByText('Enter their email address, like name@example.com.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'Nikos@Demo-Coffee.test');
    await user.type(screen.getByLabelText('First name'), 'Nikos');
    await user.type(screen.getByLabelText('Last name'), 'Pappas');
    // The hint under the role says what it lets the person do: Admin honestly the same as Cardholder (SPEC §6).
    await user.selectOptions(screen.getByLabelText('Role'), screen.getByRole('option', { name: 'Admin' }));
    expect(screen.getByLabelText('Role').getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(
        'Admin: Sees Overview, Transactions, and Cards. Can freeze, limit and set the PIN of their own cards only; ' +
          'cannot pay, order cards, or change the plan or the team. The same access as a Cardholder.',
      ),
    ).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Role'), screen.getByRole('option', { name: 'Viewer' }));
    await user.click(screen.getByRole('radio', { name: 'Company balances and transactions' }));
    expect(screen.getByText(/^Viewer: Sees Overview, Dashboard, Analytics, .* Changes nothing/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/merchants/invitations/', body: nikos },
    ]);
    await waitFor(() => expect(within(pending).getAllByRole('listitem')).toHaveLength(2));
    expect(within(pending).getAllByRole('listitem')[0]!.textContent).toContain(
      'Nikos Pappas · nikos@demo-coffee.test',
    );
    // The form is empty again for the next person.
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('');
  });

  it('says why an invitation was refused, keeping what was typed', async () => {
    const { client } = fakeServer({
      'GET /api/merchants/invitations/': { status: 200, body: { items: [] } },
      'POST /api/merchants/invitations/': {
        status: 409,
        body: { error: { code: 'conflict', message: 'Taken.' } },
      },
    });
    renderAt('/my-employees/add-employees', <AddEmployeesScreen logic={createInviteEmployeeLogic(client)} />);
    const user = userEvent.setup();
    await screen.findByText('No invitations are waiting.');
    await user.type(screen.getByLabelText('Email'), nikos.email);
    await user.type(screen.getByLabelText('First name'), 'Nikos');
    await user.type(screen.getByLabelText('Last name'), 'Pappas');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This person already has a Tameio account or a pending invitation from you.',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe(nikos.email);
  });

  it('cancels a pending invitation after the confirmation', async () => {
    const { client, calls } = fakeServer({
      'GET /api/merchants/invitations/': { status: 200, body: { items: [pendingMaria] } },
      [`POST /api/merchants/invitations/${pendingMaria.id}/cancel/`]: {
        status: 200,
        body: { ...pendingMaria, state: 'cancelled' } satisfies Invitation,
      },
    });
    renderAt('/my-employees/add-employees', <AddEmployeesScreen logic={createInviteEmployeeLogic(client)} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel invitation to Maria Kosta' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the invitation to Maria Kosta?' });
    expect(dialog.textContent).toContain('The link sent to maria@demo-coffee.test will stop working.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel invitation to Maria Kosta' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel invitation' }));
    await screen.findByText('Invitation cancelled');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/merchants/invitations/${pendingMaria.id}/cancel/`, body: null },
    ]);
    expect(await screen.findByText('No invitations are waiting.')).toBeTruthy();
  });

  it('tells when an invitation could not be cancelled (SPEC §8)', async () => {
    const { client } = fakeServer({
      'GET /api/merchants/invitations/': { status: 200, body: { items: [pendingMaria] } },
      [`POST /api/merchants/invitations/${pendingMaria.id}/cancel/`]: {
        status: 409,
        body: { error: { code: 'conflict', message: 'Not pending.' } },
      },
    });
    renderAt('/my-employees/add-employees', <AddEmployeesScreen logic={createInviteEmployeeLogic(client)} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel invitation to Maria Kosta' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel invitation' }));
    await screen.findByText('Invitation could not be cancelled');
    expect(screen.getByRole('button', { name: 'Cancel invitation to Maria Kosta' })).toBeTruthy();
  });

  it('shows a viewer the pending invitations and no form', async () => {
    const { client } = fakeServer({
      'GET /api/merchants/invitations/': { status: 200, body: { items: [pendingMaria] } },
    });
    const view = renderAt(
      '/my-employees/add-employees',
      <AddEmployeesScreen logic={createInviteEmployeeLogic(client)} />,
      'viewer',
    );
    await view.userLoaded();
    await screen.findByText('Maria Kosta · maria@demo-coffee.test');
    expect(screen.getByText('Only the owner can invite employees or cancel invitations.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel invitation/ })).toBeNull();
  });
});

describe('/overview', () => {
  const overview = {
    merchant: { id: demoSession.user.merchant.id, name: 'Demo Coffee' },
    access: 'company',
    my_cards: [
      {
        id: '00000000-0000-4000-8000-0000000000c2',
        name: 'Ads online',
        last4: '9911',
        form: 'virtual',
        colour: 'coral',
        status: 'active',
      },
    ],
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
        counterparty: 'Olive Press',
        type: 'card_transaction',
        status: 'completed',
        amount: { amount_minor: '1250', currency: 'EUR' },
        direction: 'out',
      },
    ],
    cashback: null,
    scheduled_payments: null,
    welcome_checklist: null,
    balance_history: null,
    needs_attention: null,
  } satisfies HomeOverviewResponse;

  it('shows an employee with company access their cards, the accounts and the latest transactions', async () => {
    const view = renderAt('/overview', <OverviewScreen loadOverview={async () => overview} />, 'admin');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    const cards = screen.getByRole('region', { name: 'Your cards' });
    expect(within(cards).getByRole('link', { name: 'Ads online •••• 9911' }).getAttribute('href')).toBe(
      `/cards/${overview.my_cards[0]!.id}`,
    );
    expect(
      within(cards).getByText('Virtual card “Ads online”, Coral, number ending in 9911, Active'),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Accounts' }).textContent).toContain('€2,135.80');
    expect(screen.getByRole('region', { name: 'Latest transactions' }).textContent).toContain('Olive Press');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('shows an employee who sees only their own cards no balances', async () => {
    const own = {
      ...overview,
      access: 'own',
      total_balance: [],
      accounts: [],
    } satisfies HomeOverviewResponse;
    renderAt('/overview', <OverviewScreen loadOverview={async () => own} />, 'employee');
    await screen.findByText('Demo Coffee: your cards and the payments made with them.');
    expect(screen.getByRole('region', { name: 'Your cards' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Accounts' })).toBeNull();
    // The list is of their cards' payments, and says so (not "Latest transactions" of the company).
    expect(screen.getByRole('region', { name: 'Latest payments with your cards' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Latest transactions' })).toBeNull();
  });

  it('says when no card is assigned', async () => {
    renderAt(
      '/overview',
      <OverviewScreen loadOverview={async () => ({ ...overview, my_cards: [] })} />,
      'viewer',
    );
    await screen.findByText('No cards are assigned to you yet.');
    expect(
      screen.getByText('Demo Coffee: your cards, the company’s accounts and its latest transactions.'),
    ).toBeTruthy();
  });
});
