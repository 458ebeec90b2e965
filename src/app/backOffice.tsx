import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { createActor, fromPromise } from 'xstate';
import { BackOfficeContext, type BackOffice, type StaffSessionActor } from './backOfficeContext';
import { selectStaffToken, staffSessionMachine } from '../../machines/staffSession.machine';
import type { StaffSessionStart } from '../../machines/staffSignIn.machine';
import { createApiClient, expectOk, unwrap } from '../api/client';
import { staffSignInLogic } from './backOfficeActors';
import { LocaleProvider } from '../i18n/LocaleProvider';
import { GlobalStyle } from '../ui/GlobalStyle';
import { theme } from '../ui/theme';
import { ToastHost } from '../ui/ToastHost';
import { BackOfficeRoutes } from '../screens/backOffice/BackOfficeRoutes';

/*
 * The back office (issue 21, docs/decisions/023-staff-realm.md): the bank staff's part of the same web app, loaded
 * only at /back-office (main.tsx imports this file there and nowhere else, so no merchant page downloads it). It has
 * its own API client, carrying the staff token, and its own session machine; the merchants' session never starts here.
 */

export function createBackOffice(): BackOffice {
  let session: StaffSessionActor | null = null;
  const api = createApiClient({
    hooks: () => ({
      getAccessToken: () => (session ? selectStaffToken(session.getSnapshot()) : null),
      onUnauthorized: () => session?.send({ type: 'session.refresh' }),
    }),
  });
  const logic = staffSessionMachine.provide({
    actors: {
      restoreSession: fromPromise<StaffSessionStart>(async () =>
        unwrap(api.POST('/api/back-office/auth/refresh/')),
      ),
      endSession: fromPromise(async () => expectOk(api.POST('/api/back-office/auth/logout/'))),
      staffSignIn: staffSignInLogic(api),
    },
  });
  session = createActor(logic);
  session.start();
  return { api, session };
}

export function BackOfficeProviders({
  backOffice,
  children,
}: {
  backOffice: BackOffice;
  children: ReactNode;
}) {
  return (
    <LocaleProvider>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <BackOfficeContext.Provider value={backOffice}>{children}</BackOfficeContext.Provider>
        <ToastHost />
      </ThemeProvider>
    </LocaleProvider>
  );
}

export function startBackOffice(container: HTMLElement): void {
  const backOffice = createBackOffice();
  createRoot(container).render(
    <StrictMode>
      <BackOfficeProviders backOffice={backOffice}>
        <BrowserRouter>
          <BackOfficeRoutes />
        </BrowserRouter>
      </BackOfficeProviders>
    </StrictMode>,
  );
}
