import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  cardCanTransition,
  cardNameMaxLength,
  CardEpinBody,
  CardPinBody,
  pinDigits,
  type Card,
  type CardAction,
  type CardLimits,
  type CardLimitsView,
  type CardRevealBody,
  type CardSecret,
  type CardStatus,
  type CardUpdateBody,
} from '../schemas/cards.schema';
import type { StepUpMethod, StepUpPurpose } from '../schemas/stepUp.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';
import { oneTimeCodeMachine, stepUpTokenOf, type OneTimeCodeOutput } from './oneTimeCode.machine';
import { count, duration } from './ruleWords';

/*
 * One card's controls (SPEC §2 /cards/:card? and /cards/:card/:id/card-limit, §4 card statuses, §8 "Card
 * frozen" / "unfrozen", "Card could not be frozen" / "unfrozen", "Card name updated" / "could not be updated",
 * "PIN set", "Limits updated" / "Could not update limits, try again later.", "Card removed"; §9 e-PIN 5 digits).
 *
 * opening (until the screen has read the address) → loading (the card and the step-up methods; an unknown card is
 * notFound) → viewing, where only what the card's status allows (schemas/cards.schema.ts `cardTransitions`) and the
 * user may do is offered. An active card offers everything; a frozen one its secrets, unfreezing, reporting it lost and
 * removing it; one not yet activated activating, reporting lost and removing; a lost one removing; a viewer only reads:
 * - activate, freeze, unfreeze → changingStatus (cardAction); report lost asks first (confirmingLost);
 * - edit name or alias (editingName → savingName, updateCard);
 * - set the 4-digit PIN (physical cards) or the 5-digit e-PIN (editingPin → savingPin);
 * - reveal the card details, PIN or e-PIN: a fresh one-time code first (the oneTimeCode child, purpose card_reveal),
 *   then revealing (revealCard with the grant) → revealed, shown for `revealTimeout` and hidden at once on request;
 * - limits (loadingLimits → editingLimits → savingLimits → refreshingLimits, one frequency and four categories (two on
 *   a virtual card), each possibly unlimited; what was spent is read again after saving and whenever the page comes
 *   back into view; opened at /cards/:card/:id/card-limit it goes there straight after loading);
 * - delete (confirmingDelete → deleting → removed: destroyed is final, "Card removed").
 * Each outcome is recorded in `outcome` (the screen shows it as a toast); a failure also keeps its reason in `error`.
 */

export const toCardControlsError = knownErrors([
  'card_status',
  'step_up_required',
  'validation_failed',
  'not_found',
  'forbidden',
  'rate_limited',
  'network',
]);
export type CardControlsError = ReturnType<typeof toCardControlsError>;

export type PinKind = 'pin' | 'epin';
export type RevealWhat = CardRevealBody['what'];

/** What the user asked for, for the toast that tells how it went (SPEC §8). */
export type CardTask = CardAction | 'delete' | 'name' | PinKind | 'reveal' | 'limits';
export type CardOutcome = { task: CardTask; ok: boolean };

/** The card, and where a one-time code for a reveal can go. */
export type CardView = { card: Card; methods: StepUpMethod[] };

export type LoadCardInput = { id: string };
export type CardActionInput = { id: string; action: CardAction };
export type UpdateCardInput = { id: string; body: CardUpdateBody };
export type SetPinInput = { id: string; kind: PinKind; value: string };
export type RevealCardInput = { id: string; what: RevealWhat; stepUpToken: string };
export type SetLimitsInput = { id: string; limits: CardLimits };

export type CardControlsContext = {
  id: string;
  /** Opened at the limits address (/cards/:form/:id/card-limit) rather than the card's. */
  view: 'detail' | 'limits';
  /** A viewer only reads (schemas/cards.schema.ts); the server refuses the rest anyway. */
  readOnly: boolean;
  card: Card | null;
  methods: StepUpMethod[];
  /** The status change under way. */
  action: CardAction | null;
  pinKind: PinKind | null;
  reveal: RevealWhat | null;
  stepUpToken: string | null;
  /** The revealed secret, only while `revealed`; forgotten on the way out. */
  secret: CardSecret | null;
  limits: CardLimitsView | null;
  outcome: CardOutcome | null;
  error: CardControlsError | null;
  fieldErrors: Record<string, string>;
};

