import { act, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  myAddressesMachine,
  type AddressesLoad,
  type AddressIdInput,
  type Pin,
  type SaveAddressInput,
} from '../../machines/myAddresses.machine';
import type { GeocodeQuery, GeocodeResponse, ReverseGeocodeResponse } from '../../schemas/addresses.schema';
import type { AddressesResponse, MerchantAddress } from '../../schemas/cards.schema';
import { MyAddressesScreen } from '../../src/screens/addresses/MyAddressesScreen';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import {
  addressesPath,
  addressesTexts,
  myAddressesFixtures,
  myAddressesModel,
  newAddress,
  registered,
  shop,
} from './myAddresses.paths';

// Every generated path of /my-addresses (machines/myAddresses.machine.ts) against the real screen, signed in as the
// owner; then the pin moved with the keyboard and by dragging, and axe on the list and the editor.

type AddressesActor = ActorRefFrom<typeof myAddressesMachine>;

const journey = journeyCapture<AddressesActor>('addresses journey');

const lineOf = (id: string) => [registered, shop].find((address) => address.id === id)?.line1 ?? id;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function fillIfEmpty(app: RenderedApp) {
  const line1 = screen.getByLabelText<HTMLInputElement>('Address line 1');
  if (line1.disabled || line1.value) return;
  await app.user.type(line1, newAddress.line1);
  await app.user.type(screen.getByLabelText('Postal code'), newAddress.postal_code);
  const city = screen.getByLabelText<HTMLInputElement>('City');
  if (!city.value) await app.user.type(city, newAddress.city);
}

const pinButton = () => screen.getByRole('button', { name: /^Map pin at latitude/ });

const executors: Executors<typeof myAddressesMachine> = {
  'load.retry': async (app) => {
    await app.user.click(screen.getByRole('button', { name: addressesTexts.retry }));
  },
  'address.add': async (app, event) => {
    const name = event.kind === 'trading' ? addressesTexts.addTrading : addressesTexts.addShipping;
    await app.user.click(screen.getByRole('button', { name }));
  },
  'address.edit': async (app, event) => {
    const name = new RegExp(`^(Edit|Move the pin of) ${escape(lineOf(event.id))},`);
    await app.user.click(screen.getByRole('button', { name }));
  },
  'delete.request': async (app, event) => {
    await app.user.click(
      screen.getByRole('button', { name: new RegExp(`^Delete ${escape(lineOf(event.id))},`) }),
    );
  },
  'delete.confirm': async (app) => {
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
  },
  'delete.cancel': async (app) => {
    await app.user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: addressesTexts.cancel }),
    );
  },
  'default.set': async (app, event) => {
    await app.user.click(
      screen.getByRole('button', { name: new RegExp(`^Make default: ${escape(lineOf(event.id))},`) }),
    );
  },
  'editor.cancel': async (app) => {
    await app.user.click(screen.getByRole('button', { name: addressesTexts.cancel }));
  },
  'editor.locate': async (app) => {
    const city = screen.getByLabelText<HTMLInputElement>('City');
    if (!city.value && !city.disabled) await app.user.type(city, 'Patra');
    await app.user.click(screen.getByRole('button', { name: addressesTexts.findOnMap }));
  },
  'pin.move': async (app) => {
    pinButton().focus();
    await app.user.keyboard('{ArrowRight}');
  },
  'editor.save': async (app) => {
    await fillIfEmpty(app);
    await app.user.click(screen.getByRole('button', { name: addressesTexts.save }));
  },
};

