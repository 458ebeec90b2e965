import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Money } from '../schemas/overview.schema';
import type { MoneyRequest } from '../schemas/moneyRequests.schema';
import { defaultVerificationThresholdEurMinor } from '../schemas/sendMoney.schema';
import type { StepUpMethod, StepUpPurpose } from '../schemas/stepUp.schema';
import { failureCode, knownErrors } from './apiFailure';
import { oneTimeCodeMachine, stepUpTokenOf, type OneTimeCodeOutput } from './oneTimeCode.machine';
import { money } from './ruleWords';

/*
 * Pending (received) money requests (SPEC §2 "pending requests", §4 statuses, §8 "request accepted or
 * declined").
 *
 * loading (receivedRequests) → list (pending first) → accept: preparing (the available balance of the request's
 * currency, whether the amount needs a one-time code as amountRequiresVerification says, and the step-up methods) →
 * reviewing (who, amount, note, available balance; not enough money says so and cannot be accepted) → when the
 * amount needs it, the oneTimeCode child (purpose send_money; its grant, or null when cancelled: back to the review)
 * → accepting (acceptMoneyRequest with the grant; a 403 step_up_required asks for a new code) → accepted ("Request
 * accepted", the list reloads). Decline: confirming (a dialog) → declining → declined ("Request declined", the list
 * reloads).
 */

export const toPendingRequestsError = knownErrors([
  'insufficient_funds',
  'recipient_not_allowed',
  'step_up_required',
  'conflict',
  'not_found',
  'network',
]);
export type PendingRequestsError = ReturnType<typeof toPendingRequestsError>;

/** What accepting one request involves, read before the review. */
export type AcceptPreview = {
  /** The available balance of the payee's account in the request's currency; null when it holds none. */
  available: Money | null;
  /** The server's amountRequiresVerification for this amount (it decides again on accept). */
  requiresCode: boolean;
  /** Where a one-time code can go. */
  methods: StepUpMethod[];
};

export type PrepareInput = { request: MoneyRequest };
export type AcceptInput = { id: string; stepUpToken: string | null };
export type DeclineInput = { id: string };

const purpose: StepUpPurpose = 'send_money';

/** When accepting needs a one-time code, in words from the server's default (schemas/sendMoney.schema.ts). */
const codeRule =
  `by default from ${money(defaultVerificationThresholdEurMinor, 'EUR')} ` +
  '(setting SEND_MONEY_VERIFICATION_THRESHOLD_MINOR; other currencies at the mid rate)';

export type PendingRequestsContext = {
  requests: MoneyRequest[] | null;
  /** The request being accepted or declined. */
  selectedId: string | null;
  preview: AcceptPreview | null;
  stepUpToken: string | null;
  error: PendingRequestsError | null;
};