export type CardControlsEvent =
  /** Sent by the screen once it has read the address. */
  | { type: 'card.opened'; id: string; view: 'detail' | 'limits'; readOnly: boolean }
  | { type: 'load.retry' }
  | { type: 'card.activate' }
  | { type: 'card.freeze' }
  | { type: 'card.unfreeze' }
  | { type: 'lost.request' }
  | { type: 'lost.confirm' }
  | { type: 'lost.cancel' }
  | { type: 'delete.request' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'name.edit' }
  | { type: 'name.submit'; name: string; alias: string | null }
  | { type: 'name.cancel' }
  | { type: 'pin.edit'; kind: PinKind }
  | { type: 'pin.submit'; value: string }
  | { type: 'pin.cancel' }
  | { type: 'reveal.request'; what: RevealWhat }
  | { type: 'reveal.hide' }
  | { type: 'limits.open' }
  | { type: 'limits.submit'; limits: CardLimits }
  | { type: 'limits.close' }
  /** The limits page came back into view (the window regained focus): a payment may have been made meanwhile. */
  | { type: 'limits.refresh' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

const purpose: StepUpPurpose = 'card_reveal';

/** How long a revealed secret stays on screen before it is hidden by itself. */
export const revealShownMs = 30_000;

/**
 * What each status offers besides its status changes (`cardTransitions`): an active card everything; a frozen one its
 * secrets (frozen blocks payments, not its holder) but no changes until unfrozen; a card not yet activated, a lost one
 * and one the bank restricted nothing more.
 */
const revealable: ReadonlySet<CardStatus> = new Set<CardStatus>(['active', 'frozen']);
const isActive = (context: CardControlsContext) => context.card?.status === 'active';

/**
 * Whether the user may ask for this status change now (schemas/cards.schema.ts `cardTransitions`; a virtual card is
 * never reported lost, `cardCanTransition`).
 */
export function mayTransition(context: CardControlsContext, transition: CardAction | 'destroy'): boolean {
  return !context.readOnly && context.card !== null && cardCanTransition(context.card, transition);
}

/** The limits of an active card can be read (also by a viewer). */
export function mayViewLimits(context: CardControlsContext): boolean {
  return isActive(context);
}

/** Name, alias and limits of an active card can be changed. */
export function mayEdit(context: CardControlsContext): boolean {
  return !context.readOnly && isActive(context);
}

export function maySetPin(context: CardControlsContext, kind: PinKind): boolean {
  if (context.readOnly || !isActive(context)) return false;
  // The 4-digit PIN is for the card terminal: physical cards only. The e-PIN (SPEC §9) is for both.
  return kind === 'epin' || context.card?.form === 'physical';
}

export function mayReveal(context: CardControlsContext, what: RevealWhat): boolean {
  const { card } = context;
  if (context.readOnly || !card || !revealable.has(card.status)) return false;
  if (what === 'pin') return card.form === 'physical' && card.has_pin;
  if (what === 'epin') return card.has_epin;
  return true;
}

/** The PIN or e-PIN as the endpoint takes it (4 or 5 digits, not guessable). */
export function pinProblem(kind: PinKind, value: string): string | null {
  const result =
    kind === 'pin' ? CardPinBody.safeParse({ pin: value }) : CardEpinBody.safeParse({ epin: value });
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
}

type Failure = { error: unknown; task: CardTask };

export const cardControlsMachine = setup({
  types: {
    context: {} as CardControlsContext,
    events: {} as CardControlsEvent,
    children: {} as { oneTimeCode: 'oneTimeCode' },
  },
  actors: {
    loadCard: fromPromise<CardView, LoadCardInput>(async () => notProvided('loadCard')),
    cardAction: fromPromise<Card, CardActionInput>(async () => notProvided('cardAction')),
    updateCard: fromPromise<Card, UpdateCardInput>(async () => notProvided('updateCard')),
    setCardPin: fromPromise<void, SetPinInput>(async () => notProvided('setCardPin')),
    oneTimeCode: oneTimeCodeMachine,
    revealCard: fromPromise<CardSecret, RevealCardInput>(async () => notProvided('revealCard')),
    cardLimits: fromPromise<CardLimitsView, LoadCardInput>(async () => notProvided('cardLimits')),
    setCardLimits: fromPromise<CardLimits, SetLimitsInput>(async () => notProvided('setCardLimits')),
    deleteCard: fromPromise<Card, LoadCardInput>(async () => notProvided('deleteCard')),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toCardControlsError(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldsOf(params.error),
    }),
    /** A new request: the last outcome has been told, its reason is no longer news. */
    clearError: assign({ error: null, fieldErrors: {}, outcome: null }),
    forgetSecret: assign({ secret: null, stepUpToken: null }),
    /** What failed (the toast says so, SPEC §8) and why (the page says so). */
    recordFailure: assign({
      outcome: (_, params: Failure) => ({ task: params.task, ok: false }),
      error: (_, params: Failure) => toCardControlsError(params.error),
      fieldErrors: (_, params: Failure) => fieldsOf(params.error),
    }),
  },
  guards: {
    /** Opened at the limits address, for a card whose limits can be shown (else the card's own page). */
    wantsLimits: ({ context }, params: { card: Card }) =>
      context.view === 'limits' && mayViewLimits({ ...context, card: params.card }),
    isNotFound: (_, params: { error: unknown }) => failureCode(params.error) === 'not_found',
    canActivate: ({ context }) => mayTransition(context, 'activate'),
    canFreeze: ({ context }) => mayTransition(context, 'freeze'),
    canUnfreeze: ({ context }) => mayTransition(context, 'unfreeze'),
    canReportLost: ({ context }) => mayTransition(context, 'report_lost'),
    canDelete: ({ context }) => mayTransition(context, 'destroy'),
    canEdit: ({ context }) => mayEdit(context),
    canSeeLimits: ({ context }) => mayViewLimits(context),
    canSetPin: ({ context, event }) => event.type === 'pin.edit' && maySetPin(context, event.kind),
    /** The value has the shape of the PIN being set (the form says why not before sending). */
    pinFits: ({ context, event }) =>
      event.type === 'pin.submit' &&
      context.pinKind !== null &&
      pinProblem(context.pinKind, event.value) === null,
    canReveal: ({ context, event }) => event.type === 'reveal.request' && mayReveal(context, event.what),
    gotGrant: (_, params: { output: OneTimeCodeOutput }) => stepUpTokenOf(params.output) !== null,
    isStepUpRequired: (_, params: { error: unknown }) => failureCode(params.error) === 'step_up_required',
  },
  delays: {
    /** How long a revealed secret stays on screen. */
    revealTimeout: revealShownMs,
  },
}).createMachine({
  id: 'cardControls',
  context: {
    id: '',
    view: 'detail',
    readOnly: false,
    card: null,
    methods: [],
    action: null,
    pinKind: null,
    reveal: null,
    stepUpToken: null,
    secret: null,
    limits: null,
    outcome: null,
    error: null,
    fieldErrors: {},
  },
  initial: 'opening',
  states: {
    opening: {
      description: 'Until the screen has read which card the address names, and whether the user only reads.',
      on: {
        'card.opened': {
          target: 'loading',
          description:
            "The screen names the card (its page or its limits' page) and whether the user is a viewer.",
          actions: assign({
            id: ({ event }) => event.id,
            view: ({ event }) => event.view,
            readOnly: ({ event }) => event.readOnly,
          }),
        },
      },
    },
    loading: {
      description: 'The card and where a one-time code can be sent are read.',
      tags: ['busy'],
      invoke: {
        id: 'loadCard',
        src: 'loadCard',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            description: "Opened at the limits' address for an active card: straight to its limits.",
            guard: { type: 'wantsLimits', params: ({ event }) => ({ card: event.output.card }) },
            target: 'loadingLimits',
            actions: assign({
              card: ({ event }) => event.output.card,
              methods: ({ event }) => event.output.methods,
            }),
          },
          {
            target: 'viewing',
            description: "The card's page is shown.",
            actions: assign({
              card: ({ event }) => event.output.card,
              methods: ({ event }) => event.output.methods,
            }),
          },
        ],
        // Told about at the card's own address, which a retry then loads.
        onError: [
          {
            // No such card, or another merchant's, or not assigned to this user.
            description: "No such card, another merchant's, or one this user may not see.",
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            actions: assign({ view: 'detail' }),
          },
          {
            target: 'loadFailed',
            description:
              "The card could not be read (no answer, a server failure); told at the card's own address.",
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ view: 'detail' }),
            ],
          },
        ],
      },
    },
    loadFailed: {
      description: 'The card could not be read: the page says so and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The user asks to read the card again.',
          actions: 'clearError',
        },
      },
    },
    notFound: { description: 'No such card (or not one this user may see): nothing to show.' },
    viewing: {
      description:
        "The card's face and details, with only the controls its status allows: an active card everything; a " +
        'frozen one its secrets, unfreezing, reporting it lost and removing it; one not yet activated activating, ' +
        'reporting it lost and removing it; a lost one removing it. A viewer only reads.',
      on: {
        'card.activate': {
          description: 'The user activates a card that is not yet active (not a viewer).',
          guard: 'canActivate',
          target: 'changingStatus',
          actions: ['clearError', assign({ action: 'activate' })],
        },
        'card.freeze': {
          description: 'The user freezes an active card: payments with it are declined until it is unfrozen.',
          guard: 'canFreeze',
          target: 'changingStatus',
          actions: ['clearError', assign({ action: 'freeze' })],
        },
        'card.unfreeze': {
          description: 'The user unfreezes a frozen card.',
          guard: 'canUnfreeze',
          target: 'changingStatus',
          actions: ['clearError', assign({ action: 'unfreeze' })],
        },
        'lost.request': {
          description: 'The user reports the card lost, where its status allows; a dialog asks first.',
          guard: 'canReportLost',
          target: 'confirmingLost',
          actions: 'clearError',
        },
        'delete.request': {
          description: 'The user removes the card, where its status allows; a dialog asks first.',
          guard: 'canDelete',
          target: 'confirmingDelete',
          actions: 'clearError',
        },
        'name.edit': {
          description: "The user edits an active card's name and alias (not a viewer).",
          guard: 'canEdit',
          target: 'editingName',
          actions: 'clearError',
        },
        'pin.edit': {
          description:
            `The user sets the ${pinDigits.pin}-digit PIN (physical cards only) or the ${pinDigits.epin}-digit ` +
            'e-PIN of an active card (not a viewer).',
          guard: 'canSetPin',
          target: 'editingPin',
          actions: ['clearError', assign({ pinKind: ({ event }) => event.kind })],
        },
        'reveal.request': {
          description:
            'The user asks to see the card details, PIN or e-PIN of an active or frozen card (the PIN only once ' +
            'set, physical cards only): a fresh one-time code comes first.',
          guard: 'canReveal',
          target: 'confirmingCode',
          actions: ['clearError', 'forgetSecret', assign({ reveal: ({ event }) => event.what })],
        },
        'limits.open': {
          description: "The user opens an active card's limits (a viewer too, to read them).",
          guard: 'canSeeLimits',
          target: 'loadingLimits',
          actions: 'clearError',
        },
      },
    },
    changingStatus: {
      description:
        'The server activates, freezes, unfreezes or marks the card lost; a status that changed meanwhile is refused.',
      tags: ['busy'],
      invoke: {
        id: 'cardAction',
        src: 'cardAction',
        input: ({ context }) => ({ id: context.id, action: context.action ?? 'freeze' }),
        onDone: {
          target: 'viewing',
          description: 'The card shows its new status; a toast says so ("Card frozen", "unfrozen", …).',
          actions: assign({
            card: ({ event }) => event.output,
            outcome: ({ context }) => ({ task: context.action ?? 'freeze', ok: true }),
            action: null,
          }),
        },
        onError: {
          target: 'viewing',
          description:
            'The status did not change; a toast says so ("Card could not be frozen", …) and the page why.',
          actions: [
            {
              type: 'recordFailure',
              params: ({ context, event }) => ({ error: event.error, task: context.action ?? 'freeze' }),
            },
            assign({ action: null }),
          ],
        },
      },
    },
    confirmingLost: {
      description: 'A dialog asks "Report this card lost?": it can never be used again.',
      on: {
        'lost.confirm': {
          description: 'The user confirms (its status still allows it): the card is reported lost.',
          guard: 'canReportLost',
          target: 'changingStatus',
          actions: assign({ action: 'report_lost' }),
        },
        'lost.cancel': { target: 'viewing', description: 'The user closes the dialog; nothing changes.' },
      },
    },
    confirmingDelete: {
      description: 'A dialog asks "Remove this card?": a destroyed card is gone for good.',
      on: {
        'delete.confirm': { target: 'deleting', description: 'The user confirms; the removal is sent.' },
        'delete.cancel': { target: 'viewing', description: 'The user closes the dialog; nothing changes.' },
      },
    },
    deleting: {
      description: 'The server marks the card destroyed: it can never be used again.',
      tags: ['busy'],
      invoke: {
        id: 'deleteCard',
        src: 'deleteCard',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'removed',
          description: '"Card removed".',
          actions: assign({ card: ({ event }) => event.output, outcome: { task: 'delete', ok: true } }),
        },
        onError: {
          target: 'viewing',
          description: 'Not removed (refused, or no answer): the card stays; a toast and the page say why.',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error, task: 'delete' }) },
        },
      },
    },
    removed: { type: 'final', description: '"Card removed": nothing more can be done with it.' },
    editingName: {
      description:
        `The card's name and alias: Latin letters, digits, spaces and . ' -, up to ` +
        `${count(cardNameMaxLength, 'character')} each.`,
      on: {
        'name.submit': {
          target: 'savingName',
          description: 'The user saves the name and alias.',
          actions: 'clearError',
        },
        'name.cancel': {
          target: 'viewing',
          description: 'The user goes back to the card; nothing changes.',
          actions: 'clearError',
        },
      },
    },
    savingName: {
      description: 'The server saves the name and alias.',
      tags: ['busy'],
      invoke: {
        id: 'updateCard',
        src: 'updateCard',
        input: ({ context, event }) => {
          if (event.type !== 'name.submit') throw new Error(`unexpected ${event.type}`);
          return { id: context.id, body: { name: event.name, alias: event.alias } };
        },
        onDone: {
          target: 'viewing',
          description: '"Card name updated".',
          actions: assign({ card: ({ event }) => event.output, outcome: { task: 'name', ok: true } }),
        },
        onError: {
          target: 'editingName',
          description: 'The name "could not be updated": the form keeps it and marks what was refused.',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error, task: 'name' }) },
        },
      },
    },
    editingPin: {
      description:
        `A new PIN (${count(pinDigits.pin, 'digit')}) or e-PIN (${count(pinDigits.epin, 'digit')}), typed twice; ` +
        'not all one digit and not a straight run up or down.',
      on: {
        'pin.submit': {
          description: 'The user sends a PIN of the right shape; the form says why not before sending.',
          guard: 'pinFits',
          target: 'savingPin',
          actions: 'clearError',
        },
        'pin.cancel': {
          target: 'viewing',
          description: 'The user goes back to the card; the PIN stays as it was.',
          actions: ['clearError', assign({ pinKind: null })],
        },
      },
    },
    savingPin: {
      description: 'The server sets the PIN or e-PIN.',
      tags: ['busy'],
      invoke: {
        id: 'setCardPin',
        src: 'setCardPin',
        input: ({ context, event }) => {
          if (event.type !== 'pin.submit') throw new Error(`unexpected ${event.type}`);
          return { id: context.id, kind: context.pinKind ?? 'pin', value: event.value };
        },
        onDone: {
          target: 'viewing',
          description: '"PIN set".',
          actions: assign({
            card: ({ context }) =>
              context.card &&
              (context.pinKind === 'epin'
                ? { ...context.card, has_epin: true }
                : { ...context.card, has_pin: true }),
            outcome: ({ context }) => ({ task: context.pinKind ?? 'pin', ok: true }),
            pinKind: null,
          }),
        },
        onError: {
          target: 'editingPin',
          description: 'The PIN was not set (refused, or no answer): the form says why.',
          actions: {
            type: 'recordFailure',
            params: ({ context, event }) => ({ error: event.error, task: context.pinKind ?? 'pin' }),
          },
        },
      },
    },
    confirmingCode: {
      description:
        'A fresh one-time code for every reveal (the one-time code journey, purpose card_reveal: its rules on ' +
        'attempts, expiry and resending apply).',
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({ purpose, methods: context.methods }),
        onDone: [
          {
            description: 'The code is right: its grant goes with the reveal.',
            guard: { type: 'gotGrant', params: ({ event }) => ({ output: event.output }) },
            target: 'revealing',
            actions: assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) }),
          },
          {
            target: 'viewing',
            description:
              'The code step ended without a grant (cancelled, or no more tries): nothing is revealed.',
            actions: ['clearError', assign({ reveal: null })],
          },
        ],
      },
    },
    revealing: {
      description: 'The server spends the grant and answers the secret asked for.',
      tags: ['busy'],
      invoke: {
        id: 'revealCard',
        src: 'revealCard',
        input: ({ context }) => ({
          id: context.id,
          what: context.reveal ?? 'details',
          stepUpToken: context.stepUpToken ?? '',
        }),
        onDone: {
          target: 'revealed',
          description: 'The secret is shown.',
          actions: ['clearError', assign({ secret: ({ event }) => event.output, stepUpToken: null })],
        },
        onError: [
          {
            // The grant expired or was spent: a new code for the same reveal.
            description: 'The grant expired or was spent: a new code for the same reveal.',
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'confirmingCode',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              'forgetSecret',
            ],
          },
          {
            target: 'viewing',
            description: 'Nothing is revealed (refused, or no answer): the page says why.',
            actions: [
              { type: 'recordFailure', params: ({ event }) => ({ error: event.error, task: 'reveal' }) },
              'forgetSecret',
              assign({ reveal: null }),
            ],
          },
        ],
      },
    },
    revealed: {
      description:
        `The secret, for ${duration(revealShownMs)} at most; "Hide" hides it at once. It is forgotten on the way ` +
        'out.',
      after: {
        revealTimeout: {
          target: 'viewing',
          description: `${duration(revealShownMs)} passed: the secret is hidden and forgotten.`,
        },
      },
      on: {
        'reveal.hide': { target: 'viewing', description: 'The user hides the secret; it is forgotten.' },
      },
      exit: ['forgetSecret', assign({ reveal: null })],
    },
    loadingLimits: {
      description: "The card's limits are read, with what was spent in the current window.",
      tags: ['busy'],
      invoke: {
        id: 'cardLimits',
        src: 'cardLimits',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'editingLimits',
          description: 'The limits are shown.',
          actions: assign({ limits: ({ event }) => event.output }),
        },
        onError: {
          target: 'viewing',
          description: "The limits could not be read: back to the card's page, which says why.",
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    editingLimits: {
      description:
        'One frequency (daily, weekly, monthly or yearly: calendar periods in Athens time) and four limits, each ' +
        'an amount in the account currency or unlimited: every payment, in shops, online and cash. Each shows what ' +
        'was spent in the current window; the server declines a payment over a limit.',
      on: {
        'limits.submit': {
          description: 'The user saves the limits (an active card, not a viewer).',
          guard: 'canEdit',
          target: 'savingLimits',
          actions: 'clearError',
        },
        'limits.close': {
          target: 'viewing',
          description: "The user goes back to the card's page.",
          actions: 'clearError',
        },
        'limits.refresh': {
          target: 'refreshingLimits',
          description:
            'The page comes back into view: what was spent is read again (a payment may have been made).',
        },
      },
    },
    refreshingLimits: {
      description:
        'What was spent in the current window is read again (after saving, the window may have changed with the ' +
        'frequency; after a payment, the figure has). The form stays as the user left it.',
      invoke: {
        id: 'cardLimits',
        src: 'cardLimits',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'editingLimits',
          description: 'The window and what was spent in it are shown as they are now.',
          actions: assign({ limits: ({ event }) => event.output }),
        },
        onError: {
          target: 'editingLimits',
          description:
            'Not read: the figures shown stay; the next save or return to the page reads them again.',
        },
      },
      on: {
        'limits.submit': {
          description: 'The user saves the limits while the figures are read (the read is dropped).',
          guard: 'canEdit',
          target: 'savingLimits',
          actions: 'clearError',
        },
        'limits.close': {
          target: 'viewing',
          description: "The user goes back to the card's page.",
          actions: 'clearError',
        },
      },
    },
    savingLimits: {
      description: 'The server saves the limits; they apply from the next payment.',
      tags: ['busy'],
      invoke: {
        id: 'setCardLimits',
        src: 'setCardLimits',
        input: ({ context, event }) => {
          if (event.type !== 'limits.submit') throw new Error(`unexpected ${event.type}`);
          return { id: context.id, limits: event.limits };
        },
        onDone: {
          target: 'refreshingLimits',
          description:
            '"Limits updated"; what was spent is read again for the window the new frequency gives.',
          actions: assign({
            limits: ({ context, event }) => context.limits && { ...context.limits, ...event.output },
            card: ({ context, event }) => context.card && { ...context.card, limits: event.output },
            outcome: { task: 'limits', ok: true },
          }),
        },
        onError: {
          target: 'editingLimits',
          description: '"Could not update limits, try again later."; the form keeps what was typed.',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error, task: 'limits' }) },
        },
      },
    },
  },
});