function startApp(): RenderedApp {
  return renderJourneyScreen<AddressesActor>({
    path: addressesPath,
    route: addressesPath,
    journey,
    screen: ({ effects, clock, inspect }) => (
      <MyAddressesScreen
        logic={myAddressesMachine.provide({
          actors: {
            loadAddresses: effects.logic<AddressesLoad, void>(),
            saveAddress: effects.logic<MerchantAddress, SaveAddressInput>(),
            deleteAddress: effects.logic<null, AddressIdInput>(),
            setDefaultAddress: effects.logic<AddressesResponse, AddressIdInput>(),
            geocode: effects.logic<GeocodeResponse, GeocodeQuery>(),
            reverseGeocode: effects.logic<ReverseGeocodeResponse, Pin>(),
          },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

const runner: PathRunner<typeof myAddressesMachine> = {
  model: myAddressesModel,
  executors,
  live: () => journey.snapshot(),
};

const paths = generatePaths(myAddressesModel);

describe(`my addresses: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startApp();
    await runPath(runner, path, app);
    // The registered address is legal data: a save of it carries the pin and nothing else.
    for (const { input } of app.effects.made.filter((call) => call.id === 'saveAddress')) {
      const save = input as SaveAddressInput;
      if (save.id === registered.id) expect(Object.keys(save.body).sort()).toEqual(['latitude', 'longitude']);
    }
  });
});

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.help}`,
  );

const loaded = myAddressesFixtures.actors.loadAddresses.done.output;

describe('the map pin', () => {
  it('moves with the arrow keys, is named after the nearest place, and is saved with the address; accessible', async () => {
    const app = startApp();
    await app.effects.settle('loadAddresses', { output: loaded });
    await screen.findByRole('button', { name: addressesTexts.addShipping });
    expect(await axeViolations(document.body)).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: /^Edit Tsimiski 10,/ }));
    const before = pinButton().getAttribute('aria-label');
    expect(before).toBe('Map pin at latitude 40.63250, longitude 22.94100');
    expect(await axeViolations(document.body)).toEqual([]);

    // Right, right, then up with Shift (five times as far): east twice, then north. The nearest place is asked for
    // once the pin rests (`namingPause`), not once per step.
    const namings = () =>
      app.effects.made.filter((call) => call.id === 'reverseGeocode').map((call) => call.input as Pin);
    pinButton().focus();
    await app.user.keyboard('{ArrowRight}');
    expect(namings()).toHaveLength(0);
    await act(async () => app.clock.increment(400));
    await app.effects.settle('reverseGeocode', {
      output: {
        source: 'gazetteer',
        place: { ...myAddressesFixtures.actors.reverseGeocode.done.output.place },
      },
    });
    await app.user.keyboard('{ArrowRight}{Shift>}{ArrowUp}{/Shift}');
    await act(async () => app.clock.increment(399));
    expect(namings()).toHaveLength(1);
    await act(async () => app.clock.increment(1));
    const moves = namings();
    expect(moves).toHaveLength(2);
    const [first, third] = moves as [Pin, Pin];
    expect(first.longitude).toBeGreaterThan(shop.longitude);
    expect(first.latitude).toBeCloseTo(shop.latitude, 6);
    // The second step east is as long as the first; the step north with Shift is five times as long.
    expect(third.longitude - first.longitude).toBeCloseTo(first.longitude - shop.longitude, 5);
    expect(third.latitude - first.latitude).toBeGreaterThan(4 * (first.longitude - shop.longitude) * 0.5);
    // The label follows the pin, and focus stays on it.
    expect(pinButton().getAttribute('aria-label')).toBe(
      `Map pin at latitude ${third.latitude.toFixed(5)}, longitude ${third.longitude.toFixed(5)}`,
    );
    expect(document.activeElement).toBe(pinButton());

    await app.effects.settle('reverseGeocode', {
      output: {
        source: 'gazetteer',
        place: { ...myAddressesFixtures.actors.reverseGeocode.done.output.place },
      },
    });
    expect(await screen.findByText('Nearest place: Pátra, GR (1.2 km)')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: addressesTexts.save }));
    const saved = app.effects.made.find((call) => call.id === 'saveAddress')?.input as SaveAddressInput;
    expect(saved).toEqual({
      id: shop.id,
      body: {
        country: 'GR',
        postal_code: '546 24',
        city: 'Thessaloniki',
        line1: 'Tsimiski 10',
        line2: '',
        latitude: third.latitude,
        longitude: third.longitude,
      },
    });
    // axe in jsdom is slow on a busy machine.
  }, 90_000);

  it('is dropped where the pointer lets go of it', async () => {
    const app = startApp();
    await app.effects.settle('loadAddresses', { output: loaded });
    await app.user.click(await screen.findByRole('button', { name: /^Edit Tsimiski 10,/ }));
    const svg = screen.getByRole('group', { name: 'Map' }) as unknown as SVGSVGElement;
    // jsdom lays nothing out: give the map the size it has at 640 × 400 on screen.
    svg.getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 640, height: 400, right: 640, bottom: 400, x: 0, y: 0 }) as DOMRect;
    const pin = pinButton();
    await app.user.pointer([
      { keys: '[MouseLeft>]', target: pin, coords: { clientX: 320, clientY: 200 } },
      { target: pin, coords: { clientX: 352, clientY: 168 } },
      { keys: '[/MouseLeft]', target: pin, coords: { clientX: 352, clientY: 168 } },
    ]);
    await act(async () => app.clock.increment(400));
    const moves = app.effects.made
      .filter((call) => call.id === 'reverseGeocode')
      .map((call) => call.input as Pin);
    expect(moves).toHaveLength(1);
    const [dropped] = moves as [Pin];
    // 32 px east and north at zoom 6 (256 × 2⁶ px for the world): 32 / 16384 of 360° east.
    expect(dropped.longitude).toBeCloseTo(shop.longitude + (32 / 16384) * 360, 4);
    expect(dropped.latitude).toBeGreaterThan(shop.latitude);
  });

  it('says why the registered address has only a pin to move, and shows the postcode the server refused', async () => {
    const app = startApp();
    await app.effects.settle('loadAddresses', { output: loaded });
    await app.user.click(await screen.findByRole('button', { name: /^Move the pin of Ermou 1,/ }));
    expect(screen.getByLabelText<HTMLInputElement>('City').disabled).toBe(true);
    expect(screen.getAllByText(/The registered address is legal data/).length).toBeGreaterThan(0);
    await app.user.click(screen.getByRole('button', { name: addressesTexts.cancel }));

    await app.user.click(screen.getByRole('button', { name: addressesTexts.addShipping }));
    await app.user.type(screen.getByLabelText('Address line 1'), 'Maizonos 5');
    await app.user.type(screen.getByLabelText('Postal code'), '2622');
    await app.user.type(screen.getByLabelText('City'), 'Patra');
    await app.user.click(screen.getByRole('button', { name: addressesTexts.save }));
    // Checked before sending, with the schema the server uses.
    expect(await screen.findByText('Not a postcode of Greece: write it like 105 57.')).toBeTruthy();
    expect(app.effects.made.some((call) => call.id === 'saveAddress')).toBe(false);
  });
});