export type PendingRequestsEvent =
  | { type: 'load.retry' }
  | { type: 'request.accept'; id: string }
  | { type: 'request.decline'; id: string }
  | { type: 'accept.confirm' }
  | { type: 'accept.back' }
  | { type: 'decline.confirm' }
  | { type: 'decline.cancel' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

export function selectedRequestOf(context: PendingRequestsContext): MoneyRequest | null {
  return context.requests?.find((request) => request.id === context.selectedId) ?? null;
}

/** Whether the payee's account can pay the request now. */
export function canPay(request: MoneyRequest | null, preview: AcceptPreview | null): boolean {
  if (!request || !preview?.available) return false;
  return BigInt(preview.available.amount_minor) >= BigInt(request.amount.amount_minor);
}

/** Pending first (newest first among them), then the decided ones, newest first: the server's order otherwise. */
export function pendingFirst(requests: MoneyRequest[]): MoneyRequest[] {
  return [
    ...requests.filter((request) => request.status === 'pending'),
    ...requests.filter((request) => request.status !== 'pending'),
  ];
}

const replaced = (requests: MoneyRequest[] | null, updated: MoneyRequest) =>
  (requests ?? []).map((request) => (request.id === updated.id ? updated : request));

export const pendingRequestsMachine = setup({
  types: {
    context: {} as PendingRequestsContext,
    events: {} as PendingRequestsEvent,
    children: {} as { oneTimeCode: 'oneTimeCode' },
  },
  actors: {
    loadReceivedRequests: fromPromise<MoneyRequest[], void>(async () => notProvided('loadReceivedRequests')),
    prepareAccept: fromPromise<AcceptPreview, PrepareInput>(async () => notProvided('prepareAccept')),
    oneTimeCode: oneTimeCodeMachine,
    acceptMoneyRequest: fromPromise<MoneyRequest, AcceptInput>(async () => notProvided('acceptMoneyRequest')),
    declineMoneyRequest: fromPromise<MoneyRequest, DeclineInput>(async () =>
      notProvided('declineMoneyRequest'),
    ),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toPendingRequestsError(params.error) }),
    clearError: assign({ error: null }),
    forgetSelection: assign({ selectedId: null, preview: null, stepUpToken: null }),
  },
  guards: {
    isPending: ({ context, event }) =>
      (event.type === 'request.accept' || event.type === 'request.decline') &&
      (context.requests ?? []).some((request) => request.id === event.id && request.status === 'pending'),
    canPayWithCode: ({ context }) =>
      canPay(selectedRequestOf(context), context.preview) && context.preview?.requiresCode === true,
    canPay: ({ context }) => canPay(selectedRequestOf(context), context.preview),
    gotGrant: (_, params: { output: OneTimeCodeOutput }) => stepUpTokenOf(params.output) !== null,
    isStepUpRequired: (_, params: { error: unknown }) => failureCode(params.error) === 'step_up_required',
  },
}).createMachine({
  id: 'pendingRequests',
  context: { requests: null, selectedId: null, preview: null, stepUpToken: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The money requests other merchants sent to this one are read.',
      tags: ['busy'],
      invoke: {
        id: 'loadReceivedRequests',
        src: 'loadReceivedRequests',
        onDone: {
          target: 'list',
          description: 'The requests are shown, pending ones first.',
          actions: assign({ requests: ({ event }) => event.output }),
        },
        onError: {
          target: 'loadFailed',
          description: 'The requests could not be read; nothing changed.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The requests could not be read: the page says so and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The user asks to read the requests again.',
          actions: 'clearError',
        },
      },
    },
    list: {
      description: 'Received requests, pending ones first, each pending one with "Accept" and "Decline".',
      on: {
        'request.accept': {
          description:
            'The user accepts a request that is still pending; what accepting involves is read first.',
          guard: 'isPending',
          target: 'preparing',
          actions: ['clearError', 'forgetSelection', assign({ selectedId: ({ event }) => event.id })],
        },
        'request.decline': {
          description: 'The user declines a request that is still pending; a dialog asks to confirm.',
          guard: 'isPending',
          target: 'confirmingDecline',
          actions: ['clearError', 'forgetSelection', assign({ selectedId: ({ event }) => event.id })],
        },
      },
    },
    preparing: {
      description:
        "The available balance in the request's currency, whether the amount needs a one-time code (" +
        codeRule +
        ') and where a code can be sent are read.',
      tags: ['busy'],
      invoke: {
        id: 'prepareAccept',
        src: 'prepareAccept',
        input: ({ context }) => {
          const request = selectedRequestOf(context);
          if (!request) throw new Error('no request selected');
          return { request };
        },
        onDone: {
          target: 'reviewing',
          description: 'The review is shown.',
          actions: assign({ preview: ({ event }) => event.output }),
        },
        onError: {
          target: 'list',
          description: 'What accepting involves could not be read: back to the list, which says why.',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            'forgetSelection',
          ],
        },
      },
    },
    reviewing: {
      description:
        'Who asks, how much, the note and the available balance. Without enough money the review says so and the ' +
        'request cannot be accepted.',
      on: {
        'accept.confirm': [
          {
            description: `The balance covers it and the amount needs a one-time code (${codeRule}).`,
            guard: 'canPayWithCode',
            target: 'confirmingCode',
            actions: 'clearError',
          },
          {
            description:
              'The balance covers it and the amount is below the code threshold: it is paid at once.',
            guard: 'canPay',
            target: 'accepting',
            actions: 'clearError',
          },
        ],
        'accept.back': {
          target: 'list',
          description: 'The user goes back to the list; nothing is paid.',
          actions: ['clearError', 'forgetSelection'],
        },
      },
    },
    confirmingCode: {
      description:
        'A one-time code for sending money is asked for (the one-time code journey: its rules on attempts, ' +
        'expiry and resending apply).',
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({ purpose, methods: context.preview?.methods ?? [] }),
        onDone: [
          {
            description: 'The code is right: its grant goes with the accept.',
            guard: { type: 'gotGrant', params: ({ event }) => ({ output: event.output }) },
            target: 'accepting',
            actions: ['clearError', assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) })],
          },
          {
            target: 'reviewing',
            description:
              'The code step ended without a grant (cancelled, or no more tries): back to the review.',
            actions: 'clearError',
          },
        ],
      },
    },
    accepting: {
      description:
        'In one step the server spends the code grant (when the amount needs one), pays the requester from the ' +
        "account in the request's currency and marks the request accepted; a request is paid at most once.",
      tags: ['busy'],
      invoke: {
        id: 'acceptMoneyRequest',
        src: 'acceptMoneyRequest',
        input: ({ context }) => ({ id: context.selectedId ?? '', stepUpToken: context.stepUpToken }),
        onDone: {
          target: 'accepted',
          description: 'The request is paid and marked accepted.',
          actions: assign({
            requests: ({ context, event }) => replaced(context.requests, event.output),
            stepUpToken: null,
          }),
        },
        onError: [
          {
            // The grant expired or was used, or the server wants one after all: a new code for the same request.
            description:
              'The server wants a (new) code after all: a new code for the same request; nothing paid.',
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'confirmingCode',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
          {
            // Not enough money, already decided, no account any more, or no answer: the review says so.
            description:
              'Not paid (not enough money, already decided, no account any more, or no answer): the request stays ' +
              'pending and the review says why.',
            target: 'reviewing',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
        ],
      },
    },
    accepted: {
      description: '"Request accepted": the list (with the request marked accepted) is read again.',
      tags: ['busy'],
      invoke: {
        id: 'reloadAfterAccept',
        src: 'loadReceivedRequests',
        onDone: {
          target: 'list',
          description: 'The list is shown as it is now.',
          actions: ['forgetSelection', assign({ requests: ({ event }) => event.output })],
        },
        onError: {
          target: 'list',
          description:
            'The list could not be read again: the one shown stays, with the request marked accepted.',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            'forgetSelection',
          ],
        },
      },
    },
    confirmingDecline: {
      description: 'A dialog over the list asks "Decline this request?".',
      on: {
        'decline.confirm': {
          target: 'declining',
          description: 'The user confirms; the decline is sent.',
          actions: 'clearError',
        },
        'decline.cancel': {
          target: 'list',
          description: 'The user closes the dialog; the request stays pending.',
          actions: ['clearError', 'forgetSelection'],
        },
      },
    },
    declining: {
      description: 'The server marks the request declined; no money moves.',
      tags: ['busy'],
      invoke: {
        id: 'declineMoneyRequest',
        src: 'declineMoneyRequest',
        input: ({ context }) => ({ id: context.selectedId ?? '' }),
        onDone: {
          target: 'declined',
          description: 'The request is declined.',
          actions: assign({ requests: ({ context, event }) => replaced(context.requests, event.output) }),
        },
        onError: {
          target: 'list',
          description: 'Not declined (already decided, gone, or no answer): the list says why.',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            'forgetSelection',
          ],
        },
      },
    },
    declined: {
      description: '"Request declined": the list (with the request marked declined) is read again.',
      tags: ['busy'],
      invoke: {
        id: 'reloadAfterDecline',
        src: 'loadReceivedRequests',
        onDone: {
          target: 'list',
          description: 'The list is shown as it is now.',
          actions: ['forgetSelection', assign({ requests: ({ event }) => event.output })],
        },
        onError: {
          target: 'list',
          description:
            'The list could not be read again: the one shown stays, with the request marked declined.',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            'forgetSelection',
          ],
        },
      },
    },
  },
});

