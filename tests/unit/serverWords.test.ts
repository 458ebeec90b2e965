import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import el from '../../lang/el.json';
import en from '../../lang/en.json';
import glossary from '../../lang/glossary.json';
import { currencyAccountName, mainAccountName } from '../../schemas/accounts.schema';
import { transactionStatuses, transactionTypes } from '../../schemas/transactions.schema';
import { accountNameText } from '../../src/i18n/accountText';
import { transactionStatusText, transactionTypeText } from '../../src/i18n/transactionMessages';

/*
 * Issue 20: an advertising purchase showed its type as the API spells it ("advertising") in both languages, and the
 * default account's name came in English on Greek pages. Every type and status the API can send has words of its own
 * in English and in Greek; the names the bank gives accounts are shown in the reader's language.
 */
const intls = {
  en: createIntl({ locale: 'en', messages: en }),
  el: createIntl({ locale: 'el', messages: el }),
};

describe('transaction labels', () => {
  for (const [language, intl] of Object.entries(intls)) {
    it(`names every type and status in ${language}, never by its code`, () => {
      for (const type of transactionTypes) {
        const text = transactionTypeText(intl, type);
        expect(text, type).not.toBe(type);
        expect(text.trim(), type).not.toBe('');
      }
      for (const status of transactionStatuses) {
        const text = transactionStatusText(intl, status);
        expect(text, status).not.toBe(status);
        expect(text.trim(), status).not.toBe('');
      }
    });
  }

  it('says them in Greek, not in English, in Greek', () => {
    // A loan word lang/glossary.json chose on purpose (cashback) is the same in both.
    const loanWords = new Set(
      glossary.terms.filter((term) => term.el.toLowerCase() === term.en.toLowerCase()).map((term) => term.el),
    );
    const same = transactionTypes.filter(
      (type) =>
        transactionTypeText(intls.el, type) === transactionTypeText(intls.en, type) &&
        !loanWords.has(transactionTypeText(intls.el, type).toLowerCase()),
    );
    expect(same).toEqual([]);
  });
});

describe('account names', () => {
  it('shows the names the bank gives in the reader’s language, and a name someone chose as it is', () => {
    expect(accountNameText(intls.en, { name: mainAccountName, currency: 'EUR' })).toBe('Main account');
    expect(accountNameText(intls.el, { name: mainAccountName, currency: 'EUR' })).toBe('Κύριος λογαριασμός');
    expect(accountNameText(intls.el, { name: currencyAccountName('USD'), currency: 'USD' })).toBe(
      'Λογαριασμός USD',
    );
    expect(accountNameText(intls.el, { name: 'Ταμείο καταστήματος', currency: 'EUR' })).toBe(
      'Ταμείο καταστήματος',
    );
    expect(accountNameText(intls.el, { name: 'USD account', currency: 'EUR' })).toBe('USD account');
  });
});
