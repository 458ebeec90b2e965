import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SessionResponse, UserInfo } from '../schemas/auth.schema';
import { authDefaults } from '../schemas/authLimits';
import { toApiFailure } from './apiFailure';
import { loginMachine } from './login.machine';
import { duration } from './ruleWords';

export type SessionInput = {
  /** Sign out after this long without user activity (setting IDLE_TIMEOUT_SECONDS, GET /api/config). */
  idleTimeoutMs: number;
  /** Warn this long before the idle sign-out (setting IDLE_WARNING_SECONDS; SPEC §9: 30 seconds). */
  idleWarningMs: number;
  /** Wait before retrying a refresh that failed for network reasons. */
  networkRetryMs?: number;
  /**
   * The session this tab held before a reload, when its access token is still good for longer than the refresh
   * tolerance (`expires_in` is what is left of it): the page starts signed in without spending a refresh, so reloading
   * quickly never runs into the refresh limit (src/app/session.tsx keeps it for the tab).
   */
  restored?: SessionResponse | null;
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
  /** How long the server asked to wait (its Retry-After) when it refused a refresh as too frequent. */
  retryAfterMs: number;
  /** The tab's session from before a reload (input `restored`), handed to the restore. */
  restored: SessionResponse | null;
};

/**
 * What the restore is given: the tab's session from before a reload, which the app's effect answers with instead of
 * spending a refresh; null (and every later refresh, which has no input) goes to the server.
 */
export type RefreshSessionInput = { restored: SessionResponse | null } | undefined;

/** The tab's session in a refresh's input, if it is a restore given one (the input is untyped to the actor). */
export function restoredOf(input: unknown): SessionResponse | null {
  if (typeof input !== 'object' || input === null || !('restored' in input)) return null;
  return (input as { restored: SessionResponse | null }).restored;
}

export type SessionEvent =
  | { type: 'user.activity' }
  | { type: 'idle.stay' }
  | { type: 'idle.signOut' }
  | { type: 'signOut.request' }
  | { type: 'signOut.confirm' }
  | { type: 'signOut.cancel' }
  | { type: 'session.refresh' }
  | { type: 'notice.dismissed' }
  /** Another journey (registration, password reset) ended with a session of its own. */
  | { type: 'session.started'; session: SessionResponse };

/** Tokens are refreshed this long before they expire (SPEC §9 token expiry tolerance). */
export const refreshToleranceMs = 5_000;

/** Wait before retrying a refresh that failed for network reasons, unless the input says otherwise. */
export const defaultNetworkRetryMs = 5_000;

/** Wait before retrying a refresh refused as too frequent (429) when the server named no Retry-After. */
export const defaultRateLimitRetryMs = 60_000;

/** A 429: the refresh was refused for coming too often, not because the session ended. */
function retryAfterOf(error: unknown): number | null {
  const failure = toApiFailure(error);
  if (failure.kind !== 'http' || failure.status !== 429) return null;
  return failure.retryAfterSeconds !== undefined ? failure.retryAfterSeconds * 1000 : defaultRateLimitRetryMs;
}

