import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptTermsBody,
  DownloadAppConfig,
  FaqResponse,
  LegalAcceptanceStatus,
  LegalDocumentsResponse,
} from '../../schemas/public.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import { faqContent } from '../content/faq';
import { paymentSettings } from '../payments/settings';
import { acceptTerms, legalAcceptanceStatus, legalDocumentsView } from '../content/legal';
import type { Database } from '../db/database';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';

/** Public content and accepting the legal texts (schemas/public.schema.ts); the domain is server/content/. */
export const contentRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const secured = { tags: ['legal'], security: [{ bearerAuth: [] }] };
  // The same for everybody and rarely changed: browsers and proxies may keep it a while.
  const publicCache = 'public, max-age=300';

  app.get(
    '/api/faq/',
    {
      schema: {
        operationId: 'faq',
        tags: ['public'],
        summary:
          'The FAQ: categories and every question and answer in English and Greek (the app shows the reader’s ' +
          'language and searches it).',
        response: { 200: FaqResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', publicCache);
      return faqContent({ ...config, ...paymentSettings() });
    },
  );

  app.get(
    '/api/legal_documents/',
    {
      schema: {
        operationId: 'legalDocuments',
        tags: ['public'],
        summary:
          'The current version and effective date of the terms of use and the privacy policy, and the app page ' +
          'that shows each.',
        response: { 200: LegalDocumentsResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', publicCache);
      return legalDocumentsView();
    },
  );

  app.get(
    '/api/download_app/',
    {
      schema: {
        operationId: 'downloadApp',
        tags: ['public'],
        summary:
          'The App Store and Google Play links of the mobile app (configured: APP_STORE_URL, PLAY_STORE_URL).',
        response: { 200: DownloadAppConfig },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', publicCache);
      return { app_store_url: config.appStoreUrl, play_store_url: config.playStoreUrl };
    },
  );

  app.get(
    '/api/merchants/accounts/accept_terms/',
    {
      schema: {
        ...secured,
        operationId: 'legalAcceptances',
        summary:
          'What the signed-in user accepted of each legal text (version and time) and whether the current version ' +
          'is still pending.',
        response: { 200: LegalAcceptanceStatus, ...errorResponses(401, 403) },
      },
    },
    async (request) => legalAcceptanceStatus(db, authOf(request).userId),
  );

  app.post(
    '/api/merchants/accounts/accept_terms/',
    {
      schema: {
        ...secured,
        operationId: 'acceptTerms',
        summary:
          'Records that the signed-in user accepts the named versions of the terms of use and/or the privacy ' +
          'policy, which must be the current ones (409 conflict with `details.current_version` otherwise). ' +
          'Accepting a version already accepted records nothing new.',
        body: AcceptTermsBody,
        response: { 200: LegalAcceptanceStatus, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => acceptTerms(db, authOf(request).userId, request.body, originOf(request)),
  );
};
