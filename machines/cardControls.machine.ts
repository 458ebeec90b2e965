import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  canTransition,
  CardEpinBody,
  CardPinBody,
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
 * - limits (loadingLimits → editingLimits → savingLimits, one frequency and four categories, each possibly unlimited;
 *   opened at /cards/:card/:id/card-limit it goes there straight after loading);
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
  | { type: 'limits.close' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

function fieldsOf(error: unknown): Record<string, string> {
  const failure = toApiFailure(error);
  return failure.kind === 'http' ? (failure.fields ?? {}) : {};
}

const purpose: StepUpPurpose = 'card_reveal';

/**
 * What each status offers besides its status changes (`cardTransitions`): an active card everything; a frozen one its
 * secrets (frozen blocks payments, not its holder) but no changes until unfrozen; a card not yet activated, a lost one
 * and one the bank restricted nothing more.
 */
const revealable: ReadonlySet<CardStatus> = new Set<CardStatus>(['active', 'frozen']);
const isActive = (context: CardControlsContext) => context.card?.status === 'active';

/** Whether the user may ask for this status change now (schemas/cards.schema.ts `cardTransitions`). */
export function mayTransition(context: CardControlsContext, transition: CardAction | 'destroy'): boolean {
  return !context.readOnly && context.card !== null && canTransition(context.card.status, transition);
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
    revealTimeout: 30_000,
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
    /** Until the screen has read the address. */
    opening: {
      on: {
        'card.opened': {
          target: 'loading',
          actions: assign({
            id: ({ event }) => event.id,
            view: ({ event }) => event.view,
            readOnly: ({ event }) => event.readOnly,
          }),
        },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCard',
        src: 'loadCard',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'wantsLimits', params: ({ event }) => ({ card: event.output.card }) },
            target: 'loadingLimits',
            actions: assign({
              card: ({ event }) => event.output.card,
              methods: ({ event }) => event.output.methods,
            }),
          },
          {
            target: 'viewing',
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
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            actions: assign({ view: 'detail' }),
          },
          {
            target: 'loadFailed',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ view: 'detail' }),
            ],
          },
        ],
      },
    },
    loadFailed: {
      on: { 'load.retry': { target: 'loading', actions: 'clearError' } },
    },
    notFound: {},
    /** The card's face and details, with the controls its status allows. */
    viewing: {
      on: {
        'card.activate': {
          guard: 'canActivate',
          target: 'changingStatus',
          actions: ['clearError', assign({ action: 'activate' })],
        },
        'card.freeze': {
          guard: 'canFreeze',
          target: 'changingStatus',
          actions: ['clearError', assign({ action: 'freeze' })],
        },
        'card.unfreeze': {
          guard: 'canUnfreeze',
          target: 'changingStatus',
          actions: ['clearError', assign({ action: 'unfreeze' })],
        },
        'lost.request': { guard: 'canReportLost', target: 'confirmingLost', actions: 'clearError' },
        'delete.request': { guard: 'canDelete', target: 'confirmingDelete', actions: 'clearError' },
        'name.edit': { guard: 'canEdit', target: 'editingName', actions: 'clearError' },
        'pin.edit': {
          guard: 'canSetPin',
          target: 'editingPin',
          actions: ['clearError', assign({ pinKind: ({ event }) => event.kind })],
        },
        'reveal.request': {
          guard: 'canReveal',
          target: 'confirmingCode',
          actions: ['clearError', 'forgetSecret', assign({ reveal: ({ event }) => event.what })],
        },
        'limits.open': { guard: 'canSeeLimits', target: 'loadingLimits', actions: 'clearError' },
      },
    },
    /** activate, freeze, unfreeze or report_lost (cardAction); a status that changed meanwhile is 409 card_status. */
    changingStatus: {
      tags: ['busy'],
      invoke: {
        id: 'cardAction',
        src: 'cardAction',
        input: ({ context }) => ({ id: context.id, action: context.action ?? 'freeze' }),
        onDone: {
          target: 'viewing',
          actions: assign({
            card: ({ event }) => event.output,
            outcome: ({ context }) => ({ task: context.action ?? 'freeze', ok: true }),
            action: null,
          }),
        },
        onError: {
          target: 'viewing',
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
    /** "Report this card lost?": it can never be used again. */
    confirmingLost: {
      on: {
        'lost.confirm': {
          guard: 'canReportLost',
          target: 'changingStatus',
          actions: assign({ action: 'report_lost' }),
        },
        'lost.cancel': 'viewing',
      },
    },
    /** "Remove this card?": destroyed is final. */
    confirmingDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': 'viewing',
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteCard',
        src: 'deleteCard',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'removed',
          actions: assign({ card: ({ event }) => event.output, outcome: { task: 'delete', ok: true } }),
        },
        onError: {
          target: 'viewing',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error, task: 'delete' }) },
        },
      },
    },
    /** "Card removed": nothing more can be done with it. */
    removed: { type: 'final' },
    /** The card's name and alias (SPEC §5: Latin letters, max 26). */
    editingName: {
      on: {
        'name.submit': { target: 'savingName', actions: 'clearError' },
        'name.cancel': { target: 'viewing', actions: 'clearError' },
      },
    },
    savingName: {
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
          actions: assign({ card: ({ event }) => event.output, outcome: { task: 'name', ok: true } }),
        },
        onError: {
          target: 'editingName',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error, task: 'name' }) },
        },
      },
    },
    /** A new PIN (4 digits) or e-PIN (5 digits), typed twice in the form. */
    editingPin: {
      on: {
        'pin.submit': { guard: 'pinFits', target: 'savingPin', actions: 'clearError' },
        'pin.cancel': { target: 'viewing', actions: ['clearError', assign({ pinKind: null })] },
      },
    },
    savingPin: {
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
          actions: {
            type: 'recordFailure',
            params: ({ context, event }) => ({ error: event.error, task: context.pinKind ?? 'pin' }),
          },
        },
      },
    },
    /** The oneTimeCode child: a fresh code for every reveal; cancelled, back to the card. */
    confirmingCode: {
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({ purpose, methods: context.methods }),
        onDone: [
          {
            guard: { type: 'gotGrant', params: ({ event }) => ({ output: event.output }) },
            target: 'revealing',
            actions: assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) }),
          },
          { target: 'viewing', actions: ['clearError', assign({ reveal: null })] },
        ],
      },
    },
    revealing: {
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
          actions: ['clearError', assign({ secret: ({ event }) => event.output, stepUpToken: null })],
        },
        onError: [
          {
            // The grant expired or was spent: a new code for the same reveal.
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'confirmingCode',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              'forgetSecret',
            ],
          },
          {
            target: 'viewing',
            actions: [
              { type: 'recordFailure', params: ({ event }) => ({ error: event.error, task: 'reveal' }) },
              'forgetSecret',
              assign({ reveal: null }),
            ],
          },
        ],
      },
    },
    /** The secret, for `revealTimeout` at most; "Hide" hides it at once. */
    revealed: {
      after: { revealTimeout: { target: 'viewing' } },
      on: { 'reveal.hide': 'viewing' },
      exit: ['forgetSecret', assign({ reveal: null })],
    },
    loadingLimits: {
      tags: ['busy'],
      invoke: {
        id: 'cardLimits',
        src: 'cardLimits',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'editingLimits', actions: assign({ limits: ({ event }) => event.output }) },
        onError: {
          target: 'viewing',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** One frequency and the four categories, each an amount or unlimited, with what was spent in this window. */
    editingLimits: {
      on: {
        'limits.submit': { guard: 'canEdit', target: 'savingLimits', actions: 'clearError' },
        'limits.close': { target: 'viewing', actions: 'clearError' },
      },
    },
    savingLimits: {
      tags: ['busy'],
      invoke: {
        id: 'setCardLimits',
        src: 'setCardLimits',
        input: ({ context, event }) => {
          if (event.type !== 'limits.submit') throw new Error(`unexpected ${event.type}`);
          return { id: context.id, limits: event.limits };
        },
        onDone: {
          target: 'editingLimits',
          actions: assign({
            limits: ({ context, event }) => context.limits && { ...context.limits, ...event.output },
            card: ({ context, event }) => context.card && { ...context.card, limits: event.output },
            outcome: { task: 'limits', ok: true },
          }),
        },
        onError: {
          target: 'editingLimits',
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
  if (snapshot.matches('editingLimits') || snapshot.matches('savingLimits')) return 'limits';
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
