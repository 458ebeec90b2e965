import { fromPromise } from 'xstate';
import {
  passwordLinkMachine,
  type RequestLinkInput,
  type SetPasswordInput,
} from '../../machines/passwordLink.machine';
import type { PasswordLinkRequestResponse } from '../../schemas/passwordJourneys.schema';
import { expectOk, unwrap, type ApiClient } from '../api/client';

/** The password journeys' effects (SPEC §7 password reset, reset confirm, set_password), rejecting with ApiFailure. */
export function passwordLinkActors(client: ApiClient) {
  return {
    requestLink: fromPromise<PasswordLinkRequestResponse, RequestLinkInput>(({ input, signal }) => {
      const body = { email: input.email, altcha: input.altcha };
      return unwrap(
        input.purpose === 'reset'
          ? client.POST('/api/merchants/accounts/password/reset/', { body, signal })
          : client.POST('/api/merchants/accounts/set_password/request/', { body, signal }),
      );
    }),
    setPassword: fromPromise<void, SetPasswordInput>(({ input, signal }) => {
      const body = {
        uid: input.uid,
        token: input.token,
        password: input.password,
        password_confirmation: input.confirmation,
      };
      return expectOk(
        input.purpose === 'reset'
          ? client.POST('/api/merchants/accounts/password/reset/confirm/', { body, signal })
          : client.POST('/api/merchants/accounts/set_password/', { body, signal }),
      );
    }),
  };
}

export function createPasswordLinkLogic(client: ApiClient) {
  return passwordLinkMachine.provide({ actors: passwordLinkActors(client) });
}
