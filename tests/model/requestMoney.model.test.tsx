import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  requestMoneyMachine,
  type RequestMoneyData,
  type SearchInput,
  type SendRequestInput,
} from '../../machines/requestMoney.machine';
import type { MoneyRequest } from '../../schemas/moneyRequests.schema';
import type { Contact } from '../../schemas/sendMoney.schema';
import { AppProviders } from '../../src/app/AppProviders';
import { AppShell } from '../../src/app/AppShell';
import { RequestMoneyScreen } from '../../src/screens/requests/RequestMoneyScreen';
import { generatePaths } from './generatePaths';
import {
  Deferreds,
  InstantBotCheck,
  runPath,
  signedInSession,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { demoSession } from './paths';
import { requestMoneyModel, requestMoneyPath, requestTexts } from './requestMoney.paths';

// Every generated path of request money (machines/requestMoney.machine.ts), run against the real screen at
// /my-wallet/request-money, signed in as the owner of an approved merchant.

type RequestActor = ActorRefFrom<typeof requestMoneyMachine>;

let journey: RequestActor | undefined;

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

const executors: Executors<typeof requestMoneyMachine> = {
  'load.retry': (app) => click(app, requestTexts.retry),
  'recipient.search': async (app, event) => {
    await retype(app, 'Wallet tag', event.query);
    await click(app, requestTexts.search);
  },
  'recipient.wallet': (app) => click(app, requestTexts.chooseBakery),
  'recipient.change': (app) => click(app, requestTexts.changeRecipient),
  'amount.submit': async (app, event) => {
    await app.user.selectOptions(screen.getByLabelText('Currency'), event.currency);
    await retype(app, `Amount (${event.currency})`, `${Number(event.amountMinor) / 100}.00`);
    await retype(app, 'Note (optional)', event.note);
    await click(app, requestTexts.send);
  },
  'request.again': (app) => click(app, requestTexts.again),
};

function LocationProbe({ into }: { into: { path: string } }) {
  const location = useLocation();
  useEffect(() => {
    into.path = location.pathname;
  }, [into, location.pathname]);
  return null;
}

/** The Idempotency-Key of each try, grouped by request: a new group starts after each request sent. */
let keys: string[][] = [[]];

function startApp(): RenderedApp {
  window.localStorage.clear();
  const effects = new Deferreds();
  const { clock, session, stop } = signedInSession(demoSession);
  const logic = requestMoneyMachine.provide({
    actors: {
      loadRequestMoney: effects.logic<RequestMoneyData, void>(),
      searchContacts: effects.logic<Contact[], SearchInput>(),
      requestMoney: effects.logic<MoneyRequest, SendRequestInput>(),
    },
  });
  const location = { path: requestMoneyPath };
  const element = (
    <RequestMoneyScreen
      logic={logic}
      inspect={(event) => {
        if (event.type === '@xstate.event' && event.actorRef.sessionId === event.rootId) {
          journey = event.actorRef as RequestActor;
        }
        if (event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId) {
          const snapshot = event.snapshot as ReturnType<RequestActor['getSnapshot']>;
          if (snapshot.matches('sending') && snapshot.context.attempt) {
            keys.at(-1)!.push(snapshot.context.attempt.idempotencyKey);
          }
          if (snapshot.matches('sent') && keys.at(-1)!.length > 0) keys.push([]);
        }
      }}
    />
  );
  render(
    <MemoryRouter initialEntries={[requestMoneyPath]}>
      <AppProviders session={session} botCheck={InstantBotCheck} locale="en">
        <AppShell>
          <Routes>
            <Route path={requestMoneyPath} element={element} />
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
    stop,
  };
}

const paths = generatePaths(requestMoneyModel);
let app: RenderedApp | undefined;
afterEach(() => {
  app?.stop();
  app = undefined;
  journey = undefined;
  keys = [[]];
});

describe(`requestMoney journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const runner: PathRunner<typeof requestMoneyMachine> = {
      model: requestMoneyModel,
      executors,
      live: () => {
        if (!journey) throw new Error('the screen runs no request-money journey');
        return journey.getSnapshot();
      },
    };
    app = startApp();
    await runPath(runner, path, app);
    // Every try of one request (the same body) carries the same Idempotency-Key.
    for (const group of keys) {
      for (const key of group) expect(key).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(group).size).toBeLessThanOrEqual(1);
    }
  });
});