// The defaults the server sends the app (schemas/authLimits.ts), for the descriptions.
const idleTimeoutMs = authDefaults.idleTimeoutSeconds * 1000;
const idleWarningMs = authDefaults.idleWarningSeconds * 1000;
const idleSettings = 'settings IDLE_TIMEOUT_SECONDS and IDLE_WARNING_SECONDS';

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
    recordRetryAfter: assign({
      retryAfterMs: (_, params: { error: unknown }) => retryAfterOf(params.error) ?? defaultRateLimitRetryMs,
    }),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    isNetworkFailure: (_, params: { error: unknown }) => toApiFailure(params.error).kind === 'network',
    isRateLimited: (_, params: { error: unknown }) => retryAfterOf(params.error) !== null,
  },
  delays: {
    refreshDue: ({ context }) => Math.max(0, context.expiresIn * 1000 - refreshToleranceMs),
    idleWarningDue: ({ context }) => Math.max(0, context.idleTimeoutMs - context.idleWarningMs),
    idleWarningLength: ({ context }) => context.idleWarningMs,
    networkRetry: ({ context }) => context.networkRetryMs,
    rateLimitRetry: ({ context }) => context.retryAfterMs,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...emptySession,
    restored: input.restored ?? null,
    notice: null,
    idleTimeoutMs: input.idleTimeoutMs,
    idleWarningMs: input.idleWarningMs,
    networkRetryMs: input.networkRetryMs ?? defaultNetworkRetryMs,
    retryAfterMs: defaultRateLimitRetryMs,
  }),
  initial: 'restoring',
  on: {
    'notice.dismissed': {
      actions: 'clearNotice',
      description:
        'The one-time notice ("Session has expired") was shown: it is cleared so it never shows twice.',
    },
  },
  states: {
    restoring: {
      description:
        "After a reload: the tab's access token when it is still good (kept for the tab, src/app/session.tsx; no " +
        'refresh spent), else the server exchanges the HttpOnly refresh ' +
        `cookie for a new one while the session lives (not signed out, within its absolute limit of ` +
        `${duration(authDefaults.refreshTtlSeconds * 1000)} from sign-in by default, setting REFRESH_TTL_SECONDS).`,
      tags: ['busy'],
      invoke: {
        id: 'restoreSession',
        src: 'refreshSession',
        // A reload of a tab whose access token is still good answers with it: no refresh spent, so reloading
        // quickly never runs into the refresh limit.
        input: ({ context }) => ({ restored: context.restored }),
        onDone: {
          target: 'authenticated',
          description: 'The session lives: signed in again without a password.',
          actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isRateLimited', params: ({ event }) => ({ error: event.error }) },
            target: 'restoreWaiting',
            description:
              'Refused as too frequent (429): the session may well live, so the page waits as the server asks ' +
              '(Retry-After) and tries again instead of showing the sign-in page.',
            actions: { type: 'recordRetryAfter', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'unauthenticated', description: 'No live session: the sign-in page.' },
        ],
      },
    },
    restoreWaiting: {
      description: 'Waiting as long as the server asked (Retry-After) before restoring the session again.',
      tags: ['busy'],
      after: { rateLimitRetry: { target: 'restoring', description: 'The wait is over: try again.' } },
    },
    unauthenticated: {
      description: 'Signed out: the sign-in journey (login) runs here.',
      on: {
        'session.started': {
          target: 'authenticated',
          description:
            'A registration or a password journey ended with a session of its own: signed in at once.',
          actions: { type: 'storeSession', params: ({ event }) => ({ session: event.session }) },
        },
      },
      invoke: {
        id: 'login',
        src: 'login',
        onDone: {
          target: 'authenticated',
          description: 'Password and code were right: signed in with the new session.',
          actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
        },
      },
    },
    authenticated: {
      description:
        'Signed in. Side by side: the short-lived access token is kept fresh, inactivity is watched, and the ' +
        'sign-out dialog may be open.',
      type: 'parallel',
      tags: ['authenticated'],
      states: {
        token: {
          description: 'Keeps the access token, held only in memory, fresh.',
          initial: 'fresh',
          states: {
            fresh: {
              description:
                `The access token works; it lives ${duration(authDefaults.accessTokenTtlSeconds * 1000)} by default ` +
                `(setting ACCESS_TOKEN_TTL_SECONDS) and is refreshed ${duration(refreshToleranceMs)} before it ` +
                'expires (SPEC §9 token expiry tolerance).',
              after: {
                refreshDue: {
                  target: 'refreshing',
                  description: `${duration(refreshToleranceMs)} before the token expires: refresh it.`,
                },
              },
              on: {
                'session.refresh': {
                  target: 'refreshing',
                  description: 'A call was refused for an expired token: refresh now.',
                },
              },
            },
            refreshing: {
              description:
                'The refresh cookie is exchanged for a new access token (and a new cookie; the old one is spent). ' +
                'The server refuses after the absolute limit, after a sign-out, a password reset or a revocation ' +
                'elsewhere, for a disabled employee, or when the session was idle too long.',
              invoke: {
                id: 'refreshSession',
                src: 'refreshSession',
                onDone: {
                  target: 'fresh',
                  description: 'A new token: fresh again.',
                  actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'isNetworkFailure', params: ({ event }) => ({ error: event.error }) },
                    target: 'retryWaiting',
                    description: 'The server could not be reached: the session is kept.',
                  },
                  {
                    guard: { type: 'isRateLimited', params: ({ event }) => ({ error: event.error }) },
                    target: 'rateLimited',
                    description:
                      'Refused as too frequent (429): not a sign that the session ended, so it is kept and the ' +
                      'refresh tried again when the server says (Retry-After); never a sign-out.',
                    actions: { type: 'recordRetryAfter', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    target: '#session.expiring',
                    description:
                      'The server no longer honours the session: it ends, and the user is told once.',
                  },
                ],
              },
            },
            rateLimited: {
              description:
                'The refresh was refused as too frequent: the session is kept, and the refresh tried again after ' +
                `the server's Retry-After (${duration(defaultRateLimitRetryMs)} when it names none).`,
              after: {
                rateLimitRetry: { target: 'refreshing', description: 'The wait is over: try again.' },
              },
            },
            retryWaiting: {
              description:
                `The server could not be reached: the session is kept and the refresh tried again after ` +
                `${duration(defaultNetworkRetryMs)} by default (SPEC §4).`,
              after: { networkRetry: { target: 'refreshing', description: 'The wait is over: try again.' } },
              on: {
                'session.refresh': {
                  target: 'refreshing',
                  description: 'A call needs a token now: try at once.',
                },
              },
            },
          },
        },
        activity: {
          description: 'Watches for inactivity: a click, a tap or a key press in the app counts as activity.',
          initial: 'active',
          states: {
            active: {
              description:
                `The user is active. After ${duration(idleTimeoutMs - idleWarningMs)} without activity by default ` +
                `(${duration(idleTimeoutMs)} idle limit less the ${duration(idleWarningMs)} warning; ${idleSettings}) ` +
                'the warning appears.',
              after: {
                idleWarningDue: {
                  target: 'warning',
                  description: `${duration(idleTimeoutMs - idleWarningMs)} without activity by default: warn.`,
                },
              },
              on: {
                'user.activity': {
                  target: 'active',
                  reenter: true,
                  description: 'Activity: the idle clock starts again.',
                },
              },
            },
            warning: {
              description:
                `"Are you still there?" with a countdown, ${duration(idleWarningMs)} before the idle sign-out by ` +
                'default (setting IDLE_WARNING_SECONDS; SPEC §9).',
              after: {
                idleWarningLength: {
                  target: '#session.expiring',
                  description:
                    `No answer within ${duration(idleWarningMs)}: signed out after ${duration(idleTimeoutMs)} idle ` +
                    'by default, and told once.',
                },
              },
              on: {
                // Closing the dialog (Escape) keeps the session like "Stay signed in": only the button that says
                // so signs out.
                'idle.stay': {
                  target: 'active',
                  description: '"Stay signed in" or Escape: the idle clock starts again.',
                },
                'idle.signOut': {
                  target: '#session.signingOut',
                  description: '"Sign out now": signed out now.',
                },
              },
            },
          },
        },
        signOutDialog: {
          description: 'The "Sign out?" confirmation.',
          initial: 'closed',
          states: {
            closed: {
              description: 'No dialog.',
              on: {
                'signOut.request': {
                  target: 'confirming',
                  description: 'The user chose "Sign out": confirm first.',
                },
              },
            },
            confirming: {
              description: '"Do you want to sign out?"',
              on: {
                'signOut.confirm': { target: '#session.signingOut', description: 'Confirmed: sign out.' },
                'signOut.cancel': { target: 'closed', description: 'Cancelled: still signed in.' },
              },
            },
          },
        },
      },
    },
    signingOut: {
      description:
        'The user signs out: the server revokes the session and its refresh token; the browser clears tokens, ' +
        'cookies and stored state. A failure on the server is logged and the browser is cleared anyway (SPEC §8).',
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: {
          target: 'unauthenticated',
          actions: 'clearSession',
          description: 'Signed out: the sign-in page.',
        },
        onError: {
          target: 'unauthenticated',
          actions: 'clearSession',
          description: 'The server could not be told: the browser is cleared anyway, the sign-in page.',
        },
      },
    },
    expiring: {
      description:
        'The session ended without the user asking (idle, revoked, past its absolute limit): signed out as above, ' +
        'then "Session has expired. Please log in again" is shown once.',
      tags: ['busy'],
      invoke: {
        id: 'expireSession',
        src: 'signOut',
        onDone: {
          target: 'unauthenticated',
          actions: ['clearSession', 'announceExpiry'],
          description: 'Signed out: the sign-in page with the expiry notice.',
        },
        onError: {
          target: 'unauthenticated',
          actions: ['clearSession', 'announceExpiry'],
          description: 'The server could not be told: the browser is cleared anyway, with the expiry notice.',
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Selectors for screens and guards: they read tags and nested states here, not in components. */
/** Restoring, or waiting to try again after a refusal as too frequent: the session is not known yet. */
export const selectRestoring = (s: SessionSnapshot): boolean =>
  s.matches('restoring') || s.matches('restoreWaiting');
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
