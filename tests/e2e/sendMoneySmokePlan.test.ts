import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startLiveServer, type LiveServer } from '../../scripts/liveServer';
import { planOf } from '../../scripts/testPaths';
import type { SendMoneyEvent } from '../../machines/sendMoney.machine';
import type { Transaction } from '../../schemas/transactions.schema';
import {
  addressMatches,
  generatePaths,
  type ModelStep,
  type ScreenExpectation,
  type StepAction,
} from '../model/generatePaths';
import { demoExternalAccounts } from '../../server/payee/externalAccounts';
import {
  basePath,
  mariaIban,
  sendMoneyModel,
  sendTexts,
  tagPath,
  today as modelToday,
  vanDijk,
} from '../model/sendMoney.paths';
import { codeFromOutbox, demoOwner, minorOf, signInWithEmailCode, watchForBrowserErrors } from './pageChecks';

/*
 * The send-money smoke plan (docs/test-paths/sendMoney.md, "Smoke"), followed step by step in Chromium against the real
 * server: the paths are the plan's own (`planOf`, the function that writes the plan), each tester step is done in the
 * browser (`testerDoes`, like the model test's executors), each server answer comes from the sandbox because of the
 * test data (the demo seed's Demo Bakery, Van Dijk's bank that answers no name checks, the rate limit of the contact
 * search, the code from the outbox), and after every step the page shows the plan's expected screen (address, heading,
 * alert, toast, enabled, greyed-out and absent buttons). A payment's data effect is checked on the balance.
 *
 * To look at the screen between a tester's step and the server's answer (a greyed-out form while the quote runs), the
 * test holds the journey's requests in the browser and lets each through at the step that says the server answers:
 * the answers are the real server's, only later. Two substitutions, as the plan allows: the saved beneficiary's id is
 * the one the server gave (`:beneficiary` in the plan), and the model's dates (its "today" is 2026-01-15) are moved
 * by the same number of days to the real tomorrow (UTC, the server's calendar): a schedule starting today would be
 * run by the server's scheduler (every minute) while the test runs, and change the balances the next paths check.
 */

const plan = planOf(sendMoneyModel, { fixtures: 'sendMoney.paths.ts', test: 'sendMoney.model.test.tsx' });
const modelPaths = new Map(generatePaths(sendMoneyModel).map((one) => [one.id, one]));
const smoke = plan.paths
  .filter((one) => one.section === 'smoke')
  // The rate limit holds for a minute: the path that reaches it runs last.
  .sort((a, b) => Number(a.refusals.some(isRateLimit)) - Number(b.refusals.some(isRateLimit)));

function isRateLimit(says: string): boolean {
  return says.includes('rate_limited');
}

/** The requests each of the journey's server answers (the machine's invoked actors) is made of. */
const requestsOf: Record<string, (request: Request) => boolean> = {
  loadSendMoney: (request) =>
    /\/api\/merchants\/(core_banking_accounts|predefined_send_amounts|beneficiaries)\//.test(request.url()),
  searchContacts: (request) => request.url().includes('/api/merchants/contacts/search/'),
  verifyPayee: (request) => request.url().includes('/api/merchants/payees/verify/'),
  transferQuote: (request) => request.url().includes('/api/merchants/transfer_quote/'),
  loadStepUpMethods: (request) => request.url().includes('/api/merchants/step-up/methods/'),
  sendMoney: (request) => request.url().includes('/api/merchants/send_money/'),
  createScheduledPayment: (request) =>
    request.method() === 'POST' && request.url().includes('/api/merchants/scheduled_payments/'),
};
const journeyRequest = (request: Request) => Object.values(requestsOf).some((is) => is(request));

let browser: Browser;
let server: LiveServer;
let context: BrowserContext;
let page: Page;
let browserErrors: string[];
/** The saved beneficiary Van Dijk's id, as the server gave it. */
let vanDijkId = '';

/** Journey requests held until the plan's step says the server answers; `passing` lets one actor's through. */
const held: Array<{ route: Route; request: Request }> = [];
let passing: string | null = null;
let holding = false;

beforeAll(async () => {
  browser = await launchChromium();
  // Two paths ask for a payment code within seconds: a tester waits out the resend cooldown between them (the
  // plan's precondition says how long); the test shortens it through its setting.
  server = await startLiveServer({ env: { OTP_RESEND_COOLDOWN_SECONDS: '1' } });
  // The browser's calendar is the server's (UTC): the form's "today or later" agrees with the server's.
  context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
  page = await context.newPage();
  browserErrors = watchForBrowserErrors(page);
  await page.route('**/api/**', async (route, request) => {
    const mine = passing !== null && requestsOf[passing]!(request);
    if (!holding || mine || !journeyRequest(request)) return route.continue();
    held.push({ route, request });
  });
}, 120_000);

