import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DocumentIdParams, DocumentType, OnboardingDocument } from '../../schemas/onboarding.schema';
import {
  CompanyContactBody,
  CompanyLogo,
  CompanyProfile,
  LatestDocuments,
  ProfileChange,
  ProfileChangeBody,
  RepresentativeContactBody,
} from '../../schemas/profile.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { readDocument } from '../onboarding/documents';
import { latestDocuments, readLogo, uploadProfileDocument, uploadProfileLogo } from '../profile/documents';
import {
  companyProfile,
  requestProfileChange,
  updateCompanyContact,
  updateRepresentativeContact,
  type ProfileActor,
} from '../profile/profile';
import type { FileStorage } from '../storage';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';
import { fileReply } from './fileReply';
import { readUpload } from './onboarding.routes';

/** The multipart bodies, for the OpenAPI document only (readUpload checks the parts). */
const UploadProfileDocumentBody = z
  .object({ type: DocumentType, file: z.file() })
  .meta({ id: 'UploadProfileDocumentBody' });
const UploadProfileLogoBody = z.object({ file: z.file() }).meta({ id: 'UploadProfileLogoBody' });
const documentationOnly = { validatorCompiler: () => () => true };
const FileResponse = z.any().describe('The file, inline, with its checked Content-Type');

function actorOf(request: FastifyRequest): ProfileActor {
  const auth = authOf(request);
  return { userId: auth.userId, merchantId: auth.merchantId, isOwner: auth.actor.is_owner };
}

/**
 * The company profile (schemas/profile.schema.ts): onboarding's data after approval, contact details changed
 * at once, legal data through review, more documents and the logo.
 */
export const profileRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  storage: FileStorage;
}> = async (app, { db, config, storage }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploadLimitBytes, files: 1, fields: 2, parts: 3, fieldSize: 200 },
  });
  const secured = { tags: ['profile'], security: [{ bearerAuth: [] }] };

  app.get(
    '/api/merchants/profile/',
    {
      schema: {
        ...secured,
        operationId: 'companyProfile',
        summary: 'The company, representative, directors, shareholders, logo and changes waiting for review.',
        response: { 200: CompanyProfile, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => companyProfile(db, actorOf(request)),
  );

  app.patch(
    '/api/merchants/profile/contact/',
    {
      schema: {
        ...secured,
        operationId: 'updateCompanyContact',
        summary:
          'Trading name, phone, website, contact email, industry, size, turnover, trading address: at once.',
        body: CompanyContactBody,
        response: { 200: CompanyProfile, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => updateCompanyContact(db, actorOf(request), request.body),
  );

  app.patch(
    '/api/merchants/profile/representative/',
    {
      schema: {
        ...secured,
        operationId: 'updateRepresentativeContact',
        summary: "The representative's job title and phone: at once (their identity goes through review).",
        body: RepresentativeContactBody,
        response: { 200: CompanyProfile, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => updateRepresentativeContact(db, actorOf(request), request.body),
  );

  app.post(
    '/api/merchants/profile/changes/',
    {
      schema: {
        ...secured,
        operationId: 'requestProfileChange',
        summary:
          'A change of legal data, stored pending_review until the bank decides; 409 while one of its kind waits.',
        body: ProfileChangeBody,
        response: { 201: ProfileChange, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await requestProfileChange(db, actorOf(request), request.body, originOf(request))),
  );

  app.get(
    '/api/merchants/profile/documents/',
    {
      schema: {
        ...secured,
        operationId: 'latestDocuments',
        summary: "The merchant's documents, newest first.",
        response: { 200: LatestDocuments, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ items: await latestDocuments(db, authOf(request).merchantId) }),
  );

  app.post(
    '/api/merchants/profile/documents/',
    {
      schema: {
        ...secured,
        operationId: 'uploadProfileDocument',
        summary: 'multipart/form-data with `type` and `file` (PDF, JPEG or PNG by content, at most 10 MB).',
        consumes: ['multipart/form-data'],
        body: UploadProfileDocumentBody,
        response: { 201: OnboardingDocument, ...errorResponses(400, 401, 403, 413) },
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      return reply.status(201).send(await uploadProfileDocument(db, storage, actorOf(request), upload));
    },
  );

  app.get(
    '/api/merchants/profile/documents/:id/',
    {
      schema: {
        ...secured,
        operationId: 'downloadProfileDocument',
        params: DocumentIdParams,
        response: { 200: FileResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await readDocument(db, storage, authOf(request).merchantId, request.params.id);
      return fileReply(reply, {
        contentType: file.contentType,
        disposition: { as: 'attachment', fileName: file.fileName, encoding: 'utf8' },
      }).send(file.data);
    },
  );

  app.get(
    '/api/merchants/profile/company_logo/',
    {
      schema: {
        ...secured,
        operationId: 'companyLogo',
        summary: "The company's logo (PNG once uploaded here); 404 when there is none.",
        response: { 200: FileResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const logo = await readLogo(db, storage, authOf(request).merchantId);
      return fileReply(reply, { contentType: logo.contentType, cache: 'no-cache' }).send(logo.data);
    },
  );

  app.post(
    '/api/merchants/profile/company_logo/',
    {
      schema: {
        ...secured,
        operationId: 'uploadProfileLogo',
        summary: 'multipart/form-data with `file` (PNG, JPEG or WebP by content); resized, stored as PNG.',
        consumes: ['multipart/form-data'],
        body: UploadProfileLogoBody,
        response: { 201: CompanyLogo, ...errorResponses(400, 401, 403, 413) },
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      return reply.status(201).send(await uploadProfileLogo(db, storage, actorOf(request), upload));
    },
  );
};
