import { fromPromise } from 'xstate';
import {
  registrationMachine,
  type PrevalidateInput,
  type RegisterInput,
  type RegistrationIdInput,
  type SaveDetailsInput,
  type SendCodeInput,
  type StartRegistrationInput,
  type VerifyCodeInput,
} from '../../machines/registration.machine';
import type { SessionResponse } from '../../schemas/auth.schema';
import type {
  PrevalidateResponse,
  RegistrationState,
  SendVerificationResponse,
} from '../../schemas/registration.schema';
import { unwrap, type ApiClient } from '../api/client';
import { readStoredLocale } from '../i18n/locale';

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
    sendVerification: fromPromise<SendVerificationResponse, SendCodeInput>(({ input, signal }) => {
      const params = { path: { id: input.id } };
      return unwrap(
        input.channel === 'email'
          ? client.POST('/api/merchants/registrations/{id}/send_email_verification/', { params, signal })
          : client.POST('/api/merchants/registrations/{id}/send_sms_verification/', { params, signal }),
      );
    }),
    verifyCode: fromPromise<RegistrationState, VerifyCodeInput>(({ input, signal }) => {
      const options = { params: { path: { id: input.id } }, body: { code: input.code }, signal };
      return unwrap(
        input.channel === 'email'
          ? client.POST('/api/merchants/registrations/{id}/verify_email/', options)
          : client.POST('/api/merchants/registrations/{id}/verify_phone/', options),
      );
    }),
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
