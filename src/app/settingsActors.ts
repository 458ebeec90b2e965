import { fromPromise } from 'xstate';
import { addAuthenticatorMachine, type TotpConfirmInput } from '../../machines/addAuthenticator.machine';
import { changePasswordMachine, type ChangePasswordInput } from '../../machines/changePassword.machine';
import { removeMfaMethodMachine, type RemoveMfaMethodInput } from '../../machines/removeMfaMethod.machine';
import type { Language, LoginMfaMethod, MfaMethod } from '../../schemas/auth.schema';
import type {
  ActiveSession,
  SecuritySettings,
  SettingsResponse,
  TotpEnrollment,
} from '../../schemas/settings.schema';
import type { StepUpMethod } from '../../schemas/stepUp.schema';
import { expectOk, unwrap, type ApiClient } from '../api/client';
import { createOneTimeCodeLogic } from './requestMoneyActors';

/** Where a one-time code can go, for the journeys that need a fresh one. */
function loadStepUpMethods(client: ApiClient) {
  return fromPromise<StepUpMethod[], void>(async ({ signal }) => {
    const methods = await unwrap(client.GET('/api/merchants/step-up/methods/', { signal }));
    return methods.available_methods;
  });
}

/** Changing the password (machines/changePassword.machine.ts). */
export function changePasswordActors(client: ApiClient) {
  return {
    loadStepUpMethods: loadStepUpMethods(client),
    oneTimeCode: createOneTimeCodeLogic(client),
    changePassword: fromPromise<void, ChangePasswordInput>(({ input, signal }) =>
      expectOk(
        client.POST('/api/merchants/accounts/password/change/', {
          params: { header: { 'x-step-up-token': input.stepUpToken } },
          body: input.body,
          signal,
        }),
      ),
    ),
  };
}

export function createChangePasswordLogic(client: ApiClient) {
  return changePasswordMachine.provide({ actors: changePasswordActors(client) });
}

/** Adding an authenticator app (machines/addAuthenticator.machine.ts). */
export function addAuthenticatorActors(client: ApiClient) {
  return {
    loadStepUpMethods: loadStepUpMethods(client),
    oneTimeCode: createOneTimeCodeLogic(client),
    totpEnrollStart: fromPromise<TotpEnrollment, void>(({ signal }) =>
      unwrap(client.POST('/api/merchants/settings/mfa/totp/', { signal })),
    ),
    totpEnrollConfirm: fromPromise<SecuritySettings, TotpConfirmInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/settings/mfa/totp/confirm/', {
          params: { header: { 'x-step-up-token': input.stepUpToken } },
          body: { code: input.code },
          signal,
        }),
      ),
    ),
  };
}

export function createAddAuthenticatorLogic(client: ApiClient) {
  return addAuthenticatorMachine.provide({ actors: addAuthenticatorActors(client) });
}

/** Removing a second-factor method (machines/removeMfaMethod.machine.ts). */
export function removeMfaMethodActors(client: ApiClient) {
  return {
    loadStepUpMethods: loadStepUpMethods(client),
    oneTimeCode: createOneTimeCodeLogic(client),
    removeMfaMethod: fromPromise<SecuritySettings, RemoveMfaMethodInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/settings/mfa/remove/', {
          params: { header: { 'x-step-up-token': input.stepUpToken } },
          body: { method: input.method },
          signal,
        }),
      ),
    ),
  };
}

export function createRemoveMfaMethodLogic(client: ApiClient) {
  return removeMfaMethodMachine.provide({ actors: removeMfaMethodActors(client) });
}

/** The settings pages' single calls (no journey): each resolves with the new state or rejects with an ApiFailure. */
export function settingsService(client: ApiClient) {
  return {
    load: (signal: AbortSignal): Promise<SettingsResponse> =>
      unwrap(client.GET('/api/merchants/settings/', { signal })),
    saveLanguage: async (language: Language): Promise<Language> =>
      (await unwrap(client.PUT('/api/merchants/settings/language/', { body: { language } }))).language,
    setDefault: (method: LoginMfaMethod): Promise<SecuritySettings> =>
      unwrap(client.PUT('/api/merchants/settings/mfa/default/', { body: { method } })),
    enable: (method: MfaMethod): Promise<SecuritySettings> =>
      unwrap(client.POST('/api/merchants/settings/mfa/enable/', { body: { method } })),
    sessions: async (signal: AbortSignal): Promise<ActiveSession[]> =>
      (await unwrap(client.GET('/api/merchants/settings/sessions/', { signal }))).sessions,
    revokeSession: (sessionId: string): Promise<void> =>
      expectOk(client.POST('/api/merchants/settings/sessions/revoke/', { body: { session_id: sessionId } })),
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
