import { act, screen, within } from '@testing-library/react';
import type { ActorRefFrom, EventObject } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cardControlsMachine,
  type CardActionInput,
  type CardView,
  type LoadCardInput,
  type RevealCardInput,
  type SetLimitsInput,
  type SetPinInput,
  type UpdateCardInput,
} from '../../machines/cardControls.machine';
import {
  oneTimeCodeMachine,
  type OneTimeCodeOutput,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import type { Card, CardLimits, CardLimitsView, CardSecret } from '../../schemas/cards.schema';
import { cardLimitCategories } from '../../schemas/cards.schema';
import { CardsScreen } from '../../src/screens/cards/CardsScreen';
import {
  cardControlsModel,
  cardControlsTexts,
  cardId,
  cardLimitsPath,
  cardPagePath,
  dailyOnline,
  limitsView,
  secrets,
  shopCard,
} from './cardControls.paths';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import { codeMethods } from './oneTimeCode.paths';
import { finishCodeStep } from './oneTimeCodeSteps';

// Every generated path of one card's controls (machines/cardControls.machine.ts), run against the real card pages at
// /cards/:card and /cards/:card/:id/card-limit, signed in as the owner. The one-time code child is driven through its
// own screen part (src/ui/OneTimeCodeStep.tsx) wherever a path says it ends.

type ControlsActor = ActorRefFrom<typeof cardControlsMachine>;

const journey = journeyCapture<ControlsActor>('card-controls journey');

const t = cardControlsTexts;

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

const clickInDialog = async (app: RenderedApp, name: string) => {
  await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name }));
};

