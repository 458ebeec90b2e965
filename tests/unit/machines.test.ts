import { createActor, fromPromise, SimulatedClock, waitFor, type ActorRefFrom } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { ApiFailure } from '../../machines/apiFailure';
import {
  loginMachine,
  selectLoginCodeActor,
  selectLoginStep,
  type InitializeLoginInput,
  type LoginSnapshot,
  type LoginTicketInput,
} from '../../machines/login.machine';
import {
  oneTimeCodeMachine,
  selectCodeCanResend,
  selectCodeIsDead,
  selectOneTimeCodeStep,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import {
  refreshToleranceMs,
  selectAuthenticated,
  selectConfirmingSignOut,
  selectIdleWarning,
  selectNotice,
  sessionMachine,
  type SessionInput,
} from '../../machines/session.machine';
import type { AvailableMfaMethodsResponse, SessionResponse } from '../../schemas/auth.schema';

// Pure tests of the session and login statecharts (the login's code step is the oneTimeCode child): guards, delays
// and context, with fake effects and a simulated clock.

const user: SessionResponse['user'] = {
  id: 'u1',
  email: 'demo@tameio.test',
  first_name: 'Dora',
  last_name: 'Demou',
  is_owner: true,
  employee_type: null,
  language: 'en',
  merchant: { id: 'm1', name: 'Demo Coffee', status: 'approved' },
};
const session = (token: string, expiresIn = 600): SessionResponse => ({
  access_token: token,
  token_type: 'Bearer',
  expires_in: expiresIn,
  user,
});
const http = (
  status: number,
  code: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
): ApiFailure => ({
  kind: 'http',
  status,
  code,
  message: code,
  ...extra,
});
const network: ApiFailure = { kind: 'network' };

/** Lets the promise actors settle (they resolve on the microtask queue, not on the simulated clock). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Outcome<T> = { ok: T } | { fail: ApiFailure };
/** A promise actor that answers from a script, one outcome per call, and counts its calls. */
function scripted<T, I = unknown>(outcomes: Array<Outcome<T>>) {
  const calls: I[] = [];
  const logic = fromPromise<T, I>(async ({ input }) => {
    calls.push(input);
    const next = outcomes.shift();
    if (!next) throw new Error('no scripted outcome left');
    if ('fail' in next) throw next.fail;
    return next.ok;
  });
  return { logic, calls };
}

const methods: AvailableMfaMethodsResponse = {
  available_mfa_methods: [
    { method: 'email', destination: 'd***@tameio.test' },
    { method: 'sms', destination: '+30 ******0001' },
  ],
};
const sent = (resendIn = 30): CodeSent => ({
  method: 'email',
  destination: 'd***@tameio.test',
  expires_in: 300,
  resend_in: resendIn,
});

const input: SessionInput = { idleTimeoutMs: 15 * 60_000, idleWarningMs: 30_000, networkRetryMs: 5_000 };

function startSession(refreshes: Array<Outcome<SessionResponse>>, options: { signOutFails?: boolean } = {}) {
  const clock = new SimulatedClock();
  const refresh = scripted(refreshes);
  const signOut = vi.fn(async () => {
    if (options.signOutFails) throw network;
  });
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        refreshSession: refresh.logic,
        signOut: fromPromise<void>(signOut),
        // The login journey is exercised on its own below; here it never finishes unless a test makes it.
        login: loginMachine,
      },
    }),
    { input, clock },
  );
  actor.start();
  return { actor, clock, refresh, signOut };
}

