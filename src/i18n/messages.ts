import type { MessageFormatElement } from 'react-intl';
import type { Locale } from './locale';

/** Messages precompiled to ICU ASTs by `npm run i18n:compile`, so the browser needs no message parser. */
export type Messages = Record<string, MessageFormatElement[]>;

// English is the code's defaultMessage texts, which the build compiles in place (vite.config.ts) and react-intl
// shows in the default language: no English file to load. Every other language is fetched when chosen.
const lazy = import.meta.glob<Messages>(['./compiled/*.json', '!./compiled/en.json'], { import: 'default' });

const loaded = new Map<Locale, Messages>([['en', {}]]);

/** Messages already in memory, or undefined while they still have to be fetched. */
export function loadedMessages(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}

export async function loadMessages(locale: Locale): Promise<Messages> {
  const known = loaded.get(locale);
  if (known) return known;
  const load = lazy[`./compiled/${locale}.json`];
  // Without compiled messages the defaultMessage texts (English) are shown; better than a blank page.
  const messages = load ? await load() : {};
  loaded.set(locale, messages);
  return messages;
}
