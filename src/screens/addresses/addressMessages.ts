import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { AddressesError, EditableKind } from '../../../machines/myAddresses.machine';
import { errorMessages } from '../../i18n/errorMessages';
import { countryName } from '../../ui/address/addressText';

type Values = Record<string, string | number>;

/** The texts of /my-addresses. */
export const addressesText = {
  ...defineMessages({
    title: { id: 'addresses.title', defaultMessage: 'My addresses' },
    intro: {
      id: 'addresses.intro',
      defaultMessage:
        'The company’s registered and trading addresses and the shipping addresses for cards, each with a pin on the map.',
    },
    empty: { id: 'addresses.empty', defaultMessage: 'No addresses saved yet.' },
    retry: { id: 'addresses.retry', defaultMessage: 'Try again' },
    addShipping: { id: 'addresses.addShipping', defaultMessage: 'Add a shipping address' },
    addTrading: { id: 'addresses.addTrading', defaultMessage: 'Add a trading address' },
    edit: { id: 'addresses.edit', defaultMessage: 'Edit' },
    delete: { id: 'addresses.delete', defaultMessage: 'Delete' },
    makeDefault: { id: 'addresses.makeDefault', defaultMessage: 'Make default' },
    movePin: { id: 'addresses.movePin', defaultMessage: 'Move the pin' },
    isDefault: { id: 'addresses.isDefault', defaultMessage: 'Default' },
    noPin: { id: 'addresses.noPin', defaultMessage: 'No pin on the map yet' },
    registeredNote: {
      id: 'addresses.registeredNote',
      defaultMessage:
        'The registered address is legal data: change it in the company details, which go back to review. Only its pin can be moved here.',
    },
    deleteTitle: { id: 'addresses.deleteTitle', defaultMessage: 'Delete this address?' },
    cancel: { id: 'addresses.cancel', defaultMessage: 'Cancel' },
    saved: { id: 'addresses.saved', defaultMessage: 'Address saved' },
    saveFailed: {
      id: 'addresses.saveFailed',
      defaultMessage: 'The address could not be saved, try again later',
    },
    deleted: { id: 'addresses.deleted', defaultMessage: 'Address deleted' },
    deleteFailed: {
      id: 'addresses.deleteFailed',
      defaultMessage: 'The address could not be deleted, try again later',
    },
    defaulted: { id: 'addresses.defaulted', defaultMessage: 'Default address changed' },
    defaultFailed: {
      id: 'addresses.defaultFailed',
      defaultMessage: 'The default address could not be changed, try again later',
    },
    country: { id: 'addresses.country', defaultMessage: 'Country' },
    postalCode: { id: 'addresses.postalCode', defaultMessage: 'Postal code' },
    city: { id: 'addresses.city', defaultMessage: 'City' },
    line1: { id: 'addresses.line1', defaultMessage: 'Address line 1' },
    line2: { id: 'addresses.line2', defaultMessage: 'Address line 2 (optional)' },
    findOnMap: { id: 'addresses.findOnMap', defaultMessage: 'Find on map' },
    notFound: {
      id: 'addresses.notFound',
      defaultMessage: 'No place found for this address. Drag the pin to the right place.',
    },
    noNearest: { id: 'addresses.noNearest', defaultMessage: 'No known place near the pin.' },
    useNearest: { id: 'addresses.useNearest', defaultMessage: 'Use this place in the address' },
    save: { id: 'addresses.save', defaultMessage: 'Save address' },
    map: { id: 'addresses.map', defaultMessage: 'Map' },
    pinHelp: {
      id: 'addresses.pinHelp',
      defaultMessage:
        'Drag the pin, or focus it and use the arrow keys (with Shift for bigger steps) to put it on the entrance.',
    },
    zoomIn: { id: 'addresses.zoomIn', defaultMessage: 'Zoom in' },
    zoomOut: { id: 'addresses.zoomOut', defaultMessage: 'Zoom out' },
    outlines: {
      id: 'addresses.outlines',
      defaultMessage: 'Country outlines: Natural Earth (public domain). Places: GeoNames (CC BY 4.0).',
    },
  }),
  // Each button's name starts with the words it shows (WCAG 2.5.3), so voice control finds it by what is on screen.
  editNamed: defineMessage<Values>({ id: 'addresses.editNamed', defaultMessage: 'Edit {address}' }),
  movePinNamed: defineMessage<Values>({
    id: 'addresses.movePinNamed',
    defaultMessage: 'Move the pin of {address}',
  }),
  deleteNamed: defineMessage<Values>({ id: 'addresses.deleteNamed', defaultMessage: 'Delete {address}' }),
  makeDefaultNamed: defineMessage<Values>({
    id: 'addresses.makeDefaultNamed',
    defaultMessage: 'Make default: {address}',
  }),
  pinAt: defineMessage<Values>({ id: 'addresses.pinAt', defaultMessage: 'Pin at {latitude}, {longitude}' }),
  deleteBody: defineMessage<Values>({
    id: 'addresses.deleteBody',
    defaultMessage: '{address} will no longer be offered. Cards already sent there are not affected.',
  }),
  newTitle: defineMessage<Values>({ id: 'addresses.newTitle', defaultMessage: 'New {kind} address' }),
  editTitle: defineMessage<Values>({ id: 'addresses.editTitle', defaultMessage: 'Edit the {kind} address' }),
  foundCity: defineMessage<Values>({
    id: 'addresses.foundCity',
    defaultMessage: 'Pinned to the city {place} (street search is not configured).',
  }),
  foundStreet: defineMessage<Values>({ id: 'addresses.foundStreet', defaultMessage: 'Pinned to {place}.' }),
  nearest: defineMessage<Values>({
    id: 'addresses.nearest',
    defaultMessage: 'Nearest place: {place} ({km} km)',
  }),
  pin: defineMessage<Values>({
    id: 'addresses.pin',
    defaultMessage: 'Map pin at latitude {latitude}, longitude {longitude}',
  }),
};

