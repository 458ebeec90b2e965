import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import { staffSignInMachine, type StaffSessionStart } from '../../machines/staffSignIn.machine';
import { unwrap, type ApiClient } from '../api/client';

/*
 * The back office's effects on its staff API client (src/app/backOffice.tsx makes the client). The browser's WebAuthn
 * prompts go through @simplewebauthn/browser; a cancelled prompt reaches the journeys as a refused passkey, since
 * nothing reached the server.
 */

const cancelled = {
  kind: 'http',
  status: 400,
  code: 'passkey_refused',
  message: 'The passkey prompt was cancelled.',
};

/** The staff sign-in journey's effects, on a staff API client. */
export function staffSignInLogic(api: ApiClient) {
  return staffSignInMachine.provide({
    actors: {
      checkPassword: fromPromise(async ({ input }) => {
        const step = await unwrap(api.POST('/api/back-office/auth/login/', { body: input }));
        return step;
      }),
      signInWithPasskey: fromPromise(async ({ input }) => {
        let response;
        try {
          response = await startAuthentication({ optionsJSON: input.options });
        } catch {
          // The prompt was cancelled or timed out, or the device has no such passkey: nothing reached the server.
          throw cancelled;
        }
        const started = await unwrap(
          api.POST('/api/back-office/auth/login/passkey/', {
            body: { ticket: input.ticket, response: response as never },
          }),
        );
        return started;
      }),
      signInWithCode: fromPromise<StaffSessionStart, { ticket: string; code: string }>(async ({ input }) =>
        unwrap(api.POST('/api/back-office/auth/login/totp/', { body: input })),
      ),
    },
  });
}

/** A passkey for the signed-in staff member: the server's options, the browser's prompt, the server's check. */
export async function registerPasskey(api: ApiClient, name: string): Promise<void> {
  const options = await unwrap(api.POST('/api/back-office/me/passkeys/options/'));
  let response;
  try {
    response = await startRegistration({ optionsJSON: options as never });
  } catch {
    throw cancelled;
  }
  await unwrap(api.POST('/api/back-office/me/passkeys/', { body: { name, response: response as never } }));
}