describe('session machine', () => {
  it('restores a session from the refresh cookie on load', async () => {
    const { actor } = startSession([{ ok: session('t1') }]);
    await waitFor(actor, selectAuthenticated);
    expect(actor.getSnapshot().context).toMatchObject({ accessToken: 't1', expiresIn: 600, user });
  });

  it('runs the login journey when no session can be restored', async () => {
    const { actor } = startSession([{ fail: http(401, 'session_expired') }]);
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(actor.getSnapshot().children.login).toBeDefined();
    expect(actor.getSnapshot().context.accessToken).toBeNull();
    // Not being signed in on arrival is no expiry: nothing to announce.
    expect(selectNotice(actor.getSnapshot())).toBeNull();
  });

  it('refreshes the access token 5 s before it expires, not earlier', async () => {
    const { actor, clock, refresh } = startSession([{ ok: session('t1', 600) }, { ok: session('t2', 600) }]);
    await waitFor(actor, selectAuthenticated);
    expect(refreshToleranceMs).toBe(5_000);
    clock.increment(600_000 - 5_000 - 1);
    expect(actor.getSnapshot().matches({ authenticated: { token: 'fresh' } })).toBe(true);
    expect(refresh.calls).toHaveLength(1);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ authenticated: { token: 'refreshing' } })).toBe(true);
    await waitFor(actor, (s) => s.context.accessToken === 't2');
    expect(actor.getSnapshot().matches({ authenticated: { token: 'fresh' } })).toBe(true);
    expect(refresh.calls).toHaveLength(2);
  });

  it('refreshes at once when forced', async () => {
    const { actor } = startSession([{ ok: session('t1') }, { ok: session('t2') }]);
    await waitFor(actor, selectAuthenticated);
    actor.send({ type: 'session.refresh' });
    await waitFor(actor, (s) => s.context.accessToken === 't2');
  });

  it('keeps the session through a network failure and retries after the retry delay', async () => {
    const { actor, clock, refresh, signOut } = startSession([
      { ok: session('t1') },
      { fail: network },
      { ok: session('t2') },
    ]);
    await waitFor(actor, selectAuthenticated);
    actor.send({ type: 'session.refresh' });
    await waitFor(actor, (s) => s.matches({ authenticated: { token: 'retryWaiting' } }));
    expect(actor.getSnapshot().context.accessToken).toBe('t1');
    expect(selectAuthenticated(actor.getSnapshot())).toBe(true);
    clock.increment(4_999);
    expect(refresh.calls).toHaveLength(2);
    clock.increment(1);
    await waitFor(actor, (s) => s.context.accessToken === 't2');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('ends the session when the server refuses the refresh, clears it and sets the one-time notice', async () => {
    const { actor, signOut } = startSession([{ ok: session('t1') }, { fail: http(401, 'session_expired') }]);
    await waitFor(actor, selectAuthenticated);
    actor.send({ type: 'session.refresh' });
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({
      accessToken: null,
      user: null,
      notice: 'sessionExpired',
    });
    actor.send({ type: 'notice.dismissed' });
    expect(selectNotice(actor.getSnapshot())).toBeNull();
  });

  it('treats any non-network refresh failure (e.g. 500) as the end of the session', async () => {
    const { actor } = startSession([{ ok: session('t1') }, { fail: http(500, 'internal_error') }]);
    await waitFor(actor, selectAuthenticated);
    actor.send({ type: 'session.refresh' });
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(selectNotice(actor.getSnapshot())).toBe('sessionExpired');
  });

  it('warns 30 s before the idle limit and lets the user stay, any number of times', async () => {
    // A long-lived token keeps refreshes out of the way of the idle timers.
    const { actor, clock } = startSession([{ ok: session('t1', 12 * 3600) }]);
    await waitFor(actor, selectAuthenticated);
    for (let round = 0; round < 3; round++) {
      clock.increment(15 * 60_000 - 30_000 - 1);
      expect(selectIdleWarning(actor.getSnapshot())).toBe(false);
      clock.increment(1);
      expect(selectIdleWarning(actor.getSnapshot())).toBe(true);
      clock.increment(29_000);
      actor.send({ type: 'idle.stay' });
      expect(selectIdleWarning(actor.getSnapshot())).toBe(false);
      expect(selectAuthenticated(actor.getSnapshot())).toBe(true);
    }
  });

  it('signs out with the notice when the idle warning runs out', async () => {
    const { actor, clock, signOut } = startSession([{ ok: session('t1', 12 * 3600) }]);
    await waitFor(actor, selectAuthenticated);
    clock.increment(15 * 60_000 - 30_000);
    clock.increment(30_000);
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(selectNotice(actor.getSnapshot())).toBe('sessionExpired');
  });

  it('signs out at once, without the notice, when the user signs out from the idle warning', async () => {
    const { actor, clock } = startSession([{ ok: session('t1', 12 * 3600) }]);
    await waitFor(actor, selectAuthenticated);
    clock.increment(15 * 60_000 - 30_000);
    actor.send({ type: 'idle.signOut' });
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(selectNotice(actor.getSnapshot())).toBeNull();
  });

  it('restarts the idle countdown on user activity', async () => {
    const { actor, clock } = startSession([{ ok: session('t1', 12 * 3600) }]);
    await waitFor(actor, selectAuthenticated);
    clock.increment(10 * 60_000);
    actor.send({ type: 'user.activity' });
    clock.increment(15 * 60_000 - 30_000 - 1);
    expect(selectIdleWarning(actor.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectIdleWarning(actor.getSnapshot())).toBe(true);
  });

  it('asks before signing out; cancel keeps the session, confirm signs out without a notice', async () => {
    const { actor, signOut } = startSession([{ ok: session('t1') }]);
    await waitFor(actor, selectAuthenticated);
    actor.send({ type: 'signOut.request' });
    expect(selectConfirmingSignOut(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'signOut.cancel' });
    expect(selectConfirmingSignOut(actor.getSnapshot())).toBe(false);
    expect(signOut).not.toHaveBeenCalled();
    actor.send({ type: 'signOut.request' });
    actor.send({ type: 'signOut.confirm' });
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ accessToken: null, user: null, notice: null });
  });

  it('clears the session even when sign-out cannot reach the server', async () => {
    const { actor } = startSession([{ ok: session('t1') }], { signOutFails: true });
    await waitFor(actor, selectAuthenticated);
    actor.send({ type: 'signOut.request' });
    actor.send({ type: 'signOut.confirm' });
    await waitFor(actor, (s) => s.matches('unauthenticated'));
    expect(actor.getSnapshot().context.accessToken).toBeNull();
  });

  it('stores the session the login journey returns', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          refreshSession: fromPromise<SessionResponse>(async () => {
            throw http(401, 'session_expired');
          }),
          signOut: fromPromise<void>(async () => {}),
          login: loginMachine.provide({
            actors: {
              initializeLogin: fromPromise<{ login_token: string }, InitializeLoginInput>(async () => ({
                login_token: 'ticket',
              })),
              availableMfaMethods: fromPromise<AvailableMfaMethodsResponse, LoginTicketInput>(
                async () => methods,
              ),
              oneTimeCode: oneTimeCodeMachine.provide({
                actors: {
                  sendCode: fromPromise<CodeSent, SendCodeInput>(async () => sent()),
                  verifyCode: fromPromise<CodeGrant, VerifyCodeInput>(async () => ({
                    session: session('from-login'),
                  })),
                },
              }),
            },
          }),
        },
      }),
      { input, clock },
    );
    actor.start();
    await waitFor(actor, (s) => s.children.login !== undefined);
    const login = actor.getSnapshot().children.login as ActorRefFrom<typeof loginMachine>;
    login.send({ type: 'credentials.submit', email: 'demo@tameio.test', password: 'pw', altcha: 'p' });
    const confirming = await waitFor(login, (s) => s.matches('confirming'));
    const code = selectLoginCodeActor(confirming)!;
    code.send({ type: 'method.selected', method: 'email' });
    await waitFor(code, (s) => s.matches('awaitingCode'));
    code.send({ type: 'otp.submit', code: '123456' });
    await waitFor(actor, selectAuthenticated);
    expect(actor.getSnapshot().context).toMatchObject({ accessToken: 'from-login', user });
  });
});

