import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import { ibanCountryMismatch } from '../../../schemas/beneficiaries.schema';

/** Every text of the beneficiary screens (SPEC §2 /my-beneficiaries, §4, §8). */
export const beneficiaryMessages = defineMessages({
  listTitle: { id: 'beneficiaries.title', defaultMessage: 'Beneficiaries' },
  add: { id: 'beneficiaries.add', defaultMessage: 'Add beneficiary' },
  search: { id: 'beneficiaries.search', defaultMessage: 'Search by name, wallet tag or IBAN' },
  empty: { id: 'beneficiaries.empty', defaultMessage: 'You have no beneficiaries yet.' },
  noResults: { id: 'beneficiaries.noResults', defaultMessage: 'No beneficiary matches your search.' },
  editShort: { id: 'beneficiaries.editShort', defaultMessage: 'Edit' },
  deleteTitle: { id: 'beneficiaries.deleteTitle', defaultMessage: 'Delete this beneficiary?' },
  deleteConfirm: { id: 'beneficiaries.deleteConfirm', defaultMessage: 'Delete' },
  cancel: { id: 'beneficiaries.cancel', defaultMessage: 'Cancel' },
  deleted: { id: 'beneficiaries.deleted', defaultMessage: 'Beneficiary deleted' },
  deleteFailed: {
    id: 'beneficiaries.deleteFailed',
    defaultMessage: 'The beneficiary could not be deleted, try again later.',
  },
  kindWallet: { id: 'beneficiaries.kind.wallet', defaultMessage: 'Wallet' },
  kindBank: { id: 'beneficiaries.kind.bank', defaultMessage: 'Bank account' },
  kindCompany: { id: 'beneficiaries.kind.company', defaultMessage: 'Company’s bank account' },
  nameUnchecked: {
    id: 'beneficiaries.nameUnconfirmed',
    defaultMessage: 'Saved without a confirmed name',
  },

  createTitle: { id: 'beneficiaries.createTitle', defaultMessage: 'New beneficiary' },
  editTitle: { id: 'beneficiaries.editTitle', defaultMessage: 'Edit beneficiary' },
  type: { id: 'beneficiaries.type', defaultMessage: 'Type of beneficiary' },
  walletTag: { id: 'beneficiaries.walletTag', defaultMessage: 'Wallet tag' },
  walletTagHint: { id: 'beneficiaries.walletTagHint', defaultMessage: 'For example @demo-bakery' },
  holder: { id: 'beneficiaries.holder', defaultMessage: 'The account is held by' },
  holderPerson: { id: 'beneficiaries.holder.person', defaultMessage: 'A person' },
  holderCompany: { id: 'beneficiaries.holder.company', defaultMessage: 'A company' },
  companyName: { id: 'beneficiaries.companyName', defaultMessage: 'Company’s legal name' },
  companyNameHint: {
    id: 'beneficiaries.companyNameHint',
    defaultMessage:
      'As the company’s bank has it, in Latin letters, with its legal form (for example Olympus Flour Mills Ltd)',
  },
  firstName: { id: 'beneficiaries.firstName', defaultMessage: 'First name' },
  lastName: { id: 'beneficiaries.lastName', defaultMessage: 'Last name' },
  latinHint: {
    id: 'beneficiaries.latinHint',
    defaultMessage: 'As the account holder’s bank has it, in Latin letters',
  },
  bankCountry: { id: 'beneficiaries.bankCountry', defaultMessage: 'Country of the recipient’s bank' },
  chooseCountry: { id: 'beneficiaries.chooseCountry', defaultMessage: 'Choose a country' },
  iban: { id: 'beneficiaries.iban', defaultMessage: 'IBAN' },
  mandatory: { id: 'beneficiaries.mandatory', defaultMessage: 'All fields are mandatory.' },
  save: { id: 'beneficiaries.save', defaultMessage: 'Save beneficiary' },
  checking: { id: 'beneficiaries.checking', defaultMessage: 'Checking the name…' },
  backToList: { id: 'beneficiaries.backToList', defaultMessage: 'Back to beneficiaries' },
  created: { id: 'beneficiaries.created', defaultMessage: 'Beneficiary created' },
  updated: { id: 'beneficiaries.updated', defaultMessage: 'Beneficiary updated' },
  notFound: { id: 'beneficiaries.notFound', defaultMessage: 'This beneficiary does not exist.' },
  retry: { id: 'beneficiaries.retry', defaultMessage: 'Try again' },

  closeMatchBody: {
    id: 'beneficiaries.closeMatch.body',
    defaultMessage: 'The name you entered is close to the name of the account holder, but not the same.',
  },
  noMatchTitle: { id: 'beneficiaries.noMatch.title', defaultMessage: 'The name does not match' },
  noMatchBody: {
    id: 'beneficiaries.noMatch.body',
    defaultMessage:
      'The name does not match the account holder’s name. If you pay this beneficiary, the money may reach someone else.',
  },
  notPossibleTitle: {
    id: 'beneficiaries.notPossible.title',
    defaultMessage: 'The name could not be verified',
  },
  notPossibleBody: {
    id: 'beneficiaries.notPossible.body',
    defaultMessage:
      'The recipient’s bank cannot confirm account holders’ names. Check the details before you pay this beneficiary.',
  },
  amend: { id: 'beneficiaries.amend', defaultMessage: 'Change the details' },
  saveAnyway: { id: 'beneficiaries.saveAnyway', defaultMessage: 'Save anyway' },
  verificationFailed: {
    id: 'beneficiaries.verificationFailed',
    defaultMessage: 'Beneficiary verification failed, try again later',
  },

  required: { id: 'beneficiaries.error.required', defaultMessage: 'This field is required.' },
  latin: { id: 'beneficiaries.error.latin', defaultMessage: 'Only Latin characters allowed' },
  invalidIban: { id: 'beneficiaries.error.iban', defaultMessage: 'Invalid IBAN.' },
  ibanCountry: {
    id: 'beneficiaries.error.ibanCountry',
    defaultMessage: 'The IBAN is not of the bank’s country.',
  },
  country: { id: 'beneficiaries.error.country', defaultMessage: 'Choose a country from the list.' },
  tagFormat: { id: 'beneficiaries.error.tagFormat', defaultMessage: 'Enter a wallet tag like @demo-coffee.' },
  tagUnknown: { id: 'beneficiaries.error.tagUnknown', defaultMessage: 'No merchant has this wallet tag.' },
  tagOwn: { id: 'beneficiaries.error.tagOwn', defaultMessage: 'This is your own wallet tag.' },
  ibanOwn: { id: 'beneficiaries.error.ibanOwn', defaultMessage: 'This is one of your own accounts.' },
  duplicate: { id: 'beneficiaries.error.duplicate', defaultMessage: 'You already have this beneficiary.' },
});

