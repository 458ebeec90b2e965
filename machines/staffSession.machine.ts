import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { toApiFailure } from './apiFailure';
import { staffSignInMachine, type StaffSessionStart } from './staffSignIn.machine';

export type StaffSessionContext = {
  accessToken: string | null;
  staff: StaffSessionStart['staff'] | null;
  expiresInSeconds: number;
};

export type StaffSessionEvent = { type: 'session.signOut' } | { type: 'session.refresh' };

function notProvided(name: string): never {
  throw new Error(`The back office must provide the "${name}" actor`);
}

/**
 * The back office's session (docs/decisions/023-staff-realm.md), the staff realm's own: on load it is restored from
 * the staff refresh cookie; signed out, it runs the staffSignIn journey; signed in, it keeps the access token in memory
 * only and refreshes it before it expires (and when a request was refused with 401); signing out ends the session on
 * the server. It shares nothing with the merchants' session machine.
 */
export const staffSessionMachine = setup({
  types: {
    context: {} as StaffSessionContext,
    events: {} as StaffSessionEvent,
    children: {} as { signIn: 'staffSignIn' },
  },
  actors: {
    restoreSession: fromPromise<StaffSessionStart>(async () => notProvided('restoreSession')),
    endSession: fromPromise<void>(async () => notProvided('endSession')),
    staffSignIn: staffSignInMachine,
  },
  actions: {
    start: assign((_, params: { session: StaffSessionStart }) => ({
      accessToken: params.session.access_token,
      staff: params.session.staff,
      expiresInSeconds: params.session.expires_in,
    })),
    forget: assign({ accessToken: null, staff: null }),
  },
  guards: {
    isNetworkFailure: (_, params: { error: unknown }) => toApiFailure(params.error).kind === 'network',
  },
  delays: {
    /** No answer to a refresh: tried again after this long, the session kept meanwhile. */
    networkRetry: 5_000,
    /** A minute before the token expires, or at 80 % of its life when that is shorter. */
    beforeExpiry: ({ context }) =>
      Math.max(5_000, Math.min(context.expiresInSeconds * 800, (context.expiresInSeconds - 60) * 1000)),
  },
}).createMachine({
  id: 'staffSession',
  description:
    'The back office’s session: restored from its cookie, signed in with two factors, refreshed, ended.',
  context: { accessToken: null, staff: null, expiresInSeconds: 0 },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'On load: the staff refresh cookie, if any, gives a new access token.',
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: {
          target: 'signedIn',
          actions: { type: 'start', params: ({ event }) => ({ session: event.output }) },
          description: 'A session was open: the back office opens where it was.',
        },
        onError: { target: 'signedOut', description: 'No session (or it ended): the sign-in form.' },
      },
    },
    signedOut: {
      description: 'Nobody is signed in: the staff sign-in journey runs.',
      entry: 'forget',
      invoke: {
        id: 'signIn',
        src: 'staffSignIn',
        onDone: {
          target: 'signedIn',
          actions: { type: 'start', params: ({ event }) => ({ session: event.output }) },
          description: 'Both factors passed: signed in.',
        },
      },
    },
    signedIn: {
      description: 'Signed in: the access token is in memory only and is refreshed before it expires.',
      after: { beforeExpiry: { target: 'refreshing', description: 'The token is about to expire.' } },
      on: {
        'session.refresh': { target: 'refreshing', description: 'A request was refused with 401.' },
        'session.signOut': { target: 'signingOut', description: 'The staff member signs out.' },
      },
    },
    refreshing: {
      description: 'A new access token from the staff refresh cookie.',
      invoke: {
        id: 'refreshSession',
        src: 'restoreSession',
        onDone: {
          target: 'signedIn',
          actions: { type: 'start', params: ({ event }) => ({ session: event.output }) },
          description: 'A new token: the back office goes on where it was.',
        },
        onError: [
          {
            guard: { type: 'isNetworkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'retryWaiting',
            description: 'The server could not be reached: the session is kept, not ended by a network blip.',
          },
          {
            target: 'signedOut',
            description:
              'The session ended (idle, its 10 hours, disabled, signed out elsewhere): sign in again.',
          },
        ],
      },
    },
    retryWaiting: {
      description: 'The refresh got no answer: the session is kept and the refresh tried again in 5 s.',
      after: { networkRetry: { target: 'refreshing', description: 'The wait is over: try again.' } },
      on: {
        'session.refresh': { target: 'refreshing', description: 'A call needs a token now: try at once.' },
        'session.signOut': { target: 'signingOut', description: 'The staff member signs out.' },
      },
    },
    signingOut: {
      description: 'The server ends the session; the back office forgets the token whatever it answers.',
      invoke: {
        id: 'endSession',
        src: 'endSession',
        onDone: { target: 'signedOut', description: 'Signed out: the sign-in form.' },
        onError: {
          target: 'signedOut',
          description: 'No answer: the token is forgotten all the same; the session ends at its idle limit.',
        },
      },
    },
  },
});

export type StaffSessionSnapshot = SnapshotFrom<typeof staffSessionMachine>;
export const selectStaffToken = (snapshot: StaffSessionSnapshot) => snapshot.context.accessToken;