const kinds = defineMessages({
  registered: { id: 'addresses.kind.registered', defaultMessage: 'Registered' },
  trading: { id: 'addresses.kind.trading', defaultMessage: 'Trading' },
  shipping: { id: 'addresses.kind.shipping', defaultMessage: 'Shipping' },
});
const kindsInSentence = defineMessages({
  registered: { id: 'addresses.kindLower.registered', defaultMessage: 'registered' },
  trading: { id: 'addresses.kindLower.trading', defaultMessage: 'trading' },
  shipping: { id: 'addresses.kindLower.shipping', defaultMessage: 'shipping' },
});

export const addressKindLabel = (intl: IntlShape, kind: EditableKind) => intl.formatMessage(kinds[kind]);
export const addressKindInSentence = (intl: IntlShape, kind: EditableKind) =>
  intl.formatMessage(kindsInSentence[kind]);

const fields = defineMessages({
  required: { id: 'addresses.field.required', defaultMessage: 'This field is required.' },
  special: { id: 'addresses.field.special', defaultMessage: 'Special characters not allowed.' },
  country: { id: 'addresses.field.country', defaultMessage: 'Choose a country from the list.' },
});
const maxField = defineMessage<Values>({ id: 'addresses.field.max', defaultMessage: 'Max {n} characters.' });
const postcodeField = defineMessage<Values>({
  id: 'addresses.field.postcode',
  defaultMessage: 'Not a postcode of {country}: write it like {example}.',
});

/** A schema's (or the server's) message about a field, in the reader's language. */
export function addressFieldText(intl: IntlShape, message: string): string {
  const max = /^Max (\d+) characters\.?$/.exec(message);
  if (max) return intl.formatMessage(maxField, { n: Number(max[1]) });
  const postcode = /^Not a postcode of ([A-Z]{2}): write it like (.+)\.$/.exec(message);
  if (postcode?.[1] && postcode[2]) {
    return intl.formatMessage(postcodeField, {
      country: countryName(intl, postcode[1]),
      example: postcode[2],
    });
  }
  const known: Record<string, (typeof fields)[keyof typeof fields]> = {
    'This field is required.': fields.required,
    'Special characters not allowed.': fields.special,
    'Choose a country from the list.': fields.country,
  };
  const descriptor = known[message];
  return descriptor ? intl.formatMessage(descriptor) : message;
}

export function addressesErrorText(intl: IntlShape, error: AddressesError): string {
  switch (error) {
    case 'validation_failed':
      return intl.formatMessage({
        id: 'addresses.error.validation',
        defaultMessage: 'Some fields need a second look.',
      });
    case 'registered_address_locked':
      return intl.formatMessage(addressesText.registeredNote);
    case 'conflict':
      return intl.formatMessage({
        id: 'addresses.error.conflict',
        defaultMessage: 'The company has a trading address already: edit that one.',
      });
    case 'not_found':
      return intl.formatMessage({
        id: 'addresses.error.notFound',
        defaultMessage: 'This address no longer exists.',
      });
    case 'forbidden':
      return intl.formatMessage({
        id: 'addresses.error.forbidden',
        defaultMessage: 'You may not change the company’s addresses.',
      });
    case 'network':
    case 'unknown':
      return intl.formatMessage(errorMessages[error]);
  }
}
