import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { selectAccessToken, type SessionInput } from '../machines/session.machine';
import type { ClientConfig } from '../schemas/auth.schema';
import { api, connectSession, unwrap } from './api/client';
import { createSessionLogic } from './app/actors';
import { AppProviders } from './app/AppProviders';
import { AppInspector, inspectorRedactions } from './app/inspection';
import { AppRoutes } from './app/routes';
import { loadMessages } from './i18n/messages';
import { readStoredLocale } from './i18n/locale';
import { ClientConfigContext, defaultClientConfig } from './ui/clientConfig';

async function loadConfig(): Promise<ClientConfig> {
  try {
    return await unwrap(api.GET('/api/config/'));
  } catch (error) {
    console.error('Could not read /api/config/; using defaults', error);
    return defaultClientConfig;
  }
}

/**
 * With VITE_INSPECT=1 the session (and the login journey inside it) and every journey a screen starts
 * (src/app/inspection.ts) stream to one Stately inspector over WebSocket (README "Watching a flow run").
 */
async function createInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (import.meta.env.VITE_INSPECT !== '1') return undefined;
  const { createWebSocketInspector } = await import('@statelyai/inspect');
  const inspector = createWebSocketInspector({
    url: import.meta.env.VITE_INSPECT_URL ?? 'ws://localhost:8080',
    // Tokens, passwords, codes, PINs and card secrets show as "[redacted]".
    ...inspectorRedactions,
  });
  return inspector.inspect;
}

async function start() {
  // The bank staff's back office is its own app on the same origin: loaded only here, so no merchant page downloads
  // it, and the merchants' session never starts on its pages (src/app/backOffice.tsx).
  if (window.location.pathname === '/back-office' || window.location.pathname.startsWith('/back-office/')) {
    const [{ startBackOffice }] = await Promise.all([
      import('./app/backOffice'),
      loadMessages(readStoredLocale()),
    ]);
    const container = document.getElementById('root');
    if (!container) throw new Error('index.html has no #root');
    startBackOffice(container);
    return;
  }
  const [config, inspect] = await Promise.all([
    loadConfig(),
    createInspector(),
    loadMessages(readStoredLocale()),
  ]);
  const input: SessionInput = {
    idleTimeoutMs: config.idle_timeout_seconds * 1000,
    idleWarningMs: config.idle_warning_seconds * 1000,
  };
  const session = createActor(createSessionLogic(api), { input, ...(inspect ? { inspect } : {}) });
  connectSession({
    getAccessToken: () => selectAccessToken(session.getSnapshot()),
    onUnauthorized: () => session.send({ type: 'session.refresh' }),
  });
  session.start();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <AppInspector value={inspect}>
        <ClientConfigContext value={config}>
          <AppProviders session={session}>
            <BrowserRouter>
              <AppRoutes sandbox={config.sandbox} />
            </BrowserRouter>
          </AppProviders>
        </ClientConfigContext>
      </AppInspector>
    </StrictMode>,
  );
}

void start();
