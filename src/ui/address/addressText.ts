import type { IntlShape } from 'react-intl';
import type { ShippingAddress } from '../../../schemas/cards.schema';

/** A country's name in the reader's language. */
export function countryName(intl: IntlShape, code: string): string {
  return new Intl.DisplayNames([intl.locale], { type: 'region' }).of(code) ?? code;
}

/** An address on one line: "Odos 1, 105 57 Athens, Greece". */
export function addressText(intl: IntlShape, address: ShippingAddress): string {
  return [
    address.line1,
    address.line2,
    `${address.postal_code} ${address.city}`,
    countryName(intl, address.country),
  ]
    .filter(Boolean)
    .join(', ');
}
