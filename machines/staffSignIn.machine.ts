import { assign, fromPromise, setup } from 'xstate';
import { knownErrors, toApiFailure } from './apiFailure';

/** What the password step answers (schemas/staff.schema.ts StaffLoginStep). */
export type StaffLoginStep = {
  ticket: string;
  methods: ('passkey' | 'totp')[];
  passkey_options: { challenge: string } | null;
};

/** A started staff session (schemas/staff.schema.ts StaffSession). */
export type StaffSessionStart = {
  access_token: string;
  expires_in: number;
  staff: { id: string; email: string; name: string; role: 'reviewer' | 'operations' | 'admin' };
};

export const toStaffSignInError = knownErrors([
  'invalid_credentials',
  'otp_invalid',
  'passkey_refused',
  'login_expired',
  'rate_limited',
  'validation_failed',
  'network',
]);
export type StaffSignInError = ReturnType<typeof toStaffSignInError>;

export type StaffSignInContext = {
  email: string;
  ticket: string | null;
  methods: ('passkey' | 'totp')[];
  passkeyOptions: StaffLoginStep['passkey_options'];
  error: StaffSignInError | null;
  /** Tries left on this ticket after a refused code or passkey, when the server said. */
  attemptsLeft: number | null;
  session: StaffSessionStart | null;
};

export type StaffSignInEvent =
  | { type: 'credentials.submit'; email: string; password: string }
  | { type: 'passkey.use' }
  | { type: 'code.choose' }
  | { type: 'code.submit'; code: string }
  | { type: 'signIn.restart' };

function notProvided(name: string): never {
  throw new Error(`The back office must provide the "${name}" actor`);
}

function attemptsLeftOf(error: unknown): number | null {
  const failure = toApiFailure(error);
  if (failure.kind !== 'http') return null;
  const left = failure.details?.attempts_left;
  return typeof left === 'number' ? left : null;
}

/**
 * A bank staff member signs in to the back office (docs/decisions/023-staff-realm.md): email and password, then a
 * second factor that is never optional, a passkey when one is registered (the browser's WebAuthn prompt) or the code
 * of the authenticator app. A refused second factor stays on its step with the tries left; a ticket that expired or
 * ran out of tries starts again from the password. Effects are API calls the back office provides.
 */
