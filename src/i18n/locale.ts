/** The languages the app speaks (SPEC §1); the first is the default. */
export const locales = ['en', 'el'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** The one preference that outlives sign-out (SPEC §4 clears all storage; the language is written back). */
export const localeStorageKey = 'tameio.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The stored choice, or the default when there is none or storage is unavailable (private mode, tests). */
export function readStoredLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(localeStorageKey);
    return isLocale(stored) ? stored : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(localeStorageKey, locale);
  } catch {
    // Storage may be full or disabled; the choice then lasts for this page only.
  }
}
