import { screen, waitFor, within } from '@testing-library/react';
import { type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { transactionListMachine, type LoadTransactionsInput } from '../../machines/transactionList.machine';
import type { TransactionsPage } from '../../schemas/transactions.schema';
import { RequireAuth } from '../../src/app/guards';
import type { WalletServices } from '../../src/app/walletActors';
import { TransactionsScreen } from '../../src/screens/transactions/TransactionsScreen';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { listTexts, startPath, transactionListModel } from './transactionList.paths';

// Every generated path of the transaction list (machines/transactionList.machine.ts), run against the real screen
// at /transactions, signed in as the owner; after each step the table must show exactly the rows loaded so far.

type ListActor = ActorRefFrom<typeof transactionListMachine>;

const journey = journeyCapture<ListActor>('transaction list');

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

const executors: Executors<typeof transactionListMachine> = {
  'filters.change': async (app, event) => {
    if (Object.keys(event.filters).length === 0) return click(app, listTexts.clear);
    // Every field as the event says: the form starts from the filters in the address.
    await app.user.selectOptions(screen.getByLabelText(listTexts.type), listTexts.incoming);
    await app.user.selectOptions(
      screen.getByLabelText(listTexts.account),
      event.filters.account ? event.filters.account.toUpperCase() : listTexts.allAccounts,
    );
    const search = screen.getByLabelText(listTexts.search);
    await app.user.clear(search);
    await app.user.type(search, event.filters.q ?? '');
    await click(app, listTexts.apply);
  },
  'list.loadMore': (app) => click(app, listTexts.loadMore),
  'list.retry': (app) => click(app, listTexts.retry),
};

/** The detail is not opened on these paths; its read never answers. */
const quietServices: WalletServices = {
  accounts: () => new Promise(() => {}),
  topUpDetails: () => new Promise(() => {}),
  transaction: () => new Promise(() => {}),
};

function startListApp(initialPath: string): RenderedApp {
  return renderJourneyScreen<ListActor>({
    path: initialPath,
    route: '/transactions/:id?',
    journey,
    screen: ({ effects, clock, inspect }) => (
      <RequireAuth area="transactions">
        <TransactionsScreen
          logic={transactionListMachine.provide({
            actors: { loadTransactions: effects.logic<TransactionsPage, LoadTransactionsInput>() },
          })}
          services={quietServices}
          clock={clock}
          inspect={inspect}
        />
      </RequireAuth>
    ),
  });
}

/** Data rows of the table (the header row aside), by their counterparty. */
function shownRows(): string[] {
  const main = screen.getByRole('main');
  const table = within(main).queryByRole('table', { name: /newest first/ });
  if (!table) return [];
  return within(table)
    .queryAllByRole('rowheader')
    .map((cell) => cell.textContent ?? '');
}

const paths = generatePaths(transactionListModel);

describe(`transactionList journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const runner: PathRunner<typeof transactionListMachine> = {
      model: transactionListModel,
      executors,
      live: () => journey.snapshot(),
    };
    const app = startListApp(startPath);
    for (let end = 1; end <= path.steps.length; end++) {
      await runPath(runner, { ...path, steps: path.steps.slice(end - 1, end) }, app);
      const state = path.steps[end - 1]!.state;
      const expected = state.matches('loading')
        ? []
        : state.context.items.map((item) => item.counterparty.name);
      await waitFor(() => expect(shownRows()).toEqual(expected));
    }
  });
});
