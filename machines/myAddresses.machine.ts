import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type {
  AddressUpdateBody,
  GeocodeQuery,
  GeocodeResponse,
  GeoPlace,
  MapSettings,
  NewAddressBody,
  ReverseGeocodeResponse,
} from '../schemas/addresses.schema';
import type { AddressesResponse, MerchantAddress } from '../schemas/cards.schema';
import { knownErrors, toApiFailure } from './apiFailure';
import { duration } from './ruleWords';

/*
 * Saved addresses with a map pin (SPEC §2 /my-addresses).
 *
 * loading (addresses and the map's settings) → list: each address with its pin, "Edit", "Delete" (not the registered
 * one: legal data) and "Make default". Delete asks first (confirmingDelete → deleting). Add or edit opens the editor:
 * the address fields (the screen's form) and a map whose pin the user drags or moves with the arrow keys. "Find on
 * map" looks the address up (locating: the pin goes to the first place found); once a moved pin rests (settling) the
 * nearest place is named (naming), which the user may copy into the fields. Save (saving) → list. For the registered address only the
 * pin may change (the server refuses the rest, 409 registered_address_locked).
 */

export const toAddressesError = knownErrors([
  'validation_failed',
  'registered_address_locked',
  'conflict',
  'not_found',
  'forbidden',
  'network',
]);
export type AddressesError = ReturnType<typeof toAddressesError>;

export type Pin = { latitude: number; longitude: number };
/** The address fields as the form holds them. */
export type AddressDraft = {
  country: string;
  postal_code: string;
  city: string;
  line1: string;
  line2: string;
};
export type EditableKind = MerchantAddress['kind'];

export type AddressesLoad = { items: MerchantAddress[]; map: MapSettings };
export type SaveAddressInput = { id: null; body: NewAddressBody } | { id: string; body: AddressUpdateBody };
export type AddressIdInput = { id: string };

export type Editing = {
  /** null: a new address. */
  id: string | null;
  kind: EditableKind;
};

/** What the last change did (the screen tells it as a toast); each outcome is a new object. */
export type AddressesOutcome = {
  action: 'saved' | 'deleted' | 'defaulted';
  ok: boolean;
};

export type MyAddressesContext = {
  items: MerchantAddress[] | null;
  map: MapSettings;
  editing: Editing | null;
  pin: Pin | null;
  /** Places found for the address ("Find on map"); null before a search. */
  found: GeoPlace[] | null;
  /** The nearest place to the pin after it moved; null before, or when none is near. */
  nearest: ReverseGeocodeResponse['place'];
  deletingId: string | null;
  outcome: AddressesOutcome | null;
  error: AddressesError | null;
  fieldErrors: Record<string, string>;
};

export type MyAddressesEvent =
  | { type: 'load.retry' }
  | { type: 'address.add'; kind: 'trading' | 'shipping' }
  | { type: 'address.edit'; id: string }
  | { type: 'delete.request'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'default.set'; id: string }
  | { type: 'editor.cancel' }
  | { type: 'editor.locate'; query: GeocodeQuery }
  | { type: 'pin.move'; latitude: number; longitude: number }
  | { type: 'editor.save'; draft: AddressDraft };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/** The registered address is legal data: only its pin changes here. */
export const isRegistered = (address: Pick<MerchantAddress, 'kind'>) => address.kind === 'registered';

/** How long a moved pin rests before the nearest place is asked for (one question for a run of moves). */
export const namingPauseMs = 400;

/** How far a pin may go: the map's own (Web Mercator) latitudes, and every longitude. */
export const pinLimits = { latitude: 85, longitude: 180 } as const;

/** Where the map opens when nothing is pinned: Athens. */
export const defaultPin: Pin = { latitude: 37.9838, longitude: 23.7275 };

const roundPin = (pin: Pin): Pin => ({
  latitude: Math.round(pin.latitude * 1e6) / 1e6,
  longitude: Math.round(pin.longitude * 1e6) / 1e6,
});

/** The request a save makes: a new address whole; an edit its fields and pin; the registered one its pin only. */
export function saveInputOf(context: MyAddressesContext, draft: AddressDraft): SaveAddressInput {
  const pin = context.pin ? roundPin(context.pin) : { latitude: null, longitude: null };
  const editing = context.editing ?? { id: null, kind: 'shipping' };
  const fields = {
    country: draft.country as NewAddressBody['country'],
    postal_code: draft.postal_code,
    city: draft.city,
    line1: draft.line1,
    line2: draft.line2,
  };
  if (editing.id === null) {
    return {
      id: null,
      body: { ...fields, ...pin, kind: editing.kind === 'trading' ? 'trading' : 'shipping' },
    };
  }
  if (editing.kind === 'registered') return { id: editing.id, body: pin };
  return { id: editing.id, body: { ...fields, ...pin } };
}

