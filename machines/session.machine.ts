import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SessionResponse, UserInfo } from '../schemas/auth.schema';
import { toApiFailure } from './apiFailure';
import { loginMachine } from './login.machine';

export type SessionInput = {
  /** Sign out after this long without user activity (docs/product.md: 15 minutes). */
  idleTimeoutMs: number;
  /** Warn this long before the idle sign-out (SPEC §9: 30 seconds). */
  idleWarningMs: number;
  /** Wait before retrying a refresh that failed for network reasons. */
  networkRetryMs?: number;
};

export type SessionContext = {
  accessToken: string | null;
  /** Seconds the current access token lives, counted from when it arrived. */
  expiresIn: number;
  user: UserInfo | null;
  /** A one-time notice for the screens; cleared once shown (SPEC §4: the expiry message appears once). */
  notice: 'sessionExpired' | null;
  idleTimeoutMs: number;
  idleWarningMs: number;
  networkRetryMs: number;
};

export type SessionEvent =
  | { type: 'user.activity' }
  | { type: 'idle.stay' }
  | { type: 'idle.cancel' }
  | { type: 'signOut.request' }
  | { type: 'signOut.confirm' }
  | { type: 'signOut.cancel' }
  | { type: 'session.refresh' }
  | { type: 'notice.dismissed' }
  /** Another journey (registration, password reset) ended with a session of its own. */
  | { type: 'session.started'; session: SessionResponse };

/** Tokens are refreshed this long before they expire (SPEC §9 token expiry tolerance). */
export const refreshToleranceMs = 5_000;

const emptySession = { accessToken: null, expiresIn: 0, user: null } as const;

/**
 * The signed-in session (SPEC §4, docs/product.md "Identity and sessions"): restore from the HttpOnly refresh cookie on
 * load, run the login journey while signed out, refresh the in-memory access token before it expires, warn before
 * the idle limit, and sign out on request, on idle or when the server no longer honours the session.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    children: {} as { login: 'login' },
  },
  actors: {
    /** Exchanges the refresh cookie for a fresh access token; rejects when there is no live session. */
    refreshSession: fromPromise<SessionResponse>(async () => {
      throw new Error('The app must provide the "refreshSession" actor');
    }),
    /** Revokes the session on the server and clears keys, cookies and storage in the browser; never rejects. */
    signOut: fromPromise<void>(async () => {
      throw new Error('The app must provide the "signOut" actor');
    }),
    login: loginMachine,
  },
  actions: {
    storeSession: assign((_, params: { session: SessionResponse }) => ({
      accessToken: params.session.access_token,
      expiresIn: params.session.expires_in,
      user: params.session.user,
    })),
    clearSession: assign(emptySession),
    announceExpiry: assign({ notice: 'sessionExpired' as const }),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    isNetworkFailure: (_, params: { error: unknown }) => toApiFailure(params.error).kind === 'network',
  },
  delays: {
    refreshDue: ({ context }) => Math.max(0, context.expiresIn * 1000 - refreshToleranceMs),
    idleWarningDue: ({ context }) => Math.max(0, context.idleTimeoutMs - context.idleWarningMs),
    idleWarningLength: ({ context }) => context.idleWarningMs,
    networkRetry: ({ context }) => context.networkRetryMs,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...emptySession,
    notice: null,
    idleTimeoutMs: input.idleTimeoutMs,
    idleWarningMs: input.idleWarningMs,
    networkRetryMs: input.networkRetryMs ?? 5_000,
  }),
  initial: 'restoring',
  on: {
    'notice.dismissed': { actions: 'clearNotice' },
  },
  states: {
    /** After a reload: the access token was only in memory, so ask the server to refresh from the cookie. */
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'restoreSession',
        src: 'refreshSession',
        onDone: {
          target: 'authenticated',
          actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
        },
        onError: { target: 'unauthenticated' },
      },
    },
    unauthenticated: {
      on: {
        'session.started': {
          target: 'authenticated',
          actions: { type: 'storeSession', params: ({ event }) => ({ session: event.session }) },
        },
      },
      invoke: {
        id: 'login',
        src: 'login',
        onDone: {
          target: 'authenticated',
          actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
        },
      },
    },
    authenticated: {
      type: 'parallel',
      tags: ['authenticated'],
      states: {
        token: {
          initial: 'fresh',
          states: {
            fresh: {
              after: { refreshDue: 'refreshing' },
              on: { 'session.refresh': 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'refreshSession',
                src: 'refreshSession',
                onDone: {
                  target: 'fresh',
                  actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'isNetworkFailure', params: ({ event }) => ({ error: event.error }) },
                    target: 'retryWaiting',
                  },
                  { target: '#session.expiring' },
                ],
              },
            },
            /** The server could not be reached: keep the session and try again shortly (SPEC §4). */
            retryWaiting: {
              after: { networkRetry: 'refreshing' },
              on: { 'session.refresh': 'refreshing' },
            },
          },
        },
        activity: {
          initial: 'active',
          states: {
            active: {
              after: { idleWarningDue: 'warning' },
              on: { 'user.activity': { target: 'active', reenter: true } },
            },
            warning: {
              after: { idleWarningLength: '#session.expiring' },
              on: {
                'idle.stay': 'active',
                'idle.cancel': '#session.signingOut',
              },
            },
          },
        },
        signOutDialog: {
          initial: 'closed',
          states: {
            closed: { on: { 'signOut.request': 'confirming' } },
            confirming: {
              on: {
                'signOut.confirm': '#session.signingOut',
                'signOut.cancel': 'closed',
              },
            },
          },
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'unauthenticated', actions: 'clearSession' },
        onError: { target: 'unauthenticated', actions: 'clearSession' },
      },
    },
    /** The session ended without the user asking (idle, revoked, expired): sign out, then say so once. */
    expiring: {
      tags: ['busy'],
      invoke: {
        id: 'expireSession',
        src: 'signOut',
        onDone: { target: 'unauthenticated', actions: ['clearSession', 'announceExpiry'] },
        onError: { target: 'unauthenticated', actions: ['clearSession', 'announceExpiry'] },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Selectors for screens and guards: they read tags and nested states here, not in components. */
export const selectRestoring = (s: SessionSnapshot): boolean => s.matches('restoring');
export const selectAuthenticated = (s: SessionSnapshot): boolean => s.hasTag('authenticated');
export const selectSigningOut = (s: SessionSnapshot): boolean =>
  s.matches('signingOut') || s.matches('expiring');
export const selectIdleWarning = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { activity: 'warning' } });
export const selectConfirmingSignOut = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { signOutDialog: 'confirming' } });
export const selectUser = (s: SessionSnapshot): UserInfo | null => s.context.user;
export const selectAccessToken = (s: SessionSnapshot): string | null => s.context.accessToken;
export const selectNotice = (s: SessionSnapshot): SessionContext['notice'] => s.context.notice;
