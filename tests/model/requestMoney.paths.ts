import type { ApiFailure } from '../../machines/apiFailure';
import {
  requestBodyOf,
  requestMoneyMachine,
  selectRequestMoneyStep,
  type RequestMoneyContext,
  type RequestMoneyError,
  type RequestMoneyEvent,
  type RequestMoneySnapshot,
} from '../../machines/requestMoney.machine';
import { testKeySeed } from '../../machines/attemptKeys';
import { money } from '../../machines/ruleWords';
import type { MoneyRequest } from '../../schemas/moneyRequests.schema';
import { browserButtons } from './browserHistory';
import {
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
  failureWords,
  pathTitle,
} from './generatePaths';

/*
 * The test model of request money (machines/requestMoney.machine.ts), run on the real screen at
 * /my-wallet/request-money by requestMoney.model.test.tsx: Demo Coffee asks Demo Bakery (found by tag) for €150.00,
 * with the refusals the screen words differently and a retry after no answer.
 */

export const requestMoneyPath = '/my-wallet/request-money';

const eur = (amount_minor: string) => ({ amount_minor, currency: 'EUR' });

export const requesterAccount = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Main account',
  currency: 'EUR',
  account_type: 'eur',
  iban: 'GR1601101250000000000000001',
  balance: eur('213580'),
  available_balance: eur('213580'),
};

const coffee = { name: 'Demo Coffee', wallet_tag: '@demo-coffee' };
const bakery = { name: 'Demo Bakery', wallet_tag: '@demo-bakery' };

export const earlierRequest = {
  id: '00000000-0000-4000-8000-0000000000f0',
  status: 'accepted',
  amount: eur('4200'),
  note: 'Catering',
  requester: coffee,
  payee: bakery,
  created_at: '2026-01-10T09:00:00.000Z',
  decided_at: '2026-01-10T10:00:00.000Z',
  transaction_id: '00000000-0000-4000-8000-0000000000e0',
} satisfies MoneyRequest;

function createdOf(context: RequestMoneyContext): MoneyRequest {
  const body = requestBodyOf(context);
  return {
    id: '00000000-0000-4000-8000-0000000000f1',
    status: 'pending',
    amount: { amount_minor: body.amount_minor, currency: body.currency },
    note: body.note ?? null,
    requester: coffee,
    payee: bakery,
    created_at: '2026-01-15T09:00:00.000Z',
    decided_at: null,
    transaction_id: null,
  };
}