/** Signed in once, with the precondition's beneficiary saved (inside a test: sign-in polls with `expect`). */
let prepared: Promise<void> | undefined;
const prepare = () =>
  (prepared ??= (async () => {
    await signInWithEmailCode(page, browser, server.baseUrl);
    vanDijkId = await saveVanDijk();
  })());

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** The precondition: Van Dijk Trading BV saved under Beneficiaries (their bank answers no name checks). */
async function saveVanDijk(): Promise<string> {
  await navigate('/my-beneficiaries/create-beneficiary');
  await page.getByRole('heading', { level: 1, name: 'New beneficiary' }).waitFor();
  await page.getByLabel('First name').fill(vanDijk.first_name);
  await page.getByLabel('Last name').fill(vanDijk.last_name);
  await page.getByLabel('Country of the recipient’s bank').selectOption(vanDijk.bank_country);
  await page.getByLabel('IBAN').fill(vanDijk.iban);
  await page.getByRole('button', { name: 'Save beneficiary' }).click();
  // The bank cannot check the name: saved anyway, as the tester would.
  await page
    .getByRole('button', { name: 'Save anyway' })
    .click({ timeout: 10_000 })
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await page.locator('main').innerText()}`);
    });
  const edit = page.getByRole('link', { name: `Edit ${vanDijk.name}` });
  await edit.waitFor();
  const id = /([0-9a-f-]{36})$/.exec((await edit.getAttribute('href')) ?? '')?.[1];
  if (!id) throw new Error('no id in the saved beneficiary’s edit link');
  return id;
}

/** Lets the held requests (of one actor, or all) through, in the order they were made. */
async function release(which: (request: Request) => boolean = () => true): Promise<number> {
  const now = held.filter((one) => which(one.request));
  for (const one of now) held.splice(held.indexOf(one), 1);
  await Promise.all(now.map((one) => one.route.continue()));
  return now.length;
}

/** The model's dates, moved to the real calendar: its "today" becomes tomorrow (see above). */
const dayMs = 86_400_000;
const realTomorrow = new Date(Date.now() + dayMs).toISOString().slice(0, 10);
const shift = Date.parse(realTomorrow) - Date.parse(modelToday);
const realDate = (date: string) => new Date(Date.parse(date) + shift).toISOString().slice(0, 10);

/** What the page shows that `expected` does not: empty when it matches. */
async function mismatches(expected: ScreenExpectation): Promise<string[]> {
  const problems: string[] = [];
  const address = new URL(page.url()).pathname;
  const want = expected.path.replace(/:beneficiary$/, vanDijkId);
  if (!addressMatches(want, address)) problems.push(`address ${address}, not ${want}`);
  const main = page.getByRole('main');
  if (expected.heading === null) {
    if (!(await main.getByRole('progressbar').count())) problems.push('no loading spinner');
  } else {
    const headings = await main.getByRole('heading', { level: 1 }).allTextContents();
    if (headings.join('|') !== expected.heading) problems.push(`heading ${headings.join('|')}`);
  }
  if (expected.alert !== undefined) {
    const alerts = await main.getByRole('alert').allTextContents();
    const want = expected.alert === null ? [] : [expected.alert];
    if (JSON.stringify(alerts) !== JSON.stringify(want)) problems.push(`alerts ${JSON.stringify(alerts)}`);
  }
  if (expected.toast && !(await page.getByRole('status').filter({ hasText: expected.toast }).count()))
    problems.push(`no toast ${expected.toast}`);
  const buttons = (name: string) => page.getByRole('button', { name, exact: true });
  for (const name of expected.enabled ?? []) {
    const all = buttons(name);
    const states = await Promise.all((await all.all()).map((one) => one.isEnabled()));
    if (!states.some(Boolean)) problems.push(`"${name}" not enabled (${states.length} found)`);
  }
  for (const name of expected.disabled ?? []) {
    const states = await Promise.all((await buttons(name).all()).map((one) => one.isDisabled()));
    if (!states.length || !states.every(Boolean)) problems.push(`"${name}" not greyed out`);
  }
  for (const name of expected.absent ?? []) {
    if (await main.getByRole('button', { name, exact: true }).count()) problems.push(`"${name}" present`);
  }
  return problems;
}

async function expectScreen(expected: ScreenExpectation | null, where: string): Promise<void> {
  if (expected === null) return;
  await expect.poll(() => mismatches(expected), { message: where, timeout: 15_000 }).toEqual([]);
}

const click = (name: string) => page.getByRole('button', { name, exact: true }).click();

/** How the tester sends each event of the journey in the browser (the model test's executors, in Chromium). */
async function testerDoes(event: SendMoneyEvent, next: StepAction | undefined): Promise<void> {
  switch (event.type) {
    case 'journey.opened': {
      const address = event.beneficiaryId ? `${basePath}/${vanDijkId}` : event.tag ? tagPath : basePath;
      return navigate(address);
    }
    case 'load.retry':
    case 'check.retry':
    case 'payment.retry':
      return click(sendTexts.retry);
    case 'recipient.search': {
      await page.getByLabel('Wallet tag or IBAN').fill(event.query);
      if (next?.kind === 'actorError' && next.does) await searchUntilLimited();
      return click(sendTexts.search);
    }
    case 'recipient.wallet':
      return click(`Choose ${event.name} (${event.walletTag})`);
    case 'recipient.iban':
      await page.getByLabel('Account holder’s name').fill(event.name);
      return click(sendTexts.payIban);
    case 'recipient.beneficiary':
      return click(sendTexts.payVanDijk);
    case 'recipient.change':
      return click(sendTexts.changeRecipient);
    case 'amount.submit': {
      await page.getByLabel('Amount (EUR)').fill((Number(event.amountMinor) / 100).toFixed(2));
      await page.getByLabel('Note (optional)').fill(event.note);
      const { schedule } = event;
      if (schedule) {
        await page.getByRole('radio', { name: 'Schedule' }).check();
        await page.getByLabel('How often').selectOption(schedule.frequency);
        await page
          .getByLabel(schedule.frequency === 'once' ? 'Date' : 'Start date', { exact: true })
          .fill(realDate(schedule.startDate));
        if (schedule.frequency !== 'once' && schedule.endDate)
          await page.getByLabel(/^End date/).fill(realDate(schedule.endDate));
      } else {
        // Offered for wallet recipients only.
        const now = page.getByRole('radio', { name: 'Send now' });
        if (await now.count()) await now.check();
      }
      return click(sendTexts.continue);
    }
    case 'name.useSuggested':
      return click(sendTexts.useSuggested);
    case 'name.amend':
      return click(sendTexts.amend);
    case 'name.proceed':
      return click(sendTexts.proceed);
    case 'review.confirm': {
      const schedule = page.getByRole('button', { name: sendTexts.confirmSchedule, exact: true });
      return (await schedule.count()) ? schedule.click() : click(sendTexts.confirm);
    }
    case 'review.edit': {
      const edit = page.getByRole('button', { name: sendTexts.edit, exact: true });
      return (await edit.count()) ? edit.click() : click(sendTexts.editPayment);
    }
    // The browser's own Back and Forward, which the journey hears as these events.
    case 'nav.back':
      await page.goBack();
      return;
    case 'nav.forward':
      await page.goForward();
      return;
  }
}

/**
 * The plan's "click Search … times within a minute": searches answered one by one until the server refuses one (the
 * limit counts this user's earlier searches too); the tester's next click is the one the plan expects refused.
 */
async function searchUntilLimited(): Promise<void> {
  passing = 'searchContacts';
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const answered = page.waitForResponse((response) => requestsOf.searchContacts!(response.request()));
      await click(sendTexts.search);
      const response = await answered;
      await expect
        .poll(() => page.getByRole('button', { name: sendTexts.search, exact: true }).isEnabled())
        .toBe(true);
      if (response.status() === 429) return;
    }
    throw new Error('the contact search never answered 429');
  } finally {
    passing = null;
  }
}

/** The server's answer the step says: let the actor's held requests through (and any it makes next). */
async function serverAnswers(
  action: Extract<StepAction, { kind: 'actorDone' | 'actorError' }>,
): Promise<void> {
  if (action.src === 'oneTimeCode') return codeStep(action.kind === 'actorDone' && action.output !== null);
  passing = action.src;
  await release(requestsOf[action.src]);
}

/** The one-time code child, ended as the plan says: the emailed code from the outbox, or "Edit the payment". */
async function codeStep(grant: boolean): Promise<void> {
  if (!grant) return click(sendTexts.editPayment);
  // The outbox's newest code until this one arrives is an earlier path's (or the sign-in's).
  const emailed = () => codeFromOutbox(browser, server.baseUrl, demoOwner.email);
  const earlier = await emailed();
  await page.getByRole('button', { name: /^Send a code by email/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Enter the one-time code' }).waitFor();
  await expect.poll(emailed, { timeout: 15_000 }).not.toBe(earlier);
  await page.getByLabel('One-time code').fill(await emailed());
  await click('Verify');
}

/**
 * Goes to `address` inside the app, as its links do. Not `page.goto`: every page load restores the session with a
 * token refresh, and those count against the sign-in limit (20 a minute by default) that a whole plan run would pass.
 */
async function navigate(address: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, address);
}

async function eurAvailable(): Promise<number> {
  await navigate('/my-wallet');
  const card = page.getByRole('region', { name: 'EUR account' });
  await card.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
    throw new Error(`${String(error)} at ${page.url()}: ${await page.locator('body').innerText()}`);
  });
  return minorOf((await card.locator('dt:text-is("Available balance") + dd').textContent()) ?? '');
}

/** The balance change a path's last answer says (`DoneFixture.effect`): a payment's total, a schedule nothing. */
function balanceChange(steps: Array<ModelStep<unknown>>): number | null {
  const last = steps.at(-1)!.action;
  if (last.kind !== 'actorDone') return null;
  if (last.src === 'sendMoney') return -Number((last.output as Transaction).total.amount_minor);
  if (last.src === 'createScheduledPayment') return 0;
  return null;
}

/** What the plan says the new transfer's details show as its name check (`DoneFixture.effect`); null: no bank payment. */
function nameCheckOf(steps: Array<ModelStep<unknown>>): string | null {
  const last = steps.at(-1)!.action;
  if (last.kind !== 'actorDone' || last.src !== 'sendMoney') return null;
  return /Name check “([^”]+)”/.exec(last.effect ?? '')?.[1] ?? null;
}

/** The "Name check" line of the newest transaction's details, as the tester opens it from /transactions. */
async function newestNameCheck(): Promise<string> {
  await navigate('/transactions');
  await page.getByRole('rowgroup').last().getByRole('link').first().click();
  const details = page.getByRole('region', { name: 'Transaction details' });
  const value = details.locator('dt:text-is("Name check") + dd');
  await value.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
    throw new Error(`${String(error)} at ${page.url()}: ${await page.locator('main').innerText()}`);
  });
  return (await value.textContent()) ?? '';
}

describe('the send-money smoke plan, followed in Chromium against the sandbox', () => {
  it('pays the sandbox’s own accounts: Van Dijk’s bank answers no name checks, Maria’s is held by her', () => {
    const unreachable = demoExternalAccounts.find((one) => one.key === 'unreachable')!;
    expect([unreachable.iban, unreachable.reachable]).toEqual([vanDijk.iban, false]);
    const maria = demoExternalAccounts.find((one) => one.key === 'person')!;
    expect([maria.iban, maria.holder_name]).toEqual([mariaIban, 'Maria Papadopoulou']);
  });

  it('has smoke paths, each found among the generated ones', () => {
    expect(smoke.length).toBeGreaterThan(0);
    for (const one of smoke) expect(modelPaths.has(one.id), one.id).toBe(true);
  });

  it.each(smoke.map((one) => [one.id, one.title, one] as const))(
    '%s: %s',
    async (id, _title, planned) => {
      await prepare();
      const steps = modelPaths.get(id)!.steps as Array<ModelStep<unknown>>;
      const change = balanceChange(steps);
      // From the wallet page, so that the journey's screen starts afresh even at the address the last path ended on.
      const before = await eurAvailable();
      await release();
      holding = true;
      try {
        for (const [index, step] of steps.entries()) {
          const { action } = step;
          const where = `${id} step ${index}: ${planned.steps[index]!.does}`;
          if (action.kind === 'event') {
            await testerDoes(action.event as SendMoneyEvent, steps[index + 1]?.action);
          } else if (action.kind === 'actorDone' || action.kind === 'actorError') {
            await serverAnswers(action);
          }
          await expectScreen(planned.steps[index]!.screen, where);
          passing = null;
        }
      } finally {
        holding = false;
        passing = null;
        await release();
      }
      if (change !== null) expect((await eurAvailable()) - before, `${id}: the balance`).toBe(change);
      const check = nameCheckOf(steps);
      if (check !== null) expect(await newestNameCheck(), `${id}: the name check shown`).toBe(check);
      expect(browserErrors).toEqual([]);
    },
    60_000,
  );
});
