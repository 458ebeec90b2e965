import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { refreshToleranceMs, type sessionMachine } from '../../machines/session.machine';
import type { SessionResponse } from '../../schemas/auth.schema';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ session, children }: { session: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The one session actor of the page (main.tsx creates it; tests pass their own with faked effects). */
export function useSessionActor(): SessionActor {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSessionActor needs <AppProviders session={...}>');
  return session;
}

/**
 * The tab's session across a reload. Without it every reload spends a refresh (the access token lived only in
 * memory), and a merchant reloading quickly reached the refresh limit and was signed out. The access token, its user
 * and when it expires are kept in sessionStorage: this tab only, gone when the tab closes, cleared at sign-out (with
 * all storage, src/app/actors.ts). The refresh token stays in its HttpOnly cookie, out of reach of scripts.
 */
const storageKey = 'tameio.session';

type Stored = { session: SessionResponse; expiresAt: number };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The session a reload of this tab may start with: its access token, when it is still good for longer than the
 * refresh tolerance (`expires_in` is what is left of it); else null, and the page restores from the cookie.
 */
export function readStoredSession(now: number = Date.now()): SessionResponse | null {
  const store = storage();
  const text = store?.getItem(storageKey);
  if (!store || !text) return null;
  try {
    const stored = JSON.parse(text) as Partial<Stored>;
    const { session, expiresAt } = stored;
    if (!session?.access_token || !session.user || typeof expiresAt !== 'number') throw new Error('shape');
    const left = expiresAt - now;
    if (left <= refreshToleranceMs) return null;
    return { ...session, expires_in: Math.floor(left / 1000) };
  } catch {
    store.removeItem(storageKey);
    return null;
  }
}

/**
 * Keeps the tab's copy in step with the session actor: written whenever a new token arrives, removed as soon as
 * there is none (signed out, expired). Returns the function that stops it.
 */
export function keepSessionForTab(session: SessionActor, now: () => number = Date.now): () => void {
  let last: string | null = null;
  const write = () => {
    const store = storage();
    if (!store) return;
    const { accessToken, expiresIn, user } = session.getSnapshot().context;
    if (accessToken === last) return;
    last = accessToken;
    if (!accessToken || !user) {
      store.removeItem(storageKey);
      return;
    }
    const stored: Stored = {
      session: { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn, user },
      expiresAt: now() + expiresIn * 1000,
    };
    store.setItem(storageKey, JSON.stringify(stored));
  };
  write();
  const subscription = session.subscribe(write);
  return () => subscription.unsubscribe();
}
