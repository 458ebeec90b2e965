import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordBody,
  CodeMethodBody,
  LanguageBody,
  MfaMethodBody,
  RevokeSessionBody,
  SecuritySettings,
  SessionsResponse,
  SettingsResponse,
  TotpConfirmBody,
  TotpEnrollment,
} from '../../schemas/settings.schema';
import { StepUpHeaders, stepUpHeader } from '../../schemas/stepUp.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import {
  activeSessions,
  changePassword,
  revokeSession,
  settingsOf,
  updateLanguage,
} from '../settings/account';
import {
  confirmTotpEnrollment,
  enableMfaMethod,
  removeMfaMethod,
  setDefaultMfaMethod,
  startTotpEnrollment,
} from '../settings/security';
import { originOf } from './auth.routes';
import { errorResponses } from './apiErrors';

const NoContent = z.null().describe('No content');

/** The signed-in user's own settings (SPEC §2 /settings/:page?, schemas/settings.schema.ts). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const secured = { tags: ['settings'], security: [{ bearerAuth: [] }] };
  // Guessing a password or an authenticator code: as tight as signing in.
  const limited = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } };

  app.get(
    '/api/merchants/settings/',
    {
      schema: {
        ...secured,
        operationId: 'settings',
        summary: 'The language and the second-factor methods of the signed-in user.',
        response: { 200: SettingsResponse, ...errorResponses(401) },
      },
    },
    async (request) => settingsOf(db, authOf(request).userId),
  );

  app.put(
    '/api/merchants/settings/language/',
    {
      schema: {
        ...secured,
        operationId: 'updateLanguage',
        summary: 'Store the language on the user, so it follows them to another device.',
        body: LanguageBody,
        response: { 200: LanguageBody, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      language: await updateLanguage(db, authOf(request).userId, request.body.language),
    }),
  );

  app.post(
    '/api/merchants/accounts/password/change/',
    {
      config: limited,
      schema: {
        ...secured,
        operationId: 'changePassword',
        summary:
          'Change the password: the current one and a step-up grant for `password_change` in X-Step-Up-Token ' +
          '(403 step_up_required); optionally sign out every other session.',
        headers: StepUpHeaders,
        body: ChangePasswordBody,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await changePassword(
        db,
        auth,
        { ...request.body, stepUpToken: request.headers[stepUpHeader] },
        originOf(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/merchants/settings/mfa/totp/',
    {
      schema: {
        ...secured,
        operationId: 'totpEnrollStart',
        summary:
          'Start adding an authenticator app: a new secret and its otpauth:// URI, shown this once (pending until ' +
          'confirmed). 409 when one is set up already.',
        response: { 200: TotpEnrollment, ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startTotpEnrollment(db, config, authOf(request).userId);
    },
  );

  app.post(
    '/api/merchants/settings/mfa/totp/confirm/',
    {
      config: limited,
      schema: {
        ...secured,
        operationId: 'totpEnrollConfirm',
        summary:
          'Confirm the authenticator app with its first code and a step-up grant for `mfa_change` in X-Step-Up-Token.',
        headers: StepUpHeaders,
        body: TotpConfirmBody,
        response: { 200: SecuritySettings, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) =>
      confirmTotpEnrollment(
        db,
        config,
        authOf(request).userId,
        { code: request.body.code, stepUpToken: request.headers[stepUpHeader] },
        originOf(request),
      ),
  );

  app.put(
    '/api/merchants/settings/mfa/default/',
    {
      schema: {
        ...secured,
        operationId: 'setDefaultMfaMethod',
        summary: 'Choose the method offered first at sign-in (one of the user’s methods).',
        body: MfaMethodBody,
        response: { 200: SecuritySettings, ...errorResponses(400, 401) },
      },
    },
    async (request) => setDefaultMfaMethod(db, authOf(request).userId, request.body.method),
  );

  app.post(
    '/api/merchants/settings/mfa/remove/',
    {
      schema: {
        ...secured,
        operationId: 'removeMfaMethod',
        summary:
          'Turn a method off (an authenticator app is deleted) with a step-up grant for `mfa_change` in X-Step-Up-Token; never the last one (409 last_mfa_method).',
        headers: StepUpHeaders,
        body: MfaMethodBody,
        response: { 200: SecuritySettings, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      removeMfaMethod(
        db,
        authOf(request).userId,
        { method: request.body.method, stepUpToken: request.headers[stepUpHeader] },
        originOf(request),
      ),
  );

  app.post(
    '/api/merchants/settings/mfa/enable/',
    {
      schema: {
        ...secured,
        operationId: 'enableMfaMethod',
        summary: 'Turn codes by email, or by SMS (with a phone on the account), back on.',
        body: CodeMethodBody,
        response: { 200: SecuritySettings, ...errorResponses(400, 401) },
      },
    },
    async (request) => enableMfaMethod(db, authOf(request).userId, request.body.method, originOf(request)),
  );

  app.get(
    '/api/merchants/settings/sessions/',
    {
      schema: {
        ...secured,
        operationId: 'sessions',
        summary: 'The user’s active sessions, the current one marked.',
        response: { 200: SessionsResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ sessions: await activeSessions(db, authOf(request)) }),
  );

  app.post(
    '/api/merchants/settings/sessions/revoke/',
    {
      schema: {
        ...secured,
        operationId: 'revokeSession',
        summary: 'Sign out one of the user’s own sessions at once (another user’s: 404).',
        body: RevokeSessionBody,
        response: { 204: NoContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await revokeSession(db, authOf(request).userId, request.body.session_id);
      return reply.code(204).send(null);
    },
  );
};