// ---------------------------------------------------------------------------------------------------------------

function startLogin(script: {
  initialize?: Array<Outcome<{ login_token: string }>>;
  methods?: Array<Outcome<AvailableMfaMethodsResponse>>;
  send?: Array<Outcome<CodeSent>>;
  verify?: Array<Outcome<CodeGrant>>;
}) {
  const clock = new SimulatedClock();
  const initialize = scripted<{ login_token: string }, InitializeLoginInput>(
    script.initialize ?? [{ ok: { login_token: 'ticket-1' } }],
  );
  const list = scripted<AvailableMfaMethodsResponse, LoginTicketInput>(script.methods ?? [{ ok: methods }]);
  const send = scripted<CodeSent, SendCodeInput>(script.send ?? [{ ok: sent() }]);
  const verify = scripted<CodeGrant, VerifyCodeInput>(script.verify ?? []);
  const actor = createActor(
    loginMachine.provide({
      actors: {
        initializeLogin: initialize.logic,
        availableMfaMethods: list.logic,
        oneTimeCode: oneTimeCodeMachine.provide({
          actors: { sendCode: send.logic, verifyCode: verify.logic },
        }),
      },
    }),
    { clock },
  );
  actor.start();
  return { actor, clock, initialize, list, send, verify };
}

type LoginJourney = ReturnType<typeof startLogin>['actor'];

/** The login's running code step (the oneTimeCode child). */
function codeOf(actor: LoginJourney) {
  const code = selectLoginCodeActor(actor.getSnapshot());
  if (!code) throw new Error('no code step running');
  return code;
}

async function toMethods(actor: LoginJourney) {
  actor.send({ type: 'credentials.submit', email: 'demo@tameio.test', password: 'pw', altcha: 'proof' });
  await waitFor(actor, (s) => s.matches('confirming'));
  return codeOf(actor);
}

async function toCode(actor: LoginJourney) {
  const code = await toMethods(actor);
  code.send({ type: 'method.selected', method: 'email' });
  await waitFor(code, (s) => s.matches('awaitingCode'));
  return code;
}