export const staffSignInMachine = setup({
  types: {
    context: {} as StaffSignInContext,
    events: {} as StaffSignInEvent,
    output: {} as StaffSessionStart,
  },
  actors: {
    checkPassword: fromPromise<StaffLoginStep, { email: string; password: string }>(async () =>
      notProvided('checkPassword'),
    ),
    signInWithPasskey: fromPromise<StaffSessionStart, { ticket: string; options: { challenge: string } }>(
      async () => notProvided('signInWithPasskey'),
    ),
    signInWithCode: fromPromise<StaffSessionStart, { ticket: string; code: string }>(async () =>
      notProvided('signInWithCode'),
    ),
  },
  actions: {
    recordError: assign((_, params: { error: unknown }) => ({
      error: toStaffSignInError(params.error),
      attemptsLeft: attemptsLeftOf(params.error),
    })),
    clearError: assign({ error: null, attemptsLeft: null }),
    forgetTicket: assign({ ticket: null, methods: [], passkeyOptions: null }),
  },
  guards: {
    hasPasskey: ({ context }) => context.methods.includes('passkey') && context.passkeyOptions !== null,
    ticketGone: (_, params: { error: unknown }) => {
      const code = toStaffSignInError(params.error);
      return code === 'login_expired' || attemptsLeftOf(params.error) === 0;
    },
  },
}).createMachine({
  id: 'staffSignIn',
  description:
    'A bank staff member signs in to the back office: email and password, then a passkey or the authenticator ' +
    'app’s code. The second factor is never skipped.',
  context: {
    email: '',
    ticket: null,
    methods: [],
    passkeyOptions: null,
    error: null,
    attemptsLeft: null,
    session: null,
  },
  initial: 'enteringCredentials',
  states: {
    enteringCredentials: {
      description: 'The sign-in form: email and password.',
      on: {
        'credentials.submit': {
          target: 'checkingPassword',
          actions: [assign({ email: ({ event }) => event.email.trim() }), 'clearError', 'forgetTicket'],
          description: 'The staff member sends the email and password.',
        },
      },
    },
    checkingPassword: {
      description:
        'The server checks the password; the same answer for an unknown email and a wrong password.',
      invoke: {
        id: 'checkPassword',
        src: 'checkPassword',
        // The email as kept in the context (trimmed): the one the form shows again after a refusal.
        input: ({ context, event }) => ({
          email: context.email,
          password: event.type === 'credentials.submit' ? event.password : '',
        }),
        onDone: [
          {
            guard: ({ event }) =>
              event.output.methods.includes('passkey') && event.output.passkey_options !== null,
            target: 'choosingPasskey',
            actions: assign({
              ticket: ({ event }) => event.output.ticket,
              methods: ({ event }) => event.output.methods,
              passkeyOptions: ({ event }) => event.output.passkey_options,
            }),
            description: 'Right password and a passkey registered: the passkey is offered first.',
          },
          {
            target: 'enteringCode',
            actions: assign({
              ticket: ({ event }) => event.output.ticket,
              methods: ({ event }) => event.output.methods,
              passkeyOptions: null,
            }),
            description: 'Right password and no passkey yet: the authenticator app’s code is asked.',
          },
        ],
        onError: {
          target: 'enteringCredentials',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          description: 'Wrong email or password, too many tries, or no connection: said beside the form.',
        },
      },
    },
    choosingPasskey: {
      description:
        'The passkey is offered: the browser will ask for the device’s lock (fingerprint, face or PIN).',
      on: {
        'passkey.use': {
          target: 'usingPasskey',
          actions: 'clearError',
          description: 'Sign in with the passkey.',
        },
        'code.choose': {
          target: 'enteringCode',
          actions: 'clearError',
          description: 'Use the authenticator app instead (the fallback).',
        },
        'signIn.restart': {
          target: 'enteringCredentials',
          actions: ['clearError', 'forgetTicket'],
          description: 'Sign in with another account: the ticket is dropped and the form shows again.',
        },
      },
    },
    usingPasskey: {
      description: 'The browser signs the server’s challenge with the passkey; the server verifies it.',
      invoke: {
        id: 'signInWithPasskey',
        src: 'signInWithPasskey',
        input: ({ context }) => ({
          ticket: context.ticket ?? '',
          options: context.passkeyOptions ?? { challenge: '' },
        }),
        onDone: {
          target: 'signedIn',
          actions: assign({ session: ({ event }) => event.output }),
          description: 'The passkey was accepted: the session starts.',
        },
        onError: [
          {
            guard: { type: 'ticketGone', params: ({ event }) => ({ error: event.error }) },
            target: 'enteringCredentials',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              'forgetTicket',
            ],
            description: 'The sign-in expired or ran out of tries: start again from the password.',
          },
          {
            target: 'choosingPasskey',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            description: 'The passkey was refused or the prompt was cancelled: try again or use the app.',
          },
        ],
      },
    },
    enteringCode: {
      description: 'The 6-digit code of the authenticator app.',
      on: {
        'code.submit': { target: 'checkingCode', actions: 'clearError', description: 'The code is sent.' },
        'passkey.use': {
          guard: 'hasPasskey',
          target: 'usingPasskey',
          actions: 'clearError',
          description: 'Back to the passkey, when one is registered.',
        },
        'signIn.restart': {
          target: 'enteringCredentials',
          actions: ['clearError', 'forgetTicket'],
          description: 'Sign in with another account: the ticket is dropped and the form shows again.',
        },
      },
    },
    checkingCode: {
      description: 'The server checks the code; each code works once.',
      invoke: {
        id: 'signInWithCode',
        src: 'signInWithCode',
        input: ({ context, event }) => ({
          ticket: context.ticket ?? '',
          code: event.type === 'code.submit' ? event.code : '',
        }),
        onDone: {
          target: 'signedIn',
          actions: assign({ session: ({ event }) => event.output }),
          description: 'The code was right: the session starts.',
        },
        onError: [
          {
            guard: { type: 'ticketGone', params: ({ event }) => ({ error: event.error }) },
            target: 'enteringCredentials',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              'forgetTicket',
            ],
            description: 'The sign-in expired or ran out of tries: start again from the password.',
          },
          {
            target: 'enteringCode',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            description: 'A wrong code: said beside the field, with the tries left.',
          },
        ],
      },
    },
    signedIn: {
      type: 'final',
      description: 'Signed in: the back office opens.',
    },
  },
  output: ({ context }) => {
    if (!context.session) throw new Error('staffSignIn ended without a session');
    return context.session;
  },
});
