import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { LocaleProvider } from '../i18n/LocaleProvider';
import type { Locale } from '../i18n/locale';
import { GlobalStyle } from '../ui/GlobalStyle';
import { ToastHost } from '../ui/ToastHost';
import { AltchaBotCheck, type BotCheckComponent } from './botCheck';
import { BotCheckContext } from './botCheckContext';
import { ServiceBanner } from './ServiceBanner';
import { SessionProvider, type SessionActor } from './session';
import { theme } from '../ui/theme';

export type AppProvidersProps = {
  session: SessionActor;
  /** Replaces the ALTCHA widget, e.g. with one that verifies at once in jsdom tests. */
  botCheck?: BotCheckComponent;
  /** Overrides the stored language choice (tests). */
  locale?: Locale;
  children: ReactNode;
};

/**
 * Everything a screen needs around it: language (react-intl), theme, toasts and the session actor. It contains no
 * router, so the app wraps a RouterProvider in it and tests wrap it in a MemoryRouter.
 */
export function AppProviders({ session, botCheck = AltchaBotCheck, locale, children }: AppProvidersProps) {
  return (
    <LocaleProvider {...(locale ? { initialLocale: locale } : {})}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <ServiceBanner />
        <SessionProvider session={session}>
          <BotCheckContext.Provider value={botCheck}>{children}</BotCheckContext.Provider>
        </SessionProvider>
        <ToastHost />
      </ThemeProvider>
    </LocaleProvider>
  );
}
