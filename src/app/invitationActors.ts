import { fromPromise } from 'xstate';
import type { AcceptInput, InvitationKeyInput, InvitationSmsInput } from '../../machines/invitation.machine';
import type { AcceptInvitationResponse, InvitationPreview } from '../../schemas/employees.schema';
import type { SendVerificationResponse } from '../../schemas/registration.schema';
import { unwrap, type ApiClient } from '../api/client';

/** The invitee's effects (machines/invitation.machine.ts): the public invitation calls, keyed by the link's secret. */
export function invitationActors(client: ApiClient) {
  return {
    invitationByKey: fromPromise<InvitationPreview, InvitationKeyInput>(({ input, signal }) =>
      unwrap(
        client.GET('/api/merchants/invitations/by-key/{key}/', {
          params: { path: { key: input.key } },
          signal,
        }),
      ),
    ),
    invitationSendSms: fromPromise<SendVerificationResponse, InvitationSmsInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/invitations/by-key/{key}/send_sms_verification/', {
          params: { path: { key: input.key } },
          body: { phone: input.phone },
          signal,
        }),
      ),
    ),
    acceptInvitation: fromPromise<AcceptInvitationResponse, AcceptInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/invitations/by-key/{key}/accept/', {
          params: { path: { key: input.key } },
          body: input.body,
          signal,
        }),
      ),
    ),
  };
}