const stepOf = (snapshot: LoginSnapshot) => selectLoginStep(snapshot);
const granted = (token: string): Outcome<CodeGrant> => ({ ok: { session: session(token) } });

describe('login machine', () => {
  it('goes from password to method to code to a session, passing the ticket along', async () => {
    const { actor, list, send, verify } = startLogin({ verify: [granted('t1')] });
    expect(stepOf(actor.getSnapshot())).toBe('credentials');
    const code = await toCode(actor);
    expect(list.calls).toEqual([{ loginToken: 'ticket-1' }]);
    expect(send.calls).toEqual([{ purpose: 'login', loginToken: 'ticket-1', method: 'email' }]);
    expect(code.getSnapshot().context).toMatchObject({ destination: 'd***@tameio.test', resendIn: 30 });
    code.send({ type: 'otp.submit', code: '123456' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(verify.calls).toEqual([
      { purpose: 'login', loginToken: 'ticket-1', code: '123456', method: 'email' },
    ]);
    expect(actor.getSnapshot().output).toEqual(session('t1'));
  });

  it('shows a wrong password and asks for a fresh bot-check proof', async () => {
    const { actor } = startLogin({ initialize: [{ fail: http(401, 'invalid_credentials') }] });
    actor.send({ type: 'credentials.submit', email: 'demo@tameio.test', password: 'bad', altcha: 'proof' });
    await settle();
    expect(actor.getSnapshot().matches('enteringCredentials')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'invalid_credentials', botCheckRound: 1 });
  });

  it('maps an unknown server code to "unknown" and a thrown non-API error to "network"', async () => {
    const { actor } = startLogin({ initialize: [{ fail: http(418, 'teapot') }] });
    actor.send({ type: 'credentials.submit', email: 'demo@tameio.test', password: 'pw', altcha: 'proof' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('unknown');

    const clock = new SimulatedClock();
    const other = createActor(
      loginMachine.provide({
        actors: {
          initializeLogin: fromPromise<{ login_token: string }, InitializeLoginInput>(async () => {
            throw new TypeError('Failed to fetch');
          }),
        },
      }),
      { clock },
    ).start();
    other.send({ type: 'credentials.submit', email: 'demo@tameio.test', password: 'pw', altcha: 'proof' });
    await settle();
    expect(other.getSnapshot().context.error).toBe('network');
  });

  it('records attempts_left from a wrong code and clears it on the next try', async () => {
    const { actor } = startLogin({
      verify: [{ fail: http(400, 'otp_invalid', { details: { attempts_left: 3 } }) }, granted('t1')],
    });
    const code = await toCode(actor);
    code.send({ type: 'otp.submit', code: '000000' });
    await waitFor(code, (s) => s.context.error !== null);
    expect(code.getSnapshot().context).toMatchObject({ error: 'otp_invalid', attemptsLeft: 3 });
    expect(code.getSnapshot().matches({ awaitingCode: { code: 'entering' } })).toBe(true);
    code.send({ type: 'otp.submit', code: '123456' });
    expect(code.getSnapshot().context).toMatchObject({ error: null, attemptsLeft: null });
    await waitFor(actor, (s) => s.status === 'done');
  });

  it.each(['otp_exhausted', 'otp_expired'])(
    'kills the code on %s until a new one is sent',
    async (failure) => {
      const { actor, clock } = startLogin({
        verify: [{ fail: http(400, failure) }],
        send: [{ ok: sent(30) }, { ok: sent(30) }],
      });
      const code = await toCode(actor);
      code.send({ type: 'otp.submit', code: '000000' });
      await waitFor(code, selectCodeIsDead);
      expect(code.getSnapshot().context.error).toBe(failure);
      // A dead code takes no more tries.
      code.send({ type: 'otp.submit', code: '123456' });
      expect(selectCodeIsDead(code.getSnapshot())).toBe(true);
      clock.increment(30_000);
      code.send({ type: 'otp.resend' });
      await waitFor(code, (s) => s.matches({ awaitingCode: { code: 'entering' } }));
      expect(code.getSnapshot().context.error).toBeNull();
    },
  );

  it('allows a resend only after the cooldown the server gave', async () => {
    const { actor, clock, send } = startLogin({ send: [{ ok: sent(30) }, { ok: sent(60) }] });
    const code = await toCode(actor);
    code.send({ type: 'otp.resend' });
    expect(send.calls).toHaveLength(1);
    clock.increment(29_999);
    expect(selectCodeCanResend(code.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectCodeCanResend(code.getSnapshot())).toBe(true);
    code.send({ type: 'otp.resend' });
    await waitFor(code, (s) => s.matches({ awaitingCode: { resend: 'coolingDown' } }));
    expect(send.calls).toHaveLength(2);
    expect(code.getSnapshot().context.resendIn).toBe(60);
    clock.increment(59_999);
    expect(selectCodeCanResend(code.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectCodeCanResend(code.getSnapshot())).toBe(true);
  });

  it('waits as long as Retry-After says when the server refuses a resend (otp_cooldown)', async () => {
    const { actor, clock } = startLogin({
      send: [{ ok: sent(30) }, { fail: http(429, 'otp_cooldown', { retryAfterSeconds: 12 }) }],
    });
    const code = await toCode(actor);
    clock.increment(30_000);
    code.send({ type: 'otp.resend' });
    await waitFor(code, (s) => s.context.error === 'otp_cooldown');
    expect(code.getSnapshot().context.resendIn).toBe(12);
    clock.increment(11_999);
    expect(selectCodeCanResend(code.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectCodeCanResend(code.getSnapshot())).toBe(true);
  });

  it('starts again from the password when the login ticket expired, forgetting the ticket', async () => {
    const { actor } = startLogin({ verify: [{ fail: http(401, 'login_expired') }] });
    const code = await toCode(actor);
    code.send({ type: 'otp.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches('enteringCredentials'));
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'login_expired',
      loginToken: null,
      methods: [],
      botCheckRound: 1,
    });
  });

  it('starts again from the password when the ticket expired before the code was sent', async () => {
    const { actor } = startLogin({ send: [{ fail: http(401, 'login_expired') }] });
    const code = await toMethods(actor);
    code.send({ type: 'method.selected', method: 'sms' });
    await waitFor(actor, (s) => s.matches('enteringCredentials'));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'login_expired', loginToken: null });
  });

  it('stays on the method step when sending a code fails for another reason', async () => {
    const { actor } = startLogin({ send: [{ fail: network }] });
    const code = await toMethods(actor);
    code.send({ type: 'method.selected', method: 'sms' });
    await waitFor(code, (s) => s.context.error !== null);
    expect(code.getSnapshot().matches('choosingMethod')).toBe(true);
    expect(code.getSnapshot().context).toMatchObject({ error: 'network', method: 'sms' });
    expect(actor.getSnapshot().context).toMatchObject({ loginToken: 'ticket-1', error: null });
  });

  it('neither changes method nor resends while a code is being verified (it may still sign the user in)', async () => {
    const { actor, clock, send } = startLogin({ verify: [granted('t1')] });
    const code = await toCode(actor);
    clock.increment(30_000);
    expect(selectCodeCanResend(code.getSnapshot())).toBe(true);
    // The scripted verification answers on the microtask queue, so these events arrive while it is in flight.
    code.send({ type: 'otp.submit', code: '123456' });
    expect(code.getSnapshot().matches({ awaitingCode: { code: 'verifying' } })).toBe(true);
    code.send({ type: 'method.change' });
    code.send({ type: 'otp.resend' });
    code.send({ type: 'code.cancel' });
    expect(code.getSnapshot().matches({ awaitingCode: { code: 'verifying' } })).toBe(true);
    expect(send.calls).toHaveLength(1);
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('sends nothing for an authenticator app: the code goes straight to the check', async () => {
    const { actor, send, verify } = startLogin({
      methods: [{ ok: { available_mfa_methods: [{ method: 'totp', destination: '' }] } }],
      send: [{ ok: { method: 'totp', destination: '', expires_in: 0, resend_in: 0 } }],
      verify: [granted('t1')],
    });
    const code = await toMethods(actor);
    code.send({ type: 'method.selected', method: 'totp' });
    await waitFor(code, (s) => selectOneTimeCodeStep(s) === 'code');
    code.send({ type: 'otp.submit', code: '135790' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(send.calls).toEqual([{ purpose: 'login', loginToken: 'ticket-1', method: 'totp' }]);
    expect(verify.calls).toEqual([
      { purpose: 'login', loginToken: 'ticket-1', code: '135790', method: 'totp' },
    ]);
  });

  it('lets the user pick another method or restart, clearing errors', async () => {
    const { actor } = startLogin({ send: [{ ok: sent() }] });
    const code = await toCode(actor);
    code.send({ type: 'method.change' });
    expect(selectOneTimeCodeStep(code.getSnapshot())).toBe('method');
    code.send({ type: 'code.cancel' });
    expect(stepOf(actor.getSnapshot())).toBe('credentials');
    expect(actor.getSnapshot().context).toMatchObject({ loginToken: null, error: null, botCheckRound: 1 });
  });
});
