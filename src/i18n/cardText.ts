import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type {
  CardColour,
  CardForm,
  CardLimitCategory,
  CardStatus,
  CardUsage,
  LimitFrequency,
} from '../../schemas/cards.schema';

/** The words of a card (SPEC §3 Card, §4 card statuses, §9 limit categories and frequencies), shared by every screen. */

const forms = defineMessages<CardForm>({
  physical: { id: 'card.form.physical', defaultMessage: 'Physical card' },
  virtual: { id: 'card.form.virtual', defaultMessage: 'Virtual card' },
});

const colours = defineMessages<CardColour>({
  blue: { id: 'card.colour.blue', defaultMessage: 'Blue' },
  midnight: { id: 'card.colour.midnight', defaultMessage: 'Midnight' },
  graphite: { id: 'card.colour.graphite', defaultMessage: 'Graphite' },
  emerald: { id: 'card.colour.emerald', defaultMessage: 'Emerald' },
  coral: { id: 'card.colour.coral', defaultMessage: 'Coral' },
});

const statuses = defineMessages<CardStatus>({
  active: { id: 'card.status.active', defaultMessage: 'Active' },
  inactive: { id: 'card.status.inactive', defaultMessage: 'Inactive' },
  frozen: { id: 'card.status.frozen', defaultMessage: 'Frozen' },
  lost: { id: 'card.status.lost', defaultMessage: 'Lost' },
  destroyed: { id: 'card.status.destroyed', defaultMessage: 'Destroyed' },
  restricted: { id: 'card.status.restricted', defaultMessage: 'Restricted' },
});

const usages = defineMessages<CardUsage>({
  multiple: { id: 'card.usage.multiple', defaultMessage: 'Multiple use' },
  single: { id: 'card.usage.single', defaultMessage: 'Single use' },
});

const categories = defineMessages<CardLimitCategory>({
  card_transaction: { id: 'card.limit.card_transaction', defaultMessage: 'All payments' },
  card_purchase: { id: 'card.limit.card_purchase', defaultMessage: 'In shops (POS)' },
  card_ecommerce: { id: 'card.limit.card_ecommerce', defaultMessage: 'Online' },
  card_cash: { id: 'card.limit.card_cash', defaultMessage: 'Cash withdrawals (ATM)' },
});

const frequencies = defineMessages<LimitFrequency>({
  daily: { id: 'card.frequency.daily', defaultMessage: 'Per day' },
  weekly: { id: 'card.frequency.weekly', defaultMessage: 'Per week' },
  monthly: { id: 'card.frequency.monthly', defaultMessage: 'Per month' },
  yearly: { id: 'card.frequency.yearly', defaultMessage: 'Per year' },
});

const face = {
  masked: defineMessage<Record<string, string>>({ id: 'card.face.masked', defaultMessage: '•••• {last4}' }),
  description: defineMessage<Record<string, string>>({
    id: 'card.face.description',
    defaultMessage: '{form} “{name}”, {colour}, number ending in {last4}, {status}',
  }),
  descriptionNew: defineMessage<Record<string, string>>({
    id: 'card.face.descriptionNew',
    defaultMessage: '{form} “{name}”, {colour}',
  }),
};

/** A card number shown only by its last four digits ("•••• 4242"). */
export const maskedNumberText = (intl: IntlShape, last4: string) =>
  intl.formatMessage(face.masked, { last4 });

export const cardFormText = (intl: IntlShape, form: CardForm) => intl.formatMessage(forms[form]);
export const cardColourText = (intl: IntlShape, colour: CardColour) => intl.formatMessage(colours[colour]);
export const cardStatusText = (intl: IntlShape, status: CardStatus) => intl.formatMessage(statuses[status]);
export const cardUsageText = (intl: IntlShape, usage: CardUsage) => intl.formatMessage(usages[usage]);
export const limitCategoryText = (intl: IntlShape, category: CardLimitCategory) =>
  intl.formatMessage(categories[category]);
export const limitFrequencyText = (intl: IntlShape, frequency: LimitFrequency) =>
  intl.formatMessage(frequencies[frequency]);

/** What a card face shows, in words, for those who cannot see it. */
export function cardFaceText(
  intl: IntlShape,
  card: { form: CardForm; colour: CardColour; name: string; last4?: string; status?: CardStatus },
): string {
  const values = {
    form: cardFormText(intl, card.form),
    name: card.name,
    colour: cardColourText(intl, card.colour),
  };
  if (card.last4 === undefined || card.status === undefined)
    return intl.formatMessage(face.descriptionNew, values);
  return intl.formatMessage(face.description, {
    ...values,
    last4: card.last4,
    status: cardStatusText(intl, card.status),
  });
}

const fieldMessages = defineMessages({
  required: { id: 'cards.field.required', defaultMessage: 'This field is required.' },
  latin: {
    id: 'cards.field.latin',
    defaultMessage: 'Only Latin letters, digits, spaces and . ’ - are allowed.',
  },
  format: { id: 'cards.field.format', defaultMessage: 'Invalid format.' },
  country: { id: 'cards.field.country', defaultMessage: 'Choose a country from the list.' },
  pinDigits: { id: 'cards.field.pinDigits', defaultMessage: 'The PIN has 4 digits.' },
  epinDigits: { id: 'cards.field.epinDigits', defaultMessage: 'The e-PIN has 5 digits.' },
  pinGuessable: { id: 'cards.field.pinGuessable', defaultMessage: 'Choose a PIN that is harder to guess.' },
  epinGuessable: {
    id: 'cards.field.epinGuessable',
    defaultMessage: 'Choose an e-PIN that is harder to guess.',
  },
});

const maxMessage = defineMessage<Record<string, number>>({
  id: 'cards.field.max',
  defaultMessage: 'Max {n} characters',
});

/** The schema's field messages (schemas/cards.schema.ts) in the reader's language. */
export function cardFieldText(intl: IntlShape, message: string): string {
  const max = /^Max (\d+) characters\.?$/.exec(message);
  if (max) return intl.formatMessage(maxMessage, { n: Number(max[1]) });
  const known: Record<string, (typeof fieldMessages)[keyof typeof fieldMessages]> = {
    'This field is required.': fieldMessages.required,
    "Only Latin letters, digits, spaces and . ' - are allowed.": fieldMessages.latin,
    'Invalid format.': fieldMessages.format,
    'A country code.': fieldMessages.country,
    'The PIN has 4 digits.': fieldMessages.pinDigits,
    'The e-PIN has 5 digits.': fieldMessages.epinDigits,
    'Choose a PIN that is harder to guess.': fieldMessages.pinGuessable,
    'Choose an e-PIN that is harder to guess.': fieldMessages.epinGuessable,
  };
  const descriptor = known[message];
  return descriptor ? intl.formatMessage(descriptor) : message;
}
