import type { ApiFailure } from '../../machines/apiFailure';
import {
  cardControlsMachine,
  cardControlsPath,
  revealShownMs,
  selectCardControls,
  selectCardControlsStep,
  selectCardDialog,
  type CardControlsContext,
  type CardControlsError,
  type CardControlsEvent,
  type CardControlsSnapshot,
  type CardTask,
  type CardView,
} from '../../machines/cardControls.machine';
import { duration, money } from '../../machines/ruleWords';
import {
  cardTransitions,
  type Card,
  type CardAction,
  type CardLimits,
  type CardLimitsView,
  type CardSecret,
} from '../../schemas/cards.schema';
import {
  failureWords,
  pathTitle,
  screenEnd,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';
import { codeMethodButton, codeMethods, codeTexts } from './oneTimeCode.paths';
import { demoUser } from './paths';

/*
 * The test model of one card's controls (machines/cardControls.machine.ts), run on the real screens at /cards/:card
 * and /cards/:card/:id/card-limit by cardControls.model.test.tsx: Dora's physical "Shop card" has just arrived
 * (inactive, PIN and e-PIN set). She activates, freezes and unfreezes it, renames it, sets its PIN and e-PIN, reveals
 * its details, PIN and e-PIN with a one-time code, sets a daily online limit, reports it lost or removes it.
 */

export const cardId = '00000000-0000-4000-8000-0000000000c1';
export const cardPagePath = `/cards/${cardId}`;
export const cardLimitsPath = `/cards/physical/${cardId}/card-limit`;

export const shopCard = {
  id: cardId,
  form: 'physical',
  colour: 'emerald',
  name: 'Shop card',
  alias: null,
  usage: 'multiple',
  status: 'inactive',
  last4: '4242',
  holder: { user_id: demoUser.id, name: 'Dora Demou' },
  account_type: 'eur',
  currency: 'EUR',
  has_pin: true,
  has_epin: true,
  shipping_address: { country: 'GR', postal_code: '105 63', city: 'Athens', line1: 'Ermou 10' },
  limits: {
    frequency: 'monthly',
    limits: { card_transaction: '100000', card_purchase: null, card_ecommerce: null, card_cash: null },
  },
  created_at: '2026-01-10T09:00:00.000Z',
} satisfies Card;

export const limitsView = {
  ...shopCard.limits,
  currency: 'EUR',
  window_start: '2026-01-01T00:00:00+02:00',
  spent: { card_transaction: '1250', card_purchase: '1250', card_ecommerce: '0', card_cash: '0' },
} satisfies CardLimitsView;

/** A daily €50.00 online limit, everything else unlimited. */
export const dailyOnline = {
  frequency: 'daily',
  limits: { card_transaction: null, card_purchase: null, card_ecommerce: '5000', card_cash: null },
} satisfies CardLimits;

export const secrets = {
  details: { what: 'details', number: '4000123412344242', expiry_month: 1, expiry_year: 2029, cvv: '123' },
  pin: { what: 'pin', pin: '4826' },
  epin: { what: 'epin', epin: '48263' },
} satisfies Record<CardSecret['what'], CardSecret>;

/** What the name form saves: the name kept, an alias added. */
export const renamed = { name: shopCard.name, alias: 'Till 1' };

function cardOf(context: CardControlsContext): Card {
  return context.card ?? shopCard;
}

/** The column each status change stamps (server/cards/cards.ts `stampOf`); unfreezing stamps none. */
const stampOf: Record<CardAction, string | null> = {
  activate: 'activated_at',
  freeze: 'frozen_at',
  unfreeze: null,
  report_lost: 'lost_at',
};

/** What a status other than active does to a payment (server/cards/authorizations.ts `declineOfStatus`). */
const declineOf: Partial<Record<Card['status'], string>> = {
  frozen: 'card_frozen',
  lost: 'card_lost',
  destroyed: 'card_destroyed',
};

function statusWords(status: Card['status']): string {
  const decline = declineOf[status];
  return decline
    ? `every card payment is declined (${decline})`
    : 'a card payment is no longer declined for the card’s status (its limits still apply)';
}

/** What a status change stores (server/cards/cards.ts `transitionCard`). */
function statusEffect(context: CardControlsContext): string {
  const action = context.action ?? 'freeze';
  const to = cardTransitions[action].to;
  const stamp = stampOf[action];
  return (
    `the card’s status becomes ${to} (cards.status${stamp ? `, ${stamp}` : ''}, updated_at); ` +
    `from now on ${statusWords(to)}.`
  );
}

/** What setting a PIN stores (server/cards/cards.ts `setCardSecret`): sealed, never answered back. */
function pinEffect(context: CardControlsContext): string {
  return context.pinKind === 'epin'
    ? 'the e-PIN is stored encrypted (cards.epin_enc, updated_at); no answer ever carries it back.'
    : 'the PIN is stored encrypted (cards.pin_enc, updated_at); no answer ever carries it back.';
}

const limitWords = (amount: string | null) => (amount === null ? 'null (no limit)' : amount);

/** What saving the limits stores (server/cards/cards.ts `setCardLimits`): all five columns replaced at once. */
function limitsEffect(): string {
  const { frequency, limits } = dailyOnline;
  return (
    `the card’s limits are replaced (cards.limit_frequency = ${frequency}, limit_ecommerce_minor = ` +
    `${limitWords(limits.card_ecommerce)} (${money(limits.card_ecommerce, limitsView.currency)} online per day), ` +
    `limit_transaction_minor = ${limitWords(limits.card_transaction)}, limit_purchase_minor = ` +
    `${limitWords(limits.card_purchase)}, limit_cash_minor = ${limitWords(limits.card_cash)}, updated_at); ` +
    'the next card payment is checked against them.'
  );
}

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const cardControlsTexts = {
  loadTitle: 'Card',
  retry: 'Try again',
  notFound: 'Card not found',
  activate: 'Activate card',
  freeze: 'Freeze card',
  unfreeze: 'Unfreeze card',
  reportLost: 'Report lost',
  remove: 'Remove card',
  editName: 'Edit name',
  changePin: 'Change PIN',
  changeEpin: 'Change e-PIN',
  showDetails: 'Show card details',
  showPin: 'Show PIN',
  showEpin: 'Show e-PIN',
  limits: 'Limits',
  hide: 'Hide',
  lostTitle: 'Report this card lost?',
  lostConfirm: 'Yes, report it lost',
  lostCancel: 'Keep the card',
  deleteTitle: 'Remove this card?',
  deleteConfirm: 'Yes, remove it',
  deleteCancel: 'Keep the card',
  removedTitle: 'This card can no longer be used',
  nameTitle: 'Edit card name',
  save: 'Save',
  cancel: 'Cancel',
  pinTitle: 'Set the PIN',
  epinTitle: 'Set the e-PIN',
  savePin: 'Save PIN',
  saveEpin: 'Save e-PIN',
  limitsTitle: 'Card limits',
  saveLimits: 'Save limits',
  backToCard: 'Back to the card',
};

export const cardControlsFixtures = {
  events: {
    'card.opened': [
      {
        event: { type: 'card.opened', id: cardId, view: 'detail', readOnly: false },
        does: `Open ${cardPagePath} (the card's link on /cards)`,
        auto: () => true,
      },
      {
        event: { type: 'card.opened', id: cardId, view: 'limits', readOnly: false },
        does: `Open ${cardLimitsPath}`,
        auto: () => true,
      },
    ],
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'card.activate': [{ event: { type: 'card.activate' }, does: 'Click "Activate card"' }],
    'card.freeze': [{ event: { type: 'card.freeze' }, does: 'Click "Freeze card"' }],
    'card.unfreeze': [{ event: { type: 'card.unfreeze' }, does: 'Click "Unfreeze card"' }],
    'lost.request': [{ event: { type: 'lost.request' }, does: 'Click "Report lost"' }],
    'lost.confirm': [{ event: { type: 'lost.confirm' }, does: 'Click "Yes, report it lost" in the dialog' }],
    'lost.cancel': [{ event: { type: 'lost.cancel' }, does: 'Click "Keep the card" in the dialog' }],
    'delete.request': [{ event: { type: 'delete.request' }, does: 'Click "Remove card"' }],
    'delete.confirm': [{ event: { type: 'delete.confirm' }, does: 'Click "Yes, remove it" in the dialog' }],
    'delete.cancel': [{ event: { type: 'delete.cancel' }, does: 'Click "Keep the card" in the dialog' }],
    'name.edit': [{ event: { type: 'name.edit' }, does: 'Click "Edit name"' }],
    'name.submit': [
      {
        event: { type: 'name.submit', ...renamed },
        does: `Keep "${renamed.name}" as Card name, type "${renamed.alias}" as Alias, click "Save"`,
      },
    ],
    'name.cancel': [{ event: { type: 'name.cancel' }, does: 'Click "Cancel"' }],
    'pin.edit': [
      { event: { type: 'pin.edit', kind: 'pin' }, does: 'Click "Change PIN"' },
      { event: { type: 'pin.edit', kind: 'epin' }, does: 'Click "Change e-PIN"' },
    ],
    'pin.submit': [
      { event: { type: 'pin.submit', value: '4826' }, does: 'Type 4826 twice, click "Save PIN"' },
      { event: { type: 'pin.submit', value: '48263' }, does: 'Type 48263 twice, click "Save e-PIN"' },
    ],
    'pin.cancel': [{ event: { type: 'pin.cancel' }, does: 'Click "Cancel"' }],
    'reveal.request': [
      // PIN and e-PIN reveals take the same states with another secret: cardControls.model.test.tsx shows them too.
      { event: { type: 'reveal.request', what: 'details' }, does: 'Click "Show card details"' },
    ],
    'reveal.hide': [{ event: { type: 'reveal.hide' }, does: 'Click "Hide"' }],
    'limits.open': [{ event: { type: 'limits.open' }, does: 'Click "Limits"' }],
    'limits.submit': [
      {
        event: { type: 'limits.submit', limits: dailyOnline },
        does: 'Choose "Per day", type 50.00 as the Online limit, tick "No limit" for the others, click "Save limits"',
      },
    ],
    'limits.close': [{ event: { type: 'limits.close' }, does: 'Click "Back to the card"' }],
    'limits.refresh': [
      {
        event: { type: 'limits.refresh' },
        does: 'Switch to another tab or window and back (the page regains focus)',
      },
    ],
  },
  actors: {
    loadCard: {
      done: {
        // The physical card has just arrived (inactive); the one whose limits page is opened is in use (active).
        output: (context): CardView => ({
          card: context.view === 'limits' ? { ...shopCard, status: 'active' } : shopCard,
          methods: [...codeMethods],
        }),
        says: 'Server sends the card (physical; inactive, or active when its limits are opened) and where a code can go',
      },
      errors: [
        { failure: http(404, 'not_found', 'No such card.'), says: 'Server answers 404 not_found' },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    cardAction: {
      done: {
        output: (context) => ({ ...cardOf(context), status: cardTransitions[context.action ?? 'freeze'].to }),
        effect: statusEffect,
        says: 'Server changes the card’s status',
      },
      errors: [
        {
          failure: http(409, 'card_status', 'The card’s status does not allow this.'),
          says: 'Server answers 409 card_status (changed elsewhere meanwhile)',
        },
      ],
    },
    updateCard: {
      done: {
        output: (context) => ({ ...cardOf(context), alias: renamed.alias }),
        effect:
          `the card’s name stays "${renamed.name}" and its alias becomes "${renamed.alias}" (cards.name, ` +
          'cards.alias, updated_at); the card itself and its status do not change.',
        says: 'Server stores the alias',
      },
      errors: [
        {
          failure: http(400, 'validation_failed', 'Invalid input.', {
            fields: { name: 'Max 26 characters.' },
          }),
          says: 'Server answers 400 validation_failed on the name',
        },
      ],
    },
    setCardPin: {
      done: { output: undefined, effect: pinEffect, says: 'Server stores the new PIN (204)' },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    oneTimeCode: {
      done: {
        output: { stepUpToken: 'grant-1' },
        says: `Choose "${codeMethodButton(codeMethods[0])}", type the emailed code 246810, click "Verify" (the server grants one reveal)`,
        effect:
          'the code is spent (otp_codes.consumed_at) and a step-up grant for card_reveal is stored (step_up_grants).',
      },
      alsoDone: [{ output: null, says: 'Click "Cancel" on "Confirm it is you"' }],
      errors: [],
    },
    revealCard: {
      done: {
        output: (context) => secrets[context.reveal ?? 'details'],
        effect:
          'the step-up grant is used up (step_up_grants.consumed_at); nothing about the card changes (reading is ' +
          'not changing).',
        says: 'Server sends the secret (no-store)',
      },
      errors: [
        {
          failure: http(403, 'step_up_required', 'Confirm with a one-time code.'),
          says: 'Server answers 403 step_up_required (the grant expired)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    cardLimits: {
      done: {
        output: limitsView,
        says: 'Server sends the limits (monthly, €1,000.00 overall) and this month’s spending',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    setCardLimits: {
      done: { output: dailyOnline, effect: limitsEffect(), says: 'Server stores the limits' },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    deleteCard: {
      done: {
        output: (context) => ({ ...cardOf(context), status: 'destroyed' as const }),
        effect:
          'the card’s status becomes destroyed (cards.status, destroyed_at, updated_at): final, no transition ' +
          `leaves it; from now on ${statusWords('destroyed')}.`,
        says: 'Server destroys the card',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
  },
  delays: { revealTimeout: 'Wait: the secret hides itself' },
} satisfies Fixtures<typeof cardControlsMachine>;

export function cardControlsErrorText(error: CardControlsError): string {
  switch (error) {
    case 'card_status':
      return 'This is not possible in the card’s current status.';
    case 'step_up_required':
      return 'Your confirmation has expired. Confirm it is you with a new one-time code.';
    case 'validation_failed':
      return 'Some details were not accepted. Check them and try again.';
    case 'not_found':
      return 'This card no longer exists.';
    case 'forbidden':
      return 'You may not change this card.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

const toastDone: Record<CardTask, string> = {
  activate: 'Card activated',
  freeze: 'Card frozen',
  unfreeze: 'Card unfrozen',
  report_lost: 'Card reported lost',
  delete: 'Card removed',
  name: 'Card name updated',
  pin: 'PIN set',
  epin: 'e-PIN set',
  reveal: 'Card details shown',
  limits: 'Limits updated',
};

const toastFailed: Record<CardTask, string> = {
  activate: 'Card could not be activated',
  freeze: 'Card could not be frozen',
  unfreeze: 'Card could not be unfrozen',
  report_lost: 'Card could not be reported lost',
  delete: 'Card could not be removed',
  name: 'Card name could not be updated',
  pin: 'PIN could not be set',
  epin: 'e-PIN could not be set',
  reveal: 'Card details could not be shown',
  limits: 'Could not update limits, try again later.',
};

function cardControlsScreen(snapshot: CardControlsSnapshot): ScreenExpectation {
  const t = cardControlsTexts;
  const busy = snapshot.hasTag('busy');
  const { error, outcome, card, pinKind } = snapshot.context;
  const alert = error ? cardControlsErrorText(error) : null;
  const path =
    cardControlsPath(snapshot) ?? (snapshot.context.view === 'limits' ? cardLimitsPath : cardPagePath);
  const toast = outcome ? { toast: (outcome.ok ? toastDone : toastFailed)[outcome.task] } : {};
  switch (selectCardControlsStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.loadTitle, alert, enabled: [t.retry] };
    case 'notFound':
      return { path, heading: t.notFound, alert: null };
    case 'card': {
      const can = selectCardControls(snapshot);
      const dialog = selectCardDialog(snapshot);
      const buttons: Array<[string, boolean]> = [
        [t.activate, can.activate],
        [t.freeze, can.freeze],
        [t.unfreeze, can.unfreeze],
        [t.reportLost, can.reportLost],
        [t.remove, can.remove],
        [t.editName, can.editName],
        [t.changePin, can.setPin],
        [t.changeEpin, can.setEpin],
        [t.showDetails, can.revealDetails],
        [t.showPin, can.revealPin],
        [t.showEpin, can.revealEpin],
        [t.limits, can.limits],
      ];
      // While a request runs the buttons stay on the page, greyed out; a dialog sits over them.
      const allowed = buttons.filter(([, on]) => on).map(([name]) => name);
      const dialogButtons =
        dialog === 'lost'
          ? [t.lostConfirm, t.lostCancel]
          : dialog === 'delete'
            ? [t.deleteConfirm, t.deleteCancel]
            : [];
      return {
        path,
        heading: card?.name ?? null,
        alert,
        dialogs: dialog === 'lost' ? [t.lostTitle] : dialog === 'delete' ? [t.deleteTitle] : [],
        ...toast,
        ...(dialog
          ? busy
            ? { disabled: dialogButtons }
            : { enabled: dialogButtons }
          : busy
            ? { disabled: allowed }
            : { enabled: [...allowed, ...(snapshot.matches('revealed') ? [t.hide] : [])] }),
        absent: buttons.filter(([, on]) => !on).map(([name]) => name),
      };
    }
    case 'name':
      return {
        path,
        heading: t.nameTitle,
        alert,
        ...toast,
        ...(snapshot.matches('savingName')
          ? { disabled: [t.save, t.cancel] }
          : { enabled: [t.save, t.cancel] }),
      };
    case 'pin': {
      const save = pinKind === 'epin' ? t.saveEpin : t.savePin;
      return {
        path,
        heading: pinKind === 'epin' ? t.epinTitle : t.pinTitle,
        alert,
        ...toast,
        ...(snapshot.matches('savingPin') ? { disabled: [save, t.cancel] } : { enabled: [save, t.cancel] }),
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
    case 'limits':
      return {
        path,
        heading: t.limitsTitle,
        alert,
        ...toast,
        ...(snapshot.matches('savingLimits')
          ? { disabled: [t.saveLimits, t.backToCard] }
          : { enabled: [t.saveLimits, t.backToCard] }),
      };
    case 'removed':
      return { path, heading: t.removedTitle, alert: null, ...toast };
  }
}

const answerOf: Record<string, string> = {
  loadCard: 'the card',
  cardAction: 'the status change',
  updateCard: 'the name',
  revealCard: 'the reveal',
  cardLimits: 'the limits',
  setCardLimits: 'the new limits',
  deleteCard: 'the removal',
};

const secretWords: Record<string, string> = {
  details: 'the card details',
  pin: 'the PIN',
  epin: 'the e-PIN',
};

type CardControlsStepOfPath = ModelPath<CardControlsSnapshot>['steps'][number];

/**
 * A decision of a path, in a few words (null: a step that decides nothing, e.g. an answer every path gets). A change
 * the server made is named by the request before it; a secret shown is named where the path goes on after it.
 */
function decisionWords(
  step: CardControlsStepOfPath,
  index: number,
  steps: CardControlsStepOfPath[],
): string | null {
  const { action } = step;
  const before = steps[index - 1]?.state.context;
  switch (action.kind) {
    case 'start':
      return null;
    case 'delay':
      return `hidden by itself after ${duration(revealShownMs)}`;
    case 'actorError':
      if (action.src === 'loadCard' && action.failure.kind === 'http' && action.failure.status === 404)
        return 'no such card';
      if (action.src === 'setCardPin')
        return failureWords(action, before?.pinKind === 'epin' ? 'the e-PIN' : 'the PIN');
      return failureWords(action, answerOf[action.src] ?? action.src);
    case 'actorDone':
      if (action.src === 'oneTimeCode') return action.output ? 'a one-time code' : 'back from the code';
      if (action.src === 'revealCard' && index < steps.length - 1) return 'shown';
      return null;
    case 'event': {
      const event = action.event as CardControlsEvent;
      switch (event.type) {
        case 'card.opened':
          return event.view === 'limits' ? 'from the limits address' : null;
        case 'load.retry':
          return 'load again';
        case 'card.activate':
          return 'activate';
        case 'card.freeze':
          return 'freeze';
        case 'card.unfreeze':
          return 'unfreeze';
        case 'lost.request':
        case 'delete.request':
        case 'name.edit':
        case 'pin.edit':
          // Named by what follows: the confirmation, the form sent, or backing out.
          return null;
        case 'lost.confirm':
          return 'report it lost';
        case 'lost.cancel':
          return 'back out of reporting it lost';
        case 'delete.confirm':
          return 'remove it';
        case 'delete.cancel':
          return 'back out of removing it';
        case 'name.submit':
          return `alias "${event.alias}"`;
        case 'name.cancel':
          return 'back out of renaming';
        case 'pin.submit':
          return before?.pinKind === 'epin' ? 'set the e-PIN' : 'set the PIN';
        case 'pin.cancel':
          return before?.pinKind === 'epin' ? 'back out of the e-PIN' : 'back out of the PIN';
        case 'reveal.request':
          return `show ${secretWords[event.what] ?? event.what}`;
        case 'reveal.hide':
          return 'hide';
        case 'limits.open':
          return 'open the limits';
        case 'limits.submit':
          return `a ${event.limits.frequency} online limit of ${money(event.limits.limits.card_ecommerce ?? '0', limitsView.currency)}`;
        case 'limits.close':
          return 'back to the card';
        case 'limits.refresh':
          return 'back to the page';
      }
    }
  }
  return null;
}

/** What a change the server made ends on (the toast's words), when the path ends on its answer. */
const doneEnd: Record<CardTask, string> = {
  activate: 'card activated',
  freeze: 'card frozen',
  unfreeze: 'card unfrozen',
  report_lost: 'card reported lost',
  delete: 'card removed',
  name: 'alias saved',
  pin: 'PIN set',
  epin: 'e-PIN set',
  reveal: 'shown',
  limits: 'limits saved',
};

/**
 * A path's title by what it proves: where the card was opened, what was asked of it (status changes, name, PINs, a
 * reveal behind a one-time code, limits), the refusals and faults, then where it ends.
 */
export function cardControlsTitle(path: ModelPath<CardControlsSnapshot>): string {
  const last = path.steps.at(-1)!;
  const { state, action } = last;
  const { outcome } = state.context;
  const end = state.matches('revealed')
    ? `${secretWords[state.context.reveal ?? 'details']} shown`
    : action.kind === 'actorDone' && outcome?.ok
      ? doneEnd[outcome.task]
      : state.matches('removed')
        ? 'card removed'
        : screenEnd(cardControlsScreen(state), state.hasTag('busy'));
  return pathTitle(path, decisionWords, end, 'open the card');
}

export const cardControlsModel: Model<typeof cardControlsMachine> = {
  name: 'cardControls',
  machine: cardControlsMachine,
  file: 'cardControls.machine.ts',
  start: 'Signed in as the owner of Demo Coffee (an approved merchant), open the address the next step names',
  fixtures: cardControlsFixtures,
  // Two states with equal keys must look and behave alike from then on (the generator continues a path from either):
  // the card's status decides the controls, the error the alert, the outcome the toast; which PIN or secret is at
  // stake matters in its own states, and where the page was opened until the card is there.
  serialize: (snapshot) => {
    const { value, context } = snapshot;
    return JSON.stringify({
      value,
      status: context.card?.status ?? null,
      error: context.error,
      outcome: context.outcome,
      ...(value === 'opening' || value === 'loading' ? { view: context.view } : {}),
      ...(value === 'editingPin' || value === 'savingPin' ? { pin: context.pinKind } : {}),
      ...(value === 'changingStatus' ? { action: context.action } : {}),
      ...(value === 'confirmingCode' || value === 'revealing' || value === 'revealed'
        ? { reveal: context.reveal }
        : {}),
    });
  },
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 2 },
  screen: cardControlsScreen,
  title: cardControlsTitle,
};
