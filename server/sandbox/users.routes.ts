import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SandboxUserBody, SandboxUserResponse } from '../../schemas/passwordJourneys.schema';
import { authOf } from '../auth/authenticate';
import { createSandboxEmployee } from '../auth/passwordTokens';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { errorResponses } from '../routes/apiErrors';

/**
 * Test rails (never in production): the owner adds an employee without a password, who is emailed a
 * create-password link, so the create-password journey can be exercised before invitations exist.
 */
export const sandboxUserRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.post(
    '/api/sandbox/users/',
    {
      schema: {
        operationId: 'sandboxCreateUser',
        tags: ['sandbox'],
        summary:
          "Create an employee without a password for the owner's merchant and email a create-password link.",
        security: [{ bearerAuth: [] }],
        body: SandboxUserBody,
        response: { 201: SandboxUserResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!auth.actor.is_owner) throw new AppError('forbidden', 403, 'Only the owner can add users.');
      const user = await createSandboxEmployee(db, config, auth.merchantId, request.body);
      return reply.code(201).send({ id: user.id, email: user.email });
    },
  );
};