/** What recording a request changes (server/payments/moneyRequests.ts `requestMoney`): a row, no money. */
function requestEffect(context: RequestMoneyContext): string {
  const body = requestBodyOf(context);
  const note = body.note ? `note "${body.note}"` : 'no note';
  return (
    `a money request is stored (money_requests: status pending, ${money(body.amount_minor, body.currency)} asked of ` +
    `${bakery.name} (${body.wallet_tag}), ${note}, requested_by the signed-in user) and ${bakery.name} is notified ` +
    '(money_request_received); no money moves until the payee accepts it, and both balances stay as they were.'
  );
}

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const requestMoneyFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'recipient.search': [
      {
        event: { type: 'recipient.search', query: '@demo' },
        does: 'Type "@demo" as Wallet tag, click "Search"',
      },
    ],
    'recipient.wallet': [
      {
        event: { type: 'recipient.wallet', walletTag: '@demo-bakery', name: 'Demo Bakery' },
        does: 'Click "Choose Demo Bakery (@demo-bakery)"',
      },
    ],
    'recipient.change': [{ event: { type: 'recipient.change' }, does: 'Click "Change recipient"' }],
    'amount.edit': [
      {
        event: { type: 'amount.edit', currency: 'EUR', amount: '150.00', note: 'Invoice 42' },
        does: 'Choose EUR, type 150.00 as Amount and "Invoice 42" as Note (do not send yet)',
      },
    ],
    'amount.submit': [
      {
        event: { type: 'amount.submit', currency: 'EUR', amountMinor: '15000', note: 'Invoice 42' },
        does: 'Choose EUR, type 150.00 as Amount and "Invoice 42" as Note, click "Send request"',
      },
    ],
    'request.again': [{ event: { type: 'request.again' }, does: 'Click "Request money again"' }],
    'nav.back': [browserButtons.back],
    'nav.forward': [browserButtons.forward],
  },
  actors: {
    loadRequestMoney: {
      done: {
        output: { accounts: [requesterAccount], sent: [earlierRequest] },
        says: 'Server sends the EUR account and one earlier request (accepted)',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    searchContacts: {
      done: {
        output: [
          { kind: 'wallet' as const, wallet_tag: '@demo-bakery', name: 'Demo Bakery' },
          { kind: 'iban' as const, iban: 'GR3401101250000000012345670', valid: true, at_this_bank: false },
        ],
        says: 'Server finds Demo Bakery (@demo-bakery) (an IBAN result would be left out)',
      },
      errors: [
        {
          failure: http(429, 'rate_limited', 'Too many searches.', { retryAfterSeconds: 60 }),
          says: 'Server answers 429 rate_limited',
        },
      ],
    },
    requestMoney: {
      done: {
        output: createdOf,
        effect: requestEffect,
        says: 'Server records the request (pending) and answers 201',
      },
      errors: [
        {
          failure: http(404, 'not_found', 'No merchant has this wallet tag.'),
          says: 'Server answers 404 not_found (the tag is gone)',
        },
        {
          failure: http(422, 'recipient_not_allowed', 'This merchant cannot receive requests.'),
          says: 'Server answers 422 recipient_not_allowed',
        },
        {
          failure: { kind: 'network' },
          says: 'The network fails (no answer; sending again uses the same key)',
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof requestMoneyMachine>;

export const requestTexts = {
  title: 'Request money',
  retry: 'Try again',
  recipientTitle: 'Who should pay you?',
  search: 'Search',
  chooseBakery: 'Choose Demo Bakery (@demo-bakery)',
  amountTitle: 'How much are you asking for?',
  send: 'Send request',
  changeRecipient: 'Change recipient',
  sentTitle: 'Request sent',
  sentToast: 'Request sent',
  again: 'Request money again',
};

export function requestErrorText(error: RequestMoneyError): string {
  switch (error) {
    case 'not_found':
      return 'No merchant has this wallet tag.';
    case 'recipient_not_allowed':
      return 'You cannot request money from this merchant.';
    case 'validation_failed':
      return 'Check the currency, the amount and the note, then try again.';
    case 'conflict':
      return 'This request was already sent with other details. Check your sent requests.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

function requestMoneyScreen(snapshot: RequestMoneySnapshot): ScreenExpectation {
  const t = requestTexts;
  const busy = snapshot.hasTag('busy');
  const { error } = snapshot.context;
  const alert = error ? requestErrorText(error) : null;
  const path = requestMoneyPath;
  const split = (names: Array<[string, boolean]>) => ({
    enabled: names.filter(([, on]) => on).map(([name]) => name),
    disabled: names.filter(([, on]) => !on).map(([name]) => name),
  });
  switch (selectRequestMoneyStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.title, alert, enabled: [t.retry] };
    case 'recipient':
      return {
        path,
        heading: t.recipientTitle,
        alert,
        ...split([
          [t.search, !busy],
          ...(snapshot.context.contacts?.length ? [[t.chooseBakery, !busy] as [string, boolean]] : []),
        ]),
      };
    case 'amount':
      return {
        path,
        heading: t.amountTitle,
        alert,
        ...split([
          [t.send, !busy],
          [t.changeRecipient, !busy],
        ]),
      };
    case 'sent':
      return { path, heading: t.sentTitle, alert: null, toast: t.sentToast, enabled: [t.again] };
  }
}

const answerOf: Record<string, string> = {
  loadRequestMoney: 'the request page',
  searchContacts: 'the search',
  requestMoney: 'the request',
};

/** A decision of a path, in a few words (null: a step that decides nothing, e.g. an answer every path gets). */
function decisionWords(step: ModelPath<RequestMoneySnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
    case 'actorDone':
      return null;
    case 'actorError':
      return failureWords(action, answerOf[action.src] ?? action.src);
    case 'event': {
      const event = action.event as RequestMoneyEvent;
      switch (event.type) {
        case 'load.retry':
          return 'load again';
        case 'recipient.search':
          return `search "${event.query}"`;
        case 'recipient.wallet':
          return `choose ${event.name}`;
        case 'recipient.change':
          return 'change the recipient';
        case 'amount.edit':
          return 'type the amount';
        case 'amount.submit':
          return `ask ${money(event.amountMinor, event.currency)}`;
        case 'nav.back':
          return 'the browser’s Back';
        case 'nav.forward':
          return 'the browser’s Forward';
        case 'request.again':
          return 'sent, ask again';
      }
    }
  }
  return null;
}

/** A path's title by what it proves: whom it asks and for how much, the refusals and faults, then where it ends. */
export function requestMoneyTitle(path: ModelPath<RequestMoneySnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const screen = requestMoneyScreen(last);
  const end =
    selectRequestMoneyStep(last) === 'sent'
      ? 'request sent'
      : screen.heading === null
        ? 'stops while the request page loads'
        : last.hasTag('busy')
          ? `waits on “${screen.heading}”`
          : `stops on “${screen.heading}”`;
  return pathTitle(path, decisionWords, end);
}

export const requestMoneyModel: Model<typeof requestMoneyMachine> = {
  name: 'requestMoney',
  machine: requestMoneyMachine,
  file: 'requestMoney.machine.ts',
  start: `Open ${requestMoneyPath} (the "Request money" link on /my-wallet)`,
  // The journey's Idempotency-Keys come from a fixed seed (machines/attemptKeys.ts), as in the model test.
  input: { keySeed: testKeySeed },
  fixtures: requestMoneyFixtures,
  // The retry key, the sent list and what is typed do not change what the screen offers. The search's results and
  // the recipient chosen matter only while choosing one (the results are listed; Forward goes back to the recipient).
  serialize: (snapshot) => {
    const choosing = selectRequestMoneyStep(snapshot) === 'recipient';
    return JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      contacts: choosing ? snapshot.context.contacts !== null : null,
      recipient: choosing ? snapshot.context.recipient !== null : null,
      sent: snapshot.context.request !== null,
    });
  },
  // The step Back and Forward lead to tells states apart in the walk, not in the choice of paths.
  historyKey: (snapshot) => JSON.stringify([snapshot.context.nav.behind, snapshot.context.nav.ahead]),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 30 },
  screen: requestMoneyScreen,
  title: requestMoneyTitle,
};
