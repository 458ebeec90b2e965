import { cleanup, screen, within } from '@testing-library/react';
import type { ActorRefFrom, EventObject } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  planCheckoutMachine,
  type PlanCartInitializeInput,
  type PlanCartPayInput,
  type PlanCheckoutData,
} from '../../machines/planCheckout.machine';
import type { PlanOrderResult, PlanQuote } from '../../schemas/plans.schema';
import { planCheckoutRoutes } from '../../src/app/routes';
import { planIdOf, PlansScreen } from '../../src/screens/plans/PlansScreen';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  followCheckoutKeys,
  expectOneKeyPerOrder,
  type Executors,
  type PathRunner,
  type RenderedApp,
  type CheckoutKeys,
} from './harness';
import { pressBack, pressForward } from './browserHistory';
import {
  planCheckoutData,
  planCheckoutFixtures,
  planCheckoutModel,
  planCheckoutTexts as t,
  quoteOf,
} from './planCheckout.paths';

// Every generated path of the plans page and plan checkout (machines/planCheckout.machine.ts), run against the real
// screens behind its three addresses (SPEC §2), signed in as the owner of an approved merchant.

type CheckoutActor = ActorRefFrom<typeof planCheckoutMachine>;

const journey = journeyCapture<CheckoutActor>('plan checkout');

