import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompanyStep,
  DirectorsStep,
  DocumentIdParams,
  DocumentType,
  FundingStep,
  LegalEntityTypesResponse,
  OnboardingDocument,
  OnboardingState,
  ReferenceList,
  RepresentativeStep,
  ShareholdersStep,
  TopUpDetails,
  VatCheckBody,
  VatCheckResponse,
} from '../../schemas/onboarding.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import {
  deleteDocument,
  readDocument,
  uploadCompanyLogo,
  uploadDocument,
  type Upload,
} from '../onboarding/documents';
import { onboardingState, saveStep, submitForReview, type OnboardingActor } from '../onboarding/onboarding';
import { countryList, industries, legalEntityTypes, sizes, turnovers } from '../onboarding/reference';
import { topUpDetails } from '../onboarding/topUp';
import { vatCheck } from '../onboarding/vat';
import { recordVatCheck } from '../review/merchantReview';
import type { FileStorage } from '../storage';
import { errorResponses } from './apiErrors';
import { unreadableUpload } from './multipartUpload';
import { fileReply } from './fileReply';

const NoContent = z.null().describe('No content');
/**
 * The multipart bodies, for the OpenAPI document only: @fastify/multipart streams the parts and readUpload checks
 * them, so these routes skip schema validation of the body (validatorCompiler below).
 */
const UploadDocumentBody = z
  .object({ type: DocumentType, file: z.file() })
  .meta({ id: 'UploadDocumentBody' });
const UploadLogoBody = z.object({ file: z.file() }).meta({ id: 'UploadLogoBody' });
const documentationOnly = { validatorCompiler: () => () => true };
/** The raw file (PDF, JPEG or PNG), sent as bytes; fastify serialises no Buffer. */
const FileResponse = z.any().describe('The file, inline, with its checked Content-Type');

function actorOf(request: FastifyRequest): OnboardingActor {
  const auth = authOf(request);
  return { userId: auth.userId, merchantId: auth.merchantId, isOwner: auth.actor.is_owner };
}

