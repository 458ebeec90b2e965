import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, getNextSnapshot, type ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  selectSendMoneyStep,
  sendMoneyMachine,
  scheduleBodyOf,
  scheduleProblems,
  sendBodyOf,
} from '../../machines/sendMoney.machine';
import type { OneTimeCodeOutput } from '../../machines/oneTimeCode.machine';
import { decimalToMinor } from '../../schemas/money';
import { generatePaths, type ModelPath } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { pressBack, pressForward } from './browserHistory';
import {
  basePath,
  beneficiaryPath,
  keySeed,
  mariaIban,
  sendMoneyModel,
  sendTexts,
  tagPath,
} from './sendMoney.paths';
import { finishCodeStep, stepUpCodeScreen } from './oneTimeCodeSteps';
import { sendMoneyRoute, sendMoneyScreen } from './sendMoneyScreen';

// Every generated path of send money (machines/sendMoney.machine.ts), run against the real screen at
// /my-wallet/eur/send-money/:account?/:tag?, signed in as the owner of an approved merchant.

type SendActor = ActorRefFrom<typeof sendMoneyMachine>;
type Snapshot = ModelPath<ReturnType<SendActor['getSnapshot']>>;

const journey = journeyCapture<SendActor>('send-money journey');

const click = async (app: RenderedApp, name: string | RegExp) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

/** A date input takes its whole value at once (as a date picker gives it). */
async function pickDate(label: string | RegExp, value: string) {
  const field = screen.getByLabelText(label);
  await act(async () => {
    fireEvent.change(field, { target: { value } });
  });
}

const executors: Executors<typeof sendMoneyMachine> = {
  // Sent by the screen itself (auto): never executed.
  'journey.opened': async () => {},
  'load.retry': (app) => click(app, sendTexts.retry),
  'recipient.search': async (app, event) => {
    await retype(app, 'Wallet tag or IBAN', event.query);
    await click(app, sendTexts.search);
  },
  'recipient.wallet': (app) => click(app, sendTexts.chooseBakery),
  'recipient.iban': async (app, event) => {
    await retype(app, 'Account holder’s name', event.name);
    await click(app, sendTexts.payIban);
  },
  'recipient.beneficiary': (app) => click(app, sendTexts.payVanDijk),
  'recipient.change': (app) => click(app, sendTexts.changeRecipient),
  'amount.submit': async (app, event) => {
    await retype(app, 'Amount (EUR)', `${Number(event.amountMinor) / 100}.00`);
    await retype(app, 'Note (optional)', event.note);
    const { schedule } = event;
    if (schedule) {
      await app.user.click(screen.getByRole('radio', { name: 'Schedule' }));
      await app.user.selectOptions(screen.getByLabelText('How often'), schedule.frequency);
      await pickDate(schedule.frequency === 'once' ? 'Date' : 'Start date', schedule.startDate);
      if (schedule.frequency !== 'once') await pickDate(/^End date/, schedule.endDate ?? '');
    } else {
      // Offered for wallet recipients only.
      const now = screen.queryByRole('radio', { name: 'Send now' });
      if (now) await app.user.click(now);
    }
    await click(app, sendTexts.continue);
  },
  'name.useSuggested': (app) => click(app, sendTexts.useSuggested),
  'name.amend': (app) => click(app, sendTexts.amend),
  'name.proceed': (app) => click(app, sendTexts.proceed),
  'check.retry': (app) => click(app, sendTexts.retry),
  'review.confirm': async (app) => {
    const schedule = screen.queryByRole('button', { name: sendTexts.confirmSchedule });
    await click(app, schedule ? sendTexts.confirmSchedule : sendTexts.confirm);
  },
  'review.edit': async (app) => {
    const edit = screen.queryByRole('button', { name: sendTexts.edit });
    await click(app, edit ? sendTexts.edit : sendTexts.editPayment);
  },
  'payment.retry': (app) => click(app, sendTexts.retry),
  'nav.back': (app) => pressBack(app),
  'nav.forward': (app) => pressForward(app),
};

