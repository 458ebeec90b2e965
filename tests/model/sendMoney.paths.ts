import type { ApiFailure } from '../../machines/apiFailure';
import { testKeySeed } from '../../machines/attemptKeys';
import { duration, money } from '../../machines/ruleWords';
import { authDefaults } from '../../schemas/authLimits';
import {
  payeeOf,
  recipientLabel,
  selectSendMoneyStep,
  scheduleBodyOf,
  sendMoneyMachine,
  walletTagOf,
  type SendMoneyContext,
  type SendMoneyError,
  type SendMoneyEvent,
  type SendMoneySnapshot,
} from '../../machines/sendMoney.machine';
import type { Beneficiary } from '../../schemas/beneficiaries.schema';
import {
  contactSearchesPerMinute,
  defaultVerificationThresholdEurMinor,
} from '../../schemas/sendMoney.schema';
import type { ScheduledPayment } from '../../schemas/scheduledPayments.schema';
import type { Transaction } from '../../schemas/transactions.schema';
import {
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
  failureWords,
  pathTitle,
} from './generatePaths';
import { browserButtons } from './browserHistory';
import { loginErrorText } from './paths';
import { codeTexts } from './oneTimeCode.paths';
import type { StepUpMethod } from '../../schemas/stepUp.schema';
import { stepUpMethodButton } from './stepUpTexts';

/*
 * The test model of send money (machines/sendMoney.machine.ts), run on the real screen at
 * /my-wallet/eur/send-money/:account?/:tag? by sendMoney.model.test.tsx: a wallet payment found by tag (no code), an
 * IBAN payment through the four name-check answers, a one-time code (the oneTimeCode child, whose own paths are in
 * oneTimeCode.paths.ts: here it grants the payment or is cancelled), and the failures the screen words differently;
 * a wallet payment scheduled monthly for €25 with no end date (a repeating schedule always needs a code,
 * scheduleNeedsCode) or once for €50 (below the €100 threshold: no code).
 */

export const mariaIban = 'GR3401101250000000012345670';
/** The sandbox's bank without name checks (server/payee/externalAccounts.ts `unreachable`): a valid IBAN. */
export const vanDijkIban = 'NL91ABNA0417164300';
export const vanDijkId = '00000000-0000-4000-8000-0000000000d1';
export const transactionId = '00000000-0000-4000-8000-0000000000e1';
export const scheduleId = '00000000-0000-4000-8000-0000000000f1';
/** The model tests' wall clock is 2026-01-15 (tests/model/harness.tsx): "today" for the schedule form. */
export const today = '2026-01-15';
/** Wallet payments (and schedules) from €100 on need a one-time code (SEND_MONEY_VERIFICATION_THRESHOLD_MINOR). */
const codeThresholdMinor = BigInt(defaultVerificationThresholdEurMinor);
const checkId = '00000000-0000-4000-8000-0000000000c2';
/** The seed of the payments' Idempotency-Keys in the model tests (the app draws a random one per journey). */
export const keySeed = testKeySeed;

export const basePath = '/my-wallet/eur/send-money';
export const tagPath = `${basePath}/-/@demo-bakery`;
export const beneficiaryPath = `${basePath}/${vanDijkId}`;

export const stepUpMethods = [
  { method: 'email', destination: 'd***@tameio.test' },
  { method: 'sms', destination: '+30 ******0001' },
] as const satisfies ReadonlyArray<{ method: 'email' | 'sms'; destination: string }>;

const eur = (amount_minor: string) => ({ amount_minor, currency: 'EUR' });

/** A company at a bank that answers no name checks; the form takes Latin letters only, hence "BV". */
export const vanDijk = {
  id: vanDijkId,
  kind: 'bank',
  name: 'Van Dijk Trading BV',
  wallet_tag: null,
  holder: 'person',
  first_name: 'Van Dijk',
  last_name: 'Trading BV',
  company_name: null,
  bank_country: 'NL',
  iban: vanDijkIban,
  name_check: { result: 'not_possible', accepted_mismatch: true },
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-01-10T09:00:00.000Z',
} satisfies Beneficiary;

export const account = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Main account',
  currency: 'EUR',
  account_type: 'eur',
  iban: 'GR1601101250000000000000001',
  balance: eur('213580'),
  available_balance: eur('213580'),
};

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

