import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, ReactIntlErrorCode, type IntlConfig } from 'react-intl';
import { defaultLocale, readStoredLocale, storeLocale, type Locale } from './locale';
import { loadMessages, loadedMessages, type Messages } from './messages';

type LocaleContextValue = {
  locale: Locale;
  /** Fetches the language's messages if needed, then switches and remembers the choice. */
  setLocale: (locale: Locale) => Promise<void>;
};

const LocaleContext = createContext<LocaleContextValue | null>(null);

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale needs a <LocaleProvider>');
  return value;
}

function reportIntlError(locale: Locale): NonNullable<IntlConfig['onError']> {
  return (error) => {
    // In the default language the defaultMessage is the text itself, so a missing compiled entry changes nothing.
    if (error.code === ReactIntlErrorCode.MISSING_TRANSLATION && locale === defaultLocale) return;
    console.error(error);
  };
}

type State = { locale: Locale; messages: Messages | undefined };

/** react-intl with the user's language (SPEC §1: en by default, el offered), persisted and mirrored on `<html lang>`. */
export function LocaleProvider({ children, initialLocale }: { children: ReactNode; initialLocale?: Locale }) {
  const [state, setState] = useState<State>(() => {
    const locale = initialLocale ?? readStoredLocale();
    return { locale, messages: loadedMessages(locale) };
  });

  useEffect(() => {
    if (state.messages) return;
    let current = true;
    void loadMessages(state.locale).then((messages) => {
      if (current)
        setState((previous) => (previous.locale === state.locale ? { ...previous, messages } : previous));
    });
    return () => {
      current = false;
    };
  }, [state.locale, state.messages]);

  useEffect(() => {
    document.documentElement.lang = state.locale;
  }, [state.locale]);

  const setLocale = useCallback(async (locale: Locale) => {
    const messages = await loadMessages(locale);
    storeLocale(locale);
    setState({ locale, messages });
  }, []);

  const value = useMemo(() => ({ locale: state.locale, setLocale }), [state.locale, setLocale]);

  // Rendering before the messages arrive would flash English at a Greek reader; the wait is one small chunk.
  if (!state.messages) return null;

  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider
        locale={state.locale}
        defaultLocale={defaultLocale}
        messages={state.messages}
        onError={reportIntlError(state.locale)}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
