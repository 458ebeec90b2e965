import { fromPromise } from 'xstate';
import type { AcceptInput, InvitationKeyInput } from '../../machines/invitation.machine';
import {
  oneTimeCodeMachine,
  requestFor,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import type { AcceptInvitationResponse, InvitationPreview } from '../../schemas/employees.schema';
import { unwrap, type ApiClient } from '../api/client';

/**
 * The invitee's phone code as the oneTimeCode child's effects: the code goes out by SMS, and the acceptance itself
 * checks it with the rest of the invitee's answers.
 */
export function invitationCodeActors(client: ApiClient) {
  return {
    sendCode: fromPromise<CodeSent, SendCodeInput>(async ({ input, signal }) => {
      const { key, body } = requestFor(input, 'invitation');
      const sent = await unwrap(
        client.POST('/api/merchants/invitations/by-key/{key}/send_sms_verification/', {
          params: { path: { key } },
          body: { phone: body.phone },
          signal,
        }),
      );
      return { ...sent, method: input.method };
    }),
    verifyCode: fromPromise<CodeGrant, VerifyCodeInput>(async ({ input, signal }) => {
      const { key, body } = requestFor(input, 'invitation');
      const joined = await unwrap(
        client.POST('/api/merchants/invitations/by-key/{key}/accept/', {
          params: { path: { key } },
          body: { ...body, phone_code: input.code },
          signal,
        }),
      );
      return { joined };
    }),
  };
}

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
    acceptInvitation: fromPromise<AcceptInvitationResponse, AcceptInput>(({ input, signal }) =>
      unwrap(
        client.POST('/api/merchants/invitations/by-key/{key}/accept/', {
          params: { path: { key: input.key } },
          body: input.body,
          signal,
        }),
      ),
    ),
    oneTimeCode: oneTimeCodeMachine.provide({ actors: invitationCodeActors(client) }),
  };
}