const upsert = (items: MerchantAddress[] | null, saved: MerchantAddress) =>
  (items ?? []).some((item) => item.id === saved.id)
    ? (items ?? []).map((item) => (item.id === saved.id ? saved : item))
    : [...(items ?? []), saved];

const pinOf = (address: MerchantAddress | undefined): Pin | null =>
  address && address.latitude !== null && address.longitude !== null
    ? { latitude: address.latitude, longitude: address.longitude }
    : null;

export const myAddressesMachine = setup({
  types: {
    context: {} as MyAddressesContext,
    events: {} as MyAddressesEvent,
  },
  actors: {
    loadAddresses: fromPromise<AddressesLoad, void>(async () => notProvided('loadAddresses')),
    saveAddress: fromPromise<MerchantAddress, SaveAddressInput>(async () => notProvided('saveAddress')),
    deleteAddress: fromPromise<null, AddressIdInput>(async () => notProvided('deleteAddress')),
    setDefaultAddress: fromPromise<AddressesResponse, AddressIdInput>(async () =>
      notProvided('setDefaultAddress'),
    ),
    geocode: fromPromise<GeocodeResponse, GeocodeQuery>(async () => notProvided('geocode')),
    reverseGeocode: fromPromise<ReverseGeocodeResponse, Pin>(async () => notProvided('reverseGeocode')),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toAddressesError(params.error),
      fieldErrors: (_, params: { error: unknown }) => {
        const failure = toApiFailure(params.error);
        return failure.kind === 'http' ? (failure.fields ?? {}) : {};
      },
    }),
    clearErrors: assign({ error: null, fieldErrors: {}, outcome: null }),
    movePin: assign({
      pin: (_, params: Pin) => params,
    }),
  },
  delays: {
    namingPause: namingPauseMs,
  },
  guards: {
    knownAddress: ({ context, event }) =>
      'id' in event && (context.items ?? []).some((item) => item.id === event.id),
    deletable: ({ context, event }) =>
      'id' in event && (context.items ?? []).some((item) => item.id === event.id && !isRegistered(item)),
    notDefault: ({ context, event }) =>
      'id' in event && (context.items ?? []).some((item) => item.id === event.id && !item.is_default),
    mayAddTrading: ({ context, event }) =>
      event.type === 'address.add' &&
      (event.kind === 'shipping' || !(context.items ?? []).some((item) => item.kind === 'trading')),
    pinInRange: ({ event }) =>
      event.type === 'pin.move' &&
      Math.abs(event.latitude) <= pinLimits.latitude &&
      Math.abs(event.longitude) <= pinLimits.longitude,
  },
}).createMachine({
  id: 'myAddresses',
  context: {
    items: null,
    map: { tile_url: null, tile_attribution: null },
    editing: null,
    pin: null,
    found: null,
    nearest: null,
    deletingId: null,
    outcome: null,
    error: null,
    fieldErrors: {},
  },
  initial: 'loading',
  states: {
    loading: {
      description: "The merchant's saved addresses and the map's settings are read.",
      tags: ['busy'],
      invoke: {
        id: 'loadAddresses',
        src: 'loadAddresses',
        onDone: {
          target: 'list',
          description: 'The addresses are shown, each with its pin.',
          actions: assign({ items: ({ event }) => event.output.items, map: ({ event }) => event.output.map }),
        },
        onError: {
          target: 'loadFailed',
          description: 'The addresses could not be read; nothing changed.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The addresses could not be read: the page says so and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The user asks to read the addresses again.',
          actions: 'clearErrors',
        },
      },
    },
    list: {
      description:
        'Each address with its pin, "Edit", "Delete" (not the registered address: it is legal data) and "Make ' +
        'default".',
      on: {
        'address.add': {
          description:
            'The user adds a shipping address, or a trading address when the company has none yet: an empty editor.',
          guard: 'mayAddTrading',
          target: 'editor',
          actions: [
            'clearErrors',
            assign({
              editing: ({ event }) => ({ id: null, kind: event.kind }),
              pin: null,
              found: null,
              nearest: null,
            }),
          ],
        },
        'address.edit': {
          description:
            'The user edits one of the addresses listed: the editor opens with its fields and pin.',
          guard: 'knownAddress',
          target: 'editor',
          actions: [
            'clearErrors',
            assign(({ context, event }) => {
              const address = (context.items ?? []).find((item) => item.id === event.id);
              return {
                editing: { id: event.id, kind: address?.kind ?? 'shipping' },
                pin: pinOf(address),
                found: null,
                nearest: null,
              };
            }),
          ],
        },
        'delete.request': {
          description: 'The user deletes an address other than the registered one; a dialog asks to confirm.',
          guard: 'deletable',
          target: 'confirmingDelete',
          actions: ['clearErrors', assign({ deletingId: ({ event }) => event.id })],
        },
        'default.set': {
          description: 'The user makes an address the default (one that is not already).',
          guard: 'notDefault',
          target: 'settingDefault',
          actions: ['clearErrors', assign({ deletingId: null })],
        },
      },
    },
    confirmingDelete: {
      description: 'A dialog asks whether to delete the address.',
      on: {
        'delete.confirm': { target: 'deleting', description: 'The user confirms; the deletion is sent.' },
        'delete.cancel': {
          target: 'list',
          description: 'The user closes the dialog; the address stays.',
          actions: assign({ deletingId: null }),
        },
      },
    },
    deleting: {
      description: 'The server deletes the saved address.',
      tags: ['busy'],
      invoke: {
        id: 'deleteAddress',
        src: 'deleteAddress',
        input: ({ context }) => ({ id: context.deletingId ?? '' }),
        onDone: {
          target: 'list',
          description: 'The address is gone from the list; a toast says so.',
          actions: assign({
            items: ({ context }) => (context.items ?? []).filter((item) => item.id !== context.deletingId),
            outcome: () => ({ action: 'deleted' as const, ok: true }),
            deletingId: null,
          }),
        },
        onError: {
          target: 'list',
          description: 'Not deleted (refused, or no answer): the address stays and a toast says so.',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            assign({ outcome: () => ({ action: 'deleted' as const, ok: false }), deletingId: null }),
          ],
        },
      },
    },
    settingDefault: {
      description: 'The server makes the address the default one.',
      tags: ['busy'],
      invoke: {
        id: 'setDefaultAddress',
        src: 'setDefaultAddress',
        input: ({ event }) => ({ id: event.type === 'default.set' ? event.id : '' }),
        onDone: {
          target: 'list',
          description: 'The list shows the new default; a toast says so.',
          actions: assign({
            items: ({ event }) => event.output.items,
            outcome: () => ({ action: 'defaulted' as const, ok: true }),
          }),
        },
        onError: {
          target: 'list',
          description: 'The default did not change (refused, or no answer); a toast says so.',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            assign({ outcome: () => ({ action: 'defaulted' as const, ok: false }) }),
          ],
        },
      },
    },
    editor: {
      description:
        'The address fields and a map whose pin the user drags or moves with the arrow keys. For the registered ' +
        'address only the pin may change: the server refuses the rest.',
      initial: 'editing',
      on: {
        'editor.cancel': {
          target: 'list',
          description: 'The user closes the editor; nothing is saved.',
          actions: assign({ editing: null, pin: null }),
        },
      },
      states: {
        editing: {
          description: 'The user types the address, finds it on the map, or moves the pin.',
          on: {
            'editor.locate': {
              target: 'locating',
              description: '"Find on map": the address typed is looked up.',
              actions: 'clearErrors',
            },
            'pin.move': {
              description:
                `The user moves the pin, within ${pinLimits.latitude}° north or south and ` +
                `${pinLimits.longitude}° east or west.`,
              guard: 'pinInRange',
              target: 'settling',
              actions: { type: 'movePin', params: ({ event }) => event },
            },
            'editor.save': {
              target: 'saving',
              description: 'The user saves the address and its pin.',
              actions: 'clearErrors',
            },
          },
        },
        /**
         * The pin moved; it is named once it rests for `namingPause`, so a held arrow key or a quick run of drags asks
         * the geocoder once instead of once per step.
         */
        settling: {
          description: `The pin moved; the nearest place is asked for once it rests ${duration(namingPauseMs)}.`,
          after: {
            namingPause: {
              target: 'naming',
              description: `The pin rested ${duration(namingPauseMs)}: the nearest place is asked for.`,
            },
          },
          on: {
            'pin.move': {
              description: 'The pin moves on (within the map): the pause starts again.',
              guard: 'pinInRange',
              target: 'settling',
              reenter: true,
              actions: { type: 'movePin', params: ({ event }) => event },
            },
            'editor.save': {
              target: 'saving',
              description: 'The user saves the address with the pin where it is.',
              actions: 'clearErrors',
            },
          },
        },
        locating: {
          description: 'The address typed is looked up on the map.',
          tags: ['busy'],
          invoke: {
            id: 'geocode',
            src: 'geocode',
            input: ({ event }) =>
              event.type === 'editor.locate' ? event.query : { country: 'GR' as const, city: '' },
            onDone: {
              target: 'editing',
              description:
                'The pin goes to the first place found (it stays where it was when none is found).',
              actions: assign({
                found: ({ event }) => event.output.results,
                pin: ({ context, event }) => {
                  const first = event.output.results[0];
                  return first ? { latitude: first.latitude, longitude: first.longitude } : context.pin;
                },
                nearest: null,
              }),
            },
            onError: {
              target: 'editing',
              description: 'The address could not be looked up: the editor says so; the pin stays.',
              actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        naming: {
          description:
            'The nearest place to the pin is asked for, which the user may copy into the fields; the pin may go on ' +
            'moving meanwhile.',
          on: {
            'pin.move': {
              description: 'The pin moves again: it settles again, then asks again.',
              guard: 'pinInRange',
              target: 'settling',
              actions: { type: 'movePin', params: ({ event }) => event },
            },
            'editor.save': {
              target: 'saving',
              description: 'The user saves without waiting for the name.',
              actions: 'clearErrors',
            },
          },
          invoke: {
            id: 'reverseGeocode',
            src: 'reverseGeocode',
            input: ({ context }) => context.pin ?? defaultPin,
            onDone: {
              target: 'editing',
              description: 'The nearest place is offered (none when nothing is near).',
              actions: assign({ nearest: ({ event }) => event.output.place }),
            },
            // Naming the place is a help, not a step: its failure only leaves the name out.
            onError: {
              target: 'editing',
              description: 'Naming the place is a help, not a step: its failure only leaves the name out.',
              actions: assign({ nearest: null }),
            },
          },
        },
        saving: {
          description:
            'The server saves the address: a new one whole, an edit its fields and pin, the registered one its pin ' +
            'only.',
          tags: ['busy'],
          invoke: {
            id: 'saveAddress',
            src: 'saveAddress',
            input: ({ context, event }) =>
              saveInputOf(
                context,
                event.type === 'editor.save'
                  ? event.draft
                  : { country: '', postal_code: '', city: '', line1: '', line2: '' },
              ),
            onDone: {
              target: '#myAddresses.list',
              description: 'Saved: the list shows it and a toast says so.',
              actions: assign({
                items: ({ context, event }) => upsert(context.items, event.output),
                outcome: () => ({ action: 'saved' as const, ok: true }),
                editing: null,
                pin: null,
              }),
            },
            onError: {
              target: 'editing',
              description: 'Not saved: the editor keeps what was typed and marks the fields refused.',
              actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type MyAddressesSnapshot = SnapshotFrom<typeof myAddressesMachine>;
export type MyAddressesStep = 'loading' | 'loadFailed' | 'list' | 'editor';

export function selectAddressesStep(snapshot: MyAddressesSnapshot): MyAddressesStep {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('editor')) return 'editor';
  return 'list';
}

export const selectAddressesBusy = (snapshot: MyAddressesSnapshot) => snapshot.hasTag('busy');
export const selectAddresses = (snapshot: MyAddressesSnapshot) => snapshot.context.items ?? [];
export const selectAddressesError = (snapshot: MyAddressesSnapshot) => snapshot.context.error;
export const selectFieldErrors = (snapshot: MyAddressesSnapshot) => snapshot.context.fieldErrors;
export const selectAddressesOutcome = (snapshot: MyAddressesSnapshot) => snapshot.context.outcome;
export const selectMapSettings = (snapshot: MyAddressesSnapshot) => snapshot.context.map;
export const selectPin = (snapshot: MyAddressesSnapshot) => snapshot.context.pin;
export const selectFound = (snapshot: MyAddressesSnapshot) => snapshot.context.found;
export const selectNearest = (snapshot: MyAddressesSnapshot) => snapshot.context.nearest;
export const selectLocating = (snapshot: MyAddressesSnapshot) => snapshot.matches({ editor: 'locating' });
export const selectSaving = (snapshot: MyAddressesSnapshot) => snapshot.matches({ editor: 'saving' });
export const selectDeleting = (snapshot: MyAddressesSnapshot) => snapshot.matches('deleting');
/** Whether a trading address may be added (the company has none yet). */
export const selectMayAddTrading = (snapshot: MyAddressesSnapshot) =>
  !selectAddresses(snapshot).some((item) => item.kind === 'trading');

/** The address being edited (null for a new one) and its kind; null when the editor is closed. */
export function selectEditing(
  snapshot: MyAddressesSnapshot,
): { editing: Editing; address: MerchantAddress | null } | null {
  const { editing, items } = snapshot.context;
  if (!editing || !snapshot.matches('editor')) return null;
  return { editing, address: (items ?? []).find((item) => item.id === editing.id) ?? null };
}

/** The address the open delete dialog is about. */
export function selectDeleteDialog(snapshot: MyAddressesSnapshot): MerchantAddress | null {
  if (!snapshot.matches('confirmingDelete') && !snapshot.matches('deleting')) return null;
  return (snapshot.context.items ?? []).find((item) => item.id === snapshot.context.deletingId) ?? null;
}