export type CardControlsSnapshot = SnapshotFrom<typeof cardControlsMachine>;

export type CardControlsStep =
  'loading' | 'loadFailed' | 'notFound' | 'card' | 'name' | 'pin' | 'code' | 'limits' | 'removed';

/** Which page the screen shows (dialogs over the card: `selectCardDialog`). */
export function selectCardControlsStep(snapshot: CardControlsSnapshot): CardControlsStep {
  if (snapshot.matches('opening') || snapshot.matches('loading') || snapshot.matches('loadingLimits'))
    return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('notFound')) return 'notFound';
  if (snapshot.matches('editingName') || snapshot.matches('savingName')) return 'name';
  if (snapshot.matches('editingPin') || snapshot.matches('savingPin')) return 'pin';
  if (snapshot.matches('confirmingCode')) return 'code';
  if (
    snapshot.matches('editingLimits') ||
    snapshot.matches('savingLimits') ||
    snapshot.matches('refreshingLimits')
  )
    return 'limits';
  if (snapshot.matches('removed')) return 'removed';
  return 'card';
}

export type CardDialog = 'lost' | 'delete' | null;

export function selectCardDialog(snapshot: CardControlsSnapshot): CardDialog {
  if (snapshot.matches('confirmingLost')) return 'lost';
  if (snapshot.matches('confirmingDelete') || snapshot.matches('deleting')) return 'delete';
  return null;
}

