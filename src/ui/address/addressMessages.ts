import { defineMessage, defineMessages } from 'react-intl';

/**
 * The address form's words (AddressForm.tsx). Their ids stay under `cardOrder.` as the card order used them first;
 * the plan checkout asks for the POS terminal's address with the same form.
 */
export const addressFormText = {
  ...defineMessages({
    savedAddresses: { id: 'cardOrder.address.saved', defaultMessage: 'Shipping address' },
    newAddress: { id: 'cardOrder.address.new', defaultMessage: 'A new address' },
    line1: { id: 'cardOrder.address.line1', defaultMessage: 'Address line 1' },
    line2: { id: 'cardOrder.address.line2', defaultMessage: 'Address line 2 (optional)' },
    city: { id: 'cardOrder.address.city', defaultMessage: 'City' },
    postalCode: { id: 'cardOrder.address.postalCode', defaultMessage: 'Postal code' },
    country: { id: 'cardOrder.address.country', defaultMessage: 'Country' },
    chooseCountry: { id: 'cardOrder.address.chooseCountry', defaultMessage: 'Choose a country' },
    save: { id: 'cardOrder.address.save', defaultMessage: 'Save this address for next time' },
    continue: { id: 'cardOrder.continue', defaultMessage: 'Continue' },
  }),
  addressOption: defineMessage<Record<string, string>>({
    id: 'cardOrder.address.option',
    defaultMessage: '{kind}: {address}',
  }),
};

export const addressKindText = defineMessages({
  registered: { id: 'cardOrder.address.kind.registered', defaultMessage: 'Registered address' },
  trading: { id: 'cardOrder.address.kind.trading', defaultMessage: 'Trading address' },
  shipping: { id: 'cardOrder.address.kind.shipping', defaultMessage: 'Saved address' },
});
