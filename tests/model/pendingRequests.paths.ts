import type { ApiFailure } from '../../machines/apiFailure';
import {
  canPay,
  pendingRequestsMachine,
  selectedRequestOf,
  selectPendingRequestsStep,
  type AcceptPreview,
  type PendingRequestsContext,
  type PendingRequestsError,
  type PendingRequestsEvent,
  type PendingRequestsSnapshot,
} from '../../machines/pendingRequests.machine';
import { money } from '../../machines/ruleWords';
import type { MoneyRequest } from '../../schemas/moneyRequests.schema';
import {
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
  failureWords,
  pathTitle,
} from './generatePaths';
import { codeMethodButton, codeMethods, codeTexts } from './oneTimeCode.paths';

/*
 * The test model of pending (received) requests (machines/pendingRequests.machine.ts), run on the real screen at
 * /my-wallet/pending-requests by pendingRequests.model.test.tsx, signed in as Demo Bakery: Demo Coffee asked for
 * €150.00 (at or above the code threshold: a one-time code, through the oneTimeCode child), €12.50 (no code) and
 * €5,000.00 (more than the available balance); one earlier request was declined.
 */

export const pendingRequestsPath = '/my-wallet/pending-requests';

const eur = (amount_minor: string) => ({ amount_minor, currency: 'EUR' });
const coffee = { name: 'Demo Coffee', wallet_tag: '@demo-coffee' };
const bakery = { name: 'Demo Bakery', wallet_tag: '@demo-bakery' };

const request = (id: string, amount: string, note: string | null, extra: Partial<MoneyRequest> = {}) =>
  ({
    id,
    status: 'pending',
    amount: eur(amount),
    note,
    requester: coffee,
    payee: bakery,
    created_at: '2026-01-14T09:00:00.000Z',
    decided_at: null,
    transaction_id: null,
    ...extra,
  }) satisfies MoneyRequest;

export const invoiceId = '00000000-0000-4000-8000-0000000000b1';
export const croissantsId = '00000000-0000-4000-8000-0000000000b2';
export const bigId = '00000000-0000-4000-8000-0000000000b3';
const oldId = '00000000-0000-4000-8000-0000000000b0';

export const receivedRequests: MoneyRequest[] = [
  request(oldId, '900', 'Old invoice', {
    status: 'declined',
    created_at: '2026-01-15T08:00:00.000Z',
    decided_at: '2026-01-15T08:30:00.000Z',
  }),
  request(invoiceId, '15000', 'Invoice 42'),
  request(croissantsId, '1250', 'Croissants'),
  request(bigId, '500000', null),
];

/** What the list reads on each load: the server's list, with the decisions made so far. */
function listOf(context: PendingRequestsContext): MoneyRequest[] {
  return context.requests ?? receivedRequests;
}

const available = eur('180000');

function previewOf(context: PendingRequestsContext): AcceptPreview {
  const selected = selectedRequestOf(context);
  return {
    available,
    requiresCode: BigInt(selected?.amount.amount_minor ?? '0') >= 10000n,
    methods: [...codeMethods],
  };
}

function decided(context: PendingRequestsContext, status: 'accepted' | 'declined'): MoneyRequest {
  const selected = selectedRequestOf(context);
  if (!selected) throw new Error('no request selected');
  return {
    ...selected,
    status,
    decided_at: '2026-01-15T09:00:00.000Z',
    transaction_id: status === 'accepted' ? '00000000-0000-4000-8000-0000000000e2' : null,
  };
}

/**
 * What accepting pays (server/payments/moneyRequests.ts `acceptMoneyRequest`): one transaction posts the transfer and
 * marks the request accepted, so a request is paid at most once.
 */
function acceptEffect(context: PendingRequestsContext): string {
  const selected = selectedRequestOf(context);
  if (!selected) throw new Error('no request selected');
  const amount = money(selected.amount.amount_minor, selected.amount.currency);
  const code = context.preview?.requiresCode
    ? ' The one-time code’s grant is spent in the same transaction: it cannot pay again.'
    : '';
  return (
    `${bakery.name}’s ${selected.amount.currency} available balance falls by ${amount} (no fee) and ` +
    `${coffee.name}’s rises by as much; a completed transfer is posted (type account_to_account, counterparty ` +
    `${coffee.wallet_tag}, ${selected.note ? `note "${selected.note}"` : 'no note'}, idempotency key ` +
    `request:<request id>, so a request is paid at most once), the request is marked accepted (money_requests: ` +
    `status accepted, transfer_id, decided_by, decided_at) and ${coffee.name} is notified (money_request_accepted).` +
    code
  );
}

