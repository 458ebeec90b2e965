import type { ApiFailure } from '../../machines/apiFailure';
import {
  myAddressesMachine,
  selectAddressesStep,
  type MyAddressesContext,
  type MyAddressesEvent,
  type MyAddressesSnapshot,
} from '../../machines/myAddresses.machine';
import type { GeoPlace } from '../../schemas/addresses.schema';
import type { MerchantAddress } from '../../schemas/cards.schema';
import {
  failureWords,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';

/*
 * The test model of /my-addresses (machines/myAddresses.machine.ts), run on the real screen by
 * myAddresses.model.test.tsx: the owner of Demo Coffee has the registered address from onboarding and one shipping
 * address; adds a shipping or trading address, finds it on the map, moves the pin with the keyboard, edits, deletes
 * (confirming or not) and switches the default, with the server failing now and then.
 */

export const addressesPath = '/my-addresses';

export const registered = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'registered',
  country: 'GR',
  postal_code: '105 57',
  city: 'Athens',
  line1: 'Ermou 1',
  latitude: null,
  longitude: null,
  is_default: true,
} satisfies MerchantAddress;

export const shop = {
  id: '00000000-0000-4000-8000-0000000000a2',
  kind: 'shipping',
  country: 'GR',
  postal_code: '546 24',
  city: 'Thessaloniki',
  line1: 'Tsimiski 10',
  latitude: 40.6325,
  longitude: 22.941,
  is_default: false,
} satisfies MerchantAddress;

export const newAddress = {
  country: 'GR',
  postal_code: '262 21',
  city: 'Patra',
  line1: 'Maizonos 5',
  line2: '',
};

export const patra = {
  latitude: 38.2466,
  longitude: 21.7346,
  label: 'Pátra, GR',
  country: 'GR',
  city: 'Pátra',
  postal_code: null,
  line1: null,
  precision: 'city',
} satisfies GeoPlace;

const http = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  ({ kind: 'http', status, code, message, ...(fields ? { fields } : {}) }) satisfies ApiFailure;

/** What the server answers to a save: the address as sent, with its id. */
function savedOf(context: MyAddressesContext): MerchantAddress {
  const editing = context.editing;
  const pin = context.pin ?? { latitude: null, longitude: null };
  const old = (context.items ?? []).find((item) => item.id === editing?.id);
  if (old) return old.kind === 'registered' ? { ...old, ...pin } : { ...old, ...pin };
  return {
    id: '00000000-0000-4000-8000-0000000000a3',
    kind: editing?.kind === 'trading' ? 'trading' : 'shipping',
    ...newAddress,
    line2: undefined,
    ...pin,
    is_default: false,
  };
}

// The pin is not part of a state's key (`serialize`): an effect names where it is kept, not its value.
const pinWords = 'latitude and longitude where the pin is (null if none was placed)';

/**
 * What a save changes (server/addresses/myAddresses.ts): a new address is a new row; an edit updates the row in place
 * (only the pin, for the registered address: the server refuses a change to its lines).
 */
function saveEffect(context: MyAddressesContext): string {
  const editing = context.editing;
  if (!editing?.id) {
    return (
      `a ${editing?.kind ?? 'shipping'} address is stored (a new merchant_addresses row: ${newAddress.line1}, ` +
      `${newAddress.postal_code} ${newAddress.city}, ${newAddress.country}, ${pinWords}, is_default false, ` +
      'created_by the signed-in user).'
    );
  }
  if (editing.kind === 'registered') {
    return (
      `only the registered address’s pin changes (merchant_addresses: ${pinWords}, updated_at now); its ` +
      'lines stay as registered.'
    );
  }
  return `${shop.line1}’s row is updated in place (merchant_addresses: the lines as typed, ${pinWords}, updated_at now).`;
}