const click = async (app: RenderedApp, name: string | RegExp) => {
  await app.user.click(screen.getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

const executors: Executors<typeof planCheckoutMachine> = {
  // The screen sends it from the address it was opened at.
  'plans.opened': async () => {},
  'load.retry': (app) => click(app, t.retry),
  'plan.chosen': (app, event) => click(app, event.planId === 'premium' ? t.choosePremium : t.chooseBusiness),
  'plan.change': (app) => click(app, t.backToPlans),
  'options.submit': async (app, event) => {
    await app.user.click(
      screen.getByRole('radio', { name: event.period === 'yearly' ? /^Yearly/ : /^Monthly/ }),
    );
    const terminal = screen.queryByRole<HTMLInputElement>('checkbox', {
      name: /^Add a POS terminal for €149.00/,
    });
    if (terminal && terminal.checked !== event.posTerminal) await app.user.click(terminal);
    await click(app, t.continue);
  },
  'options.change': (app) => click(app, t.backToOptions),
  'address.chosen': async (app) => {
    await app.user.click(screen.getByRole('radio', { name: t.registered }));
    await click(app, t.continue);
  },
  'address.entered': async (app, event) => {
    await app.user.click(screen.getByRole('radio', { name: 'A new address' }));
    await retype(app, 'Address line 1', event.address.line1);
    await retype(app, 'City', event.address.city);
    await retype(app, 'Postal code', event.address.postal_code);
    await app.user.selectOptions(screen.getByLabelText('Country'), event.address.country);
    const save = screen.getByRole('checkbox', { name: 'Save this address for next time' });
    if ((save as HTMLInputElement).checked !== event.save) await app.user.click(save);
    await click(app, t.continue);
  },
  'order.pay': (app) => click(app, new RegExp(`^(${t.pay}|${t.confirm})$`)),
  'order.change': (app) => click(app, t.change),
  'order.review': (app) => click(app, t.backToCheckout),
  'plans.show': (app) => click(app, t.backToPlans),
  'nav.back': (app) => pressBack(app),
  'nav.forward': (app) => pressForward(app),
};

/** Where a path opens the journey: the address its `plans.opened` event stands for. */
function openingPathOf(event: (EventObject & { planId?: unknown }) | undefined): string {
  if (event?.type !== 'plans.opened') throw new Error('a path starts by opening the plans');
  return typeof event.planId === 'string' ? `/plans/${event.planId}` : '/plans';
}

/** Each key a freshly priced quote was given, and each payment's key with the key of the quote it paid. */
let keys: CheckoutKeys = { priced: [], payments: [] };

function startApp(initialPath: string, { keepStorage = false } = {}): RenderedApp {
  return renderJourneyScreen<CheckoutActor>({
    path: initialPath,
    route: [...planCheckoutRoutes.map(({ path }) => path), '/plans/address'],
    journey,
    keepSessionStorage: keepStorage,
    onSnapshot: followCheckoutKeys(keys),
    screen: ({ effects, clock, inspect }) => (
      <PlansScreen
        logic={planCheckoutMachine.provide({
          actors: {
            loadPlanCheckout: effects.logic<PlanCheckoutData, void>(),
            planCartInitialize: effects.logic<PlanQuote, PlanCartInitializeInput>(),
            planCartPay: effects.logic<PlanOrderResult, PlanCartPayInput>(),
          },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(planCheckoutModel);
afterEach(() => {
  keys = { priced: [], payments: [] };
});

describe(`planCheckout journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const start = openingPathOf(path.steps[1]?.event);
    const runner: PathRunner<typeof planCheckoutMachine> = {
      model: planCheckoutModel,
      executors,
      live: () => journey.snapshot(),
    };
    const app = startApp(start);
    await runPath(runner, path, app);
    // Each priced quote gets a key of its own; every payment of a quote, retries included, carries that quote's key.
    expectOneKeyPerOrder(keys);
  });
});

describe('the plan checkout addresses', () => {
  it('reads a plan named in the address', () => {
    expect(planIdOf('/plans')).toBeNull();
    expect(planIdOf('/plans/')).toBeNull();
    expect(planIdOf('/plans/premium')).toBe('premium');
    expect(planIdOf('/plans/address')).toBeNull();
    expect(planIdOf('/plans/plan/checkout')).toBeNull();
  });

  it('sends the body the user chose and takes the checkout up again after a reload', async () => {
    const app = startApp('/plans/premium');
    await app.effects.settle('loadPlanCheckout', { output: planCheckoutData });
    await screen.findByRole('heading', { level: 1, name: t.plansTitle });
    expect(within(screen.getByRole('region', { name: 'Premium' })).getByText('Selected')).toBeTruthy();
    await click(app, t.choosePremium);
    await executors['options.submit'](app, { type: 'options.submit', period: 'yearly', posTerminal: true });
    await screen.findByRole('heading', { level: 1, name: t.addressTitle });
    expect(app.path()).toBe('/plans/address');
    // A reload: the page starts afresh at the same address; the session storage stays.
    app.stop();
    cleanup();
    const reloaded = startApp('/plans/address', { keepStorage: true });
    await screen.findByRole('heading', { level: 1, name: t.addressTitle });
    expect(reloaded.effects.inFlight('loadPlanCheckout')).toBe(false);
    await executors['address.chosen'](reloaded, { type: 'address.chosen', addressId: '' });
    await screen.findByRole('heading', { level: 1, name: t.checkoutTitle });
    expect(reloaded.path()).toBe('/plans/plan/checkout');
    expect(reloaded.effects.made.find((call) => call.id === 'planCartInitialize')?.input).toEqual({
      body: {
        plan_id: 'premium',
        period: 'yearly',
        pos_terminal: true,
        shipping: { address_id: planCheckoutData.addresses[0]?.id },
      },
    });
    const snapshot = journey.current?.getSnapshot();
    if (!snapshot) throw new Error('no journey');
    await reloaded.effects.settle('planCartInitialize', { output: quoteOf(snapshot.context) });
    const lines = screen.getAllByRole('term');
    expect(lines.map((term) => term.textContent)).toEqual([
      'Premium plan (yearly)',
      'Credit for the unused time on Business',
      'POS terminal',
      'Total',
      'VAT included (24%)',
      'Takes effect',
      'Next billing date',
      'POS terminal sent to',
      'Available balance',
    ]);
    expect(screen.getAllByRole('definition').map((definition) => definition.textContent)).toEqual([
      '€490.00',
      '−€182.52',
      '€149.00',
      '€456.48',
      '€88.35',
      'Now',
      'January 15, 2027',
      'Ermou 10, 105 63 Athens, Greece',
      '€2,135.80',
    ]);
  });

  it('says when the balance is short and offers no payment', async () => {
    const app = startApp('/plans');
    await app.effects.settle('loadPlanCheckout', { output: planCheckoutData });
    await click(app, t.choosePremium);
    await executors['options.submit'](app, { type: 'options.submit', period: 'yearly', posTerminal: false });
    const snapshot = journey.current?.getSnapshot();
    if (!snapshot) throw new Error('no journey');
    await app.effects.settle('planCartInitialize', {
      output: { ...quoteOf(snapshot.context), available_balance: { amount_minor: '1000', currency: 'EUR' } },
    });
    await screen.findByText('Your available balance is less than the total. Top up your account first.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: t.pay }).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Top up your account' }).getAttribute('href')).toBe(
      '/my-wallet/my-accounts',
    );
  });

  it('says a downgrade takes effect at the period’s end and charges nothing now', async () => {
    const app = startApp('/plans');
    await app.effects.settle('loadPlanCheckout', { output: planCheckoutData });
    await click(app, t.chooseBusiness);
    // Business yearly is the current plan: it needs the terminal to be chosen again.
    await app.user.click(screen.getByRole('radio', { name: /^Yearly/ }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: t.continue }).disabled).toBe(true);
    await executors['options.submit'](app, { type: 'options.submit', period: 'monthly', posTerminal: false });
    const snapshot = journey.current?.getSnapshot();
    if (!snapshot) throw new Error('no journey');
    await app.effects.settle('planCartInitialize', { output: quoteOf(snapshot.context) });
    await screen.findByText('Your plan changes to Business on January 1, 2027. Nothing is charged now.');
    await click(app, t.confirm);
    const paying = journey.current?.getSnapshot();
    if (!paying) throw new Error('no journey');
    await app.effects.settle('planCartPay', {
      output: planCheckoutFixtures.actors.planCartPay.done.output(paying.context),
    });
    await screen.findByRole('heading', { level: 1, name: 'Your plan changes on January 1, 2027' });
    expect(
      screen.getByText('You move to Business (monthly) on January 1, 2027. Nothing was charged now.'),
    ).toBeTruthy();
    await screen.findByText(t.placedToast);
    // A finished order is not taken up again after a reload.
    expect(window.sessionStorage.getItem('tameio.planCheckout')).toBeNull();
  });
});