/** What declining records (server/payments/moneyRequests.ts `declineMoneyRequest`): the decision, no money. */
function declineEffect(context: PendingRequestsContext): string {
  const selected = selectedRequestOf(context);
  const amount = selected ? money(selected.amount.amount_minor, selected.amount.currency) : 'the';
  return (
    `the ${amount} request is marked declined (money_requests: status declined, decided_by, decided_at; no ` +
    `transfer_id); no money moves, both balances stay as they were, and ${coffee.name} is notified ` +
    '(money_request_declined).'
  );
}

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const pendingTexts = {
  title: 'Pending requests',
  retry: 'Try again',
  accept: 'Accept',
  decline: 'Decline',
  reviewTitle: 'Accept this request?',
  confirm: 'Accept and pay',
  back: 'Back to the requests',
  declineTitle: 'Decline this request?',
  declineConfirm: 'Decline request',
  declineCancel: 'Cancel',
  acceptedToast: 'Request accepted',
  declinedToast: 'Request declined',
};

/** The list item's summary, which the item's buttons are described by. */
export const summaries: Record<string, string> = {
  [invoiceId]: 'Demo Coffee (@demo-coffee) asks for €150.00',
  [croissantsId]: 'Demo Coffee (@demo-coffee) asks for €12.50',
  [bigId]: 'Demo Coffee (@demo-coffee) asks for €5,000.00',
};