/** The holder of Maria's IBAN is "Maria Papadopoulou"; the sandbox bank answers like this. */
function nameCheckOf(context: SendMoneyContext) {
  const payee = payeeOf(context.recipient);
  if (payee?.iban === vanDijkIban) return { result: 'not_possible' as const, check_id: checkId };
  if (payee?.name === 'Maria Papadopoulou') return { result: 'match' as const, check_id: checkId };
  if (payee?.name === 'Maria Papadopolou') {
    return { result: 'close_match' as const, suggested_name: 'Maria Papadopoulou', check_id: checkId };
  }
  // Some banks answer a close match without naming the holder: amend or proceed, as for no match.
  if (payee?.name === 'M. Papadopoulou') return { result: 'close_match' as const, check_id: checkId };
  return { result: 'no_match' as const, check_id: checkId };
}

function quoteOf(context: SendMoneyContext) {
  const bank = payeeOf(context.recipient) !== null;
  const amount = context.amountMinor ?? '2500';
  const large = BigInt(amount) >= codeThresholdMinor;
  const fee = bank ? '50' : '0';
  return {
    type: bank ? ('bank_transfer' as const) : ('account_to_account' as const),
    status: bank ? ('pending' as const) : ('completed' as const),
    amount: eur(amount),
    fee: eur(fee),
    total: eur(String(BigInt(amount) + BigInt(fee))),
    credited_amount: eur(amount),
    exchange_rate: null,
    requires_verification: bank || large,
    sufficient_funds: true,
    available_balance: account.available_balance,
  };
}

function transactionOf(context: SendMoneyContext): Transaction {
  const quote = quoteOf(context);
  const payee = payeeOf(context.recipient);
  return {
    id: transactionId,
    created_at: '2026-01-15T09:00:00.000Z',
    updated_at: null,
    type: quote.type,
    status: quote.status,
    direction: 'out',
    account: { id: account.id, account_type: 'eur', currency: 'EUR' },
    counterparty: {
      name: payee?.name ?? 'Demo Bakery',
      iban: payee?.iban ?? null,
      wallet_tag: payee ? null : '@demo-bakery',
    },
    reference: null,
    note: context.note || null,
    amount: quote.amount,
    fee: quote.fee,
    total: quote.total,
    original_amount: quote.amount,
    original_fee: quote.fee,
    original_total: quote.total,
    exchange_rate: null,
    failure_reason: null,
    initiated_by: null,
    payee_check: context.check
      ? { result: context.check.result, proceeded_anyway: context.check.result !== 'match' }
      : null,
  };
}

/** What a payment changes in the data (server/payments/sendMoney.ts `sendMoney`), for the plan's expected result. */
function paymentEffect(context: SendMoneyContext): string {
  const { amount, fee, total } = transactionOf(context);
  const eurOf = (value: { amount_minor: string }) => money(value.amount_minor, 'EUR');
  const payee = payeeOf(context.recipient);
  const code = context.quote?.requires_verification
    ? ' The one-time code’s grant is spent in the same transaction: it cannot pay again.'
    : '';
  if (!payee) {
    return (
      `the EUR available balance falls by ${eurOf(amount)} (no fee) and Demo Bakery’s rises by as much; the ` +
      'transfer is completed at once (type account_to_account, counterparty @demo-bakery, with the note), Demo ' +
      `Bakery is notified, and no name check is recorded (payee_check_result = null).${code}`
    );
  }
  const result = context.check?.result ?? null;
  const shown = result ? nameCheckShown[result] : '';
  return (
    `the EUR available balance falls by ${eurOf(amount)} + ${eurOf(fee)} fee = ${eurOf(total)}; the transfer is ` +
    `pending (type bank_transfer to ${payee.iban}) until the sandbox settlement completes it, and records ` +
    `payee_check_id, payee_check_result = ${result} and payee_proceeded_anyway = ${result !== 'match'}: its ` +
    `details on /transactions show Name check “${shown}${result !== 'match' ? '; paid anyway' : ''}”.${code}`
  );
}

