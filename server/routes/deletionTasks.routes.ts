import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompleteDeletionTaskBody,
  DeletionTask,
  DeletionTaskParams,
  DeletionTasks,
} from '../../schemas/deletionFollowUp.schema';
import { completeDeletionTask, deletionTasks } from '../billing/deletionFollowUp';
import type { Database } from '../db/database';
import { staffOf } from '../staff/authenticateStaff';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';

/**
 * The back office's follow-up of account deletions (schemas/deletionFollowUp.schema.ts), area `account-deletions`:
 * the staff realm's guard authenticates and checks the role at registration (server/auth/operationGuard.ts).
 */
export const deletionTasksRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const secured = { tags: ['back office'], security: [{ staffBearer: [] }] };

  app.get(
    '/api/back-office/account-deletions/tasks/',
    {
      schema: {
        ...secured,
        operationId: 'deletionTasks',
        summary: 'Open follow-ups of account deletions, oldest first, with the request behind each.',
        response: { 200: DeletionTasks, ...errorResponses(401, 403) },
      },
    },
    async () => deletionTasks(db),
  );

  app.post(
    '/api/back-office/account-deletions/tasks/:id/done/',
    {
      schema: {
        ...secured,
        operationId: 'completeDeletionTask',
        summary: 'Marks a follow-up done with a note of what was done; 409 when it is done already.',
        params: DeletionTaskParams,
        body: CompleteDeletionTaskBody,
        response: { 200: DeletionTask, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      completeDeletionTask(
        db,
        request.params.id,
        request.body,
        { staffId: staffOf(request).staffId },
        originOf(request),
      ),
  );
};