/** The address a path starts at, from its `journey.opened`. */
function startOf(path: Snapshot): string {
  for (const { action } of path.steps) {
    if (action.kind === 'event' && action.event.type === 'journey.opened') {
      const event = action.event as unknown as { beneficiaryId: string | null; tag: string | null };
      if (event.beneficiaryId) return beneficiaryPath;
      if (event.tag) return tagPath;
      return basePath;
    }
  }
  return basePath;
}

/** The Idempotency-Key of each payment attempt (each entry into `sending`), for the checks after a path. */
let sends: Array<{ idempotencyKey: string | null }> = [];

function startApp(initialPath: string, { keepStorage = false } = {}): RenderedApp {
  return renderJourneyScreen<SendActor>({
    path: initialPath,
    keepSessionStorage: keepStorage,
    route: sendMoneyRoute,
    journey,
    onSnapshot: (snapshot) => {
      if (snapshot.matches('sending')) sends.push({ idempotencyKey: snapshot.context.idempotencyKey });
    },
    screen: (tools) => sendMoneyScreen(tools, keySeed),
  });
}

/**
 * Issue 19's wizard frame where the path ends: the step of three while in one, and from the amount step on whom the
 * money goes to, and from the name check on how much, beside every step but the review (which lists them itself).
 */
function expectWizardFrame(snapshot: ReturnType<typeof journey.snapshot>) {
  const step = selectSendMoneyStep(snapshot);
  const progress = [...document.querySelectorAll('main p')]
    .map((paragraph) => paragraph.textContent)
    .find((text) => text?.startsWith('Step '));
  const index = step === 'recipient' ? 0 : step === 'amount' ? 1 : stepsAfterAmount.includes(step) ? 2 : null;
  const names = ['Recipient', 'Amount', 'Review and confirm'];
  expect(progress ?? null, `progress on ${step}`).toBe(
    index === null ? null : `Step ${index + 1} of 3: ${names[index]}`,
  );
  const heading = document.querySelector('main h1');
  if (index !== null) expect(heading?.getAttribute('aria-describedby')).toBeTruthy();
  const summary = document.querySelector('main aside dl')?.textContent ?? '';
  const { recipient, amountMinor } = snapshot.context;
  if (index === null || index === 0 || step === 'review' || !recipient) {
    expect(summary, `no summary on ${step}`).toBe('');
    return;
  }
  const name =
    recipient.kind === 'beneficiary'
      ? recipient.beneficiary.name
      : recipient.kind === 'iban'
        ? recipient.name
        : (recipient.name ?? recipient.walletTag);
  expect(summary, `recipient beside ${step}`).toContain(name);
  if (index === 2 && amountMinor) {
    const amount = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(
      Number(amountMinor) / 100,
    );
    expect(summary, `amount beside ${step}`).toContain(amount);
  }
}

const stepsAfterAmount: string[] = [
  'checkingName',
  'closeMatch',
  'noMatch',
  'notPossible',
  'verificationFailed',
  'review',
  'confirm',
  'failed',
];

const paths = generatePaths(sendMoneyModel);
afterEach(() => {
  sends = [];
});

