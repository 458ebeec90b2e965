import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import el from '../../lang/el.json';
import { foldText, searchSettings } from '../../src/screens/settings/settingsSearch';

// SPEC §7 "searchable settings": the search box of /settings filters the entries by their titles and words.

const english = createIntl({ locale: 'en', messages: {}, onError: () => undefined });
const greek = createIntl({ locale: 'el', messages: el });

describe('searchable settings', () => {
  it('lists every entry for an empty query and filters by every word', () => {
    expect(searchSettings(english, '  ').map((e) => e.id)).toEqual([
      'language',
      'password',
      'mfa',
      'sessions',
    ]);
    expect(searchSettings(english, 'sms').map((e) => e.id)).toEqual(['mfa']);
    expect(searchSettings(english, 'sign out').map((e) => e.id)).toEqual(['sessions']);
    expect(searchSettings(english, 'authenticator app')).toEqual([
      { id: 'mfa', page: 'security', anchor: 'mfa', title: 'Two-step authentication' },
    ]);
    expect(searchSettings(english, 'pizza')).toEqual([]);
  });

  it('searches in the reader’s language, ignoring case and accents', () => {
    expect(foldText('ΓΛΏΣΣΑ')).toBe('γλωσσα');
    expect(searchSettings(greek, 'γλωσσα').map((e) => e.title)).toEqual(['Γλώσσα']);
    expect(searchSettings(greek, 'ΣΥΝΕΔΡΙΕΣ').map((e) => e.page)).toEqual(['security']);
  });
});
