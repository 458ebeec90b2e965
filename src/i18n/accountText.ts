import { defineMessage, type IntlShape } from 'react-intl';
import { currencyAccountName, mainAccountName } from '../../schemas/accounts.schema';

const mainAccount = defineMessage({ id: 'account.name.main', defaultMessage: 'Main account' });
const currencyAccount = defineMessage<Record<string, string>>({
  id: 'account.name.currency',
  defaultMessage: '{currency} account',
});

/**
 * An account's name in the reader's language: the names the bank gives the accounts it opens are stored in English
 * (schemas/accounts.schema.ts), so they are translated here; a name anyone else chose is shown as it is.
 */
export function accountNameText(intl: IntlShape, account: { name: string; currency: string }): string {
  if (account.name === mainAccountName) return intl.formatMessage(mainAccount);
  if (account.name === currencyAccountName(account.currency)) {
    return intl.formatMessage(currencyAccount, { currency: account.currency });
  }
  return account.name;
}
