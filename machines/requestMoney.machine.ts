import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { CoreBankingAccount } from '../schemas/accounts.schema';
import { AmountMinor } from '../schemas/money';
import type { MoneyRequest, MoneyRequestBody } from '../schemas/moneyRequests.schema';
import { noteMaxLength, type Contact } from '../schemas/sendMoney.schema';
import { knownErrors, toApiFailure } from './apiFailure';
import { attemptKeysOf, nextKey, type AttemptKeys, type KeyedInput } from './attemptKeys';
import {
  arriveAt,
  backTo,
  forwardTo,
  navBack,
  navForward,
  restartNav,
  startNav,
  type JourneyNav,
  type NavEvent,
} from './journeyNav';
import { count } from './ruleWords';

/*
 * Request money (SPEC §2 /my-wallet/request-money, §4 money request statuses, §8 "Request sent").
 *
 * loading (the merchant's accounts, for the currency choice, and the requests it sent) → choosingRecipient (a wallet
 * tag prefix through searchContacts; only wallet results count: a request goes to another merchant) → enteringAmount
 * (currency, amount > 0, note) → sending (requestMoney, one Idempotency-Key per request, kept while the same request
 * is retried) → sent ("Request sent"; the new request joins the sent list) → "request again" starts over. A refusal
 * (unknown tag, yourself, a currency the merchant does not hold) goes back to the amount with its message.
 *
 * The steps are entries of the tab's history with the step in the address (`?step=`, machines/journeyNav.ts): the
 * browser's Back from the amount returns to the recipient with the search and the choice kept, Forward to the amount
 * as typed. What is typed on the amount step is kept as it is typed (`amount.edit`), so a reload there takes it up
 * again. Back is refused while the request is being sent and once it was sent: it cannot be taken back from here.
 */

/** The steps of a request, in order; each is an entry of the tab's history, named in the address (`?step=`). */
export const requestMoneySteps = ['recipient', 'amount', 'sent'] as const;
export type RequestMoneyNavStep = (typeof requestMoneySteps)[number];

export const toRequestMoneyError = knownErrors([
  'not_found',
  'recipient_not_allowed',
  'validation_failed',
  'conflict',
  'rate_limited',
  'network',
]);
export type RequestMoneyError = ReturnType<typeof toRequestMoneyError>;

export type WalletContact = Extract<Contact, { kind: 'wallet' }>;

export type RequestMoneyData = {
  accounts: CoreBankingAccount[];
  /** The requests this merchant sent, newest first. */
  sent: MoneyRequest[];
};

export type SearchInput = { query: string };
export type SendRequestInput = { body: MoneyRequestBody; idempotencyKey: string };

/** The amount form as typed, before it is sent: the amount is the text in the field, checked only on sending. */
export type AmountDraft = { currency: string; amount: string; note: string };

export type RequestMoneyContext = {
  data: RequestMoneyData | null;
  query: string;
  /** Wallet results of the last search (IBAN results are dropped: a request goes to a merchant). */
  contacts: WalletContact[] | null;
  recipient: WalletContact | null;
  currency: string | null;
  amountMinor: string | null;
  note: string;
  /** The amount form as last typed (null until typed): a reload or Back and Forward show it again. */
  draft: AmountDraft | null;
  /** The body of the request being sent, and its key: a retry of the same body sends the same key. */
  attempt: { body: MoneyRequestBody; idempotencyKey: string } | null;
  /** Where the keys come from: the journey's seed and how many were made (machines/attemptKeys.ts). */
  keys: AttemptKeys;
  request: MoneyRequest | null;
  error: RequestMoneyError | null;
  /** Which body fields the server refused (validation_failed), keyed by field. */
  fieldErrors: Record<string, string>;
  /** The step and the steps behind and ahead of it in the tab's history (machines/journeyNav.ts). */
  nav: JourneyNav<RequestMoneyNavStep>;
};

