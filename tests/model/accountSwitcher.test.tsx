import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CoreBankingAccountsResponse } from '../../schemas/accounts.schema';
import type { SessionResponse } from '../../schemas/auth.schema';
import { announceMoneyChanged } from '../../src/api/moneyEvents';
import {
  AccountsServiceContext,
  currentAccountStorageKey,
  type LoadAccounts,
} from '../../src/app/currentAccount';
import type { Locale } from '../../src/i18n/locale';
import { renderScreen, SignedInStandIn } from './harness';
import { demoSession } from './paths';

// The header's account switcher (issue 19, "A phone-first shell"): the merchant's name, and a button naming the
// current account that opens the merchant's accounts with their available balances. Choosing one opens it and makes
// it the current account for the session; the keyboard alone works it (arrow keys, Escape back to the button); a role
// that may not open the accounts (SPEC §6) sees no switcher and the app asks the server nothing for it.

const accounts: CoreBankingAccountsResponse = {
  wallet_tag: '@demo-coffee',
  accounts: [
    {
      id: 'a-eur',
      name: 'Main account',
      currency: 'EUR',
      account_type: 'eur',
      iban: 'GR1601101250000000012300695',
      balance: { amount_minor: '125000', currency: 'EUR' },
      available_balance: { amount_minor: '123456', currency: 'EUR' },
    },
    {
      id: 'a-usd',
      name: 'Dollar account',
      currency: 'USD',
      account_type: 'usd',
      iban: 'GR1601101250000000012300696',
      balance: { amount_minor: '5000', currency: 'USD' },
      available_balance: { amount_minor: '5000', currency: 'USD' },
    },
  ],
};

/** Stands in for the account page: says which account it shows. */
function AccountStandIn() {
  const { accountType } = useParams();
  return <h1>Account {accountType}</h1>;
}

function renderShell({
  path = '/dashboard',
  session = demoSession,
  locale = 'en',
  load = vi.fn<LoadAccounts>(async () => accounts),
}: {
  path?: string;
  session?: SessionResponse;
  locale?: Locale;
  load?: ReturnType<typeof vi.fn<LoadAccounts>>;
} = {}) {
  const app = renderScreen({
    path,
    session,
    locale,
    routes: (
      <>
        <Route path="/dashboard" element={<SignedInStandIn />} />
        <Route path="/overview" element={<SignedInStandIn />} />
        <Route path="/my-wallet/my-accounts/:accountType" element={<AccountStandIn />} />
      </>
    ),
    wrap: (page) => <AccountsServiceContext.Provider value={load}>{page}</AccountsServiceContext.Provider>,
  });
  return { ...app, load };
}

const withUser = (user: Partial<SessionResponse['user']>): SessionResponse => ({
  ...demoSession,
  user: { ...demoSession.user, ...user },
});

const header = () => screen.getByRole('banner');
const switcher = async (name: RegExp | string = /, switch account$/) =>
  within(await screen.findByRole('banner')).findByRole('button', { name });