/** The transaction details' words for each name-check result (src/screens/transactions/TransactionDetail.tsx). */
export const nameCheckShown = {
  match: 'The name matched the account holder’s',
  close_match: 'The name was close to the account holder’s, but not the same',
  no_match: 'The name did not match the account holder’s',
  not_possible: 'The recipient’s bank could not check the name',
} as const;

/** What storing a schedule changes (server/payments/scheduledPayments.ts): no money moves until a run. */
function scheduleEffect(context: SendMoneyContext): string {
  const body = scheduleBodyOf(context);
  const when =
    body.frequency === 'once'
      ? `once on ${body.start_date}`
      : `${body.frequency} from ${body.start_date}${body.end_date ? ` to ${body.end_date}` : ''}`;
  return (
    `no money moves now and the balance stays as it was; an active scheduled payment of ` +
    `${money(body.amount_minor, 'EUR')} to @demo-bakery is stored (${when}, next run on ${body.start_date}, run ` +
    'count 0), listed on /scheduled-payments; each run pays then.'
  );
}

/** What a name check records (server/payee/verifyPayee.ts): the check, which the payment then carries. */
function nameCheckEffect(context: SendMoneyContext): string {
  return (
    `a name check is recorded (payee_checks: the name typed, result ${nameCheckOf(context).result}); nothing is ` +
    'paid yet.'
  );
}

function scheduledOf(context: SendMoneyContext): ScheduledPayment {
  const body = scheduleBodyOf(context);
  return {
    id: scheduleId,
    status: 'active',
    account_type: 'eur',
    recipient: { wallet_tag: walletTagOf(context.recipient) ?? '@demo-bakery', name: 'Demo Bakery' },
    amount: eur(body.amount_minor),
    note: body.note ?? null,
    gif: body.gif ?? null,
    frequency: body.frequency,
    start_date: body.start_date,
    end_date: body.end_date ?? null,
    next_run_date: body.start_date,
    run_count: 0,
    created_at: '2026-01-15T09:00:00.000Z',
    cancelled_at: null,
    runs: [],
  };
}