export const myAddressesFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'address.add': [
      { event: { type: 'address.add', kind: 'shipping' }, does: 'Click "Add a shipping address"' },
      { event: { type: 'address.add', kind: 'trading' }, does: 'Click "Add a trading address"' },
    ],
    'address.edit': [
      { event: { type: 'address.edit', id: shop.id }, does: 'Click "Edit" on Tsimiski 10' },
      {
        event: { type: 'address.edit', id: registered.id },
        does: 'Click "Move the pin" on the registered address (Ermou 1): only its pin can move',
      },
    ],
    'delete.request': [
      { event: { type: 'delete.request', id: shop.id }, does: 'Click "Delete" on Tsimiski 10' },
    ],
    'delete.confirm': [{ event: { type: 'delete.confirm' }, does: 'Click "Delete" in the dialog' }],
    'delete.cancel': [{ event: { type: 'delete.cancel' }, does: 'Click "Cancel" in the dialog' }],
    'default.set': [
      { event: { type: 'default.set', id: shop.id }, does: 'Click "Make default" on Tsimiski 10' },
    ],
    'editor.cancel': [{ event: { type: 'editor.cancel' }, does: 'Click "Cancel" under the map' }],
    'editor.locate': [
      {
        event: { type: 'editor.locate', query: { country: 'GR', city: 'Patra' } },
        does: 'Type the city (Patra) if empty and click "Find on map"',
      },
    ],
    'pin.move': [
      {
        event: { type: 'pin.move', latitude: 38.25, longitude: 21.75 },
        does: 'Focus the map pin and press the right arrow key (the pin moves east)',
        gesture: true,
      },
    ],
    'editor.save': [
      {
        event: { type: 'editor.save', draft: newAddress },
        does: 'Fill in Maizonos 5, 262 21 Patra, Greece if empty and click "Save address"',
      },
    ],
  },
  actors: {
    loadAddresses: {
      done: {
        output: { items: [registered, shop], map: { tile_url: null, tile_attribution: null } },
        says: 'Server lists the registered address (Ermou 1, default, no pin) and Tsimiski 10 (pinned)',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    saveAddress: {
      done: { output: savedOf, effect: saveEffect, says: 'Server saves the address with its pin' },
      errors: [
        {
          failure: http(400, 'validation_failed', 'The request is invalid.', {
            postal_code: 'Not a postcode of GR: write it like 105 57.',
          }),
          says: 'Server answers 400: the postcode is not one of Greece',
        },
      ],
    },
    deleteAddress: {
      done: {
        output: null,
        // A soft delete: the row stays for the record (server/addresses/myAddresses.ts deleteAddress).
        effect: `${shop.line1} is marked deleted (merchant_addresses: deleted_at now, is_default false; the row stays) and leaves the list.`,
        says: 'Server deletes the address',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    setDefaultAddress: {
      done: {
        output: {
          items: [
            { ...registered, is_default: false },
            { ...shop, is_default: true },
          ],
        },
        effect:
          `${shop.line1} becomes the one default address (merchant_addresses.is_default true) and ` +
          `${registered.line1}, the default until then, is_default false.`,
        says: 'Server makes Tsimiski 10 the default',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    geocode: {
      done: {
        output: { source: 'gazetteer', results: [patra] },
        says: 'Server finds Pátra in the bundled gazetteer (city level)',
      },
      alsoDone: [{ output: { source: 'gazetteer', results: [] }, says: 'Server finds no such place' }],
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    reverseGeocode: {
      done: {
        output: { source: 'gazetteer', place: { ...patra, distance_km: 1.2 } },
        says: 'Server names the nearest place: Pátra, 1.2 km away',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
  },
  delays: { namingPause: 'The moved pin rests, so the nearest place is asked for' },
} satisfies Fixtures<typeof myAddressesMachine>;

export const addressesTexts = {
  title: 'My addresses',
  retry: 'Try again',
  addShipping: 'Add a shipping address',
  addTrading: 'Add a trading address',
  findOnMap: 'Find on map',
  save: 'Save address',
  cancel: 'Cancel',
  deleteTitle: 'Delete this address?',
  network: 'A network error has occurred.',
  validation: 'Some fields need a second look.',
  saved: 'Address saved',
  saveFailed: 'The address could not be saved, try again later',
  deleted: 'Address deleted',
  deleteFailed: 'The address could not be deleted, try again later',
  defaulted: 'Default address changed',
  defaultFailed: 'The default address could not be changed, try again later',
};

function addressesScreen(snapshot: MyAddressesSnapshot): ScreenExpectation {
  const t = addressesTexts;
  const path = addressesPath;
  const busy = snapshot.hasTag('busy');
  // Only what `serialize` tells apart may be checked: a step's snapshot stands for every state with its key.
  const { items } = snapshot.context;
  switch (selectAddressesStep(snapshot)) {
    case 'loading':
      return { path, heading: t.title, alert: null };
    case 'loadFailed':
      return { path, heading: t.title, alert: t.network, enabled: [t.retry] };
    case 'editor': {
      const locked = snapshot.context.editing?.kind === 'registered';
      return {
        path,
        heading: t.title,
        ...(busy ? { disabled: [t.findOnMap, t.save] } : { enabled: [t.findOnMap, t.save, t.cancel] }),
        absent: [t.addShipping, ...(locked ? ['Use this place in the address'] : [])],
      };
    }
    case 'list': {
      const hasTrading = (items ?? []).some((item) => item.kind === 'trading');
      const deleting = snapshot.matches('confirmingDelete') || snapshot.matches('deleting');
      const listButtons = hasTrading ? [t.addShipping] : [t.addShipping, t.addTrading];
      return {
        path,
        heading: t.title,
        dialogs: deleting ? [t.deleteTitle] : [],
        ...(busy ? { disabled: listButtons } : { enabled: listButtons }),
        absent: ['Delete Ermou 1, 105 57 Athens, Greece', ...(hasTrading ? [t.addTrading] : []), t.save],
      };
    }
  }
}

const answerOf: Record<string, string> = {
  loadAddresses: 'the addresses',
  saveAddress: 'the save',
  deleteAddress: 'the delete',
  setDefaultAddress: 'the default',
  geocode: 'the map search',
  reverseGeocode: 'the nearest place',
};

/** A decision of a path, in a few words (null: a step that decides nothing, e.g. the list read). */
function decisionWords(step: ModelPath<MyAddressesSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
      return null;
    case 'delay':
      // Only a pause that lets the nearest place be asked for, before the pin moves on, is a decision.
      return 'the pin rests';
    case 'actorDone':
      if (action.src === 'geocode') {
        return (action.output as { results: unknown[] }).results.length ? 'Pátra found' : 'no such place';
      }
      return action.src === 'reverseGeocode' ? 'the nearest place named' : null;
    case 'actorError': {
      const answer = answerOf[action.src] ?? action.src;
      return action.failure.kind === 'http' && action.failure.code === 'validation_failed'
        ? 'the postcode refused'
        : failureWords(action, answer);
    }
    case 'event': {
      const event = action.event as MyAddressesEvent;
      switch (event.type) {
        case 'load.retry':
          return 'load again';
        case 'address.add':
          return `add a ${event.kind} address`;
        case 'address.edit':
          return event.id === registered.id ? 'edit the registered address' : `edit ${shop.line1}`;
        case 'delete.request':
          return `delete ${shop.line1}`;
        case 'delete.confirm':
          return 'confirm';
        case 'delete.cancel':
          return 'keep it';
        case 'default.set':
          return `make ${shop.line1} the default`;
        case 'editor.cancel':
          return 'close the editor';
        case 'editor.locate':
          return 'find it on the map';
        case 'pin.move':
          return 'move the pin';
        case 'editor.save':
          return 'save';
      }
    }
  }
  return null;
}

/** Where a path ends: what was just changed, the step it waits on, or where it stops. */
function endWords(path: ModelPath<MyAddressesSnapshot>): string {
  const { action, state } = path.steps.at(-1)!;
  if (action.kind === 'actorDone') {
    if (action.src === 'saveAddress') return 'saved';
    if (action.src === 'deleteAddress') return 'deleted';
    if (action.src === 'setDefaultAddress') return 'default changed';
  }
  if (state.matches('loading')) return 'waits for the list';
  if (state.matches('loadFailed')) return 'stops with “Try again”';
  if (state.matches('confirmingDelete')) return `stops on “${addressesTexts.deleteTitle}”`;
  if (state.matches('deleting')) return 'waits for the delete';
  if (state.matches('settingDefault')) return 'waits for the default';
  if (state.matches({ editor: 'saving' })) return 'waits for the save';
  if (state.matches({ editor: 'locating' })) return 'waits for the map search';
  if (state.matches({ editor: 'naming' })) return 'waits for the nearest place';
  if (state.matches({ editor: 'settling' })) return 'the pin settles';
  if (state.matches('editor')) return 'stops in the editor';
  return 'stops on the list';
}

/** A path's title by what it proves: what the owner did to which address, the server's answers, then the end. */
export function myAddressesTitle(path: ModelPath<MyAddressesSnapshot>): string {
  // A rest as the last step is said by the end (“waits for the nearest place”).
  const words = path.steps
    .map((step, index) =>
      step.action.kind === 'delay' && index === path.steps.length - 1 ? null : decisionWords(step),
    )
    .filter((one) => one !== null)
    .join(', ');
  return `${(words || 'open').charAt(0).toUpperCase()}${(words || 'open').slice(1)}: ${endWords(path)}`;
}

export const myAddressesModel: Model<typeof myAddressesMachine> = {
  name: 'myAddresses',
  machine: myAddressesMachine,
  file: 'myAddresses.machine.ts',
  start: `Sign in as the owner of Demo Coffee and open ${addressesPath} ("Addresses" in the header)`,
  fixtures: myAddressesFixtures,
  // Coarse on purpose: what the screen offers (the step, which address is open, how many addresses,
  // a trading one or not, the registered one default or not). Outcomes, errors, search results and the pin are
  // checked on the screen of each step, not told apart as states, or the paths would multiply past use.
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      editing: snapshot.context.editing
        ? [snapshot.context.editing.kind, snapshot.context.editing.id === null]
        : null,
      count: snapshot.context.items?.length ?? null,
      trading: (snapshot.context.items ?? []).some((item) => item.kind === 'trading'),
      defaultIsRegistered: (snapshot.context.items ?? []).some(
        (item) => item.is_default && item.kind === 'registered',
      ),
    }),
  bounds: { maxDepth: 7, simplePerState: 1, maxSimple: 12 },
  screen: addressesScreen,
  title: myAddressesTitle,
};
