import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { bundledGif, type BundledGif } from '../../schemas/gifs';

/** The bundled GIFs' labels (schemas/gifs.ts `message`), their alt text; tests check that each entry has one. */
export const gifLabels = defineMessages({
  thanks: { id: 'gif.label.thanks', defaultMessage: 'Thank you' },
  thumbsUp: { id: 'gif.label.thumbsUp', defaultMessage: 'Thumbs up' },
  partyParrot: { id: 'gif.label.partyParrot', defaultMessage: 'Party parrot' },
  coffee: { id: 'gif.label.coffee', defaultMessage: 'Coffee' },
  party: { id: 'gif.label.party', defaultMessage: 'Party' },
  rent: { id: 'gif.label.rent', defaultMessage: 'Rent' },
  invoicePaid: { id: 'gif.label.invoicePaid', defaultMessage: 'Invoice paid' },
  lunch: { id: 'gif.label.lunch', defaultMessage: 'Lunch' },
  birthday: { id: 'gif.label.birthday', defaultMessage: 'Birthday' },
  highFive: { id: 'gif.label.highFive', defaultMessage: 'High five' },
  money: { id: 'gif.label.money', defaultMessage: 'Money' },
  star: { id: 'gif.label.star', defaultMessage: 'Star' },
});

export const gifMessages = defineMessages({
  providerGif: { id: 'gif.providerAlt', defaultMessage: 'Animated GIF' },
});

const labelsById = new Map<string, MessageDescriptor>(
  Object.values(gifLabels).map((descriptor) => [descriptor.id, descriptor]),
);

/** A bundled GIF's label in the reader's language. */
export function gifLabel(intl: IntlShape, gif: Pick<BundledGif, 'id' | 'message'>): string {
  const descriptor = labelsById.get(gif.message);
  return descriptor ? intl.formatMessage(descriptor) : gif.id;
}

/** The alt text of a payment's gif value: a bundled GIF's label, else "Animated GIF". */
export function gifAltText(intl: IntlShape, value: string): string {
  const bundled = bundledGif(value);
  return bundled ? gifLabel(intl, bundled) : intl.formatMessage(gifMessages.providerGif);
}