export const sendMoneyFixtures = {
  events: {
    'journey.opened': [
      {
        event: {
          type: 'journey.opened',
          accountType: 'eur',
          beneficiaryId: null,
          tag: null,
          amountMinor: null,
          note: null,
        },
        does: `Open ${basePath} (the "Send money" link of the EUR account on /my-wallet)`,
        auto: (context) => !context.opened,
      },
      {
        event: {
          type: 'journey.opened',
          accountType: 'eur',
          beneficiaryId: null,
          tag: '@demo-bakery',
          amountMinor: null,
          note: null,
        },
        does: `Open ${tagPath} (a link that names the wallet tag)`,
        auto: (context) => !context.opened,
      },
      {
        event: {
          type: 'journey.opened',
          accountType: 'eur',
          beneficiaryId: vanDijkId,
          tag: null,
          amountMinor: null,
          note: null,
        },
        does: `Open ${basePath}/:beneficiary, the id of the saved beneficiary Van Dijk Trading BV (a link that names it)`,
        auto: (context) => !context.opened,
      },
    ],
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'recipient.search': [
      {
        event: { type: 'recipient.search', query: '@demo' },
        does: 'Type "@demo" as Wallet tag or IBAN, click "Search"',
      },
      {
        event: { type: 'recipient.search', query: mariaIban },
        does: `Type ${mariaIban} as Wallet tag or IBAN, click "Search"`,
      },
    ],
    'recipient.wallet': [
      {
        event: { type: 'recipient.wallet', walletTag: '@demo-bakery', name: 'Demo Bakery' },
        does: 'Click "Choose Demo Bakery (@demo-bakery)"',
      },
    ],
    'recipient.iban': [
      {
        event: { type: 'recipient.iban', iban: mariaIban, name: 'Maria Papadopoulou' },
        does: 'Type "Maria Papadopoulou" as Account holder’s name, click "Pay this IBAN"',
      },
      {
        event: { type: 'recipient.iban', iban: mariaIban, name: 'Maria Papadopolou' },
        does: 'Type "Maria Papadopolou" as Account holder’s name, click "Pay this IBAN"',
      },
      {
        event: { type: 'recipient.iban', iban: mariaIban, name: 'M. Papadopoulou' },
        does: 'Type "M. Papadopoulou" as Account holder’s name, click "Pay this IBAN"',
      },
      {
        event: { type: 'recipient.iban', iban: mariaIban, name: 'Nikos Ioannou' },
        does: 'Type "Nikos Ioannou" as Account holder’s name, click "Pay this IBAN"',
      },
    ],
    'recipient.beneficiary': [
      {
        event: { type: 'recipient.beneficiary', id: vanDijkId },
        does: 'Click "Pay Van Dijk Trading BV" under Saved beneficiaries',
      },
    ],
    'recipient.change': [{ event: { type: 'recipient.change' }, does: 'Click "Change recipient"' }],
    'amount.submit': [
      {
        event: {
          type: 'amount.submit',
          amountMinor: '2500',
          note: 'Coffee beans',
          gif: null,
          schedule: null,
        },
        does: 'Type 25.00 as Amount and "Coffee beans" as Note, choose "Send now" (if offered), click "Continue"',
      },
      {
        event: {
          type: 'amount.submit',
          amountMinor: '2500',
          note: 'Rent',
          gif: null,
          schedule: { frequency: 'monthly', startDate: today, endDate: null },
        },
        does: `Type 25.00 as Amount and "Rent" as Note, choose "Schedule", "Every month", Start date ${today} (today), leave End date empty, click "Continue" (for an IBAN it is refused beside the choice)`,
      },
      {
        event: {
          type: 'amount.submit',
          amountMinor: '5000',
          note: '',
          gif: null,
          schedule: { frequency: 'once', startDate: '2026-02-01', endDate: null },
        },
        does: 'Type 50.00 as Amount, empty Note, choose "Schedule", "Once", Date 2026-02-01, click "Continue" (for an IBAN it is refused beside the choice)',
      },
    ],
    'name.useSuggested': [{ event: { type: 'name.useSuggested' }, does: 'Click "Use Maria Papadopoulou"' }],
    'name.amend': [{ event: { type: 'name.amend' }, does: 'Click "Change the name"' }],
    'name.proceed': [{ event: { type: 'name.proceed' }, does: 'Click "Continue anyway"' }],
    'check.retry': [{ event: { type: 'check.retry' }, does: 'Click "Try again"' }],
    'review.confirm': [{ event: { type: 'review.confirm' }, does: 'Click "Confirm and send"' }],
    'review.edit': [{ event: { type: 'review.edit' }, does: 'Click "Edit" (or "Edit the payment")' }],
    'payment.retry': [{ event: { type: 'payment.retry' }, does: 'Click "Try again"' }],
    'nav.back': [browserButtons.back],
    'nav.forward': [browserButtons.forward],
  },
  actors: {
    loadSendMoney: {
      done: {
        output: { account, amounts: [eur('1000'), eur('2500'), eur('5000')], beneficiaries: [vanDijk] },
        says: 'Server sends the EUR account (available €2,135.80), amounts 10/25/50 and the saved beneficiary Van Dijk',
      },
      errors: [
        {
          failure: http(404, 'not_found', 'No data found for this currency.'),
          says: 'The merchant holds no EUR account (404)',
          // Every demo merchant has one: the sandbox cannot answer this for the precondition's merchant.
          tester: false,
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    searchContacts: {
      done: {
        output: (context) =>
          context.query === mariaIban
            ? [{ kind: 'iban' as const, iban: mariaIban, valid: true, at_this_bank: false }]
            : [{ kind: 'wallet' as const, wallet_tag: '@demo-bakery', name: 'Demo Bakery' }],
        says: 'Server finds Demo Bakery (@demo-bakery) for "@demo", or a valid IBAN at another bank',
      },
      errors: [
        {
          failure: http(429, 'rate_limited', 'Too many searches.', { retryAfterSeconds: 60 }),
          says: `Server answers 429 rate_limited (more than ${contactSearchesPerMinute} searches in a minute)`,
          does: `Type "@demo" as Wallet tag or IBAN, click "Search" ${contactSearchesPerMinute + 1} times within a minute (each time once the search has answered; searches stay refused for the rest of that minute, so run this path last)`,
        },
      ],
    },
    verifyPayee: {
      done: {
        output: nameCheckOf,
        effect: nameCheckEffect,
        // The sandbox bank always names the holder on a close match (server/payee/verifyPayee.ts).
        tester: (context) => payeeOf(context.recipient)?.name !== 'M. Papadopoulou',
        says: 'The payee’s bank answers: match for "Maria Papadopoulou", close match naming Maria Papadopoulou for "Maria Papadopolou", close match naming no one for "M. Papadopoulou", no match for another name, not possible for Van Dijk’s bank',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    transferQuote: {
      done: {
        output: quoteOf,
        says: 'Server quotes: to a wallet free and at once (a one-time code from €100 on); to another bank a €0.50 fee, pending, with a one-time code',
      },
      errors: [
        {
          failure: http(422, 'recipient_not_allowed', 'You cannot send money to yourself.'),
          says: 'Server answers 422 recipient_not_allowed',
          // Only for the payer's own tag (@demo-coffee), not for the @demo-bakery the paths pay.
          tester: false,
        },
      ],
    },
    loadStepUpMethods: {
      done: { output: { available_methods: [...stepUpMethods] }, says: 'Server lists email and SMS' },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    oneTimeCode: {
      done: {
        output: { stepUpToken: 'grant-1' },
        says: `Choose "${methodButton(stepUpMethods[0])}", type the emailed code (the sandbox shows it on /dev/outbox), click "Verify" (the server grants one payment)`,
      },
      alsoDone: [{ output: null, says: 'Click "Edit the payment" on "Confirm it is you"' }],
      errors: [],
    },
    sendMoney: {
      done: {
        output: transactionOf,
        effect: paymentEffect,
        says: 'Server makes the payment (completed, or pending for a bank transfer)',
      },
      errors: [
        {
          failure: http(403, 'step_up_required', 'Confirm with a one-time code.'),
          says: 'Server answers 403 step_up_required (the grant expired)',
          // The paths pay 25.00 EUR to a wallet without a code, or with a grant just given: nothing expires between.
          tester: false,
        },
        {
          failure: http(422, 'insufficient_funds', 'Insufficient funds.'),
          says: 'Server answers 422 insufficient_funds (the balance was spent elsewhere after the quote; nothing moved)',
          // The amount form and the quote refuse an amount above the balance first: only a second session spending
          // the money between the quote and the payment makes the payment itself refuse it.
          tester: false,
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer; a retry sends the same key)' },
      ],
    },
    createScheduledPayment: {
      done: {
        output: scheduledOf,
        effect: scheduleEffect,
        says: 'Server stores the schedule (first run on the start date)',
      },
      errors: [
        {
          failure: http(403, 'step_up_required', 'Confirm with a one-time code.'),
          says: 'Server answers 403 step_up_required (the grant expired, or the server wants one)',
          // As for the payment: the sandbox asks no code the quote did not ask, and a fresh grant does not expire.
          tester: false,
        },
        {
          failure: { kind: 'network' },
          says: 'The network fails (no answer; the schedule may have been stored, so a retry sends its key again)',
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof sendMoneyMachine>;

export function methodButton(option: StepUpMethod): string {
  return stepUpMethodButton(option);
}

export const sendTexts = {
  title: 'Send money',
  noAccount: 'No data found for this currency.',
  retry: 'Try again',
  recipientTitle: 'Who are you paying?',
  search: 'Search',
  chooseBakery: 'Choose Demo Bakery (@demo-bakery)',
  payIban: 'Pay this IBAN',
  payVanDijk: 'Pay Van Dijk Trading BV',
  amountTitle: 'How much?',
  continue: 'Continue',
  changeRecipient: 'Change recipient',
  checkingTitle: 'Checking the recipient’s name',
  closeMatchTitle: 'Did you mean Maria Papadopoulou?',
  closeMatchNoNameTitle: 'The name is close, but not the same',
  closeMatch: 'The name you entered is close to the name of the account holder, but not the same.',
  useSuggested: 'Use Maria Papadopoulou',
  noMatchTitle: 'The name does not match',
  noMatch: 'The name does not match the account holder’s name. If you pay, the money may reach someone else.',
  notPossibleTitle: 'The name cannot be checked',
  notPossible:
    'The recipient’s bank cannot confirm account holders’ names. Check the details before you pay.',
  failedCheckTitle: 'Check the recipient’s name',
  verificationFailed: 'Beneficiary verification failed, try again later',
  amend: 'Change the name',
  proceed: 'Continue anyway',
  reviewTitle: 'Confirm the payment',
  confirm: 'Confirm and send',
  reviewScheduleTitle: 'Confirm the scheduled payment',
  confirmSchedule: 'Confirm and schedule',
  scheduledTitle: 'Your payment is scheduled',
  scheduled: 'Payment scheduled',
  edit: 'Edit',
  methodTitle: codeTexts.methodTitle,
  editPayment: 'Edit the payment',
  failedTitle: 'The payment did not go through',
  completedTitle: 'Payment completed',
  pendingTitle: 'Payment on its way',
  sent: 'Amount sent',
};

export function sendErrorText(error: SendMoneyError): string {
  switch (error) {
    case 'insufficient_funds':
      return 'Payment failed, possibly from insufficient balance; try again later.';
    case 'recipient_not_allowed':
      return 'You cannot send money to this recipient.';
    case 'not_found':
      return 'We found no recipient with these details.';
    case 'validation_failed':
      return 'Check the amount and the recipient, then try again.';
    case 'payee_check_required':
      return 'Check the recipient’s name again before you pay.';
    case 'step_up_required':
      return 'Your confirmation has expired. Confirm it is you with a new one-time code.';
    case 'schedule_wallet_only':
      return 'A payment to an IBAN cannot be scheduled: a scheduled run cannot check the account holder’s name or ask you for a code. Choose “Send now”, or pay a wallet tag.';
    default:
      return loginErrorText(error, null);
  }
}

/**
 * The address a journey was opened at (it stays there), from the prefill the machine keeps: the same for the QA plan
 * and the model test. Before the screen has read the address (`opening`, which it leaves at once) it is not known.
 */
export function pathOf(context: SendMoneyContext): string {
  // The beneficiary's id is the server's (the model tests' is vanDijkId): any one segment.
  if (context.prefill.beneficiaryId) return `${basePath}/:beneficiary`;
  if (context.prefill.tag) return `${basePath}/-/${context.prefill.tag}`;
  return basePath;
}

function sendMoneyScreen(snapshot: SendMoneySnapshot): ScreenExpectation {
  const t = sendTexts;
  const busy = snapshot.hasTag('busy');
  const { error } = snapshot.context;
  const alert = error ? sendErrorText(error) : null;
  const path = pathOf(snapshot.context);
  const split = (names: Array<[string, boolean]>) => ({
    enabled: names.filter(([, on]) => on).map(([name]) => name),
    disabled: names.filter(([, on]) => !on).map(([name]) => name),
  });
  switch (selectSendMoneyStep(snapshot)) {
    case 'opening':
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.title, alert, enabled: [t.retry] };
    case 'noAccount':
      return { path, heading: t.title, alert: t.noAccount, absent: [t.retry] };
    case 'recipient': {
      const contacts = snapshot.context.contacts ?? [];
      return {
        path,
        heading: t.recipientTitle,
        alert,
        ...split([
          [t.search, !busy],
          [t.payVanDijk, !busy],
          ...(contacts.some((c) => c.kind === 'wallet')
            ? [[t.chooseBakery, !busy] as [string, boolean]]
            : []),
          ...(contacts.some((c) => c.kind === 'iban') ? [[t.payIban, !busy] as [string, boolean]] : []),
        ]),
      };
    }
    case 'amount':
      return {
        path,
        heading: t.amountTitle,
        alert,
        ...split([
          [t.continue, !busy],
          [t.changeRecipient, !busy],
        ]),
      };
    case 'checkingName':
      return { path, heading: t.checkingTitle, alert: null };
    case 'closeMatch':
      // Without a suggested name the bank named no one: amend or proceed, still worded as a close match.
      return snapshot.context.check?.suggestedName
        ? {
            path,
            heading: t.closeMatchTitle,
            alert: t.closeMatch,
            enabled: [t.useSuggested, t.amend, t.proceed],
          }
        : {
            path,
            heading: t.closeMatchNoNameTitle,
            alert: t.closeMatch,
            enabled: [t.amend, t.proceed],
            absent: [t.useSuggested],
          };
    case 'noMatch':
      return {
        path,
        heading: t.noMatchTitle,
        alert: t.noMatch,
        enabled: [t.amend, t.proceed],
        absent: [t.useSuggested],
      };
    case 'notPossible':
      return {
        path,
        heading: t.notPossibleTitle,
        alert: t.notPossible,
        enabled: [t.amend, t.proceed],
        absent: [t.useSuggested],
      };
    case 'verificationFailed':
      return { path, heading: t.failedCheckTitle, alert: t.verificationFailed, enabled: [t.retry, t.amend] };
    case 'review': {
      const scheduled = snapshot.context.schedule !== null;
      return {
        path,
        heading: scheduled ? t.reviewScheduleTitle : t.reviewTitle,
        alert,
        ...split([
          [scheduled ? t.confirmSchedule : t.confirm, !busy],
          [t.edit, !busy],
        ]),
      };
    }
    case 'confirm':
      // The oneTimeCode child starts at the method choice; the journey's own message (an expired grant) above it.
      return {
        path,
        heading: t.methodTitle,
        alert,
        enabled: [...snapshot.context.methods.map(methodButton), t.editPayment],
      };
    case 'failed': {
      // No answer: a payment or a schedule is sent again with its key (paid or stored at most once).
      const canRetry = error === 'network' || error === 'unknown';
      return {
        path,
        heading: t.failedTitle,
        alert,
        enabled: [...(canRetry ? [t.retry] : []), t.editPayment],
        ...(canRetry ? {} : { absent: [t.retry] }),
      };
    }
    case 'done':
      return {
        path,
        heading: snapshot.context.transaction?.status === 'pending' ? t.pendingTitle : t.completedTitle,
        alert: null,
        toast: t.sent,
      };
    case 'scheduled':
      return { path, heading: t.scheduledTitle, alert: null, toast: t.scheduled };
  }
}

const nameCheckWords: Record<string, string> = {
  match: 'the name matches',
  close_match: 'a close match',
  no_match: 'the name does not match',
  not_possible: 'the name cannot be checked',
};

const answerOf: Record<string, string> = {
  loadSendMoney: 'the page',
  searchContacts: 'the search',
  verifyPayee: 'the name check',
  transferQuote: 'the quote',
  loadStepUpMethods: 'the code methods',
  sendMoney: 'the payment',
  createScheduledPayment: 'the schedule',
};

/** A decision of a path, in a few words (null: a step that decides nothing, e.g. an answer every path gets). */
function decisionWords(step: ModelPath<SendMoneySnapshot>['steps'][number]): string | null {
  const { action, state } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorError': {
      if (action.src === 'loadSendMoney' && action.failure.kind === 'http' && action.failure.status === 404)
        return 'no EUR account';
      return failureWords(action, answerOf[action.src] ?? action.src);
    }
    case 'actorDone': {
      if (action.src === 'verifyPayee') {
        const check = action.output as { result: string; suggested_name?: string };
        if (check.result === 'close_match' && !check.suggested_name) return 'a close match naming no one';
        return nameCheckWords[check.result] ?? check.result;
      }
      if (action.src === 'oneTimeCode') return action.output ? 'a one-time code' : 'back from the code';
      return null;
    }
    case 'event': {
      const event = action.event as SendMoneyEvent;
      switch (event.type) {
        case 'journey.opened':
          if (event.tag) return `from a link to ${event.tag}`;
          if (event.beneficiaryId) return 'from a link to the saved beneficiary';
          return null;
        case 'load.retry':
          return 'load again';
        case 'recipient.search':
          return event.query === mariaIban ? 'look up an IBAN' : `search "${event.query}"`;
        case 'recipient.wallet':
          return `choose ${event.name}`;
        case 'recipient.iban':
          return `pay the IBAN as "${event.name}"`;
        case 'recipient.beneficiary':
          return 'choose the saved beneficiary';
        case 'recipient.change':
          return 'change the recipient';
        case 'amount.submit': {
          const amount = money(event.amountMinor, 'EUR');
          if (!event.schedule) return `${amount} now`;
          const when =
            event.schedule.frequency === 'once'
              ? `${amount} once on ${event.schedule.startDate}`
              : `${amount} ${event.schedule.frequency}`;
          // A schedule to an IBAN is refused beside the choice, before anything is sent.
          return state.context.error === 'schedule_wallet_only'
            ? `${when}, refused beside the choice (IBAN)`
            : when;
        }
        case 'name.useSuggested':
          return 'take the suggested name';
        case 'name.amend':
          return 'change the name';
        case 'name.proceed':
          return 'continue anyway';
        case 'check.retry':
          return 'check again';
        case 'review.confirm':
          return 'confirm';
        case 'review.edit':
          return 'edit';
        case 'payment.retry':
          return 'try again';
        case 'nav.back':
          return 'the browser’s Back';
        case 'nav.forward':
          return 'the browser’s Forward';
      }
    }
  }
  return null;
}

/**
 * A path's title by what it proves: its decisions in order (where it was opened, whom it pays and how much, the
 * name check's answer and what the merchant did about it, a code, the refusals and faults), then where it ends.
 */
export function sendMoneyTitle(path: ModelPath<SendMoneySnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const step = selectSendMoneyStep(last);
  const screen = sendMoneyScreen(last);
  const end =
    step === 'done'
      ? last.context.transaction?.status === 'pending'
        ? 'sent, pending at the other bank'
        : 'sent'
      : step === 'scheduled'
        ? 'scheduled'
        : screen.heading === null
          ? 'stops while the page loads'
          : last.hasTag('busy')
            ? `waits on “${screen.heading}”`
            : `stops on “${screen.heading}”`;
  return pathTitle(path, decisionWords, end);
}

/** Where the recipient matters: until the quote; afterwards only whether it is a bank payment. */
const recipientSteps = new Set([
  'recipient',
  'amount',
  'checkingName',
  'closeMatch',
  'noMatch',
  'notPossible',
  'verificationFailed',
]);

export const sendMoneyModel: Model<typeof sendMoneyMachine> = {
  name: 'sendMoney',
  machine: sendMoneyMachine,
  file: 'sendMoney.machine.ts',
  start:
    `Signed in as the owner of Demo Coffee (approved, EUR account) with Van Dijk Trading BV (${vanDijkIban}, a bank ` +
    'that answers no name checks) saved under Beneficiaries, open the send-money address the first step says (a ' +
    `new payment code can be asked ${duration(authDefaults.otpResendCooldownSeconds * 1000)} after the last one, ` +
    'by default: setting OTP_RESEND_COOLDOWN_SECONDS)',
  // The Idempotency-Keys' seed (the model test gives its screen the same): keys …000000000001, …000000000002, …
  input: { keySeed },
  fixtures: sendMoneyFixtures,
  serialize: (snapshot) => {
    const step = selectSendMoneyStep(snapshot);
    const { context } = snapshot;
    return JSON.stringify({
      value: snapshot.value,
      opened: context.opened,
      // The address it was opened at stays in the browser to the end (the screen expects it in every state).
      path: pathOf(context),
      // The query only decides what the search running now finds; its results are in `contacts`.
      query: snapshot.matches('searching') ? context.query : null,
      error: context.error,
      // While choosing (again), the recipient chosen before is neither shown nor kept: a new one replaces it.
      recipient: recipientSteps.has(step) && step !== 'recipient' ? recipientLabel(context.recipient) : null,
      bank: step !== 'recipient' && payeeOf(context.recipient) !== null,
      contacts: recipientSteps.has(step) ? (context.contacts ?? []).map((c) => c.kind) : null,
      // After the amount: a schedule changes the review and the end; the quote says whether a code is asked.
      schedule:
        recipientSteps.has(step) && !snapshot.matches('quoting')
          ? null
          : (context.schedule?.frequency ?? null),
      code: recipientSteps.has(step) ? null : (context.quote?.requires_verification ?? null),
    });
  },
  // The step Back and Forward lead to tells states apart in the walk, not in the choice of paths.
  historyKey: (snapshot) => JSON.stringify([snapshot.context.nav.behind, snapshot.context.nav.ahead]),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 10 },
  screen: sendMoneyScreen,
  title: sendMoneyTitle,
};