/** Reads a multipart body of one `file` and optional `type` field; the size limit answers 413. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError('bad_request', 400, 'Send the file as multipart/form-data.');
  }
  let type: string | undefined;
  let file: { fileName: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { fileName: part.filename, data };
      } else if (part.fieldname === 'type' && typeof part.value === 'string') {
        type = part.value;
      }
    }
  } catch (error) {
    throw unreadableUpload(error);
  }
  if (!file) {
    throw new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
      fields: { file: 'Choose a file.' },
    });
  }
  return { type, ...file };
}

export const onboardingRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  storage: FileStorage;
}> = async (app, { db, config, storage }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploadLimitBytes, files: 1, fields: 2, parts: 3, fieldSize: 200 },
  });

  // On request, before the body and params are validated: an anonymous caller gets 401, never a 400 about fields.
  const secured = { tags: ['onboarding'], security: [{ bearerAuth: [] }] };

  // ---- Reference data (public: the lists are the same for everybody) ----
  const lists = [
    ['industries', 'industries', industries],
    ['turnovers', 'turnovers', turnovers],
    ['sizes', 'sizes', sizes],
    ['countries', 'countries', countryList],
  ] as const;
  app.get(
    '/api/onboarding/legal_entity_types/',
    {
      schema: {
        operationId: 'legalEntityTypes',
        tags: ['onboarding'],
        summary: 'Legal forms with English and Greek names and the documents each must upload.',
        response: { 200: LegalEntityTypesResponse },
      },
    },
    async () => ({ items: legalEntityTypes }),
  );
  for (const [path, operationId, items] of lists) {
    app.get(
      `/api/onboarding/${path}/`,
      { schema: { operationId, tags: ['onboarding'], response: { 200: ReferenceList } } },
      async () => ({ items }),
    );
  }

  // ---- The saved state and the steps ----
  app.get(
    '/api/merchants/onboarding/',
    {
      schema: {
        ...secured,
        operationId: 'getOnboarding',
        summary: 'Everything saved so far, which steps are complete, documents, warnings.',
        response: { 200: OnboardingState, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => onboardingState(db, authOf(request).merchantId),
  );

  const steps = [
    ['representative', 'saveRepresentative', RepresentativeStep],
    ['company', 'saveCompany', CompanyStep],
    ['directors', 'saveDirectors', DirectorsStep],
    ['shareholders', 'saveShareholders', ShareholdersStep],
    ['funding', 'saveFunding', FundingStep],
  ] as const;
  for (const [step, operationId, body] of steps) {
    app.put(
      `/api/merchants/onboarding/${step}/`,
      {
        schema: {
          ...secured,
          operationId,
          summary: `Saves the ${step} step, replacing what was saved before.`,
          body,
          response: { 200: OnboardingState, ...errorResponses(400, 401, 403, 409, 413) },
        },
      },
      async (request) => saveStep(db, actorOf(request), step, request.body as never),
    );
  }

  app.post(
    '/api/merchants/onboarding/vat_check/',
    {
      schema: {
        ...secured,
        operationId: 'vatCheck',
        summary: 'VAT number format (and checksum); the VIES registry only when VIES_URL is configured.',
        body: VatCheckBody,
        response: { 200: VatCheckResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const result = await vatCheck(config.viesUrl, request.body);
      // Kept for the bank's review file (server/review/merchantReview.ts), which shows the latest check of the
      // number the company step saved and flags a merchant whose number the registry did not confirm.
      await recordVatCheck(db, authOf(request).merchantId, request.body, result, null);
      return result;
    },
  );

  // ---- Documents and logo ----
  app.post(
    '/api/merchants/onboarding/documents/',
    {
      schema: {
        ...secured,
        operationId: 'uploadDocument',
        summary: 'multipart/form-data with `type` and `file` (PDF, JPEG or PNG by content).',
        consumes: ['multipart/form-data'],
        body: UploadDocumentBody,
        response: { 201: OnboardingDocument, ...errorResponses(400, 401, 403, 409, 413) },
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      return reply.status(201).send(await uploadDocument(db, storage, actorOf(request), upload));
    },
  );

  app.post(
    '/api/merchants/onboarding/company_logo/',
    {
      schema: {
        ...secured,
        operationId: 'uploadCompanyLogo',
        summary: 'multipart/form-data with `file` (PNG or JPEG by content); replaces the previous logo.',
        consumes: ['multipart/form-data'],
        body: UploadLogoBody,
        response: { 201: OnboardingDocument, ...errorResponses(400, 401, 403, 409, 413) },
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      return reply.status(201).send(await uploadCompanyLogo(db, storage, actorOf(request), upload));
    },
  );

  app.get(
    '/api/merchants/onboarding/documents/:id/',
    {
      schema: {
        ...secured,
        operationId: 'downloadDocument',
        params: DocumentIdParams,
        response: { 200: FileResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await readDocument(db, storage, authOf(request).merchantId, request.params.id);
      return fileReply(reply, {
        contentType: file.contentType,
        disposition: { as: 'inline', fileName: file.fileName, encoding: 'utf8' },
      }).send(file.data);
    },
  );

  app.delete(
    '/api/merchants/onboarding/documents/:id/',
    {
      schema: {
        ...secured,
        operationId: 'deleteDocument',
        params: DocumentIdParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteDocument(db, storage, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/merchants/onboarding/submit_for_review/',
    {
      schema: {
        ...secured,
        operationId: 'submitForReview',
        summary: 'Sends a complete onboarding to review; 422 onboarding_incomplete lists what is missing.',
        response: { 200: OnboardingState, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request) => submitForReview(db, actorOf(request)),
  );

  app.get(
    '/api/merchants/accounts/top_up_details/',
    {
      schema: {
        tags: ['accounts'],
        security: [{ bearerAuth: [] }],
        operationId: 'topUpDetails',
        summary: 'Bank transfer details for funding the account; 403 merchant_not_approved before approval.',
        response: { 200: TopUpDetails, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => topUpDetails(db, authOf(request).merchantId),
  );
};
