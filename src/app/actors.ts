import { fromPromise } from 'xstate';
import { loginMachine, type InitializeLoginInput, type LoginTicketInput } from '../../machines/login.machine';
import {
  oneTimeCodeMachine,
  requestFor,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import { restoredOf, sessionMachine } from '../../machines/session.machine';
import type { AvailableMfaMethodsResponse, SessionResponse } from '../../schemas/auth.schema';
import { expectOk, unwrap, type ApiClient } from '../api/client';
import { readStoredLocale, storeLocale } from '../i18n/locale';

/**
 * The second factor of sign-in as the oneTimeCode child's effects: SPEC §7's send_login_otp and otp_login with the
 * login ticket. An authenticator app's code is not sent: there is nothing to ask the server until it is checked.
 */
export function loginCodeActors(client: ApiClient) {
  return {
    sendCode: fromPromise<CodeSent, SendCodeInput>(async ({ input, signal }) => {
      const { loginToken } = requestFor(input, 'login');
      if (input.method === 'totp') return { method: 'totp', destination: '', expires_in: 0, resend_in: 0 };
      return unwrap(
        client.POST('/api/merchants/accounts/send_login_otp/', {
          body: { login_token: loginToken, method: input.method },
          signal,
        }),
      );
    }),
    verifyCode: fromPromise<CodeGrant, VerifyCodeInput>(async ({ input, signal }) => {
      const { loginToken } = requestFor(input, 'login');
      const session = await unwrap(
        client.POST('/api/merchants/accounts/otp_login/', {
          body: { login_token: loginToken, code: input.code, method: input.method },
          signal,
        }),
      );
      return { session };
    }),
  };
}

/** The login journey's effects: SPEC §7's login calls, each rejecting with an ApiFailure. */
export function loginActors(client: ApiClient) {
  return {
    initializeLogin: fromPromise<{ login_token: string }, InitializeLoginInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/accounts/initialize_login/', {
          body: { email: input.email, password: input.password, altcha: input.altcha },
          signal,
        }),
      ),
    ),
    availableMfaMethods: fromPromise<AvailableMfaMethodsResponse, LoginTicketInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/accounts/available_mfa_methods/', {
          body: { login_token: input.loginToken },
          signal,
        }),
      ),
    ),
    oneTimeCode: oneTimeCodeMachine.provide({ actors: loginCodeActors(client) }),
  };
}

/** Expires every cookie page scripts can see; the HttpOnly refresh cookie is the server's to clear (it does on logout). */
function clearScriptCookies(): void {
  const paths = ['/', window.location.pathname];
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (!name) continue;
    for (const path of paths) {
      document.cookie = `${name}=; Max-Age=0; path=${path}; SameSite=Strict`;
    }
  }
}

/**
 * SPEC §4 and §8: sign-out clears keys, cookies and all storage, and a failure to reach the server is logged while
 * the browser is cleared anyway. The language is the one preference that survives.
 */
export function clearBrowserState(): void {
  const locale = readStoredLocale();
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch (error) {
    console.error('Could not clear storage on sign-out', error);
  }
  clearScriptCookies();
  storeLocale(locale);
}

export function sessionActors(client: ApiClient) {
  return {
    // A reload's restore answers with the tab's token while it is good (machines/session.machine.ts `restored`).
    refreshSession: fromPromise<SessionResponse>(({ signal, input }) => {
      const restored = restoredOf(input);
      return restored
        ? Promise.resolve(restored)
        : unwrap(client.POST('/api/merchants/accounts/token/refresh/', { signal }));
    }),
    signOut: fromPromise<void>(async () => {
      try {
        // SPEC §7 sends {refresh_token}; ours lives in an HttpOnly cookie that the server reads itself.
        await expectOk(client.POST('/api/merchants/accounts/logout/', { body: {} }));
      } catch (error) {
        console.error('Sign-out could not reach the server; clearing the browser anyway', error);
      } finally {
        clearBrowserState();
      }
    }),
    login: loginMachine.provide({ actors: loginActors(client) }),
  };
}

/** The session statechart with the real effects, ready for createActor. */
export function createSessionLogic(client: ApiClient) {
  return sessionMachine.provide({ actors: sessionActors(client) });
}
