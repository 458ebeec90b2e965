import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import { loginMachine } from '../../machines/login.machine';
import { selectAuthenticated, sessionMachine, type SessionInput } from '../../machines/session.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import { createApiClient } from '../../src/api/client';
import { sessionActors } from '../../src/app/actors';
import { keepSessionForTab, readStoredSession } from '../../src/app/session';

// Reloading quickly must not sign a merchant out: a reload of a tab whose access token is still good spends no
// refresh, and a refresh refused as too frequent (429) waits as the server asks and tries again, never signing out.

const user = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'demo@tameio.test',
  first_name: 'Dora',
  last_name: 'Demou',
  is_owner: true,
  employee_type: null,
  merchant: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Demo Coffee', status: 'approved' },
} as unknown as SessionResponse['user'];

const session = (token: string, expiresIn = 600): SessionResponse => ({
  access_token: token,
  token_type: 'Bearer',
  expires_in: expiresIn,
  user,
});

const tooMany = (retryAfterSeconds?: number): ApiFailure => ({
  kind: 'http',
  status: 429,
  code: 'rate_limited',
  message: 'Too many requests.',
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});

const baseInput: SessionInput = { idleTimeoutMs: 15 * 60_000, idleWarningMs: 30_000, networkRetryMs: 5_000 };

/**
 * The session with the app's own effects (src/app/actors.ts) over a scripted server: each answer is a session (200)
 * or a failure (429 with its Retry-After, or 401). `posts` counts the refresh requests that reached the server.
 */
function start(outcomes: Array<SessionResponse | ApiFailure>, restored: SessionResponse | null = null) {
  const clock = new SimulatedClock();
  const posts: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    posts.push(new URL(request.url).pathname);
    const next = outcomes.shift();
    if (!next) throw new Error('no scripted answer left');
    if (!('kind' in next)) return Response.json(next);
    if (next.kind === 'network') throw new TypeError('offline');
    const headers: Record<string, string> =
      next.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(next.retryAfterSeconds) };
    return Response.json(
      { error: { code: next.code, message: next.message } },
      { status: next.status, headers },
    );
  };
  const client = createApiClient({
    hooks: () => ({ getAccessToken: () => null }),
    fetch,
    baseUrl: 'http://localhost',
    // The session machine does the waiting here, not the client.
    maxWaitMs: 0,
  });
  const signOut = vi.fn(async () => {});
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        refreshSession: sessionActors(client).refreshSession,
        signOut: fromPromise<void>(signOut),
        login: loginMachine,
      },
    }),
    { input: { ...baseInput, restored }, clock },
  );
  actor.start();
  const refresh = {
    get calls() {
      return posts.length;
    },
  };
  return { actor, clock, refresh, signOut };
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('a reload', () => {
  it('with a token still good starts signed in and spends no refresh', async () => {
    const { actor, refresh } = start([], session('kept', 420));
    await waitFor(actor, selectAuthenticated);
    expect(actor.getSnapshot().context).toMatchObject({ accessToken: 'kept', expiresIn: 420, user });
    expect(refresh.calls).toBe(0);
  });

  it('without one restores from the cookie as before', async () => {
    const { actor, refresh } = start([session('t1')]);
    await waitFor(actor, selectAuthenticated);
    expect(refresh.calls).toBe(1);
  });

  it('refused as too frequent waits for Retry-After and restores, never showing the sign-in page', async () => {
    const { actor, clock, refresh } = start([tooMany(20), session('t1')]);
    await waitFor(actor, (s) => s.matches('restoreWaiting'));
    clock.increment(19_999);
    expect(refresh.calls).toBe(1);
    expect(actor.getSnapshot().matches('unauthenticated')).toBe(false);
    clock.increment(1);
    await waitFor(actor, selectAuthenticated);
    expect(actor.getSnapshot().context.accessToken).toBe('t1');
  });
});

describe('a refresh refused as too frequent (429)', () => {
  it('keeps the session, waits as the server asks and tries again; no sign-out', async () => {
    const { actor, clock, refresh, signOut } = start([
      session('t1'),
      tooMany(30),
      tooMany(45),
      session('t2'),
    ]);
    await waitFor(actor, selectAuthenticated);
    actor.send({ type: 'session.refresh' });
    await waitFor(actor, (s) => s.matches({ authenticated: { token: 'rateLimited' } }));
    expect(actor.getSnapshot().context.accessToken).toBe('t1');
    clock.increment(29_999);
    expect(refresh.calls).toBe(2);
    clock.increment(1);
    // Refused again: it waits the new Retry-After.
    await waitFor(actor, () => refresh.calls === 3);
    await waitFor(actor, (s) => s.matches({ authenticated: { token: 'rateLimited' } }));
    clock.increment(44_999);
    expect(refresh.calls).toBe(3);
    clock.increment(1);
    await waitFor(actor, (s) => s.context.accessToken === 't2');
    expect(selectAuthenticated(actor.getSnapshot())).toBe(true);
    expect(signOut).not.toHaveBeenCalled();
  });
});

describe('the tab’s copy of the session', () => {
  it('is written when a token arrives, read back with what is left of it, and removed at sign-out', async () => {
    let now = 1_000_000;
    const { actor } = start([session('t1', 600)]);
    const stop = keepSessionForTab(actor, () => now);
    await waitFor(actor, selectAuthenticated);
    now += 120_000;
    expect(readStoredSession(now)).toMatchObject({ access_token: 't1', expires_in: 480, user });
    // Within the refresh tolerance of its expiry it is not worth keeping: the reload restores from the cookie.
    expect(readStoredSession(1_000_000 + 596_000)).toBeNull();
    actor.send({ type: 'signOut.request' });
    actor.send({ type: 'signOut.confirm' });
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(readStoredSession(now)).toBeNull();
    stop();
  });

  it('ignores what it cannot read', () => {
    window.sessionStorage.setItem('tameio.session', '{not json');
    expect(readStoredSession()).toBeNull();
    expect(window.sessionStorage.getItem('tameio.session')).toBeNull();
  });
});
