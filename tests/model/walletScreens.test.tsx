import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../machines/apiFailure';
import type { CoreBankingAccountsResponse } from '../../schemas/accounts.schema';
import type { Transaction } from '../../schemas/transactions.schema';
import type { WalletServices } from '../../src/app/walletActors';
import { TransactionDetail } from '../../src/screens/transactions/TransactionDetail';
import { TopUpDetailsScreen } from '../../src/screens/wallet/TopUpDetailsScreen';
import { WalletScreen } from '../../src/screens/wallet/WalletScreen';
import { renderScreen } from './harness';
import { demoSession } from './paths';
import { pages } from './transactionList.paths';

// The wallet screens and the transaction detail with fake reads: what each shows, per role and per answer.

const accounts = {
  wallet_tag: '@demo-coffee',
  accounts: [
    {
      id: '00000000-0000-4000-8000-0000000000e1',
      name: 'Main account',
      currency: 'EUR',
      account_type: 'eur',
      iban: 'GR8202600010000000000000001',
      balance: { amount_minor: '213580', currency: 'EUR' },
      available_balance: { amount_minor: '200000', currency: 'EUR' },
    },
  ],
} satisfies CoreBankingAccountsResponse;

const notFound: ApiFailure = { kind: 'http', status: 404, code: 'not_found', message: 'Nothing here.' };

function services(overrides: Partial<WalletServices> = {}): WalletServices {
  return {
    accounts: async () => accounts,
    topUpDetails: async () => Promise.reject(notFound),
    transaction: async () => Promise.reject(notFound),
    ...overrides,
  };
}

function renderAt(path: string, route: string, element: React.ReactNode, viewer = false) {
  renderScreen({
    path,
    session: viewer
      ? { ...demoSession, user: { ...demoSession.user, is_owner: false, employee_type: 'viewer' } }
      : demoSession,
    shell: false,
    routes: <Route path={route} element={element} />,
  });
}

describe('/my-wallet', () => {
  it('shows the tag, balance and available balance, and links to top-up details and transactions', async () => {
    renderAt('/my-wallet', '/my-wallet', <WalletScreen services={services()} />);
    const card = await screen.findByRole('region', { name: 'EUR account' });
    expect(screen.getByText('@demo-coffee')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy wallet tag' })).toBeTruthy();
    expect(card.textContent).toContain('€2,135.80');
    expect(card.textContent).toContain('€2,000.00');
    expect(card.textContent).toContain('GR82 0260 0010 0000 0000 0000 001');
    await waitFor(() =>
      expect(
        within(card).getByRole('link', { name: 'Top-up details of the EUR account' }).getAttribute('href'),
      ).toBe('/my-wallet/my-accounts/eur'),
    );
    expect(
      within(card).getByRole('link', { name: 'Transactions of the EUR account' }).getAttribute('href'),
    ).toBe('/transactions?account=eur');
  });

  it('offers no top-up details to a viewer (SPEC §6)', async () => {
    renderAt('/my-wallet', '/my-wallet', <WalletScreen services={services()} />, true);
    const card = await screen.findByRole('region', { name: 'EUR account' });
    await waitFor(() => expect(within(card).getByRole('link', { name: /^Transactions/ })).toBeTruthy());
    expect(within(card).queryByRole('link', { name: /^Top-up details/ })).toBeNull();
  });

  it('says "No data found for this currency." without accounts', async () => {
    renderAt(
      '/my-wallet',
      '/my-wallet',
      <WalletScreen services={services({ accounts: async () => ({ wallet_tag: null, accounts: [] }) })} />,
    );
    await screen.findByText('No data found for this currency.');
    expect(screen.getByText('You have no wallet tag yet.')).toBeTruthy();
  });
});

describe('/my-wallet/my-accounts/:accountType?', () => {
  it('answers an account the merchant does not hold with a not-found message', async () => {
    renderAt(
      '/my-wallet/my-accounts/jpy',
      '/my-wallet/my-accounts/:accountType?',
      <TopUpDetailsScreen services={services()} />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('No data found for this currency.');
  });
});

describe('transaction detail', () => {
  it('says when a transaction is not found (unknown or another merchant’s)', async () => {
    renderAt('/t', '/t', <TransactionDetail id="unknown" services={services()} closeTo="/transactions" />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This transaction was not found. It may belong to another account.',
    );
  });

  it('shows both currencies, fee, total and the exchange rate', async () => {
    const crossCurrency: Transaction = {
      ...pages.first.items[1]!,
      reference: 'Invoice 42',
      amount: { amount_minor: '10000', currency: 'EUR' },
      fee: { amount_minor: '150', currency: 'EUR' },
      total: { amount_minor: '10150', currency: 'EUR' },
      original_amount: { amount_minor: '10842', currency: 'USD' },
      original_fee: { amount_minor: '163', currency: 'USD' },
      original_total: { amount_minor: '11005', currency: 'USD' },
      exchange_rate: { from: 'EUR', to: 'USD', rate: '1.0842' },
    };
    renderAt(
      '/t',
      '/t',
      <TransactionDetail
        id={crossCurrency.id}
        services={services({ transaction: async () => crossCurrency })}
        closeTo="/transactions"
      />,
    );
    const amounts = await screen.findByRole('table', { name: 'Amounts' });
    const row = (name: string) =>
      within(amounts)
        .getByRole('rowheader', { name })
        .closest('tr')!
        .textContent?.replace(/\u00a0/g, ' ');
    expect(row('Amount')).toBe('Amount−€100.00−$108.42');
    expect(row('Fee')).toBe('Fee€1.50$1.63');
    expect(row('Total')).toBe('Total−€101.50−$110.05');
    expect(screen.getByText('1 EUR = 1.0842 USD')).toBeTruthy();
    expect(screen.getByText('Invoice 42')).toBeTruthy();
    expect(screen.getByText('Bank transfer')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
  });
});