export type RequestMoneyEvent =
  | { type: 'load.retry' }
  | { type: 'recipient.search'; query: string }
  | { type: 'recipient.wallet'; walletTag: string; name: string }
  | { type: 'recipient.change' }
  | ({ type: 'amount.edit' } & AmountDraft)
  | { type: 'amount.submit'; currency: string; amountMinor: string; note: string }
  | { type: 'request.again' }
  | NavEvent;

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

/** The request body of what the user entered. */
export function requestBodyOf(context: RequestMoneyContext): MoneyRequestBody {
  const note = context.note.trim();
  return {
    wallet_tag: context.recipient?.wallet_tag ?? '',
    amount_minor: context.amountMinor ?? '0',
    currency: context.currency ?? '',
    ...(note ? { note } : {}),
  };
}

const sameBody = (a: MoneyRequestBody, b: MoneyRequestBody) => JSON.stringify(a) === JSON.stringify(b);

/** The amount the form refuses before anything is sent (SPEC §5): a positive whole number of minor units. */
export function requestAmountProblem(amountMinor: string | null): 'amount' | null {
  return amountMinor && AmountMinor.safeParse(amountMinor).success ? null : 'amount';
}

export const requestMoneyMachine = setup({
  types: {
    context: {} as RequestMoneyContext,
    input: {} as KeyedInput,
    events: {} as RequestMoneyEvent,
  },
  actors: {
    loadRequestMoney: fromPromise<RequestMoneyData, void>(async () => notProvided('loadRequestMoney')),
    searchContacts: fromPromise<Contact[], SearchInput>(async () => notProvided('searchContacts')),
    requestMoney: fromPromise<MoneyRequest, SendRequestInput>(async () => notProvided('requestMoney')),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toRequestMoneyError(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error),
    }),
    clearError: assign({ error: null, fieldErrors: {} }),
    arrive: assign({
      nav: ({ context }, params: { step: RequestMoneyNavStep }) =>
        arriveAt(requestMoneySteps, context.nav, params.step),
    }),
    navBack: assign({ nav: ({ context }) => navBack(context.nav) }),
    navForward: assign({ nav: ({ context }) => navForward(context.nav) }),
  },
  guards: {
    backTo: ({ context }, params: { step: RequestMoneyNavStep }) => backTo(context.nav, params.step),
    forwardTo: ({ context }, params: { step: RequestMoneyNavStep }) => forwardTo(context.nav, params.step),
    hasRecipient: ({ context }) => context.recipient !== null,
    /** Only a wallet the search found can be asked. */
    foundWallet: ({ context, event }) =>
      event.type === 'recipient.wallet' &&
      (context.contacts ?? []).some((contact) => contact.wallet_tag === event.walletTag),
  },
}).createMachine({
  id: 'requestMoney',
  context: ({ input }) => ({
    data: null,
    query: '',
    contacts: null,
    recipient: null,
    currency: null,
    amountMinor: null,
    note: '',
    draft: null,
    attempt: null,
    keys: attemptKeysOf(input),
    request: null,
    error: null,
    fieldErrors: {},
    nav: startNav(),
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        "The merchant's accounts (the currencies a request can be in) and the requests it sent are read.",
      tags: ['busy'],
      invoke: {
        id: 'loadRequestMoney',
        src: 'loadRequestMoney',
        onDone: {
          target: 'choosingRecipient',
          description: 'The search for a recipient is shown, with the requests sent so far.',
          actions: assign({
            data: ({ event }) => event.output,
            currency: ({ context, event }) => context.currency ?? event.output.accounts[0]?.currency ?? null,
          }),
        },
        onError: {
          target: 'loadFailed',
          description: 'The accounts could not be read; nothing changed.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The accounts could not be read: the page says so and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The user asks to read them again.',
          actions: 'clearError',
        },
      },
    },
    choosingRecipient: {
      description:
        'The user searches a wallet tag and chooses one of the merchants found: a request goes to a merchant.',
      entry: { type: 'arrive', params: { step: 'recipient' } },
      on: {
        'nav.forward': {
          description:
            "The browser's Forward after Back: the amount again, for the merchant chosen before, as it was typed.",
          guard: and([{ type: 'forwardTo', params: { step: 'amount' as const } }, 'hasRecipient']),
          target: 'enteringAmount',
          actions: ['clearError', 'navForward'],
        },
        'recipient.search': {
          target: 'searching',
          description: 'The user searches for a wallet tag.',
          actions: ['clearError', assign({ query: ({ event }) => event.query })],
        },
        'recipient.wallet': {
          description: 'The user chooses a merchant the search found.',
          guard: 'foundWallet',
          target: 'enteringAmount',
          actions: [
            'clearError',
            assign({
              recipient: ({ event }) => ({
                kind: 'wallet' as const,
                wallet_tag: event.walletTag,
                name: event.name,
              }),
            }),
          ],
        },
      },
    },
    searching: {
      description:
        'Wallet tags that start with the words typed are looked up; bank accounts found are left out.',
      tags: ['busy'],
      invoke: {
        id: 'searchContacts',
        src: 'searchContacts',
        input: ({ context }) => ({ query: context.query }),
        onDone: {
          target: 'choosingRecipient',
          description: 'The merchants found are listed.',
          actions: assign({
            contacts: ({ event }) =>
              event.output.filter((contact): contact is WalletContact => contact.kind === 'wallet'),
          }),
        },
        onError: {
          target: 'choosingRecipient',
          description: 'The search failed: nothing is listed and the page says why.',
          actions: [
            assign({ contacts: null }),
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    enteringAmount: {
      description:
        "The currency (one of the merchant's accounts), an amount above zero and an optional note of up to " +
        `${count(noteMaxLength, 'character')}.`,
      entry: { type: 'arrive', params: { step: 'amount' } },
      on: {
        'nav.back': {
          description:
            "The browser's Back: whom to ask, with the search and the merchant chosen kept (Forward comes back to " +
            'the amount as typed).',
          guard: { type: 'backTo', params: { step: 'recipient' } },
          target: 'choosingRecipient',
          actions: ['clearError', 'navBack'],
        },
        'amount.edit': {
          description:
            'The user types the amount or the note, or picks the currency: kept as typed, nothing is sent.',
          actions: assign({
            draft: ({ event }) => ({ currency: event.currency, amount: event.amount, note: event.note }),
          }),
        },
        'amount.submit': {
          target: 'sending',
          description:
            'The user sends the request. A new request gets a new payment key; the same request again (after no ' +
            'answer) keeps its key, so the server records it once.',
          actions: [
            'clearError',
            assign({
              currency: ({ event }) => event.currency,
              amountMinor: ({ event }) => event.amountMinor,
              note: ({ event }) => event.note,
            }),
            assign(({ context }) => {
              const body = requestBodyOf(context);
              // The same request again (after no answer) keeps its key, so the server answers it only once.
              if (context.attempt && sameBody(context.attempt.body, body)) return {};
              const { key, keys } = nextKey(context.keys);
              return { attempt: { body, idempotencyKey: key }, keys };
            }),
          ],
        },
        'recipient.change': {
          target: 'choosingRecipient',
          description: 'The user chooses another recipient.',
          actions: ['clearError', assign({ recipient: null })],
        },
      },
    },
    sending: {
      description:
        'The server records the request as pending for the recipient; an unknown tag, yourself or a currency ' +
        "the merchant does not hold is refused. No money moves until the recipient accepts. The browser's Back " +
        'stays on the amount until the server has answered.',
      tags: ['busy'],
      invoke: {
        id: 'requestMoney',
        src: 'requestMoney',
        input: ({ context }) => ({
          body: context.attempt?.body ?? requestBodyOf(context),
          // Always set on the way in (amount.submit).
          idempotencyKey: context.attempt?.idempotencyKey ?? '',
        }),
        onDone: {
          target: 'sent',
          description: '"Request sent": it joins the sent list as pending.',
          actions: assign({
            request: ({ event }) => event.output,
            attempt: null,
            data: ({ context, event }) =>
              context.data
                ? {
                    ...context.data,
                    sent: [event.output, ...context.data.sent.filter((one) => one.id !== event.output.id)],
                  }
                : null,
          }),
        },
        onError: {
          target: 'enteringAmount',
          description:
            'Not sent (refused, or no answer): back to the amount, which says why and keeps what was typed.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: {
      description:
        '"Request sent": the request is in the sent list as pending. The browser\'s Back cannot take it back to the ' +
        'amount: the recipient has it already.',
      entry: { type: 'arrive', params: { step: 'sent' } },
      on: {
        'request.again': {
          target: 'choosingRecipient',
          description: 'The user starts another request, in a history of its own.',
          actions: assign({
            recipient: null,
            amountMinor: null,
            note: '',
            draft: null,
            request: null,
            nav: ({ context }) => restartNav(context.nav),
          }),
        },
      },
    },
  },
});

export type RequestMoneySnapshot = SnapshotFrom<typeof requestMoneyMachine>;

export type RequestMoneyStep = 'loading' | 'loadFailed' | 'recipient' | 'amount' | 'sent';

/** Which part of the journey the screen shows. */
export function selectRequestMoneyStep(snapshot: RequestMoneySnapshot): RequestMoneyStep {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('choosingRecipient') || snapshot.matches('searching')) return 'recipient';
  if (snapshot.matches('enteringAmount') || snapshot.matches('sending')) return 'amount';
  return 'sent';
}

export const selectRequestMoneyBusy = (snapshot: RequestMoneySnapshot): boolean => snapshot.hasTag('busy');
export const selectRequestMoneyError = (snapshot: RequestMoneySnapshot): RequestMoneyError | null =>
  snapshot.context.error;
export const selectRequestFieldErrors = (snapshot: RequestMoneySnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
export const selectRequestAccounts = (snapshot: RequestMoneySnapshot): CoreBankingAccount[] =>
  snapshot.context.data?.accounts ?? [];
export const selectSentRequests = (snapshot: RequestMoneySnapshot): MoneyRequest[] | null =>
  snapshot.context.data?.sent ?? null;
export const selectRequestContacts = (snapshot: RequestMoneySnapshot): WalletContact[] | null =>
  snapshot.context.contacts;
export const selectRequestSearching = (snapshot: RequestMoneySnapshot): boolean =>
  snapshot.matches('searching');
export const selectRequestQuery = (snapshot: RequestMoneySnapshot): string => snapshot.context.query;
export const selectRequestRecipient = (snapshot: RequestMoneySnapshot): WalletContact | null =>
  snapshot.context.recipient;
export const selectRequestCurrency = (snapshot: RequestMoneySnapshot): string | null =>
  snapshot.context.currency;
export const selectRequestAmountMinor = (snapshot: RequestMoneySnapshot): string | null =>
  snapshot.context.amountMinor;
export const selectRequestNote = (snapshot: RequestMoneySnapshot): string => snapshot.context.note;
export const selectRequestDraft = (snapshot: RequestMoneySnapshot): AmountDraft | null =>
  snapshot.context.draft;

/** The address of the step, `?step=` naming it; null until the journey has a step (while it loads). */
export function requestMoneyPath(snapshot: RequestMoneySnapshot): string | null {
  const { at } = snapshot.context.nav;
  return at === null ? null : `/my-wallet/request-money?step=${at}`;
}
export const selectRequestSending = (snapshot: RequestMoneySnapshot): boolean => snapshot.matches('sending');
export const selectSentRequest = (snapshot: RequestMoneySnapshot): MoneyRequest | null =>
  snapshot.context.request;
