import { defineMessages, type IntlShape } from 'react-intl';

/** The child pages of /settings (SPEC §2). */
export const settingsPages = ['language', 'security'] as const;
export type SettingsPage = (typeof settingsPages)[number];

export function isSettingsPage(value: string | undefined): value is SettingsPage {
  return (settingsPages as readonly (string | undefined)[]).includes(value);
}

/** One entry of the searchable settings (SPEC §7): its title, words people may look for, and where it lives. */
export type SettingsEntry = { id: string; page: SettingsPage; anchor: string };

const entryTexts = defineMessages({
  language: { id: 'settings.entry.language', defaultMessage: 'Language' },
  languageWords: { id: 'settings.entry.language.words', defaultMessage: 'English Greek translation locale' },
  password: { id: 'settings.entry.password', defaultMessage: 'Change password' },
  passwordWords: { id: 'settings.entry.password.words', defaultMessage: 'password security sign in' },
  mfa: { id: 'settings.entry.mfa', defaultMessage: 'Two-step authentication' },
  mfaWords: {
    id: 'settings.entry.mfa.words',
    defaultMessage: 'second factor one-time code email SMS authenticator app TOTP default method',
  },
  sessions: { id: 'settings.entry.sessions', defaultMessage: 'Active sessions' },
  sessionsWords: { id: 'settings.entry.sessions.words', defaultMessage: 'devices sign out logout signed in' },
});

export const settingsEntries: readonly (SettingsEntry & {
  title: keyof typeof entryTexts;
  words: keyof typeof entryTexts;
})[] = [
  { id: 'language', page: 'language', anchor: 'language', title: 'language', words: 'languageWords' },
  { id: 'password', page: 'security', anchor: 'password', title: 'password', words: 'passwordWords' },
  { id: 'mfa', page: 'security', anchor: 'mfa', title: 'mfa', words: 'mfaWords' },
  { id: 'sessions', page: 'security', anchor: 'sessions', title: 'sessions', words: 'sessionsWords' },
];

/** Lower case without accents, so "ΓΛΩΣΣΑ" finds "Γλώσσα" and "sms" finds "SMS". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

export type FoundEntry = SettingsEntry & { title: string };

/** The entries whose title or words contain every word of the query (in the reader's language); all when empty. */
export function searchSettings(intl: IntlShape, query: string): FoundEntry[] {
  const terms = foldText(query).split(/\s+/).filter(Boolean);
  return settingsEntries
    .map((entry) => ({
      id: entry.id,
      page: entry.page,
      anchor: entry.anchor,
      title: intl.formatMessage(entryTexts[entry.title]),
      haystack: foldText(
        `${intl.formatMessage(entryTexts[entry.title])} ${intl.formatMessage(entryTexts[entry.words])}`,
      ),
    }))
    .filter((entry) => terms.every((term) => entry.haystack.includes(term)))
    .map(({ haystack: _haystack, ...entry }) => entry);
}
