import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KycCriteria,
  KycIdParams,
  KycImage,
  KycInitiateBody,
  KycInitiateResponse,
  KycSide,
  KycStatus,
  KycVerification,
} from '../../schemas/kyc.schema';
import { StepUpHeaders, stepUpHeader } from '../../schemas/stepUp.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { evaluateKyc, initiateKyc, kycCriteria, kycStatus, uploadKycImage, type KycUpload } from '../kyc/kyc';
import type { OnboardingActor } from '../onboarding/onboarding';
import type { FileStorage } from '../storage';
import { errorResponses } from './apiErrors';
import { unreadableUpload } from './multipartUpload';

/** For the OpenAPI document only: @fastify/multipart streams the parts and readKycUpload checks them. */
const UploadKycImageBody = z.object({ side: KycSide, file: z.file() }).meta({ id: 'UploadKycImageBody' });
const documentationOnly = { validatorCompiler: () => () => true };

function actorOf(request: FastifyRequest): OnboardingActor {
  const auth = authOf(request);
  return { userId: auth.userId, merchantId: auth.merchantId, isOwner: auth.actor.is_owner };
}

/** A multipart body of one `file` and a `side` field; the size limit answers 413. */
async function readKycUpload(request: FastifyRequest): Promise<KycUpload> {
  if (!request.isMultipart()) {
    throw new AppError('bad_request', 400, 'Send the file as multipart/form-data.');
  }
  let side: string | undefined;
  let file: { fileName: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { fileName: part.filename, data };
      } else if (part.fieldname === 'side' && typeof part.value === 'string') {
        side = part.value;
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
  return { side, ...file };
}

export const kycRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  storage: FileStorage;
}> = async (app, { db, config, storage }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploadLimitBytes, files: 1, fields: 2, parts: 3, fieldSize: 200 },
  });

  const secured = { tags: ['kyc'], security: [{ bearerAuth: [] }] };

  app.get(
    '/api/merchants/kyc/criteria/',
    {
      schema: {
        ...secured,
        operationId: 'kycCriteria',
        summary: 'Accepted documents and sides, image rules (either orientation), and the checks run.',
        response: { 200: KycCriteria, ...errorResponses(401, 403) },
      },
    },
    async () => kycCriteria(config.uploadLimitBytes),
  );

  app.get(
    '/api/merchants/kyc/',
    {
      schema: {
        ...secured,
        operationId: 'kycStatus',
        summary: 'The latest identity verification with its images and last evaluation, or null.',
        response: { 200: KycStatus, ...errorResponses(401, 403) },
      },
    },
    async (request) => kycStatus(db, authOf(request).merchantId),
  );

  app.post(
    '/api/merchants/kyc/initiate/',
    {
      schema: {
        ...secured,
        operationId: 'kycInitiate',
        summary: 'Starts a verification of the representative’s identity document.',
        description:
          'Needs a fresh one-time code: the grant from stepUpVerify (purpose `identity_verification`) in the X-Step-Up-Token header; 403 `step_up_required` otherwise.',
        headers: StepUpHeaders,
        body: KycInitiateBody,
        response: { 201: KycInitiateResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await initiateKyc(db, actorOf(request), request.body, request.headers[stepUpHeader])),
  );

  app.post(
    '/api/merchants/kyc/:id/images/',
    {
      schema: {
        ...secured,
        operationId: 'uploadKycImage',
        summary: 'multipart/form-data with `side` (front, back, selfie) and `file` (JPEG or PNG by content).',
        consumes: ['multipart/form-data'],
        params: KycIdParams,
        body: UploadKycImageBody,
        response: { 201: KycImage, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
      ...documentationOnly,
    },
    async (request, reply) => {
      // The params are not validated by the schema here (documentationOnly), so check the id by hand.
      const params = KycIdParams.safeParse(request.params);
      if (!params.success) {
        throw new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
          fields: { id: 'Not a valid id.' },
        });
      }
      const upload = await readKycUpload(request);
      return reply
        .status(201)
        .send(await uploadKycImage(db, storage, actorOf(request), params.data.id, upload));
    },
  );

  app.post(
    '/api/merchants/kyc/:id/evaluate/',
    {
      schema: {
        ...secured,
        operationId: 'kycEvaluate',
        summary: 'Runs the checks and stores each result and passed | failed. No biometric matching here.',
        params: KycIdParams,
        response: { 200: KycVerification, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => evaluateKyc(db, storage, actorOf(request), request.params.id),
  );
};
