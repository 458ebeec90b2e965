import { screen, within } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { sendMoneyMachine, type SendMoneyData } from '../../machines/sendMoney.machine';
import type { Beneficiary } from '../../schemas/beneficiaries.schema';
import type { Contact } from '../../schemas/sendMoney.schema';
import { journeyCapture, renderJourneyScreen, type RenderedApp } from './harness';
import { account, basePath, keySeed, mariaIban, sendTexts, vanDijk, vanDijkIban } from './sendMoney.paths';
import { sendMoneyRoute, sendMoneyScreen } from './sendMoneyScreen';

/*
 * The recipient step's one search (issue 20): each result says what it is (a business on Tameio, a saved beneficiary,
 * a recent payee), in the server's order; picking a saved beneficiary goes on as picking it from the saved list does,
 * a recent IBAN payee goes on with the name the merchant used then; links lead to the beneficiaries pages.
 */

type SendActor = ActorRefFrom<typeof sendMoneyMachine>;
const journey = journeyCapture<SendActor>('send-money journey');

const found: Contact[] = [
  {
    kind: 'beneficiary',
    beneficiary_id: vanDijk.id,
    name: vanDijk.name,
    wallet_tag: null,
    iban: vanDijkIban,
  },
  {
    kind: 'recent',
    name: 'Maria Papadopoulou',
    wallet_tag: null,
    iban: mariaIban,
    last_paid_at: '2026-01-12T10:00:00.000Z',
  },
  { kind: 'wallet', wallet_tag: '@demo-bakery', name: 'Demo Bakery' },
];

/** Opens send money with `saved` as the beneficiaries it loads, and searches `query` (the server finds `found`). */
async function openAndSearch(query: string, saved: Beneficiary[] = [vanDijk]): Promise<RenderedApp> {
  const app = renderJourneyScreen<SendActor>({
    path: basePath,
    route: sendMoneyRoute,
    journey,
    screen: (tools) => sendMoneyScreen(tools, keySeed),
  });
  await app.effects.settle('loadSendMoney', {
    output: { account, amounts: [], beneficiaries: saved } satisfies SendMoneyData,
  });
  await screen.findByRole('heading', { name: 'Who are you paying?' });
  await app.user.type(screen.getByLabelText('Wallet tag or IBAN'), query);
  await app.user.click(screen.getByRole('button', { name: 'Search' }));
  expect(app.effects.made.at(-1)).toEqual({ id: 'searchContacts', input: { query } });
  await app.effects.settle('searchContacts', { output: found });
  await screen.findByRole('heading', { name: 'Search results' });
  return app;
}

function results(): string[] {
  const section = screen.getByRole('heading', { name: 'Search results' }).closest('section');
  return within(section as HTMLElement)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('send money: the recipient search', () => {
  it('shows what each result is, in the order the server ranked them', async () => {
    await openAndSearch('pa');
    expect(results()).toEqual([
      `Saved beneficiary Choose Van Dijk Trading BV (${vanDijkIban})`,
      `Paid recently Choose Maria Papadopoulou (${mariaIban})`,
      'Business on Tameio Choose Demo Bakery (@demo-bakery)',
    ]);
    expect(screen.getByRole('link', { name: 'Manage beneficiaries' }).getAttribute('href')).toBe(
      '/my-beneficiaries',
    );
    expect(screen.getByRole('link', { name: 'Save a new beneficiary' }).getAttribute('href')).toBe(
      '/my-beneficiaries/create-beneficiary',
    );
  });

  it('goes on with a saved beneficiary picked from the results as with one picked from the list', async () => {
    const app = await openAndSearch('van');
    await app.user.click(screen.getByRole('button', { name: `Choose Van Dijk Trading BV (${vanDijkIban})` }));
    await screen.findByRole('heading', { name: 'How much?' });
    expect(journey.snapshot().context.recipient).toEqual({ kind: 'beneficiary', beneficiary: vanDijk });
  });

  it('goes on with a beneficiary saved after the journey loaded its list (in another tab), from the search', async () => {
    const app = await openAndSearch('van', []);
    await app.user.click(screen.getByRole('button', { name: `Choose Van Dijk Trading BV (${vanDijkIban})` }));
    await screen.findByRole('heading', { name: 'How much?' });
    expect(journey.snapshot().context.recipient).toEqual({
      kind: 'beneficiary',
      beneficiary: {
        id: vanDijk.id,
        kind: 'bank',
        name: vanDijk.name,
        wallet_tag: null,
        iban: vanDijkIban,
      },
    });
    // Paid by IBAN, so its name is checked before the payment, as for one of the list.
    await app.user.type(screen.getByLabelText('Amount (EUR)'), '25.00');
    await app.user.click(screen.getByRole('button', { name: sendTexts.continue }));
    expect(app.effects.made.at(-1)).toEqual({
      id: 'verifyPayee',
      input: { iban: vanDijkIban, name: vanDijk.name },
    });
  });

  it('goes on with a recent IBAN payee and the name used the last time (checked again before paying)', async () => {
    const app = await openAndSearch('maria');
    await app.user.click(screen.getByRole('button', { name: `Choose Maria Papadopoulou (${mariaIban})` }));
    await screen.findByRole('heading', { name: 'How much?' });
    expect(journey.snapshot().context.recipient).toEqual({
      kind: 'iban',
      iban: mariaIban,
      name: 'Maria Papadopoulou',
    });
  });

  it('goes on with a business found by its name', async () => {
    const app = await openAndSearch('bakery');
    await app.user.click(screen.getByRole('button', { name: 'Choose Demo Bakery (@demo-bakery)' }));
    await screen.findByRole('heading', { name: 'How much?' });
    expect(journey.snapshot().context.recipient).toEqual({
      kind: 'wallet',
      walletTag: '@demo-bakery',
      name: 'Demo Bakery',
    });
  });
});
