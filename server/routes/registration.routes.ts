import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SessionResponse } from '../../schemas/auth.schema';
import {
  PrevalidateBody,
  PrevalidateResponse,
  RegisterBody,
  RegistrationDetailsBody,
  RegistrationParams,
  RegistrationState,
  SendVerificationResponse,
  StartRegistrationBody,
  VerifyCodeBody,
} from '../../schemas/registration.schema';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Channel } from '../db/types';
import { deliverMessages } from '../notify/outbox';
import {
  getRegistration,
  prevalidate,
  register,
  saveDetails,
  sendVerification,
  startRegistration,
  verifyContact,
} from '../registration';
import { errorResponses } from './apiErrors';
import { originOf, sessionReply } from './auth.routes';

/** The account phase of registration (server/registration.ts); every call is public and rate limited like login. */
export const registrationRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const limit = { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } };
  const delivery = { smtpUrl: config.smtpUrl, smsWebhookUrl: config.smsWebhookUrl };
  const tags = ['registration'];

  app.post(
    '/api/merchants/accounts/prevalidate/',
    {
      config: limit,
      schema: {
        operationId: 'prevalidate',
        tags,
        summary: 'Check an email and/or mobile number: valid format, and not used by an account yet.',
        body: PrevalidateBody,
        response: { 200: PrevalidateResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => prevalidate(db, request.body),
  );

  app.post(
    '/api/merchants/registrations/',
    {
      config: limit,
      schema: {
        operationId: 'startRegistration',
        tags,
        summary: 'Start a registration with an email and a mobile number; both are verified next.',
        body: StartRegistrationBody,
        response: { 201: RegistrationState, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await startRegistration(db, request.body)),
  );

  app.get(
    '/api/merchants/registrations/:id/',
    {
      config: limit,
      schema: {
        operationId: 'getRegistration',
        tags,
        summary: 'The saved state of a half-finished registration, to resume it at the step it reached.',
        params: RegistrationParams,
        response: { 200: RegistrationState, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => getRegistration(db, request.params.id),
  );

  const sendRoute = (path: string, operationId: string, channel: Channel) =>
    app.post(
      `/api/merchants/registrations/:id/${path}/`,
      {
        config: limit,
        schema: {
          operationId,
          tags,
          summary: `Send a 6-digit code to the registration's ${channel === 'email' ? 'email' : 'mobile phone'}.`,
          params: RegistrationParams,
          response: { 200: SendVerificationResponse, ...errorResponses(400, 404, 409, 429) },
        },
      },
      async (request) => {
        const sent = await sendVerification(db, config, request.params.id, channel);
        void deliverMessages(db, [sent.outboxId], delivery, request.log).catch((error: unknown) =>
          request.log.warn({ err: error }, 'outbox delivery failed'),
        );
        return sent.response;
      },
    );
  sendRoute('send_email_verification', 'sendEmailVerification', 'email');
  sendRoute('send_sms_verification', 'sendSmsVerification', 'sms');

  const verifyRoute = (path: string, operationId: string, channel: Channel) =>
    app.post(
      `/api/merchants/registrations/:id/${path}/`,
      {
        config: limit,
        schema: {
          operationId,
          tags,
          summary: `Check the code sent to the registration's ${channel === 'email' ? 'email' : 'mobile phone'}.`,
          params: RegistrationParams,
          body: VerifyCodeBody,
          response: { 200: RegistrationState, ...errorResponses(400, 404, 429) },
        },
      },
      async (request) =>
        verifyContact(db, config, { id: request.params.id, channel, code: request.body.code }),
    );
  verifyRoute('verify_email', 'verifyEmail', 'email');
  verifyRoute('verify_phone', 'verifyPhone', 'sms');

  app.put(
    '/api/merchants/registrations/:id/details/',
    {
      config: limit,
      schema: {
        operationId: 'saveRegistrationDetails',
        tags,
        summary: "The representative's first and last name and the company's name.",
        params: RegistrationParams,
        body: RegistrationDetailsBody,
        response: { 200: RegistrationState, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => saveDetails(db, request.params.id, request.body),
  );

  app.post(
    '/api/merchants/accounts/register/',
    {
      config: limit,
      schema: {
        operationId: 'register',
        tags,
        summary:
          'Finish a registration: creates the merchant and its owner, records the accepted terms and privacy ' +
          'policy, starts a session and sets the HttpOnly refresh cookie.',
        body: RegisterBody,
        response: { 200: SessionResponse, ...errorResponses(400, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await register(
        db,
        config,
        {
          registrationId: request.body.registration_id,
          password: request.body.password,
          passwordConfirmation: request.body.password_confirmation,
          altcha: request.body.altcha,
        },
        originOf(request),
      );
      return sessionReply(reply, signedIn);
    },
  );
};
