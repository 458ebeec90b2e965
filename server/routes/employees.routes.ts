import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptInvitationBody,
  AcceptInvitationResponse,
  Employee,
  EmployeeParams,
  EmployeesResponse,
  EmployeeStatusBody,
  Invitation,
  InvitationKeyParams,
  InvitationParams,
  InvitationPhoneBody,
  InvitationPreview,
  InvitationsResponse,
  InviteBody,
} from '../../schemas/employees.schema';
import { SendVerificationResponse } from '../../schemas/registration.schema';
import { IdempotencyHeaders } from '../../schemas/transactions.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { deliverMessages } from '../notify/outbox';
import { listEmployees, updateEmployeeStatus } from '../team/employees';
import {
  acceptInvitation,
  cancelInvitation,
  invitationByKey,
  inviteEmployee,
  listInvitations,
  sendInvitationSms,
} from '../team/invitations';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';

/**
 * Team (schemas/employees.schema.ts); the domain is server/team/. Who may call what is in schemas/permissions.ts
 * (the owner manages; a viewer may look at the lists; the invitation-by-key operations are public, the key being the
 * credential, and rate limited like registration).
 */
export const employeesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const secured = { tags: ['team'], security: [{ bearerAuth: [] }] };
  const publicTags = ['team'];
  const limit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } };
  const delivery = { smtpUrl: config.smtpUrl, smsWebhookUrl: config.smsWebhookUrl };
  const actorOf = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { merchantId: auth.merchantId, userId: auth.userId, origin: originOf(request) };
  };
  const deliver = (request: FastifyRequest, outboxId: string) => {
    void deliverMessages(db, [outboxId], delivery, request.log).catch((error: unknown) =>
      request.log.warn({ err: error }, 'outbox delivery failed'),
    );
  };

  app.get(
    '/api/merchants/employees/',
    {
      schema: {
        ...secured,
        operationId: 'employees',
        summary:
          'The owner and the employees, with role, access level, status and the cards assigned to them.',
        response: { 200: EmployeesResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listEmployees(db, authOf(request).merchantId),
  );

  app.patch(
    '/api/merchants/employees/:id/status/',
    {
      schema: {
        ...secured,
        operationId: 'updateEmployeeStatus',
        summary:
          'Enable or disable an employee. Disabling ends every session of theirs at once: their access token fails ' +
          'on its next request, their refresh cookie too, and they cannot sign in until enabled again. The owner ' +
          "and one's own status cannot be changed (422 employee_not_changeable); another merchant's user is a 404.",
        params: EmployeeParams,
        body: EmployeeStatusBody,
        response: { 200: Employee, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => updateEmployeeStatus(db, actorOf(request), request.params.id, request.body.status),
  );

  app.get(
    '/api/merchants/invitations/',
    {
      schema: {
        ...secured,
        operationId: 'invitations',
        summary: 'Invitations, pending ones first; a pending invitation past its expiry reads as expired.',
        response: { 200: InvitationsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listInvitations(db, authOf(request).merchantId),
  );

  app.post(
    '/api/merchants/invitations/',
    {
      schema: {
        ...secured,
        operationId: 'inviteEmployee',
        summary:
          'Invite an address with a role and an access level. The email (in the inviter’s language) carries a ' +
          'single-use link valid 72 hours. 409 for an address that already has a Tameio account ' +
          '(`details.reason` user_exists) or a pending invitation of this merchant (invitation_pending). ' +
          'Idempotency-Key required: the same key and body answer the first result (header Idempotent-Replayed: ' +
          'true; no second email), another body 409.',
        headers: IdempotencyHeaders,
        body: InviteBody,
        response: { 201: Invitation, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { result, replayed } = await inviteEmployee(
        db,
        config,
        actorOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      // The first request queued the email (delivered then, or by the outbox job): a replay sends nothing.
      if (replayed) reply.header('idempotent-replayed', 'true');
      else deliver(request, result.outboxId);
      return reply.status(201).send(result.invitation);
    },
  );

  app.post(
    '/api/merchants/invitations/:id/cancel/',
    {
      schema: {
        ...secured,
        operationId: 'cancelInvitation',
        summary:
          'Cancel a pending invitation; its link stops working. Accepted, cancelled or expired: 409 with ' +
          "`details.state`. Another merchant's invitation is a 404.",
        params: InvitationParams,
        response: { 200: Invitation, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => cancelInvitation(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/merchants/invitations/by-key/:key/',
    {
      config: limit,
      schema: {
        operationId: 'invitationByKey',
        tags: publicTags,
        summary:
          'What the invitee sees before accepting. Unknown key 404; accepted, cancelled or expired 410 ' +
          'invitation_unavailable with the state in `details.state`.',
        params: InvitationKeyParams,
        response: { 200: InvitationPreview, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => invitationByKey(db, request.params.key),
  );

  app.post(
    '/api/merchants/invitations/by-key/:key/send_sms_verification/',
    {
      config: limit,
      schema: {
        operationId: 'invitationSendSms',
        tags: publicTags,
        summary:
          'Send a 6-digit code to the phone the invitee wants for codes by SMS (bound to this invitation and this ' +
          'number). A number another account uses: 409.',
        params: InvitationKeyParams,
        body: InvitationPhoneBody,
        response: { 200: SendVerificationResponse, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request) => {
      const sent = await sendInvitationSms(db, config, request.params.key, request.body.phone);
      deliver(request, sent.outboxId);
      return sent.response;
    },
  );

  app.post(
    '/api/merchants/invitations/by-key/:key/accept/',
    {
      config: limit,
      schema: {
        operationId: 'acceptInvitation',
        tags: publicTags,
        summary:
          'Accept: creates the user in the merchant with the invitation’s email, role and access level, and spends ' +
          'the invitation, in one transaction (single use: a second accept is a 410 and creates nothing). A phone ' +
          'needs the code sent by invitationSendSms (also with codes by email). The invitee then signs in.',
        params: InvitationKeyParams,
        body: AcceptInvitationBody,
        response: { 201: AcceptInvitationResponse, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      const accepted = await acceptInvitation(
        db,
        config,
        request.params.key,
        request.body,
        originOf(request),
      );
      return reply.status(201).send(accepted);
    },
  );
};