describe(`sendMoney journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const start = startOf(path);
    // The expected address is the model's own (the prefill in the machine's context), as the QA plan prints it.
    const runner: PathRunner<typeof sendMoneyMachine> = {
      model: sendMoneyModel,
      executors,
      live: () => journey.snapshot(),
      // The oneTimeCode child ends through its screen: the emailed code and the grant, or "Edit the payment".
      settleOther: async (rendered, action) => {
        if (action.id !== 'oneTimeCode') return false;
        await finishCodeStep(rendered, action.output as OneTimeCodeOutput, {
          ...stepUpCodeScreen,
          cancel: sendTexts.editPayment,
        });
        return true;
      },
    };
    const app = startApp(start);
    await runPath(runner, path, app);
    expectWizardFrame(journey.snapshot());
    // Every try of one confirmed payment carries the same Idempotency-Key; only a changed payment gets a new one.
    const events = path.steps.flatMap(({ action }) => (action.kind === 'event' ? [action.event.type] : []));
    const firstConfirm = events.indexOf('review.confirm');
    const changed = firstConfirm >= 0 && events.slice(firstConfirm).includes('amount.submit');
    const keys = new Set(sends.map((call) => call.idempotencyKey));
    // Counted from the journey's seed (machines/attemptKeys.ts), not drawn inside the machine.
    for (const key of keys) expect(key).toMatch(new RegExp(`^${keySeed.slice(0, 28)}[0-9a-f]{8}$`));
    if (!changed) expect(keys.size).toBeLessThanOrEqual(1);
  });
});

/** A journey's context before it opens (what resolveState starts from below). */
const initialContext = createActor(sendMoneyMachine, { input: { keySeed } }).getSnapshot().context;

describe('the send-money body', () => {
  it('records the name check and the choice to proceed for an IBAN payee', () => {
    const snapshot = sendMoneyMachine.resolveState({
      value: 'reviewing',
      context: {
        ...initialContext,
        accountType: 'eur',
        recipient: { kind: 'iban', iban: mariaIban, name: 'Nikos Ioannou' },
        amountMinor: '2500',
        note: ' Coffee beans ',
        check: { result: 'no_match', suggestedName: null, checkId: '00000000-0000-4000-8000-0000000000c2' },
        proceedAnyway: true,
      } as never,
    });
    expect(sendBodyOf(snapshot.context)).toEqual({
      account_type: 'eur',
      recipient: {
        iban: mariaIban,
        name: 'Nikos Ioannou',
        payee_check_id: '00000000-0000-4000-8000-0000000000c2',
        proceed_anyway: true,
      },
      amount_minor: '2500',
      note: 'Coffee beans',
    });
  });

  it('sends the GIF with the note, and a schedule as the server takes it', () => {
    const snapshot = sendMoneyMachine.resolveState({
      value: 'reviewing',
      context: {
        ...initialContext,
        accountType: 'eur',
        recipient: { kind: 'wallet', walletTag: '@demo-bakery', name: 'Demo Bakery' },
        amountMinor: '2500',
        note: 'Rent',
        gif: 'party-parrot',
        schedule: { frequency: 'monthly', startDate: '2026-01-31', endDate: null },
      } as never,
    });
    expect(sendBodyOf(snapshot.context)).toEqual({
      account_type: 'eur',
      recipient: { wallet_tag: '@demo-bakery' },
      amount_minor: '2500',
      note: 'Rent',
      gif: 'party-parrot',
    });
    expect(scheduleBodyOf(snapshot.context)).toEqual({
      account_type: 'eur',
      recipient: { wallet_tag: '@demo-bakery' },
      amount_minor: '2500',
      note: 'Rent',
      gif: 'party-parrot',
      frequency: 'monthly',
      start_date: '2026-01-31',
    });
  });

  it('asks for a code for a repeating schedule whatever its amount, and none for a small one-off', () => {
    // The case: 1.00 EUR monthly with no end date, which the price alone does not ask a code for.
    const reviewing = (frequency: 'once' | 'monthly') =>
      sendMoneyMachine.resolveState({
        value: 'reviewing',
        context: {
          ...initialContext,
          accountType: 'eur',
          recipient: { kind: 'wallet', walletTag: '@demo-bakery', name: 'Demo Bakery' },
          amountMinor: '100',
          schedule: { frequency, startDate: '2026-01-31', endDate: null },
          quote: { requires_verification: false },
        } as never,
      });
    const confirmed = (frequency: 'once' | 'monthly') =>
      getNextSnapshot(sendMoneyMachine, reviewing(frequency), { type: 'review.confirm' });
    expect(confirmed('monthly').value).toBe('loadingMethods');
    expect(confirmed('once').value).toBe('scheduling');
  });

  it('checks a schedule as the server does: from today, the end not before the start, none for once', () => {
    const today = '2026-01-15';
    const monthly = (startDate: string, endDate: string | null) =>
      scheduleProblems({ frequency: 'monthly', startDate, endDate }, today);
    expect(monthly('2026-01-15', null)).toEqual({});
    expect(monthly('2026-01-15', '2026-01-15')).toEqual({});
    expect(monthly('2026-01-14', null)).toEqual({ startDate: 'past' });
    expect(monthly('', null)).toEqual({ startDate: 'required' });
    expect(monthly('2026-02-30', null)).toEqual({ startDate: 'invalid' });
    expect(monthly('2026-03-01', '2026-02-28')).toEqual({ endDate: 'beforeStart' });
    expect(monthly('2026-03-01', '2026-13-01')).toEqual({ endDate: 'invalid' });
    expect(
      scheduleProblems({ frequency: 'once', startDate: '2026-03-01', endDate: '2026-01-01' }, today),
    ).toEqual({});
  });

  it('reads amounts exactly in minor units', () => {
    expect(decimalToMinor('25', 2)).toBe('2500');
    expect(decimalToMinor('25.5', 2)).toBe('2550');
    expect(decimalToMinor('0,01', 2)).toBe('1');
    expect(decimalToMinor('1.001', 2)).toBeNull();
    expect(decimalToMinor('-3', 2)).toBeNull();
    expect(decimalToMinor('abc', 2)).toBeNull();
  });
});

describe('the amount prefill of a QR code link (?amount=&note=)', () => {
  it('starts at the amount with both filled in, still editable', async () => {
    const app = startApp(`${tagPath}?amount=1250&note=Table%204`);
    await app.effects.settle('loadSendMoney', {
      output: sendMoneyModel.fixtures.actors.loadSendMoney.done.output,
    });
    await screen.findByRole('heading', { level: 1, name: sendTexts.amountTitle });
    const amount = screen.getByLabelText<HTMLInputElement>('Amount (EUR)');
    expect(amount.value).toBe('12.50');
    expect(screen.getByLabelText<HTMLInputElement>('Note (optional)').value).toBe('Table 4');
    await retype(app, 'Amount (EUR)', '99999');
    await click(app, sendTexts.continue);
    await screen.findByText(/The amount is more than your available balance/);
    expect(journey.snapshot().matches('enteringAmount')).toBe(true);
  });

  it('drops an amount that is not a positive whole number of minor units', async () => {
    const app = startApp(`${tagPath}?amount=12.5`);
    await app.effects.settle('loadSendMoney', {
      output: sendMoneyModel.fixtures.actors.loadSendMoney.done.output,
    });
    await screen.findByRole('heading', { level: 1, name: sendTexts.amountTitle });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Amount (EUR)').value).toBe(''));
  });
});

/** The fixture's quote for the payment as it stands. */
function quoteNow() {
  const quote = sendMoneyModel.fixtures.actors.transferQuote.done.output;
  return typeof quote === 'function' ? quote(journey.snapshot().context) : quote;
}

describe('Back, Forward and reload', () => {
  it('goes back from the review to the amount as entered, forward again, and takes the review up after a reload', async () => {
    const app = startApp(tagPath);
    await app.effects.settle('loadSendMoney', {
      output: sendMoneyModel.fixtures.actors.loadSendMoney.done.output,
    });
    await screen.findByRole('heading', { level: 1, name: sendTexts.amountTitle });
    await retype(app, 'Amount (EUR)', '12.00');
    await click(app, sendTexts.continue);
    await app.effects.settle('transferQuote', { output: quoteNow() });
    await screen.findByRole('heading', { level: 1, name: sendTexts.reviewTitle });
    expect(app.location.search).toBe('?step=review');

    // Back: the amount step, with the amount entered; Forward: the review again, priced afresh.
    await pressBack(app);
    await screen.findByRole('heading', { level: 1, name: sendTexts.amountTitle });
    expect(screen.getByLabelText<HTMLInputElement>('Amount (EUR)').value).toBe('12.00');
    expect(app.location.search).toBe('?step=amount');
    await pressForward(app);
    await app.effects.settle('transferQuote', { output: quoteNow() });
    await screen.findByRole('heading', { level: 1, name: sendTexts.reviewTitle });

    // A reload: the page starts afresh at the same address; the session storage stays.
    app.stop();
    cleanup();
    const reloaded = startApp(`${tagPath}?step=review`, { keepStorage: true });
    await screen.findByRole('heading', { level: 1, name: sendTexts.reviewTitle });
    expect(reloaded.effects.inFlight('loadSendMoney')).toBe(false);
    expect(journey.snapshot().context.amountMinor).toBe('1200');
    expect(screen.getAllByText('€12.00').length).toBeGreaterThan(0);
    expect(window.sessionStorage.getItem('tameio.sendMoney')).not.toBeNull();
  });
});