describe('the account switcher in the header', () => {
  it('names the merchant and lists the accounts with their available balances', async () => {
    renderShell();
    await screen.findByRole('heading', { level: 1, name: 'Demo Coffee' });
    const name = within(header()).getByText('Demo Coffee');
    expect(name.getAttribute('title')).toBe('Demo Coffee');

    const button = await switcher('EUR account, switch account');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = within(header()).getByRole('list', { name: 'Your accounts' });
    expect(button.getAttribute('aria-controls')).toBe(list.id);
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'EUR account€1,234.56 available',
      'USD account$50.00 available',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/my-wallet/my-accounts/eur',
      '/my-wallet/my-accounts/usd',
    ]);
    // The first account is the current one until another is chosen, and focus starts on it.
    expect(links[0]!.getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(links[0]);
  });

  it('works with the keyboard alone: arrows move, Escape closes back to the button, Enter opens an account', async () => {
    const app = renderShell();
    const button = await switcher('EUR account, switch account');
    button.focus();
    await app.user.keyboard('{Enter}');
    const list = within(header()).getByRole('list', { name: 'Your accounts' });
    const [eur, usd] = within(list).getAllByRole('link');
    expect(document.activeElement).toBe(eur);
    await app.user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(usd);
    await app.user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(eur);
    await app.user.keyboard('{End}');
    expect(document.activeElement).toBe(usd);

    await app.user.keyboard('{Escape}');
    expect(within(header()).queryByRole('list', { name: 'Your accounts' })).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');

    // ArrowDown on the button opens the list too.
    await app.user.keyboard('{ArrowDown}');
    await app.user.keyboard('{ArrowDown}');
    await app.user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Account usd' });
    expect(app.path()).toBe('/my-wallet/my-accounts/usd');
    expect(within(header()).queryByRole('list')).toBeNull();
    await switcher('USD account, switch account');
    expect(window.sessionStorage.getItem(currentAccountStorageKey)).toBe('usd');

    // Remembered for the session: elsewhere the switcher still names USD, and USD is marked current in the list.
    await app.navigate('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Demo Coffee' });
    const again = await switcher('USD account, switch account');
    expect(again.getAttribute('aria-expanded'), 'closed: it was left by a link').toBe('false');
    await app.user.click(again);
    const current = within(header())
      .getAllByRole('link')
      .find((link) => link.getAttribute('aria-current') === 'true');
    expect(current?.getAttribute('href')).toBe('/my-wallet/my-accounts/usd');
  });

  it('closes when focus or a click goes elsewhere, and follows an account opened by its address', async () => {
    const app = renderShell({ path: '/my-wallet/my-accounts/usd' });
    await switcher('USD account, switch account');
    await app.user.click(await switcher());
    expect(within(header()).getByRole('list', { name: 'Your accounts' })).toBeTruthy();
    await app.user.click(screen.getByRole('heading', { level: 1, name: 'Account usd' }));
    expect(within(header()).queryByRole('list')).toBeNull();

    await app.user.click(await switcher());
    // From the current account (the last) back past the first and the button.
    await app.user.tab({ shift: true });
    await app.user.tab({ shift: true });
    expect(within(header()).getByRole('list', { name: 'Your accounts' })).toBeTruthy();
    await app.user.tab({ shift: true });
    expect(within(header()).queryByRole('list')).toBeNull();
  });

  it('reads the balances again after money moved in this app', async () => {
    const app = renderShell();
    await switcher();
    expect(app.load).toHaveBeenCalledTimes(1);
    app.load.mockResolvedValue({
      ...accounts,
      accounts: [
        { ...accounts.accounts[0]!, available_balance: { amount_minor: '100000', currency: 'EUR' } },
        accounts.accounts[1]!,
      ],
    });
    act(() => announceMoneyChanged({ cause: 'POST /api/merchants/send_money/' }));
    await waitFor(() => expect(app.load).toHaveBeenCalledTimes(2));
    await app.user.click(await switcher());
    await within(header()).findByRole('link', { name: /€1,000\.00 available/ });
  });

  it('speaks Greek', async () => {
    renderShell({ locale: 'el' });
    const button = await switcher('Λογαριασμός EUR, αλλαγή λογαριασμού');
    await act(async () => button.click());
    const list = within(header()).getByRole('list', { name: 'Οι λογαριασμοί σας' });
    expect(
      within(list)
        .getAllByRole('link')[0]!
        .textContent?.replace(/\u00a0/g, ' '),
    ).toBe('Λογαριασμός EUR1.234,56 € διαθέσιμα');
  });

  it.each([
    ['a viewer', withUser({ is_owner: false, employee_type: 'viewer' })],
    ['a cardholder', withUser({ is_owner: false, employee_type: 'employee' })],
    ['an admin', withUser({ is_owner: false, employee_type: 'admin' })],
    [
      'the owner of a merchant still in review',
      withUser({ merchant: { ...demoSession.user.merchant, status: 'in_review' } }),
    ],
  ])('is not shown to %s, and nothing is asked of the server for it', async (_who, session) => {
    const app = renderShell({ session, path: '/overview' });
    await screen.findByRole('heading', { level: 1, name: 'Demo Coffee' });
    // The name is theirs to see; the accounts are not.
    expect(within(header()).getByText('Demo Coffee')).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(within(header()).queryByRole('button', { name: /account/i })).toBeNull();
    expect(app.load).not.toHaveBeenCalled();
  });

  it('stays away when the accounts cannot be read', async () => {
    const load = vi.fn<LoadAccounts>(async () => {
      throw { kind: 'network' };
    });
    const app = renderShell({ load });
    await waitFor(() => expect(app.load).toHaveBeenCalled());
    await screen.findByRole('heading', { level: 1, name: 'Demo Coffee' });
    expect(within(header()).queryByRole('button', { name: /switch account/ })).toBeNull();
  });
});
