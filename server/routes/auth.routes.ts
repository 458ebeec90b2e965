import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AvailableMfaMethodsResponse,
  InitializeLoginBody,
  InitializeLoginResponse,
  LoginTicketBody,
  LogoutBody,
  OtpLoginBody,
  SendLoginOtpBody,
  SendLoginOtpResponse,
  SessionResponse,
} from '../../schemas/auth.schema';
import { authOf } from '../auth/authenticate';
import {
  accessFor,
  availableMfaMethods,
  initializeLogin,
  otpLogin,
  sendLoginOtp,
  type RequestOrigin,
  type SignedIn,
} from '../auth/login';
import { logout, revokeAllSessions, rotateRefreshToken } from '../auth/sessions';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { deliverMessages } from '../notify/outbox';
import { errorResponses } from './apiErrors';

export const refreshCookieName = 'refreshKey';
/** The refresh cookie goes only to the account endpoints that need it (refresh, logout). */
export const refreshCookiePath = '/api/merchants/accounts/';

const NoContent = z.null().describe('No content');

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

export function setRefreshCookie(reply: FastifyReply, token: string, maxAge: number): void {
  reply.setCookie(refreshCookieName, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: refreshCookiePath,
    maxAge,
  });
}

/** Answers a sign-in (otp_login, register): the refresh token goes into the HttpOnly cookie, the rest into the body. */
export function sessionReply(reply: FastifyReply, signedIn: SignedIn) {
  setRefreshCookie(reply, signedIn.refreshToken, signedIn.refreshMaxAge);
  return {
    access_token: signedIn.accessToken,
    token_type: 'Bearer' as const,
    expires_in: signedIn.expiresIn,
    user: signedIn.user,
  };
}

function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(refreshCookieName, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: refreshCookiePath,
  });
}

export const authRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const loginLimit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } };
  const delivery = { smtpUrl: config.smtpUrl, smsWebhookUrl: config.smsWebhookUrl };

  app.post(
    '/api/merchants/accounts/initialize_login/',
    {
      config: loginLimit,
      schema: {
        operationId: 'initializeLogin',
        tags: ['auth'],
        summary: 'Check email, password and bot check; returns a login ticket for the second factor.',
        body: InitializeLoginBody,
        response: { 200: InitializeLoginResponse, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => {
      const ticket = await initializeLogin(db, config, request.body, originOf(request));
      return { login_token: ticket.loginToken, expires_in: ticket.expiresIn };
    },
  );

  app.post(
    '/api/merchants/accounts/available_mfa_methods/',
    {
      config: loginLimit,
      schema: {
        operationId: 'availableMfaMethods',
        tags: ['auth'],
        body: LoginTicketBody,
        response: { 200: AvailableMfaMethodsResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({ available_mfa_methods: await availableMfaMethods(db, request.body.login_token) }),
  );

  app.post(
    '/api/merchants/accounts/send_login_otp/',
    {
      config: loginLimit,
      schema: {
        operationId: 'sendLoginOtp',
        tags: ['auth'],
        body: SendLoginOtpBody,
        response: { 200: SendLoginOtpResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const sent = await sendLoginOtp(
        db,
        config,
        { loginToken: request.body.login_token, method: request.body.method },
        originOf(request),
      );
      void deliverMessages(db, [sent.outboxId], delivery, request.log).catch((error: unknown) =>
        request.log.warn({ err: error }, 'outbox delivery failed'),
      );
      return sent.response;
    },
  );

  app.post(
    '/api/merchants/accounts/otp_login/',
    {
      config: loginLimit,
      schema: {
        operationId: 'otpLogin',
        tags: ['auth'],
        summary: 'Check the one-time code; starts a session and sets the HttpOnly refresh cookie.',
        body: OtpLoginBody,
        response: { 200: SessionResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await otpLogin(
        db,
        config,
        { loginToken: request.body.login_token, code: request.body.code, method: request.body.method },
        originOf(request),
        (outboxIds) =>
          void deliverMessages(db, outboxIds, delivery, request.log).catch((error: unknown) =>
            request.log.warn({ err: error }, 'outbox delivery failed'),
          ),
      );
      return sessionReply(reply, signedIn);
    },
  );

  app.post(
    '/api/merchants/accounts/token/refresh/',
    {
      config: loginLimit,
      schema: {
        operationId: 'refreshToken',
        tags: ['auth'],
        summary: 'Rotate the refresh cookie and get a new access token.',
        response: { 200: SessionResponse, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      try {
        const issued = await rotateRefreshToken(db, request.cookies[refreshCookieName], config);
        setRefreshCookie(reply, issued.refreshToken, issued.refreshMaxAge);
        const access = await accessFor(db, config, issued.userId, issued.sessionId);
        return {
          access_token: access.accessToken,
          token_type: 'Bearer' as const,
          expires_in: access.expiresIn,
          user: access.user,
        };
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/api/merchants/accounts/logout/',
    {
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: "Revoke the cookie's session (and the body's refresh_token session of the same user).",
        body: LogoutBody,
        response: { 204: NoContent, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await logout(db, {
        cookieToken: request.cookies[refreshCookieName],
        bodyToken: request.body.refresh_token,
      });
      clearRefreshCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/merchants/accounts/global_logout/',
    {
      schema: {
        operationId: 'globalLogout',
        tags: ['auth'],
        summary: 'Sign out everywhere: revoke every session of the user.',
        security: [{ bearerAuth: [] }],
        response: { 204: NoContent, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await revokeAllSessions(db, authOf(request).userId);
      clearRefreshCookie(reply);
      return reply.code(204).send(null);
    },
  );
};