export type PendingRequestsSnapshot = SnapshotFrom<typeof pendingRequestsMachine>;

export type PendingRequestsStep =
  'loading' | 'loadFailed' | 'list' | 'confirmDecline' | 'review' | 'code' | 'accepted' | 'declined';

/** Which part of the journey the screen shows. */
export function selectPendingRequestsStep(snapshot: PendingRequestsSnapshot): PendingRequestsStep {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('confirmingDecline') || snapshot.matches('declining')) return 'confirmDecline';
  if (snapshot.matches('preparing') || snapshot.matches('reviewing') || snapshot.matches('accepting'))
    return 'review';
  if (snapshot.matches('confirmingCode')) return 'code';
  if (snapshot.matches('accepted')) return 'accepted';
  if (snapshot.matches('declined')) return 'declined';
  return 'list';
}

export const selectPendingBusy = (snapshot: PendingRequestsSnapshot): boolean => snapshot.hasTag('busy');
export const selectPendingError = (snapshot: PendingRequestsSnapshot): PendingRequestsError | null =>
  snapshot.context.error;
export const selectReceivedRequests = (snapshot: PendingRequestsSnapshot): MoneyRequest[] | null =>
  snapshot.context.requests ? pendingFirst(snapshot.context.requests) : null;
export const selectSelectedRequest = (snapshot: PendingRequestsSnapshot): MoneyRequest | null =>
  selectedRequestOf(snapshot.context);
export const selectAcceptPreview = (snapshot: PendingRequestsSnapshot): AcceptPreview | null =>
  snapshot.context.preview;
export const selectPreparing = (snapshot: PendingRequestsSnapshot): boolean => snapshot.matches('preparing');
export const selectAccepting = (snapshot: PendingRequestsSnapshot): boolean => snapshot.matches('accepting');
export const selectDeclining = (snapshot: PendingRequestsSnapshot): boolean => snapshot.matches('declining');
export const selectCanAccept = (snapshot: PendingRequestsSnapshot): boolean =>
  snapshot.can({ type: 'accept.confirm' });
/** The running oneTimeCode child while a code is asked for. */
export const selectCodeActor = (snapshot: PendingRequestsSnapshot) => snapshot.children.oneTimeCode;
