import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PasskeyCreationOptions,
  StaffCreateBody,
  StaffCreated,
  StaffIdParams,
  StaffListResponse,
  StaffLoginBody,
  StaffLoginStep,
  StaffMe,
  StaffPasskeyAddBody,
  StaffPasskeyAdded,
  StaffPasskeyBody,
  StaffSession,
  StaffTotpBody,
} from '../../schemas/staff.schema';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { staffOf } from '../staff/authenticateStaff';
import { addPasskey, passkeyRegistrationOptions } from '../staff/passkeys';
import { createStaff, disableStaff, listStaff } from '../staff/staffAccounts';
import {
  rotateStaffRefresh,
  staffLogout,
  staffMe,
  staffPasswordStep,
  staffSecondFactor,
  type StaffSignedIn,
} from '../staff/staffLogin';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';

/** The staff refresh cookie: its own name and path, so it never travels with a merchant request (nor theirs here). */
export const staffCookieName = 'staffRefreshKey';
export const staffCookiePath = '/api/back-office/auth/';

const NoContent = z.null().describe('No content');

function staffSessionReply(reply: FastifyReply, signedIn: StaffSignedIn) {
  reply.setCookie(staffCookieName, signedIn.refreshToken, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: staffCookiePath,
    maxAge: signedIn.refreshMaxAge,
  });
  return {
    access_token: signedIn.accessToken,
    token_type: 'Bearer' as const,
    expires_in: signedIn.expiresIn,
    staff: signedIn.staff,
  };
}

export const staffRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const loginLimit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } };
  const signIn = { tags: ['back office'] };
  const secured = { tags: ['back office'], security: [{ staffBearer: [] }] };

  app.post(
    '/api/back-office/auth/login/',
    {
      config: loginLimit,
      schema: {
        ...signIn,
        operationId: 'staffLogin',
        summary:
          'A staff member’s email and password; answers a ticket for the second factor (passkey or authenticator).',
        body: StaffLoginBody,
        response: { 200: StaffLoginStep, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const step = await staffPasswordStep(db, config, request.body, originOf(request));
      // The library's JSON type has no index signature; widened here, and checked against StaffLoginStep on the way out.
      const options: { challenge: string } | null = step.passkey_options;
      return { ...step, passkey_options: options };
    },
  );

  app.post(
    '/api/back-office/auth/login/totp/',
    {
      config: loginLimit,
      schema: {
        ...signIn,
        operationId: 'staffLoginTotp',
        summary:
          'The ticket and the authenticator app’s code; starts a staff session and sets its refresh cookie.',
        body: StaffTotpBody,
        response: { 200: StaffSession, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) =>
      staffSessionReply(
        reply,
        await staffSecondFactor(
          db,
          config,
          request.body.ticket,
          { method: 'totp', code: request.body.code },
          originOf(request),
        ),
      ),
  );

  app.post(
    '/api/back-office/auth/login/passkey/',
    {
      config: loginLimit,
      schema: {
        ...signIn,
        operationId: 'staffLoginPasskey',
        summary:
          'The ticket and the passkey’s signed answer; starts a staff session and sets its refresh cookie.',
        body: StaffPasskeyBody,
        response: { 200: StaffSession, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) =>
      staffSessionReply(
        reply,
        await staffSecondFactor(
          db,
          config,
          request.body.ticket,
          { method: 'passkey', response: request.body.response as never },
          originOf(request),
        ),
      ),
  );

  app.post(
    '/api/back-office/auth/refresh/',
    {
      config: loginLimit,
      schema: {
        ...signIn,
        operationId: 'staffRefresh',
        summary: 'Rotate the staff refresh cookie and get a new staff access token.',
        response: { 200: StaffSession, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) =>
      staffSessionReply(reply, await rotateStaffRefresh(db, config, request.cookies[staffCookieName])),
  );

  app.post(
    '/api/back-office/auth/logout/',
    {
      schema: {
        ...signIn,
        operationId: 'staffLogout',
        summary: 'End the staff refresh cookie’s session.',
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await staffLogout(db, request.cookies[staffCookieName]);
      reply.clearCookie(staffCookieName, {
        httpOnly: true,
        secure: true,
        sameSite: 'strict',
        path: staffCookiePath,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/back-office/me/',
    {
      schema: {
        ...secured,
        operationId: 'staffMe',
        summary: 'The signed-in staff member and their passkeys.',
        response: { 200: StaffMe, ...errorResponses(401, 403) },
      },
    },
    async (request) => staffMe(db, staffOf(request).staffId),
  );

  app.post(
    '/api/back-office/me/passkeys/options/',
    {
      schema: {
        ...secured,
        operationId: 'staffPasskeyOptions',
        summary:
          'WebAuthn creation options for a new passkey of the signed-in staff member (five minutes, once).',
        response: { 200: PasskeyCreationOptions, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      (await passkeyRegistrationOptions(db, config, staffOf(request))) as unknown as { challenge: string },
  );

  app.post(
    '/api/back-office/me/passkeys/',
    {
      schema: {
        ...secured,
        operationId: 'staffPasskeyAdd',
        summary:
          'The authenticator’s answer to the creation options; the passkey then signs the staff member in.',
        body: StaffPasskeyAddBody,
        response: { 201: StaffPasskeyAdded, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const added = await addPasskey(
        db,
        config,
        staffOf(request),
        { name: request.body.name, response: request.body.response },
        originOf(request),
      );
      return reply.code(201).send(added);
    },
  );

  app.get(
    '/api/back-office/staff/',
    {
      schema: {
        ...secured,
        operationId: 'staffList',
        summary: 'Every staff account (admin).',
        response: { 200: StaffListResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ staff: await listStaff(db) }),
  );

  app.post(
    '/api/back-office/staff/',
    {
      schema: {
        ...secured,
        operationId: 'staffCreate',
        summary:
          'A new staff account (admin): answers its first password and authenticator secret, once, to hand over in ' +
          'person.',
        body: StaffCreateBody,
        response: { 201: StaffCreated, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const made = await createStaff(db, config.secrets.cardEncryptionKey, request.body, {
        staffId: staff.staffId,
        origin: originOf(request),
      });
      return reply.code(201).send({
        staff: made.staff,
        password: made.password,
        totp_secret: made.totpSecret,
        totp_uri: made.totpUri,
      });
    },
  );

  app.post(
    '/api/back-office/staff/:id/disable/',
    {
      schema: {
        ...secured,
        operationId: 'staffDisable',
        summary: 'Disable a staff account and end its sessions (admin; not one’s own).',
        params: StaffIdParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await disableStaff(db, request.params.id, {
        staffId: staffOf(request).staffId,
        origin: originOf(request),
      });
      return reply.code(204).send(null);
    },
  );
};