async function retype(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

const categoryLabels = {
  card_transaction: 'All payments',
  card_purchase: 'In shops (POS)',
  card_ecommerce: 'Online',
  card_cash: 'Cash withdrawals (ATM)',
} as const;

async function fillLimits(app: RenderedApp, limits: CardLimits) {
  await app.user.selectOptions(screen.getByLabelText('Limit period'), limits.frequency);
  for (const category of cardLimitCategories) {
    const label = categoryLabels[category];
    const unlimited = screen.getByRole<HTMLInputElement>('checkbox', { name: `No limit for ${label}` });
    const limit = limits.limits[category];
    if ((limit === null) !== unlimited.checked) await app.user.click(unlimited);
    if (limit !== null) await retype(app, `${label} limit (EUR)`, `${Number(limit) / 100}`);
  }
}

const executors: Executors<typeof cardControlsMachine> = {
  // The screen sends it from the address it was opened at.
  'card.opened': async () => {},
  'load.retry': (app) => click(app, t.retry),
  'card.activate': (app) => click(app, t.activate),
  'card.freeze': (app) => click(app, t.freeze),
  'card.unfreeze': (app) => click(app, t.unfreeze),
  'lost.request': (app) => click(app, t.reportLost),
  'lost.confirm': (app) => clickInDialog(app, t.lostConfirm),
  'lost.cancel': (app) => clickInDialog(app, t.lostCancel),
  'delete.request': (app) => click(app, t.remove),
  'delete.confirm': (app) => clickInDialog(app, t.deleteConfirm),
  'delete.cancel': (app) => clickInDialog(app, t.deleteCancel),
  'name.edit': (app) => click(app, t.editName),
  'name.submit': async (app, event) => {
    await retype(app, 'Card name', event.name);
    await retype(app, 'Alias (optional)', event.alias ?? '');
    await click(app, t.save);
  },
  'name.cancel': (app) => click(app, t.cancel),
  'pin.edit': (app, event) => click(app, event.kind === 'pin' ? t.changePin : t.changeEpin),
  'pin.submit': async (app, event) => {
    const epin = event.value.length === 5;
    await retype(app, epin ? 'New e-PIN' : 'New PIN', event.value);
    await retype(app, 'Repeat it', event.value);
    await click(app, epin ? t.saveEpin : t.savePin);
  },
  'pin.cancel': (app) => click(app, t.cancel),
  'reveal.request': (app, event) =>
    click(app, event.what === 'details' ? t.showDetails : event.what === 'pin' ? t.showPin : t.showEpin),
  'reveal.hide': (app) => click(app, t.hide),
  'limits.open': (app) => click(app, t.limits),
  'limits.submit': async (app, event) => {
    await fillLimits(app, event.limits);
    await click(app, t.saveLimits);
  },
  'limits.close': (app) => click(app, t.backToCard),
  'limits.refresh': async () => {
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
  },
};

/** Where a path opens the card: the address its `card.opened` event stands for. */
function openingPathOf(event: (EventObject & { view?: unknown }) | undefined): string {
  if (event?.type !== 'card.opened') throw new Error('a path starts by opening the card');
  return event.view === 'limits' ? cardLimitsPath : cardPagePath;
}

/** The grant each reveal was sent with, and whether a secret was ever kept outside `revealed`. */
let revealGrants: Array<string | null> = [];
let secretOutside = false;

function startApp(initialPath: string): RenderedApp {
  let previous = '';
  return renderJourneyScreen<ControlsActor>({
    path: initialPath,
    route: ['/cards/:card?', '/cards/:card/:id/card-limit'],
    journey,
    onSnapshot: (snapshot) => {
      const value = String(snapshot.value);
      if (value === 'revealing' && previous !== 'revealing') revealGrants.push(snapshot.context.stepUpToken);
      if (value !== 'revealed' && snapshot.context.secret !== null) secretOutside = true;
      previous = value;
    },
    screen: ({ effects, clock, inspect }) => (
      <CardsScreen
        logic={cardControlsMachine.provide({
          actors: {
            loadCard: effects.logic<CardView, LoadCardInput>(),
            cardAction: effects.logic<Card, CardActionInput>(),
            updateCard: effects.logic<Card, UpdateCardInput>(),
            setCardPin: effects.logic<void, SetPinInput>(),
            oneTimeCode: oneTimeCodeMachine.provide({
              actors: {
                sendCode: effects.logic<CodeSent, SendCodeInput>(),
                verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
              },
            }),
            revealCard: effects.logic<CardSecret, RevealCardInput>(),
            cardLimits: effects.logic<CardLimitsView, LoadCardInput>(),
            setCardLimits: effects.logic<CardLimits, SetLimitsInput>(),
            deleteCard: effects.logic<Card, LoadCardInput>(),
          },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(cardControlsModel);
afterEach(() => {
  revealGrants = [];
  secretOutside = false;
});

/** The runner of every path. */
const runner: PathRunner<typeof cardControlsMachine> = {
  model: cardControlsModel,
  executors,
  live: () => journey.snapshot(),
  settleOther: async (rendered, action) => {
    if (action.id !== 'oneTimeCode') return false;
    await finishCodeStep(rendered, action.output as OneTimeCodeOutput);
    return true;
  },
};

describe(`cardControls journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const start = openingPathOf(path.steps[1]?.event);
    const app = startApp(start);
    await runPath(runner, path, app);
    // Every reveal carries the grant of a fresh one-time code; no secret outlives the moment it is shown.
    for (const grant of revealGrants) expect(grant).toBe('grant-1');
    expect(secretOutside).toBe(false);
  });
});

describe('revealing the PIN and the e-PIN', () => {
  it.each([
    ['pin', 'Show PIN', 'PIN', secrets.pin.pin],
    ['epin', 'Show e-PIN', 'e-PIN', secrets.epin.epin],
  ] as const)('shows the %s after a code and hides it after 30 s', async (what, button, title, value) => {
    const app = startApp(cardPagePath);
    await app.effects.settle('loadCard', {
      output: { card: { ...shopCard, status: 'active' }, methods: [...codeMethods] },
    });
    await click(app, button);
    await finishCodeStep(app, { stepUpToken: 'grant-1' });
    await app.effects.settle('revealCard', { output: secrets[what] });
    const panel = await screen.findByRole('region', { name: title });
    expect(panel.textContent).toContain(value);
    await act(async () => {
      app.clock.increment(30_000);
    });
    expect(screen.queryByRole('region', { name: title })).toBeNull();
    expect(document.body.textContent).not.toContain(value);
    expect(revealGrants).toEqual(['grant-1']);
  });

  it('offers no changes on a frozen card, but its details, unfreezing, reporting and removing', async () => {
    const app = startApp(cardPagePath);
    await app.effects.settle('loadCard', {
      output: { card: { ...shopCard, status: 'frozen' }, methods: [...codeMethods] },
    });
    await screen.findByRole('heading', { level: 1, name: 'Shop card' });
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual(
      expect.arrayContaining([t.unfreeze, t.showDetails, t.showPin, t.showEpin, t.reportLost, t.remove]),
    );
    for (const absent of [t.freeze, t.activate, t.editName, t.changePin, t.changeEpin, t.limits])
      expect(names).not.toContain(absent);
  });

  it('opens the limits address of a card, with what was spent this period', async () => {
    const app = startApp(cardLimitsPath);
    await app.effects.settle('loadCard', {
      output: { card: { ...shopCard, status: 'active' }, methods: [...codeMethods] },
    });
    await app.effects.settle('cardLimits', { output: limitsView });
    await screen.findByRole('heading', { level: 1, name: t.limitsTitle });
    expect(app.path()).toBe(cardLimitsPath);
    expect(screen.getByLabelText<HTMLInputElement>('All payments limit (EUR)').value).toBe('1000.00');
    expect(screen.getAllByText('Spent since Jan 1, 2026: €12.50')).toHaveLength(2);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'No limit for Online' }).checked).toBe(
      true,
    );
  });
});

describe('what was spent, kept current', () => {
  async function openLimits(app: RenderedApp) {
    await app.effects.settle('loadCard', {
      output: { card: { ...shopCard, status: 'active' }, methods: [...codeMethods] },
    });
    await app.effects.settle('cardLimits', { output: limitsView });
    await screen.findByRole('heading', { level: 1, name: t.limitsTitle });
  }

  it('is read again after saving, for the window the new period gives', async () => {
    const app = startApp(cardLimitsPath);
    await openLimits(app);
    await fillLimits(app, dailyOnline);
    await click(app, t.saveLimits);
    await app.effects.settle('setCardLimits', { output: dailyOnline });
    await app.effects.settle('cardLimits', {
      output: {
        ...dailyOnline,
        currency: 'EUR',
        window_start: '2026-01-20T00:00:00+02:00',
        spent: { card_transaction: '300', card_purchase: '0', card_ecommerce: '300', card_cash: '0' },
      },
    });
    expect(await screen.findAllByText('Spent since Jan 20, 2026: €3.00')).toHaveLength(2);
    expect(screen.queryByText(/Spent since Jan 1, 2026/)).toBeNull();
  });

  it('is read again when the page comes back into view (a payment may have been made)', async () => {
    const app = startApp(cardLimitsPath);
    await openLimits(app);
    await executors['limits.refresh'](app, { type: 'limits.refresh' });
    await app.effects.settle('cardLimits', {
      output: {
        ...limitsView,
        spent: { ...limitsView.spent, card_transaction: '9250', card_purchase: '9250' },
      },
    });
    expect(await screen.findAllByText('Spent since Jan 1, 2026: €92.50')).toHaveLength(2);
  });
});

describe('a virtual card', () => {
  const virtualCard = { ...shopCard, form: 'virtual' as const, status: 'active' as const, has_pin: false };

  it('cannot be reported lost: it can be frozen or removed', async () => {
    const app = startApp(cardPagePath);
    await app.effects.settle('loadCard', { output: { card: virtualCard, methods: [...codeMethods] } });
    await screen.findByRole('heading', { level: 1, name: 'Shop card' });
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual(expect.arrayContaining([t.freeze, t.remove]));
    expect(names).not.toContain(t.reportLost);
  });

  it('has online limits only: every payment and online, no in-shop or cash limit', async () => {
    const app = startApp(`/cards/virtual/${cardId}/card-limit`);
    await app.effects.settle('loadCard', { output: { card: virtualCard, methods: [...codeMethods] } });
    await app.effects.settle('cardLimits', { output: limitsView });
    await screen.findByRole('heading', { level: 1, name: t.limitsTitle });
    const legends = [...document.querySelectorAll('form legend')].map((legend) => legend.textContent);
    expect(legends).toEqual(['All payments', 'Online']);
    expect(screen.queryByLabelText('In shops (POS) limit (EUR)')).toBeNull();
    expect(screen.queryByLabelText('Cash withdrawals (ATM) limit (EUR)')).toBeNull();
  });
});
