import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { type ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { transactionListMachine, type LoadTransactionsInput } from '../../machines/transactionList.machine';
import type { TransactionsPage } from '../../schemas/transactions.schema';
import { AppProviders } from '../../src/app/AppProviders';
import { AppShell } from '../../src/app/AppShell';
import { RequireAuth } from '../../src/app/guards';
import type { WalletServices } from '../../src/app/walletActors';
import { TransactionsScreen } from '../../src/screens/transactions/TransactionsScreen';
import { generatePaths } from './generatePaths';
import {
  Deferreds,
  InstantBotCheck,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
  signedInSession,
} from './harness';
import { demoSession } from './paths';
import { listTexts, startPath, transactionListModel } from './transactionList.paths';

// Every generated path of the transaction list (machines/transactionList.machine.ts), run against the real screen
// at /transactions, signed in as the owner; after each step the table must show exactly the rows loaded so far.

type ListActor = ActorRefFrom<typeof transactionListMachine>;

/** The journey under test, caught when the screen creates it. */
let journey: ListActor | undefined;

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

function LocationProbe({ into }: { into: { path: string } }) {
  const location = useLocation();
  useEffect(() => {
    into.path = location.pathname;
  }, [into, location.pathname]);
  return null;
}

/** The detail is not opened on these paths; its read never answers. */
const quietServices: WalletServices = {
  accounts: () => new Promise(() => {}),
  topUpDetails: () => new Promise(() => {}),
  transaction: () => new Promise(() => {}),
};

function startListApp(initialPath: string): RenderedApp {
  window.localStorage.clear();
  window.sessionStorage.clear();
  const effects = new Deferreds();
  const { clock, session, stop: stopSession } = signedInSession(demoSession);
  const logic = transactionListMachine.provide({
    actors: { loadTransactions: effects.logic<TransactionsPage, LoadTransactionsInput>() },
  });
  const location = { path: initialPath };
  render(
    <MemoryRouter initialEntries={[initialPath]}>
      <AppProviders session={session} botCheck={InstantBotCheck} locale="en">
        <AppShell>
          <Routes>
            <Route
              path="/transactions/:id?"
              element={
                <RequireAuth area="transactions">
                  <TransactionsScreen
                    logic={logic}
                    services={quietServices}
                    clock={clock}
                    inspect={(event) => {
                      if (event.type === '@xstate.event' && event.actorRef.sessionId === event.rootId) {
                        journey = event.actorRef as ListActor;
                      }
                    }}
                  />
                </RequireAuth>
              }
            />
          </Routes>
        </AppShell>
        <LocationProbe into={location} />
      </AppProviders>
    </MemoryRouter>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    clock,
    session,
    effects,
    path: () => location.path,
    stop: () => {
      stopSession();
    },
  };
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
let app: RenderedApp | undefined;
afterEach(() => {
  app?.stop();
  app = undefined;
  journey = undefined;
});

describe(`transactionList journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const live = () => {
      if (!journey) throw new Error('the screen runs no transaction list');
      return journey.getSnapshot();
    };
    const runner: PathRunner<typeof transactionListMachine> = {
      model: transactionListModel,
      executors,
      live,
    };
    app = startListApp(startPath);
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
