import { and, assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { CoreBankingAccount } from '../schemas/accounts.schema';
import type { Beneficiary } from '../schemas/beneficiaries.schema';
import { AmountMinor } from '../schemas/money';
import {
  payeeCheckValidityMs,
  type PayeeCheckResult,
  type PayeeVerifyResponse,
} from '../schemas/payee.schema';
import {
  CalendarDate,
  scheduleFrequencies,
  scheduleNeedsCode,
  type CreateScheduledPaymentBody,
  type ScheduledPayment,
  type ScheduleFrequency,
} from '../schemas/scheduledPayments.schema';
import {
  contactQueryMinLength,
  defaultVerificationThresholdEurMinor,
  noteMaxLength,
  type Contact,
  type SendMoneyBody,
  type TransferQuote,
} from '../schemas/sendMoney.schema';
import type { Money } from '../schemas/overview.schema';
import type { StepUpMethod, StepUpMethodsResponse, StepUpPurpose } from '../schemas/stepUp.schema';
import type { Transaction } from '../schemas/transactions.schema';
import { failureCode, knownErrors } from './apiFailure';
import { oneTimeCodeMachine, stepUpTokenOf, type OneTimeCodeOutput } from './oneTimeCode.machine';
import { count, duration, money } from './ruleWords';
import { attemptKeysOf, nextKey, type AttemptKeys, type KeyedInput } from './attemptKeys';
import {
  arriveAt,
  backTo,
  forwardTo,
  navBack,
  navForward,
  startNav,
  type JourneyNav,
  type NavEvent,
} from './journeyNav';

/*
 * Send money (SPEC §2 /my-wallet/:accountType/send-money/:account?/:tag?, §4 name verification, §5, §8, §9).
 *
 * The address: `:accountType` is the account the money leaves (eur, usd, gbp). `:account` prefills a saved
 * beneficiary by its id (`-` for none); `:tag` prefills a wallet tag (`/my-wallet/eur/send-money/-/@demo-bakery`).
 * A prefilled recipient skips the search and starts at the amount; an unknown beneficiary id falls back to it.
 * `?amount=<minor units>&note=` (a QR code's link) prefill the amount form; both stay editable and are checked as
 * typed ones are (an amount that is not a positive whole number of minor units is dropped).
 *
 * loading (the account, predefined amounts, saved beneficiaries) → choosingRecipient (one ranked search,
 * searchContacts, over wallet tags, business names, saved beneficiaries, recent payees and a whole IBAN; or a saved
 * beneficiary from the list; a typed IBAN also needs the holder's name) → enteringAmount
 * (amount > 0 and ≤ the available balance, note, GIF, and "Send now" or "Schedule": once on a date, or daily,
 * weekly, monthly, yearly from a start date (today or later, UTC) up to an optional end date (not before the start);
 * the screen checks with the shared schemas, the server again. Only wallet-tag recipients can be scheduled: a run
 * without the user cannot check an IBAN's name or ask for a code, so a schedule for an IBAN is refused beside the
 * choice) → for an IBAN: checkingName (verifyPayee) → match: on; close match: "Did you mean X?" when the bank names
 * the holder (one click uses X and checks again), amend or proceed anyway; no match (no name shown, a warning) and not
 * possible: amend or proceed anyway; a failed check: "Beneficiary verification failed, try again later" → quoting (amount, fee, total, rate; for a schedule, whether it needs a code) → reviewing (with the
 * schedule; "Edit" goes back) → when the quote says so, or the schedule repeats, a one-time code (the oneTimeCode child, purpose send_money; cancelling it edits the
 * payment) → sending (one
 * Idempotency-Key per confirmed review, kept for retries) → done ("Amount sent"), or scheduling
 * (createScheduledPayment; no money moves now) → scheduled ("Payment scheduled", a link to the list); or failed
 * (insufficient funds; a network failure of a payment or a schedule retries with the same key).
 */

/**
 * The steps of a payment, in order; each is an entry of the tab's history, named in the address (`?step=`). The name
 * check, the code and a failed payment are part of the review step.
 */
export const sendMoneySteps = ['recipient', 'amount', 'review', 'done'] as const;
export type SendMoneyNavStep = (typeof sendMoneySteps)[number];

export const toSendMoneyError = knownErrors([
  'not_found',
  'insufficient_funds',
  'recipient_not_allowed',
  'validation_failed',
  'payee_check_required',
  'rate_limited',
  'step_up_required',
  'network',
]);
/**
 * A failure the server answered, or the journey's own refusal: `schedule_wallet_only` when a payment to an IBAN (or a
 * saved beneficiary paid by IBAN) is asked for on a schedule.
 */
export type SendMoneyError = ReturnType<typeof toSendMoneyError> | 'schedule_wallet_only';

/** What paying a saved beneficiary needs of it: by `id`, to its wallet tag or (name checked) its IBAN. */
export type PayableBeneficiary = Pick<Beneficiary, 'id' | 'kind' | 'name' | 'wallet_tag' | 'iban'>;

/** Who gets the money. */
export type Recipient =
  | { kind: 'wallet'; walletTag: string; name: string | null }
  | { kind: 'iban'; iban: string; name: string }
  | { kind: 'beneficiary'; beneficiary: PayableBeneficiary };

/** When a scheduled payment runs: `once` on startDate, or repeating from startDate up to endDate (inclusive). */
export type Schedule = { frequency: ScheduleFrequency; startDate: string; endDate: string | null };

export type ScheduleProblems = {
  startDate?: 'required' | 'invalid' | 'past';
  endDate?: 'invalid' | 'beforeStart';
};

/** The server's rules for a schedule (server/payments/scheduledPayments.ts), for the form; `today` is UTC YYYY-MM-DD. */
export function scheduleProblems(schedule: Schedule, today: string): ScheduleProblems {
  const problems: ScheduleProblems = {};
  if (!schedule.startDate) problems.startDate = 'required';
  else if (!CalendarDate.safeParse(schedule.startDate).success) problems.startDate = 'invalid';
  else if (schedule.startDate < today) problems.startDate = 'past';
  if (schedule.frequency !== 'once' && schedule.endDate) {
    if (!CalendarDate.safeParse(schedule.endDate).success) problems.endDate = 'invalid';
    else if (!problems.startDate && schedule.endDate < schedule.startDate) problems.endDate = 'beforeStart';
  }
  return problems;
}

/** A QR code's `?amount=` as minor units, or null when it is not a positive whole number of them. */
export function prefillAmountOf(text: string | null): string | null {
  return text !== null && AmountMinor.safeParse(text).success ? text : null;
}

export type NameCheck = { result: PayeeCheckResult; suggestedName: string | null; checkId: string };

export type SendMoneyData = {
  account: CoreBankingAccount;
  /** Suggested amounts in the account's currency. */
  amounts: Money[];
  beneficiaries: Beneficiary[];
};

export type LoadInput = { accountType: string };
export type SearchInput = { query: string };
export type VerifyPayeeInput = { iban: string; name: string };
export type QuoteInput = {
  accountType: string;
  amountMinor: string;
  walletTag: string | null;
  iban: string | null;
};
export type SendInput = { body: SendMoneyBody; idempotencyKey: string; stepUpToken: string | null };
export type ScheduleInput = {
  body: CreateScheduledPaymentBody;
  idempotencyKey: string;
  stepUpToken: string | null;
};

const purpose: StepUpPurpose = 'send_money';

/** The app gives one UUID per journey (`crypto.randomUUID()`), a model test a fixed one: no randomness inside. */
export type SendMoneyInput = KeyedInput;

export type SendMoneyContext = {
  accountType: string;
  /** The address's prefill: a saved beneficiary's id and/or a wallet tag. */
  prefill: {
    beneficiaryId: string | null;
    tag: string | null;
    /** A QR code link's `?amount=` and `?note=` as the address had them: they stay in it with the step. */
    amount: string | null;
    note: string | null;
  };
  opened: boolean;
  data: SendMoneyData | null;
  query: string;
  contacts: Contact[] | null;
  recipient: Recipient | null;
  amountMinor: string | null;
  note: string;
  /** A bundled GIF's id or a provider's media URL (schemas/sendMoney.schema.ts Gif), sent with the note. */
  gif: string | null;
  /** null: send now. */
  schedule: Schedule | null;
  check: NameCheck | null;
  /** The payer saw a name check that was not a match and goes on (recorded on the transfer). */
  proceedAnyway: boolean;
  quote: TransferQuote | null;
  /** Where a one-time code can go, loaded when the payment needs one. */
  methods: StepUpMethod[];
  /** The single-use grant of the right code, until the payment (or schedule) uses it. */
  stepUpToken: string | null;
  /** Made once when the review is confirmed; every retry of that payment sends it again. */
  idempotencyKey: string | null;
  /** Where the keys come from: the journey's seed and how many were made (machines/attemptKeys.ts). */
  keys: AttemptKeys;
  transaction: Transaction | null;
  scheduled: ScheduledPayment | null;
  error: SendMoneyError | null;
  /** The step and the steps behind and ahead of it in the tab's history (machines/journeyNav.ts). */
  nav: JourneyNav<SendMoneyNavStep>;
};

export type SendMoneyEvent =
  /** The browser's Back or Forward between the payment's steps. */
  | NavEvent
  /** Sent by the screen once it has read the address. */
  | {
      type: 'journey.opened';
      accountType: string;
      beneficiaryId: string | null;
      tag: string | null;
      /** `?amount=` and `?note=` of the address (a QR code's link), or null. */
      amountMinor: string | null;
      note: string | null;
    }
  | { type: 'load.retry' }
  | { type: 'recipient.search'; query: string }
  | { type: 'recipient.wallet'; walletTag: string; name: string | null }
  | { type: 'recipient.iban'; iban: string; name: string }
  | { type: 'recipient.beneficiary'; id: string }
  | { type: 'recipient.change' }
  | {
      type: 'amount.submit';
      amountMinor: string;
      note: string;
      gif: string | null;
      schedule: Schedule | null;
    }
  | { type: 'name.useSuggested' }
  | { type: 'name.amend' }
  | { type: 'name.proceed' }
  | { type: 'check.retry' }
  | { type: 'review.confirm' }
  | { type: 'review.edit' }
  | { type: 'payment.retry' };

/**
 * The saved beneficiary `id`, from the list the journey loaded or else from the last search: the search reads the
 * beneficiaries afresh, so it also finds one saved since (in another tab), which the list does not hold.
 */
export function savedBeneficiaryOf(
  data: SendMoneyData | null,
  contacts: Contact[] | null,
  id: string,
): PayableBeneficiary | null {
  const listed = data?.beneficiaries.find((b) => b.id === id);
  if (listed) return listed;
  const found = (contacts ?? []).find((c) => c.kind === 'beneficiary' && c.beneficiary_id === id);
  if (found?.kind !== 'beneficiary') return null;
  // A wallet beneficiary has a tag and no IBAN, a bank one an IBAN and no tag (server/beneficiaries.ts).
  return {
    id: found.beneficiary_id,
    kind: found.iban !== null ? 'bank' : 'wallet',
    name: found.name,
    wallet_tag: found.wallet_tag,
    iban: found.iban,
  };
}

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/** The IBAN and name a name check needs, or null for a wallet payment. */
export function payeeOf(recipient: Recipient | null): VerifyPayeeInput | null {
  if (!recipient) return null;
  if (recipient.kind === 'iban') return { iban: recipient.iban, name: recipient.name };
  if (recipient.kind === 'beneficiary' && recipient.beneficiary.kind === 'bank') {
    return { iban: recipient.beneficiary.iban ?? '', name: recipient.beneficiary.name };
  }
  return null;
}

export function walletTagOf(recipient: Recipient | null): string | null {
  if (!recipient) return null;
  if (recipient.kind === 'wallet') return recipient.walletTag;
  if (recipient.kind === 'beneficiary' && recipient.beneficiary.kind === 'wallet') {
    return recipient.beneficiary.wallet_tag;
  }
  return null;
}

/** The recipient as a person reads it: a name, a wallet tag or an IBAN. */
export function recipientLabel(recipient: Recipient | null): string {
  if (!recipient) return '';
  if (recipient.kind === 'wallet')
    return recipient.name ? `${recipient.name} (${recipient.walletTag})` : recipient.walletTag;
  if (recipient.kind === 'iban') return `${recipient.name} (${recipient.iban})`;
  const { beneficiary } = recipient;
  return `${beneficiary.name} (${beneficiary.wallet_tag ?? beneficiary.iban ?? ''})`;
}

/** The request body of the payment the user confirmed. */
export function sendBodyOf(context: SendMoneyContext): SendMoneyBody {
  const confirmation = context.check
    ? {
        payee_check_id: context.check.checkId,
        ...(context.check.result !== 'match' ? { proceed_anyway: context.proceedAnyway } : {}),
      }
    : {};
  const recipient = context.recipient;
  const to: SendMoneyBody['recipient'] =
    recipient?.kind === 'beneficiary'
      ? { beneficiary_id: recipient.beneficiary.id, ...confirmation }
      : recipient?.kind === 'iban'
        ? { iban: recipient.iban, name: recipient.name, ...confirmation }
        : { wallet_tag: walletTagOf(recipient) ?? '' };
  const note = context.note.trim();
  return {
    account_type: context.accountType,
    recipient: to,
    amount_minor: context.amountMinor ?? '0',
    ...(note ? { note } : {}),
    ...(context.gif ? { gif: context.gif } : {}),
  };
}

/** The request body of the schedule the user confirmed (wallet-tag recipients only). */
export function scheduleBodyOf(context: SendMoneyContext): CreateScheduledPaymentBody {
  const schedule = context.schedule ?? { frequency: 'once', startDate: '', endDate: null };
  const note = context.note.trim();
  return {
    account_type: context.accountType,
    recipient: { wallet_tag: walletTagOf(context.recipient) ?? '' },
    amount_minor: context.amountMinor ?? '0',
    ...(note ? { note } : {}),
    ...(context.gif ? { gif: context.gif } : {}),
    frequency: schedule.frequency,
    start_date: schedule.startDate,
    ...(schedule.frequency !== 'once' && schedule.endDate ? { end_date: schedule.endDate } : {}),
  };
}

/** Amount problems the form shows before anything is sent (SPEC §5): not a positive amount, or above the balance. */
export function amountProblem(
  amountMinor: string | null,
  available: Money | null,
): 'amount' | 'balance' | null {
  if (!amountMinor || !AmountMinor.safeParse(amountMinor).success) return 'amount';
  if (available && BigInt(amountMinor) > BigInt(available.amount_minor)) return 'balance';
  return null;
}

const noStepUp = { stepUpToken: null } satisfies Partial<SendMoneyContext>;

// The rules the descriptions state, rendered from the constants the server and the screen enforce.
const codeRule =
  'A payment to an IBAN and a repeating schedule always need a one-time code; a wallet payment or a one-off ' +
  `schedule needs one from ${money(defaultVerificationThresholdEurMinor, 'EUR')} by default (setting ` +
  'SEND_MONEY_VERIFICATION_THRESHOLD_MINOR; other currencies at the mid rate).';
const scheduleRule =
  'Only a wallet tag can be paid on a schedule: once on a date, or ' +
  `${scheduleFrequencies.filter((frequency) => frequency !== 'once').join(', ')} from a start date (today or ` +
  'later, UTC) up to an optional end date (not before the start).';

export const sendMoneyMachine = setup({
  types: {
    context: {} as SendMoneyContext,
    events: {} as SendMoneyEvent,
    input: {} as SendMoneyInput,
    children: {} as { oneTimeCode: 'oneTimeCode' },
  },
  actors: {
    loadSendMoney: fromPromise<SendMoneyData, LoadInput>(async () => notProvided('loadSendMoney')),
    searchContacts: fromPromise<Contact[], SearchInput>(async () => notProvided('searchContacts')),
    verifyPayee: fromPromise<PayeeVerifyResponse, VerifyPayeeInput>(async () => notProvided('verifyPayee')),
    transferQuote: fromPromise<TransferQuote, QuoteInput>(async () => notProvided('transferQuote')),
    loadStepUpMethods: fromPromise<StepUpMethodsResponse, void>(async () => notProvided('loadStepUpMethods')),
    oneTimeCode: oneTimeCodeMachine,
    sendMoney: fromPromise<Transaction, SendInput>(async () => notProvided('sendMoney')),
    createScheduledPayment: fromPromise<ScheduledPayment, ScheduleInput>(async () =>
      notProvided('createScheduledPayment'),
    ),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toSendMoneyError(params.error) }),
    clearError: assign({ error: null }),
    arrive: assign({
      nav: ({ context }, params: { step: SendMoneyNavStep }) =>
        arriveAt(sendMoneySteps, context.nav, params.step),
    }),
    navBack: assign({ nav: ({ context }) => navBack(context.nav) }),
    navForward: assign({ nav: ({ context }) => navForward(context.nav) }),
    /** A changed payment is a new payment: a new key, a new check, a new quote, a new code. */
    forgetPayment: assign({ idempotencyKey: null, quote: null, ...noStepUp }),
    forgetCheck: assign({ check: null, proceedAnyway: false }),
    /** One key per confirmed payment: kept while that payment is retried or re-confirmed, a new one once it changed. */
    keyPayment: assign(({ context }) => {
      if (context.idempotencyKey) return {};
      const { key, keys } = nextKey(context.keys);
      return { idempotencyKey: key, keys };
    }),
    /** What the amount form submitted; a schedule only for a wallet-tag recipient (the guards make sure). */
    takeAmount: assign({
      amountMinor: ({ event }) => (event.type === 'amount.submit' ? event.amountMinor : null),
      note: ({ event }) => (event.type === 'amount.submit' ? event.note : ''),
      gif: ({ event }) => (event.type === 'amount.submit' ? event.gif : null),
      schedule: ({ event }) => (event.type === 'amount.submit' ? event.schedule : null),
    }),
  },
  guards: {
    backTo: ({ context }, params: { step: SendMoneyNavStep }) => backTo(context.nav, params.step),
    forwardTo: ({ context }, params: { step: SendMoneyNavStep }) => forwardTo(context.nav, params.step),
    hasRecipient: ({ context }) => context.recipient !== null,
    /** The amount form was sent before, now (not on a schedule). */
    keptAmountNow: ({ context }) => context.amountMinor !== null && context.schedule === null,
    keptAmount: ({ context }) => context.amountMinor !== null,
    /** No answer to the payment or the schedule: it may have gone through, so only the same key may follow. */
    mayHaveGoneThrough: ({ context }) => context.error === 'network' || context.error === 'unknown',
    isNotFound: (_, params: { error: unknown }) => failureCode(params.error) === 'not_found',
    prefilledBeneficiary: ({ context }, params: { data: SendMoneyData }) =>
      context.prefill.beneficiaryId !== null &&
      params.data.beneficiaries.some((b) => b.id === context.prefill.beneficiaryId),
    prefilledTag: ({ context }) => context.prefill.tag !== null,
    /** Only a wallet the search found (a merchant, or a recent payee paid by tag) can be chosen. */
    foundWallet: ({ context, event }) =>
      event.type === 'recipient.wallet' &&
      (context.contacts ?? []).some(
        (c) => (c.kind === 'wallet' || c.kind === 'recent') && c.wallet_tag === event.walletTag,
      ),
    /** Only a valid IBAN the search found (typed whole, or a recent payee paid by IBAN) can be paid. */
    foundIban: ({ context, event }) =>
      event.type === 'recipient.iban' &&
      (context.contacts ?? []).some(
        (c) => ((c.kind === 'iban' && c.valid) || c.kind === 'recent') && c.iban === event.iban,
      ),
    /** Only a beneficiary the merchant has saved can be chosen: one of the list, or one the search found. */
    savedBeneficiary: ({ context, event }) =>
      event.type === 'recipient.beneficiary' &&
      savedBeneficiaryOf(context.data, context.contacts, event.id) !== null,
    needsNameCheck: ({ context }) => payeeOf(context.recipient) !== null,
    sendsNow: ({ event }) => event.type === 'amount.submit' && event.schedule === null,
    /** A wallet-tag recipient: paid now without a name check, or on a schedule. */
    paysWallet: ({ context }) => walletTagOf(context.recipient) !== null,
    isScheduled: ({ context }) => context.schedule !== null,
    isMatch: (_, params: { check: PayeeVerifyResponse }) => params.check.result === 'match',
    isCloseMatch: (_, params: { check: PayeeVerifyResponse }) => params.check.result === 'close_match',
    /** The bank named the holder on its close match: one click uses that name and checks again. */
    hasSuggestedName: ({ context }) => Boolean(context.check?.suggestedName),
    isNoMatch: (_, params: { check: PayeeVerifyResponse }) => params.check.result === 'no_match',
    /** The quote says so (the amount, an IBAN), or the payment repeats on a schedule (scheduleNeedsCode). */
    requiresCode: ({ context }) =>
      context.quote?.requires_verification === true ||
      (context.schedule !== null && scheduleNeedsCode(context.schedule.frequency)),
    gotGrant: (_, params: { output: OneTimeCodeOutput }) => stepUpTokenOf(params.output) !== null,
    /** A grant for a payment on a schedule: it goes with the schedule, not a payment now. */
    gotGrantForSchedule: ({ context }, params: { output: OneTimeCodeOutput }) =>
      stepUpTokenOf(params.output) !== null && context.schedule !== null,
    isStepUpRequired: (_, params: { error: unknown }) => failureCode(params.error) === 'step_up_required',
    /** Refused for good (insufficient funds, the recipient): a retry with the same key gets the same answer. */
    canRetry: ({ context }) =>
      context.schedule === null && (context.error === 'network' || context.error === 'unknown'),
    /** No answer to a schedule: sent again with its key, it is stored at most once. */
    canRetrySchedule: ({ context }) =>
      context.schedule !== null && (context.error === 'network' || context.error === 'unknown'),
  },
}).createMachine({
  id: 'sendMoney',
  context: ({ input }) => ({
    keys: attemptKeysOf(input),
    accountType: '',
    prefill: { beneficiaryId: null, tag: null, amount: null, note: null },
    opened: false,
    data: null,
    query: '',
    contacts: null,
    recipient: null,
    amountMinor: null,
    note: '',
    gif: null,
    schedule: null,
    check: null,
    proceedAnyway: false,
    quote: null,
    methods: [],
    ...noStepUp,
    idempotencyKey: null,
    transaction: null,
    scheduled: null,
    error: null,
    nav: startNav(),
  }),
  initial: 'opening',
  states: {
    /** Until the screen has read the address. */
    opening: {
      description:
        'Until the screen has read its address: the account type, and a saved beneficiary or a wallet tag to pay.',
      on: {
        'journey.opened': {
          target: 'loading',
          description:
            'The screen reads the address: which account pays, who to pay if named, and the amount and note of a ' +
            'QR code link (an amount that is not a whole number of cents is dropped).',
          actions: assign({
            opened: true,
            accountType: ({ event }) => event.accountType,
            prefill: ({ event }) => ({
              beneficiaryId: event.beneficiaryId,
              tag: event.tag,
              amount: event.amountMinor,
              note: event.note,
            }),
            amountMinor: ({ event }) => prefillAmountOf(event.amountMinor),
            note: ({ event }) => event.note ?? '',
          }),
        },
      },
    },
    loading: {
      description:
        'Loading the paying account with its available balance, the quick amounts and the saved beneficiaries.',
      tags: ['busy'],
      invoke: {
        id: 'loadSendMoney',
        src: 'loadSendMoney',
        input: ({ context }) => ({ accountType: context.accountType }),
        onDone: [
          {
            guard: { type: 'prefilledBeneficiary', params: ({ event }) => ({ data: event.output }) },
            target: 'enteringAmount',
            description: 'The address names a saved beneficiary: it is the recipient, the search is skipped.',
            actions: [
              assign({ data: ({ event }) => event.output }),
              assign({
                recipient: ({ context }) => {
                  const beneficiary = context.data?.beneficiaries.find(
                    (b) => b.id === context.prefill.beneficiaryId,
                  );
                  return beneficiary ? { kind: 'beneficiary' as const, beneficiary } : null;
                },
              }),
            ],
          },
          {
            guard: 'prefilledTag',
            target: 'enteringAmount',
            description: 'The address names a wallet tag (a QR code or a payment link): it is the recipient.',
            actions: assign({
              data: ({ event }) => event.output,
              recipient: ({ context }) => ({
                kind: 'wallet' as const,
                walletTag: context.prefill.tag ?? '',
                name: null,
              }),
            }),
          },
          {
            target: 'choosingRecipient',
            description:
              'No recipient in the address, or a saved beneficiary that is no longer there: the merchant chooses one.',
            actions: assign({ data: ({ event }) => event.output }),
          },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'noAccount',
            description: 'The merchant holds no account in this currency.',
          },
          {
            target: 'loadFailed',
            description: 'No answer, or a server error: nothing was sent, the merchant can try again.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The page could not load; no payment has started.',
      on: {
        'load.retry': { target: 'loading', description: 'The merchant tries again.', actions: 'clearError' },
      },
    },
    /** The merchant holds no account of this type: "No data found for this currency." */
    noAccount: {
      description:
        '"No data found for this currency.": the merchant holds no account of this type, nothing can be paid from it.',
    },
    /** Search a wallet tag or an IBAN, or pick a saved beneficiary. */
    choosingRecipient: {
      description: `Who to pay, found by one search (from its first ${count(contactQueryMinLength, 'character')}) over wallet tags, business names, saved beneficiaries and recent payees, or a whole IBAN; or a saved beneficiary from the list.`,
      entry: { type: 'arrive', params: { step: 'recipient' } },
      on: {
        'nav.forward': {
          description: "The browser's Forward after Back: the amount again, to the recipient chosen before.",
          guard: and([{ type: 'forwardTo', params: { step: 'amount' as const } }, 'hasRecipient']),
          target: 'enteringAmount',
          actions: ['clearError', 'navForward'],
        },
        'recipient.search': {
          target: 'searching',
          description: 'The merchant searches a name, a wallet tag or an IBAN.',
          actions: ['clearError', assign({ query: ({ event }) => event.query })],
        },
        'recipient.wallet': {
          guard: 'foundWallet',
          target: 'enteringAmount',
          description:
            'The merchant picks a wallet the search found (a merchant or a recent payee): paid at once, no name check.',
          actions: [
            'clearError',
            'forgetCheck',
            assign({
              recipient: ({ event }) => ({
                kind: 'wallet' as const,
                walletTag: event.walletTag,
                name: event.name,
              }),
            }),
          ],
        },
        'recipient.iban': {
          guard: 'foundIban',
          target: 'enteringAmount',
          description:
            'The merchant pays a valid IBAN the search found (typed whole, or a recent payee with the name used then), with the account holder’s name, which the ' +
            'recipient’s bank checks before the payment.',
          actions: [
            'clearError',
            'forgetCheck',
            assign({
              recipient: ({ event }) => ({ kind: 'iban' as const, iban: event.iban, name: event.name }),
            }),
          ],
        },
        'recipient.beneficiary': {
          guard: 'savedBeneficiary',
          target: 'enteringAmount',
          description:
            'The merchant picks a saved beneficiary (from the list, or from the search, which also finds one saved since the list was loaded); one paid by IBAN has its name checked again before each payment.',
          actions: [
            'clearError',
            'forgetCheck',
            assign({
              recipient: ({ context, event }) => {
                const beneficiary = savedBeneficiaryOf(context.data, context.contacts, event.id);
                return beneficiary ? { kind: 'beneficiary' as const, beneficiary } : null;
              },
            }),
          ],
        },
      },
    },
    searching: {
      description:
        'Searching wallet tags, business names, saved beneficiaries, recent payees and IBANs (rate limited per user).',
      tags: ['busy'],
      invoke: {
        id: 'searchContacts',
        src: 'searchContacts',
        input: ({ context }) => ({ query: context.query }),
        onDone: {
          target: 'choosingRecipient',
          description:
            'The matches are listed, ranked, each saying what it is (an IBAN says whether it is valid).',
          actions: assign({ contacts: ({ event }) => event.output }),
        },
        onError: {
          target: 'choosingRecipient',
          description: 'Too many searches, or no answer: the merchant is told and can search again.',
          actions: [
            assign({ contacts: null }),
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    /** The amount (predefined amounts offered), a note with a GIF, and send now or on a schedule. */
    enteringAmount: {
      description: `The amount (more than zero, at most the available balance), a note of up to ${count(noteMaxLength, 'character')} with a GIF, and "Send now" or "Schedule". ${scheduleRule}`,
      entry: { type: 'arrive', params: { step: 'amount' } },
      on: {
        'nav.back': {
          description:
            "The browser's Back: who to pay, with the recipient and the amount kept (Forward comes back to them).",
          guard: { type: 'backTo', params: { step: 'recipient' } },
          target: 'choosingRecipient',
          actions: ['clearError', 'forgetPayment', 'forgetCheck', 'navBack'],
        },
        'nav.forward': [
          {
            description:
              "The browser's Forward after Back, sent now to an IBAN: the holder's name is checked again.",
            guard: and([
              { type: 'forwardTo', params: { step: 'review' as const } },
              'keptAmountNow',
              'needsNameCheck',
            ]),
            target: 'checkingName',
            actions: ['clearError', 'forgetPayment', 'forgetCheck', 'navForward'],
          },
          {
            description: "The browser's Forward after Back, to a wallet tag: priced afresh for the review.",
            guard: and([
              { type: 'forwardTo', params: { step: 'review' as const } },
              'keptAmount',
              'paysWallet',
            ]),
            target: 'quoting',
            actions: ['clearError', 'forgetPayment', 'navForward'],
          },
        ],
        'amount.submit': [
          {
            guard: and(['sendsNow', 'needsNameCheck']),
            target: 'checkingName',
            description:
              'Sent now to an IBAN (or a saved beneficiary paid by IBAN): the account holder’s name is checked first.',
            actions: ['clearError', 'forgetPayment', 'forgetCheck', 'takeAmount'],
          },
          {
            guard: 'paysWallet',
            target: 'quoting',
            description: 'To a wallet tag, now or on a schedule: no name check, the price is asked for.',
            actions: ['clearError', 'forgetPayment', 'takeAmount'],
          },
          {
            // A schedule for an IBAN: refused beside the field, nothing kept; the merchant sends now or pays a tag.
            guard: 'needsNameCheck',
            description:
              'A schedule for an IBAN is refused beside the choice, and nothing is kept: a scheduled run cannot check ' +
              'the holder’s name or ask for a code. The merchant sends now or pays a wallet tag.',
            actions: assign({ error: 'schedule_wallet_only' as const }),
          },
        ],
        'recipient.change': {
          target: 'choosingRecipient',
          description: 'The merchant chooses another recipient; the amount form starts again.',
          actions: ['clearError', 'forgetPayment', 'forgetCheck', assign({ recipient: null })],
        },
      },
    },
    checkingName: {
      entry: { type: 'arrive', params: { step: 'review' } },
      description:
        'The recipient’s bank checks the account holder’s name (Verification of Payee); the answer is kept as a check the payment refers to.',
      tags: ['busy'],
      invoke: {
        id: 'verifyPayee',
        src: 'verifyPayee',
        input: ({ context }) => payeeOf(context.recipient) ?? { iban: '', name: '' },
        onDone: [
          {
            guard: { type: 'isMatch', params: ({ event }) => ({ check: event.output }) },
            target: 'quoting',
            description: 'The name is the holder’s: the price is asked for.',
            actions: assign({
              check: ({ event }) => ({
                result: 'match',
                suggestedName: null,
                checkId: event.output.check_id,
              }),
            }),
          },
          {
            guard: { type: 'isCloseMatch', params: ({ event }) => ({ check: event.output }) },
            target: 'nameCheck.closeMatch',
            description:
              'Close to the holder’s name: the bank may name the holder ("Did you mean …?") or not; the merchant ' +
              'uses that name, amends, or proceeds anyway.',
            actions: assign({
              check: ({ event }) => ({
                result: 'close_match',
                suggestedName: event.output.suggested_name ?? null,
                checkId: event.output.check_id,
              }),
            }),
          },
          {
            guard: { type: 'isNoMatch', params: ({ event }) => ({ check: event.output }) },
            target: 'nameCheck.noMatch',
            description: 'Not the holder’s name (no name is shown): the merchant amends or proceeds anyway.',
            actions: assign({
              check: ({ event }) => ({
                result: 'no_match',
                suggestedName: null,
                checkId: event.output.check_id,
              }),
            }),
          },
          {
            target: 'nameCheck.notPossible',
            description:
              'The recipient’s bank cannot check names: the merchant checks the details and amends or proceeds anyway.',
            actions: assign({
              check: ({ event }) => ({
                result: event.output.result,
                suggestedName: null,
                checkId: event.output.check_id,
              }),
            }),
          },
        ],
        onError: {
          target: 'verificationFailed',
          description:
            'No answer from the check: "Beneficiary verification failed, try again later"; nothing is paid.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** Not a match (or not checkable): the user amends the recipient or proceeds anyway (recorded). */
    nameCheck: {
      description: `The name check was not a match. The merchant amends the name or proceeds anyway; the check counts for ${duration(payeeCheckValidityMs)}.`,
      initial: 'noMatch',
      entry: { type: 'arrive', params: { step: 'review' } },
      on: {
        'nav.back': {
          description: "The browser's Back: the amount, as entered; this check is dropped.",
          guard: { type: 'backTo', params: { step: 'amount' } },
          target: '#sendMoney.enteringAmount',
          actions: ['clearError', 'forgetCheck', 'forgetPayment', 'navBack'],
        },
        'name.amend': {
          target: 'choosingRecipient',
          description: 'The merchant changes the recipient or the name; this check is dropped.',
          actions: 'forgetCheck',
        },
        'name.proceed': {
          target: 'quoting',
          description:
            'The merchant proceeds despite the answer. The payment carries the check, and the transfer records ' +
            'payee_check_id, payee_check_result and payee_proceeded_anyway = true, shown on the payer’s ' +
            'transaction details.',
          actions: assign({ proceedAnyway: true }),
        },
      },
      states: {
        closeMatch: {
          description:
            'Close to the holder’s name: "Did you mean …?" when the bank names the holder, otherwise a close-match warning.',
          on: {
            'name.useSuggested': {
              guard: 'hasSuggestedName',
              target: '#sendMoney.checkingName',
              description: 'The merchant uses the name the bank suggested; it is checked again.',
              actions: [
                assign({
                  recipient: ({ context }) => {
                    const payee = payeeOf(context.recipient);
                    return {
                      kind: 'iban' as const,
                      iban: payee?.iban ?? '',
                      name: context.check?.suggestedName ?? payee?.name ?? '',
                    };
                  },
                }),
                'forgetCheck',
              ],
            },
          },
        },
        noMatch: {
          description: '"The name does not match": the money may reach someone else; no name is shown.',
        },
        notPossible: {
          description:
            '"The name cannot be checked": the recipient’s bank does not take part in the name check.',
        },
      },
    },
    /** "Beneficiary verification failed, try again later." */
    verificationFailed: {
      description:
        '"Beneficiary verification failed, try again later": no answer from the name check; nothing is paid.',
      entry: { type: 'arrive', params: { step: 'review' } },
      on: {
        'nav.back': {
          description: "The browser's Back: the amount, as entered.",
          guard: { type: 'backTo', params: { step: 'amount' } },
          target: '#sendMoney.enteringAmount',
          actions: ['clearError', 'forgetCheck', 'forgetPayment', 'navBack'],
        },
        'check.retry': {
          target: 'checkingName',
          description: 'The merchant asks for the check again.',
          actions: 'clearError',
        },
        'name.amend': {
          target: 'choosingRecipient',
          description: 'The merchant changes the recipient or the name.',
          actions: ['clearError', 'forgetCheck'],
        },
      },
    },
    quoting: {
      description: `The server prices the payment: amount, fee, total, rate, and whether a code is needed. ${codeRule}`,
      tags: ['busy'],
      invoke: {
        id: 'transferQuote',
        src: 'transferQuote',
        input: ({ context }) => {
          const payee = payeeOf(context.recipient);
          return {
            accountType: context.accountType,
            amountMinor: context.amountMinor ?? '0',
            walletTag: walletTagOf(context.recipient),
            iban: payee?.iban ?? null,
          };
        },
        onDone: {
          target: 'reviewing',
          description: 'The price is shown for review.',
          actions: assign({ quote: ({ event }) => event.output }),
        },
        onError: {
          target: 'enteringAmount',
          description:
            'Refused (e.g. a payment to oneself) or no answer: the merchant is told at the amount.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** Recipient, amount, fee, total and rate; confirm or edit. */
    reviewing: {
      description:
        'Recipient, amount, fee, total and rate (and the schedule): the merchant confirms or edits; the ' +
        "browser's Back edits too.",
      entry: { type: 'arrive', params: { step: 'review' } },
      on: {
        'nav.back': {
          description:
            "The browser's Back: the amount, as entered; a changed payment is a new payment (new price, new key).",
          guard: { type: 'backTo', params: { step: 'amount' } },
          target: '#sendMoney.enteringAmount',
          actions: ['clearError', 'forgetPayment', 'navBack'],
        },
        'review.confirm': [
          {
            guard: 'requiresCode',
            target: 'loadingMethods',
            description: `Confirmed, and a code is needed (the price says so, or the schedule repeats). ${codeRule} The payment gets its key.`,
            actions: ['clearError', 'keyPayment'],
          },
          {
            guard: 'isScheduled',
            target: 'scheduling',
            description: 'Confirmed one-off schedule below the code threshold: it is stored with its key.',
            actions: ['clearError', 'keyPayment'],
          },
          {
            target: 'sending',
            description:
              'Confirmed wallet payment below the code threshold: sent with one key, kept for every retry of it.',
            actions: ['clearError', 'keyPayment'],
          },
        ],
        'review.edit': {
          target: 'enteringAmount',
          description: 'The merchant edits: a changed payment is a new payment (new price, new key).',
          actions: ['clearError', 'forgetPayment'],
        },
      },
    },
    loadingMethods: {
      description: 'Loading where a one-time code can be sent (email, SMS, authenticator).',
      tags: ['busy'],
      invoke: {
        id: 'loadStepUpMethods',
        src: 'loadStepUpMethods',
        onDone: {
          target: 'confirming',
          description: 'The merchant chooses where the code goes.',
          actions: assign({ methods: ({ event }) => event.output.available_methods }),
        },
        onError: {
          target: 'reviewing',
          description: 'No answer: back at the review, nothing was sent.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirming: {
      description:
        'Confirm it is you: the oneTimeCode child (purpose send_money). Its grant goes with the payment or the ' +
        'schedule; cancelling it ("Edit the payment") or the browser\'s Back goes back to the amount as a new payment.',
      on: {
        'nav.back': {
          description: "The browser's Back: the amount, as entered, as a new payment; the code is not used.",
          guard: { type: 'backTo', params: { step: 'amount' } },
          target: '#sendMoney.enteringAmount',
          actions: ['clearError', 'forgetPayment', 'navBack'],
        },
      },
      invoke: {
        id: 'oneTimeCode',
        src: 'oneTimeCode',
        input: ({ context }) => ({ purpose, methods: context.methods }),
        onDone: [
          {
            guard: { type: 'gotGrantForSchedule', params: ({ event }) => ({ output: event.output }) },
            target: 'scheduling',
            description: 'The right code: its single-use grant goes with the schedule.',
            actions: ['clearError', assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) })],
          },
          {
            guard: { type: 'gotGrant', params: ({ event }) => ({ output: event.output }) },
            target: 'sending',
            description: 'The right code: its single-use grant goes with the payment.',
            actions: ['clearError', assign({ stepUpToken: ({ event }) => stepUpTokenOf(event.output) })],
          },
          {
            target: 'enteringAmount',
            description:
              'No grant ("Edit the payment", or the code attempt ended): back at the amount as a new payment.',
            actions: ['clearError', 'forgetPayment'],
          },
        ],
      },
    },
    sending: {
      description:
        'The payment is sent with its key: the server takes the code grant, moves the money and records the name check in one transaction.',
      tags: ['busy'],
      invoke: {
        id: 'sendMoney',
        src: 'sendMoney',
        input: ({ context }) => ({
          body: sendBodyOf(context),
          idempotencyKey: context.idempotencyKey ?? '',
          stepUpToken: context.stepUpToken,
        }),
        onDone: {
          target: 'done',
          description: 'Paid: completed at once, or pending until a transfer to another bank settles.',
          actions: assign({ transaction: ({ event }) => event.output, stepUpToken: null }),
        },
        onError: [
          {
            // The grant expired or was used (or the server wants one after all): a new code, the same payment and key.
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'loadingMethods',
            description: 'The grant expired or was used: a new code for the same payment and key.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
          {
            target: 'failed',
            description:
              'Refused (insufficient funds, the recipient) with nothing moved, or no answer (it may have been paid).',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The schedule is stored (no money moves now; the scheduled-payments job pays each occurrence). */
    scheduling: {
      description:
        'The schedule is stored with its key; no money moves now, the scheduled-payments job pays each run.',
      tags: ['busy'],
      invoke: {
        id: 'createScheduledPayment',
        src: 'createScheduledPayment',
        input: ({ context }) => ({
          body: scheduleBodyOf(context),
          idempotencyKey: context.idempotencyKey ?? '',
          stepUpToken: context.stepUpToken,
        }),
        onDone: {
          target: 'scheduled',
          description: 'Stored: "Payment scheduled", first run on the start date.',
          actions: assign({ scheduled: ({ event }) => event.output, stepUpToken: null }),
        },
        onError: [
          {
            // As for a payment: the grant expired or was used; a new code for the same schedule.
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'loadingMethods',
            description: 'The grant expired or was used: a new code for the same schedule and key.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ stepUpToken: null }),
            ],
          },
          {
            target: 'failed',
            description: 'Refused, or no answer (it may have been stored).',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /**
     * Insufficient funds ("Payment failed…"), a refused recipient, or no answer (a payment or a schedule retries with
     * the same key: paid or stored at most once).
     */
    failed: {
      description:
        '"The payment did not go through": refused for good, or no answer, which a retry with the same key settles (paid or stored at most once).',
      on: {
        'payment.retry': [
          {
            guard: 'canRetry',
            target: 'sending',
            description:
              'No answer: the same payment is sent again with the same key, so it is paid at most once.',
            actions: 'clearError',
          },
          {
            guard: 'canRetrySchedule',
            target: 'scheduling',
            description:
              'No answer: the same schedule is sent again with its key, so it is stored at most once.',
            actions: 'clearError',
          },
        ],
        'review.edit': {
          target: 'enteringAmount',
          description: 'The merchant edits the payment: a new payment with a new key.',
          actions: ['clearError', 'forgetPayment'],
        },
        'nav.back': {
          description:
            "The browser's Back after a refusal: the amount, as entered, as a new payment. Not after no answer, " +
            'which may have paid: only a retry with the same key may follow it.',
          guard: and([{ type: 'backTo', params: { step: 'amount' as const } }, not('mayHaveGoneThrough')]),
          target: 'enteringAmount',
          actions: ['clearError', 'forgetPayment', 'navBack'],
        },
      },
    },
    /** "Amount sent": completed, or pending until the bank transfer settles. */
    done: {
      type: 'final',
      entry: { type: 'arrive', params: { step: 'done' } },
      description: '"Amount sent": completed, or pending until the transfer to another bank settles.',
    },
    /** "Payment scheduled", with a link to the scheduled payments. */
    scheduled: {
      type: 'final',
      entry: { type: 'arrive', params: { step: 'done' } },
      description: '"Payment scheduled", with a link to the scheduled payments.',
    },
  },
});

export type SendMoneySnapshot = SnapshotFrom<typeof sendMoneyMachine>;

export type SendMoneyStep =
  | 'opening'
  | 'loading'
  | 'loadFailed'
  | 'noAccount'
  | 'recipient'
  | 'amount'
  | 'checkingName'
  | 'closeMatch'
  | 'noMatch'
  | 'notPossible'
  | 'verificationFailed'
  | 'review'
  | 'confirm'
  | 'failed'
  | 'done'
  | 'scheduled';

/** Which part of the journey the screen shows. */
export function selectSendMoneyStep(snapshot: SendMoneySnapshot): SendMoneyStep {
  if (snapshot.matches('opening')) return 'opening';
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('noAccount')) return 'noAccount';
  if (snapshot.matches('choosingRecipient') || snapshot.matches('searching')) return 'recipient';
  if (snapshot.matches('enteringAmount') || snapshot.matches('quoting')) return 'amount';
  if (snapshot.matches('checkingName')) return 'checkingName';
  if (snapshot.matches({ nameCheck: 'closeMatch' })) return 'closeMatch';
  if (snapshot.matches({ nameCheck: 'noMatch' })) return 'noMatch';
  if (snapshot.matches({ nameCheck: 'notPossible' })) return 'notPossible';
  if (snapshot.matches('verificationFailed')) return 'verificationFailed';
  if (snapshot.matches('reviewing') || snapshot.matches('loadingMethods')) return 'review';
  if (snapshot.matches('confirming')) return 'confirm';
  // Sending and scheduling show the review with its button busy.
  if (snapshot.matches('sending') || snapshot.matches('scheduling')) return 'review';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('scheduled')) return 'scheduled';
  return 'done';
}

/**
 * The address of the step (SPEC §2 /my-wallet/:accountType/send-money/:account?/:tag?, the recipient the address named
 * kept in it) with the step in `?step=`; null until the payment has a step (while it opens and loads). A QR code's
 * `?amount=` and `?note=` stay as they were (the payment took them up when it opened; they are not read again).
 */
export function sendMoneyPath(snapshot: SendMoneySnapshot): string | null {
  const { accountType, prefill, nav } = snapshot.context;
  if (nav.at === null) return null;
  const named = prefill.tag
    ? [prefill.beneficiaryId ?? '-', prefill.tag]
    : prefill.beneficiaryId
      ? [prefill.beneficiaryId]
      : [];
  const query = new URLSearchParams();
  if (prefill.amount !== null) query.set('amount', prefill.amount);
  if (prefill.note !== null) query.set('note', prefill.note);
  query.set('step', nav.at);
  return `${['/my-wallet', accountType, 'send-money', ...named].join('/')}?${query.toString()}`;
}

export const selectSendMoneyBusy = (snapshot: SendMoneySnapshot): boolean => snapshot.hasTag('busy');
export const selectSendMoneyError = (snapshot: SendMoneySnapshot): SendMoneyError | null =>
  snapshot.context.error;
export const selectSendMoneyData = (snapshot: SendMoneySnapshot): SendMoneyData | null =>
  snapshot.context.data;
export const selectContacts = (snapshot: SendMoneySnapshot): Contact[] | null => snapshot.context.contacts;
export const selectSearching = (snapshot: SendMoneySnapshot): boolean => snapshot.matches('searching');
export const selectQuery = (snapshot: SendMoneySnapshot): string => snapshot.context.query;
export const selectRecipient = (snapshot: SendMoneySnapshot): Recipient | null => snapshot.context.recipient;
export const selectAmountMinor = (snapshot: SendMoneySnapshot): string | null => snapshot.context.amountMinor;
export const selectNote = (snapshot: SendMoneySnapshot): string => snapshot.context.note;
export const selectGif = (snapshot: SendMoneySnapshot): string | null => snapshot.context.gif;
export const selectSchedule = (snapshot: SendMoneySnapshot): Schedule | null => snapshot.context.schedule;
export const selectScheduled = (snapshot: SendMoneySnapshot): ScheduledPayment | null =>
  snapshot.context.scheduled;
/** Only a wallet-tag recipient can be paid on a schedule. */
export const selectCanSchedule = (snapshot: SendMoneySnapshot): boolean =>
  walletTagOf(snapshot.context.recipient) !== null;
export const selectQuoting = (snapshot: SendMoneySnapshot): boolean => snapshot.matches('quoting');
export const selectNameCheck = (snapshot: SendMoneySnapshot): NameCheck | null => snapshot.context.check;
export const selectQuote = (snapshot: SendMoneySnapshot): TransferQuote | null => snapshot.context.quote;
export const selectTransaction = (snapshot: SendMoneySnapshot): Transaction | null =>
  snapshot.context.transaction;
export const selectCanRetryPayment = (snapshot: SendMoneySnapshot): boolean =>
  snapshot.can({ type: 'payment.retry' });
/** The running oneTimeCode child while the payment is confirmed with a code. */
export const selectCodeActor = (snapshot: SendMoneySnapshot) => snapshot.children.oneTimeCode;
export const selectSending = (snapshot: SendMoneySnapshot): boolean =>
  snapshot.matches('sending') || snapshot.matches('scheduling');
