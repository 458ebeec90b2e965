import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LegalChange,
  LegalChangeDocumentParams,
  LegalChangeParams,
  LegalChangeQueue,
} from '../../schemas/legalChangeReview.schema';
import { ReviewBody } from '../../schemas/onboarding.schema';
import type { Database } from '../db/database';
import {
  decideLegalChange,
  legalChange,
  legalChangeDocument,
  legalChangeQueue,
} from '../profile/legalChangeReview';
import { staffOf } from '../staff/authenticateStaff';
import type { FileStorage } from '../storage';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';
import { fileReply } from './fileReply';

const FileResponse = z.any().describe('The file, inline, with its checked Content-Type');

/**
 * The back office's review of changes of legal details (schemas/legalChangeReview.schema.ts), area `legal-changes`:
 * the staff realm's guard authenticates and checks the role at registration (server/auth/operationGuard.ts).
 */
export const legalChangesRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  const secured = { tags: ['back office'], security: [{ staffBearer: [] }] };

  app.get(
    '/api/back-office/legal-changes/',
    {
      schema: {
        ...secured,
        operationId: 'legalChangeQueue',
        summary: 'Changes of legal details waiting for a decision, oldest first, each with what it changes.',
        response: { 200: LegalChangeQueue, ...errorResponses(401, 403) },
      },
    },
    async () => legalChangeQueue(db),
  );

  app.get(
    '/api/back-office/legal-changes/:id/',
    {
      schema: {
        ...secured,
        operationId: 'legalChange',
        summary: 'One change of legal details, waiting or decided, with what it changes and its documents.',
        params: LegalChangeParams,
        response: { 200: LegalChange, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => legalChange(db, request.params.id),
  );

  app.post(
    '/api/back-office/legal-changes/:id/decision/',
    {
      schema: {
        ...secured,
        operationId: 'decideLegalChange',
        summary: 'Approve (the data applies) or reject with a reason (the data stays); 409 once decided.',
        params: LegalChangeParams,
        body: ReviewBody,
        response: { 200: LegalChange, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      decideLegalChange(
        db,
        request.params.id,
        request.body,
        { staffId: staffOf(request).staffId },
        originOf(request),
      ),
  );

  app.get(
    '/api/back-office/legal-changes/:id/documents/:document_id/',
    {
      schema: {
        ...secured,
        operationId: 'legalChangeDocument',
        summary: 'A document the change’s merchant added from its profile, inline (404 for any other).',
        params: LegalChangeDocumentParams,
        response: { 200: FileResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await legalChangeDocument(db, storage, request.params.id, request.params.document_id);
      return fileReply(reply, {
        contentType: file.contentType,
        disposition: { as: 'inline', fileName: file.fileName, encoding: 'utf8' },
      }).send(file.data);
    },
  );
};
