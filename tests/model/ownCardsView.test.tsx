import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { transactionListMachine } from '../../machines/transactionList.machine';
import type { TransactionsPage } from '../../schemas/transactions.schema';
import { RequireAuth } from '../../src/app/guards';
import type { WalletServices } from '../../src/app/walletActors';
import { TransactionsScreen } from '../../src/screens/transactions/TransactionsScreen';
import { renderScreen } from './harness';
import { demoSession } from './paths';

// An employee whose access level is `own` sees only their cards' payments (server/transactions.ts): the transactions
// page says so, and an empty list reads as "no payments with your cards", not as if the company had none. Statements
// carry the company's balances, so they are not offered.

const quietServices: WalletServices = {
  accounts: () => new Promise(() => {}),
  topUpDetails: () => new Promise(() => {}),
  transaction: () => new Promise(() => {}),
};

const emptyPage: TransactionsPage = { items: [], next_cursor: null };

function renderTransactions(accessLevel: 'own' | 'company') {
  renderScreen({
    path: '/transactions',
    session: {
      ...demoSession,
      user: { ...demoSession.user, is_owner: false, employee_type: 'viewer', access_level: accessLevel },
    },
    routes: (
      <Route
        path="/transactions/:id?"
        element={
          <RequireAuth area="transactions">
            <TransactionsScreen
              logic={transactionListMachine.provide({
                actors: { loadTransactions: fromPromise(async () => emptyPage) },
              })}
              services={quietServices}
            />
          </RequireAuth>
        }
      />
    ),
  });
}

describe('/transactions for a user who sees only their own cards', () => {
  it('says what the list covers, words the empty list as theirs, and offers no company statements', async () => {
    renderTransactions('own');
    await screen.findByText('No payments with your cards yet.');
    expect(
      screen.getByText(
        'Your cards and their transactions: the payments made with the cards given to you, not the company’s ' +
          'other transactions.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('No transactions yet.')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Export/ })).toBeNull();
  });

  it('keeps the company wording for a user who sees the company’s transactions', async () => {
    renderTransactions('company');
    await screen.findByText('No transactions yet.');
    expect(screen.queryByText(/Your cards and their transactions/)).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Export/ }).length).toBeGreaterThan(0);
  });
});