/**
 * The address of the page (SPEC §2): the card at /cards/:card (`:card` its id), its limits at
 * /cards/:card/:id/card-limit (`:card` the card's form, physical or virtual; `:id` its id). Null while it loads.
 */
export function cardControlsPath(snapshot: CardControlsSnapshot): string | null {
  const { card, id } = snapshot.context;
  if (snapshot.matches('opening') || snapshot.matches('loading')) return null;
  if (card && (snapshot.matches('loadingLimits') || selectCardControlsStep(snapshot) === 'limits'))
    return `/cards/${card.form}/${id}/card-limit`;
  // A card that could not be loaded, or whose limits cannot be shown, is told about at its own address.
  return `/cards/${id}`;
}

export const selectCardControlsBusy = (snapshot: CardControlsSnapshot): boolean => snapshot.hasTag('busy');
export const selectCardControlsError = (snapshot: CardControlsSnapshot): CardControlsError | null =>
  snapshot.context.error;
export const selectCardFieldErrors = (snapshot: CardControlsSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
export const selectControlledCard = (snapshot: CardControlsSnapshot): Card | null => snapshot.context.card;
export const selectCardOutcome = (snapshot: CardControlsSnapshot): CardOutcome | null =>
  snapshot.context.outcome;
export const selectCardReadOnly = (snapshot: CardControlsSnapshot): boolean => snapshot.context.readOnly;
export const selectStatusAction = (snapshot: CardControlsSnapshot): CardAction | null =>
  snapshot.context.action;
export const selectPinKind = (snapshot: CardControlsSnapshot): PinKind | null => snapshot.context.pinKind;
export const selectRevealWhat = (snapshot: CardControlsSnapshot): RevealWhat | null =>
  snapshot.context.reveal;
export const selectCardSecret = (snapshot: CardControlsSnapshot): CardSecret | null =>
  snapshot.context.secret;
export const selectCardLimits = (snapshot: CardControlsSnapshot): CardLimitsView | null =>
  snapshot.context.limits;
export const selectSavingName = (snapshot: CardControlsSnapshot): boolean => snapshot.matches('savingName');
export const selectSavingPin = (snapshot: CardControlsSnapshot): boolean => snapshot.matches('savingPin');
export const selectSavingLimits = (snapshot: CardControlsSnapshot): boolean =>
  snapshot.matches('savingLimits');
export const selectRevealing = (snapshot: CardControlsSnapshot): boolean => snapshot.matches('revealing');
export const selectDeleting = (snapshot: CardControlsSnapshot): boolean => snapshot.matches('deleting');
/** The running oneTimeCode child while a code is asked for. */
export const selectCardCodeActor = (snapshot: CardControlsSnapshot) => snapshot.children.oneTimeCode;

/**
 * The controls the card offers (the same rules as the guards: its status, its form, the user's role). While a request
 * runs they stay on the page, and the busy tag greys them out.
 */
export function selectCardControls(snapshot: CardControlsSnapshot) {
  const { context } = snapshot;
  return {
    activate: mayTransition(context, 'activate'),
    freeze: mayTransition(context, 'freeze'),
    unfreeze: mayTransition(context, 'unfreeze'),
    reportLost: mayTransition(context, 'report_lost'),
    remove: mayTransition(context, 'destroy'),
    editName: mayEdit(context),
    setPin: maySetPin(context, 'pin'),
    setEpin: maySetPin(context, 'epin'),
    revealDetails: mayReveal(context, 'details'),
    revealPin: mayReveal(context, 'pin'),
    revealEpin: mayReveal(context, 'epin'),
    limits: mayViewLimits(context),
    saveLimits: mayEdit(context),
  };
}

export type CardControls = ReturnType<typeof selectCardControls>;
