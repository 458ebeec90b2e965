import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReviewBody } from '../../schemas/onboarding.schema';
import { ProfileChange, ProfileChangeParams } from '../../schemas/profile.schema';
import type { Database } from '../db/database';
import { decideProfileChange } from '../profile/profile';
import { errorResponses } from '../routes/apiErrors';
import { originOf } from '../routes/auth.routes';

/**
 * Test rail standing in for the bank's review desk for profile changes: approves (the change applies) or
 * rejects (with a reason) a change of legal data waiting for review. Registered only outside production (app.ts).
 */
export const sandboxProfileReviewRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/sandbox/reviews/profile_changes/:id/',
    {
      schema: {
        operationId: 'sandboxReviewProfileChange',
        tags: ['sandbox'],
        summary: 'Approve or reject a profile change waiting for review (never in production).',
        params: ProfileChangeParams,
        body: ReviewBody,
        response: { 200: ProfileChange, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => decideProfileChange(db, request.params.id, request.body, 'sandbox', originOf(request)),
  );
};