export const pendingRequestsFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'request.accept': [
      { event: { type: 'request.accept', id: invoiceId }, does: 'Click "Accept" by the €150.00 request' },
      { event: { type: 'request.accept', id: croissantsId }, does: 'Click "Accept" by the €12.50 request' },
      { event: { type: 'request.accept', id: bigId }, does: 'Click "Accept" by the €5,000.00 request' },
    ],
    'request.decline': [
      { event: { type: 'request.decline', id: croissantsId }, does: 'Click "Decline" by the €12.50 request' },
    ],
    'accept.confirm': [{ event: { type: 'accept.confirm' }, does: 'Click "Accept and pay"' }],
    'accept.back': [{ event: { type: 'accept.back' }, does: 'Click "Back to the requests"' }],
    'decline.confirm': [
      { event: { type: 'decline.confirm' }, does: 'Click "Decline request" in "Decline this request?"' },
    ],
    'decline.cancel': [
      { event: { type: 'decline.cancel' }, does: 'Click "Cancel" in "Decline this request?"' },
    ],
  },
  actors: {
    loadReceivedRequests: {
      done: {
        output: listOf,
        says: 'Server sends the received requests (€150.00, €12.50 and €5,000.00 pending; one declined)',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    prepareAccept: {
      done: {
        output: previewOf,
        says: 'Server sends the EUR balance (€1,800.00 available), whether the amount needs a code (from €100.00) and the code methods',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    oneTimeCode: {
      done: {
        output: { stepUpToken: 'grant-1' },
        says: `Choose "${codeMethodButton(codeMethods[0])}", type the emailed code 246810, click "Verify" (the server grants one payment)`,
      },
      alsoDone: [{ output: null, says: 'Click "Cancel" on "Confirm it is you"' }],
      errors: [],
    },
    acceptMoneyRequest: {
      done: {
        output: (context) => decided(context, 'accepted'),
        effect: acceptEffect,
        says: 'Server pays the request and marks it accepted',
      },
      errors: [
        {
          failure: http(403, 'step_up_required', 'Confirm with a one-time code.'),
          says: 'Server answers 403 step_up_required (the grant expired)',
          // The paths pay with a grant just given, or with none below the code threshold: nothing expires between,
          // so the sandbox cannot answer this to a tester.
          tester: false,
        },
        {
          failure: http(422, 'insufficient_funds', 'Insufficient funds.'),
          says: 'Server answers 422 insufficient_funds (the balance changed meanwhile)',
        },
      ],
    },
    declineMoneyRequest: {
      done: {
        output: (context) => decided(context, 'declined'),
        effect: declineEffect,
        says: 'Server marks the request declined',
      },
      errors: [
        {
          failure: http(409, 'conflict', 'This request is already accepted.', {
            details: { status: 'accepted' },
          }),
          says: 'Server answers 409 conflict (already decided elsewhere)',
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof pendingRequestsMachine>;

export function pendingErrorText(error: PendingRequestsError): string {
  switch (error) {
    case 'insufficient_funds':
      return 'Payment failed, possibly from insufficient balance; try again later.';
    case 'recipient_not_allowed':
      return 'This request cannot be paid from your accounts.';
    case 'step_up_required':
      return 'Your confirmation has expired. Confirm it is you with a new one-time code.';
    case 'conflict':
      return 'This request has already been accepted or declined.';
    case 'not_found':
      return 'This request does not exist any more.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

function pendingRequestsScreen(snapshot: PendingRequestsSnapshot): ScreenExpectation {
  const t = pendingTexts;
  const busy = snapshot.hasTag('busy');
  const { error, requests } = snapshot.context;
  const alert = error ? pendingErrorText(error) : null;
  const path = pendingRequestsPath;
  const split = (names: Array<[string, boolean]>) => ({
    enabled: names.filter(([, on]) => on).map(([name]) => name),
    disabled: names.filter(([, on]) => !on).map(([name]) => name),
  });
  const anyPending = (requests ?? []).some((one) => one.status === 'pending');
  const listButtons: Array<[string, boolean]> = anyPending
    ? [
        [t.accept, !busy],
        [t.decline, !busy],
      ]
    : [];
  switch (selectPendingRequestsStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.title, alert, enabled: [t.retry] };
    case 'list':
      return {
        path,
        heading: t.title,
        alert,
        dialogs: [],
        ...split(listButtons),
        ...(anyPending ? {} : { absent: [t.accept, t.decline] }),
      };
    case 'accepted':
      return { path, heading: t.title, alert: null, toast: t.acceptedToast, ...split(listButtons) };
    case 'declined':
      return { path, heading: t.title, alert: null, toast: t.declinedToast, ...split(listButtons) };
    case 'confirmDecline': {
      const declining = snapshot.matches('declining');
      return {
        path,
        heading: t.title,
        alert: null,
        dialogs: [t.declineTitle],
        ...split([
          [t.declineConfirm, !declining],
          [t.declineCancel, !declining],
        ]),
      };
    }
    case 'review': {
      const payable = canPay(selectedRequestOf(snapshot.context), snapshot.context.preview);
      return {
        path,
        heading: t.reviewTitle,
        alert,
        ...split([
          [t.confirm, !busy && payable],
          [t.back, !busy],
        ]),
      };
    }
    case 'code':
      // The child starts afresh at the method choice each time the parent enters this state.
      return {
        path,
        heading: codeTexts.methodTitle,
        alert,
        enabled: [...codeMethods.map((option) => codeMethodButton(option)), codeTexts.cancel],
      };
  }
}

const answerOf: Record<string, string> = {
  loadReceivedRequests: 'the request list',
  prepareAccept: 'the balance check',
  acceptMoneyRequest: 'the payment',
  declineMoneyRequest: 'the decline',
};

const refusalWords: Record<string, string> = {
  step_up_required: 'the code expired',
  insufficient_funds: 'insufficient funds',
  conflict: 'already decided',
};

/** The request an event names, in words: its amount, and whether it is more than the balance to pay it from. */
function requestWords(id: string): string {
  const one = receivedRequests.find((each) => each.id === id);
  if (!one) return id;
  const over =
    BigInt(one.amount.amount_minor) > BigInt(available.amount_minor) ? ' (more than the balance)' : '';
  return `the ${money(one.amount.amount_minor, one.amount.currency)} request${over}`;
}

type PendingStep = ModelPath<PendingRequestsSnapshot>['steps'][number];

/**
 * A decision of a path, in a few words (null: a step that decides nothing, e.g. an answer every path gets). A
 * payment or a decline the server makes is named where the path goes on after it (at the end, the end names it).
 */
function decisionWords(step: PendingStep, index: number, steps: PendingStep[]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorDone': {
      const last = index === steps.length - 1;
      if (action.src === 'oneTimeCode') return action.output ? 'a one-time code' : 'cancel the code';
      if (action.src === 'acceptMoneyRequest') return last ? null : 'paid';
      if (action.src === 'declineMoneyRequest') return last ? null : 'declined';
      return null;
    }
    case 'actorError':
      return failureWords(action, answerOf[action.src] ?? action.src, refusalWords);
    case 'event': {
      const event = action.event as PendingRequestsEvent;
      switch (event.type) {
        case 'load.retry':
          return 'load again';
        case 'request.accept':
          return `review ${requestWords(event.id)}`;
        case 'request.decline':
          return `decline ${requestWords(event.id)}`;
        case 'accept.confirm':
          return 'accept and pay';
        case 'accept.back':
          return 'back to the list';
        case 'decline.confirm':
          return 'confirm';
        case 'decline.cancel':
          return 'cancel';
      }
    }
  }
  return null;
}

/**
 * A path's title by what it proves: which requests the payee accepts or declines, the code, the refusals and
 * faults, then where it ends (a request paid or declined, or the screen it stops on).
 */
export function pendingRequestsTitle(path: ModelPath<PendingRequestsSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const screen = pendingRequestsScreen(last);
  const step = selectPendingRequestsStep(last);
  const shown = step === 'confirmDecline' ? pendingTexts.declineTitle : screen.heading;
  const end =
    step === 'accepted'
      ? 'paid and accepted'
      : step === 'declined'
        ? 'declined'
        : shown === null
          ? 'stops while the requests load'
          : last.hasTag('busy')
            ? `waits on “${shown}”`
            : `stops on “${shown}”`;
  return pathTitle(path, decisionWords, end);
}

export const pendingRequestsModel: Model<typeof pendingRequestsMachine> = {
  name: 'pendingRequests',
  machine: pendingRequestsMachine,
  file: 'pendingRequests.machine.ts',
  start: `Open ${pendingRequestsPath} as Demo Bakery (the "Pending requests" link on /my-wallet)`,
  fixtures: pendingRequestsFixtures,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      selected: snapshot.context.selectedId,
      statuses: (snapshot.context.requests ?? []).map((one) => one.status),
      preview: snapshot.context.preview !== null,
    }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 40 },
  screen: pendingRequestsScreen,
  title: pendingRequestsTitle,
};