/** Texts with values. */
export const beneficiaryValueMessages = {
  edit: defineMessage<{ name: string }>({ id: 'beneficiaries.edit', defaultMessage: 'Edit {name}' }),
  delete: defineMessage<{ name: string }>({ id: 'beneficiaries.delete', defaultMessage: 'Delete {name}' }),
  deleteBody: defineMessage<{ name: string }>({
    id: 'beneficiaries.deleteBody',
    defaultMessage: '{name} will be removed from your beneficiaries. Payments already made are not affected.',
  }),
  closeMatchTitle: defineMessage<{ name: string }>({
    id: 'beneficiaries.closeMatch.title',
    defaultMessage: 'Did you mean {name}?',
  }),
  useSuggested: defineMessage<{ name: string }>({
    id: 'beneficiaries.closeMatch.use',
    defaultMessage: 'Use {name}',
  }),
  max: defineMessage<{ n: number }>({ id: 'beneficiaries.error.max', defaultMessage: 'Max {n} characters' }),
};

/** The schema's (and the server's) field messages in the current language; unknown ones are shown as they are. */
export function translateFieldMessage(intl: IntlShape, message: string): string {
  const m = beneficiaryMessages;
  const max = /^Max (\d+) characters$/.exec(message);
  if (max) return intl.formatMessage(beneficiaryValueMessages.max, { n: Number(max[1]) });
  const known: Record<string, (typeof m)[keyof typeof m]> = {
    'This field is required.': m.required,
    'Only Latin characters allowed': m.latin,
    'Invalid IBAN.': m.invalidIban,
    [ibanCountryMismatch]: m.ibanCountry,
    'Choose a country from the list.': m.country,
    'Enter a wallet tag like @demo-coffee.': m.tagFormat,
    'No merchant has this wallet tag.': m.tagUnknown,
    'This is your own wallet tag.': m.tagOwn,
    'This is one of your own accounts.': m.ibanOwn,
    'You already have this beneficiary.': m.duplicate,
  };
  const descriptor = known[message];
  return descriptor ? intl.formatMessage(descriptor) : message;
}
