import { fromPromise } from 'xstate';
import {
  registrationMachine,
  type PrevalidateInput,
  type RegisterInput,
  type RegistrationIdInput,
  type SaveDetailsInput,
  type StartRegistrationInput,
} from '../../machines/registration.machine';
import {
  oneTimeCodeMachine,
  requestFor,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import type { PrevalidateResponse, RegistrationState } from '../../schemas/registration.schema';
import { unwrap, type ApiClient } from '../api/client';
import { readStoredLocale } from '../i18n/locale';

/** The codes that prove a registration's email and mobile number, as the oneTimeCode child's effects. */
export function registrationCodeActors(client: ApiClient) {
  return {
    sendCode: fromPromise<CodeSent, SendCodeInput>(async ({ input, signal }) => {
      const { registrationId, channel } = requestFor(input, 'registration');
      const params = { path: { id: registrationId } };
      const sent = await unwrap(
        channel === 'email'
          ? client.POST('/api/merchants/registrations/{id}/send_email_verification/', { params, signal })
          : client.POST('/api/merchants/registrations/{id}/send_sms_verification/', { params, signal }),
      );
      return { ...sent, method: input.method };
    }),
    verifyCode: fromPromise<CodeGrant, VerifyCodeInput>(async ({ input, signal }) => {
      const { registrationId, channel } = requestFor(input, 'registration');
      const options = { params: { path: { id: registrationId } }, body: { code: input.code }, signal };
      const registration = await unwrap(
        channel === 'email'
          ? client.POST('/api/merchants/registrations/{id}/verify_email/', options)
          : client.POST('/api/merchants/registrations/{id}/verify_phone/', options),
      );
      return { registration };
    }),
  };
}

/** The registration journey's effects: SPEC §7's prevalidation, verification and register calls. */
export function registrationActors(client: ApiClient) {
  return {
    prevalidate: fromPromise<PrevalidateResponse, PrevalidateInput>(({ input, signal }) =>
      unwrap(client.POST('/api/merchants/accounts/prevalidate/', { body: input, signal })),
    ),
    startRegistration: fromPromise<RegistrationState, StartRegistrationInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/registrations/', {
          body: { email: input.email, phone: input.phone, locale: readStoredLocale() },
          signal,
        }),
      ),
    ),
    getRegistration: fromPromise<RegistrationState, RegistrationIdInput>(({ input, signal }) =>
      unwrap(
        client.GET('/api/merchants/registrations/{id}/', { params: { path: { id: input.id } }, signal }),
      ),
    ),
    oneTimeCode: oneTimeCodeMachine.provide({ actors: registrationCodeActors(client) }),
    saveDetails: fromPromise<RegistrationState, SaveDetailsInput>(({ input, signal }) =>
      unwrap(
        client.PUT('/api/merchants/registrations/{id}/details/', {
          params: { path: { id: input.id } },
          body: input.details,
          signal,
        }),
      ),
    ),
    register: fromPromise<SessionResponse, RegisterInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/accounts/register/', {
          body: {
            registration_id: input.id,
            password: input.password,
            password_confirmation: input.passwordConfirmation,
            accept_terms: true,
            accept_privacy: true,
            altcha: input.altcha,
          },
          signal,
        }),
      ),
    ),
  };
}

/** The registration statechart with the real effects. */
export function createRegistrationLogic(client: ApiClient) {
  return registrationMachine.provide({ actors: registrationActors(client) });
}
