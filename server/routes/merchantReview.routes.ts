import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdentityPhotoParams,
  IdentityReviewItem,
  IdentityReviewParams,
  IdentityReviewQueue,
  InformationRequestBody,
  MerchantReviewDocumentParams,
  MerchantReviewFile,
  MerchantReviewParams,
  MerchantReviewQueue,
  RefuseIdentityBody,
  RejectMerchantBody,
} from '../../schemas/merchantReview.schema';
import { recordAuditAlone } from '../audit/auditTrail';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { deliverMessages } from '../notify/outbox';
import { readDocument } from '../onboarding/documents';
import {
  confirmIdentity,
  identityReviewItem,
  identityReviewQueue,
  readIdentityPhoto,
  refuseIdentity,
} from '../review/identityReview';
import {
  approveMerchant,
  merchantReviewFile,
  merchantReviewQueue,
  recheckMerchantVat,
  rejectMerchant,
  requestMerchantInformation,
} from '../review/merchantReview';
import { staffOf } from '../staff/authenticateStaff';
import type { FileStorage } from '../storage';
import { errorResponses } from './apiErrors';
import { originOf } from './auth.routes';
import { fileReply } from './fileReply';

/** The raw file (PDF, JPEG or PNG), sent as bytes; fastify serialises no Buffer. */
const FileResponse = z.any().describe('The file, inline, with its checked Content-Type');

/**
 * The bank's review desk (issue 21, server/review/): staff only, area `merchant-reviews` for the merchants' files and
 * decisions, `identity-reviews` for a person's look at the identity photos. Authentication and the role come from
 * the operation guard at registration; each handler validates, then calls one domain function that works in one
 * transaction with its entry on the audit trail. Opening a document or a photo is on the trail too.
 */
export const merchantReviewRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  storage: FileStorage;
}> = async (app, { db, config, storage }) => {
  const secured = { tags: ['back office'], security: [{ staffBearer: [] }] };
  const deliver = (outboxIds: string[], log: FastifyBaseLogger) => {
    void deliverMessages(
      db,
      outboxIds,
      { smtpUrl: config.smtpUrl, smsWebhookUrl: config.smsWebhookUrl },
      log,
    ).catch((error: unknown) => log.warn({ err: error }, 'outbox delivery failed'));
  };

  // ---- Merchant reviews ----

  app.get(
    '/api/back-office/merchant-reviews/',
    {
      schema: {
        ...secured,
        operationId: 'merchantReviewQueue',
        summary:
          'Merchants in review, oldest submission first, with their risk flags and where the review stands.',
        response: { 200: MerchantReviewQueue, ...errorResponses(401, 403) },
      },
    },
    async () => merchantReviewQueue(db),
  );

  app.get(
    '/api/back-office/merchant-reviews/:merchant_id/',
    {
      schema: {
        ...secured,
        operationId: 'merchantReviewFile',
        summary:
          'Everything onboarding collected for one merchant, the VAT check, the identity photos and checks, the ' +
          'risk flags and the history of the review.',
        params: MerchantReviewParams,
        response: { 200: MerchantReviewFile, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => merchantReviewFile(db, request.params.merchant_id),
  );

  app.get(
    '/api/back-office/merchant-reviews/:merchant_id/documents/:id/',
    {
      schema: {
        ...secured,
        operationId: 'merchantReviewDocument',
        summary:
          'One of the merchant’s onboarding documents (or its logo), inline; the opening is on the audit trail.',
        params: MerchantReviewDocumentParams,
        response: { 200: FileResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { merchant_id: merchantId, id } = request.params;
      const file = await readDocument(db, storage, merchantId, id);
      await recordAuditAlone(db, {
        realm: 'staff',
        actorUserId: staffOf(request).staffId,
        merchantId,
        action: 'merchant_review.document_opened',
        subject: `merchant_document:${id}`,
        origin: originOf(request),
      });
      return fileReply(reply, {
        contentType: file.contentType,
        disposition: { as: 'inline', fileName: file.fileName, encoding: 'utf8' },
      }).send(file.data);
    },
  );

  app.post(
    '/api/back-office/merchant-reviews/:merchant_id/vat-check/',
    {
      schema: {
        ...secured,
        operationId: 'merchantReviewVatCheck',
        summary:
          'Checks the saved VAT number again (the VIES registry when VIES_URL is configured) and answers the file.',
        params: MerchantReviewParams,
        response: { 200: MerchantReviewFile, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      recheckMerchantVat(
        db,
        config.viesUrl,
        request.params.merchant_id,
        { staffId: staffOf(request).staffId },
        originOf(request),
      ),
  );

  app.post(
    '/api/back-office/merchant-reviews/:merchant_id/approve/',
    {
      schema: {
        ...secured,
        operationId: 'approveMerchant',
        summary:
          'Approves a merchant in review: opens its account, or, with a risk flag, records the first of two ' +
          'approvals by different staff members (409 four_eyes_same_reviewer for the same one again); 409 ' +
          'identity_not_confirmed until a person confirmed the identity.',
        params: MerchantReviewParams,
        response: { 200: MerchantReviewFile, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const outcome = await approveMerchant(
        db,
        request.params.merchant_id,
        { staffId: staffOf(request).staffId },
        originOf(request),
      );
      deliver(outcome.outboxIds, request.log);
      return outcome.file;
    },
  );

  app.post(
    '/api/back-office/merchant-reviews/:merchant_id/reject/',
    {
      schema: {
        ...secured,
        operationId: 'rejectMerchant',
        summary: 'Rejects a merchant in review with a reason the owner reads; its steps open again.',
        params: MerchantReviewParams,
        body: RejectMerchantBody,
        response: { 200: MerchantReviewFile, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const outcome = await rejectMerchant(
        db,
        request.params.merchant_id,
        request.body.reason,
        { staffId: staffOf(request).staffId },
        originOf(request),
      );
      deliver(outcome.outboxIds, request.log);
      return outcome.file;
    },
  );

  app.post(
    '/api/back-office/merchant-reviews/:merchant_id/request-information/',
    {
      schema: {
        ...secured,
        operationId: 'requestMerchantInformation',
        summary:
          'Asks a merchant in review for more information on named onboarding steps, each with a note: only those ' +
          'steps open again until it submits again.',
        params: MerchantReviewParams,
        body: InformationRequestBody,
        response: { 200: MerchantReviewFile, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const outcome = await requestMerchantInformation(
        db,
        request.params.merchant_id,
        request.body,
        { staffId: staffOf(request).staffId },
        originOf(request),
      );
      deliver(outcome.outboxIds, request.log);
      return outcome.file;
    },
  );

  // ---- Identity reviews ----

  app.get(
    '/api/back-office/identity-reviews/',
    {
      schema: {
        ...secured,
        operationId: 'identityReviewQueue',
        summary: 'Identity verifications through the automatic checks that wait for a person, oldest first.',
        response: { 200: IdentityReviewQueue, ...errorResponses(401, 403) },
      },
    },
    async () => identityReviewQueue(db),
  );

  app.get(
    '/api/back-office/identity-reviews/:verification_id/',
    {
      schema: {
        ...secured,
        operationId: 'identityReviewItem',
        summary:
          'One identity verification: the typed details, the photos, the automatic checks and the review.',
        params: IdentityReviewParams,
        response: { 200: IdentityReviewItem, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => identityReviewItem(db, request.params.verification_id),
  );

  app.get(
    '/api/back-office/identity-reviews/:verification_id/photos/:side/',
    {
      schema: {
        ...secured,
        operationId: 'identityReviewPhoto',
        summary:
          'One photo of a verification (front, back or selfie), inline; the opening is on the audit trail.',
        params: IdentityPhotoParams,
        response: { 200: FileResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { verification_id: verificationId, side } = request.params;
      const photo = await readIdentityPhoto(db, storage, verificationId, side);
      await recordAuditAlone(db, {
        realm: 'staff',
        actorUserId: staffOf(request).staffId,
        merchantId: photo.merchantId,
        action: 'identity_review.photo_opened',
        subject: `kyc_verification:${verificationId}:${side}`,
        origin: originOf(request),
      });
      return fileReply(reply, {
        contentType: photo.contentType,
        disposition: {
          as: 'inline',
          fileName: `${side}.${photo.contentType === 'image/png' ? 'png' : 'jpg'}`,
          encoding: 'quoted',
        },
      }).send(photo.data);
    },
  );

  app.post(
    '/api/back-office/identity-reviews/:verification_id/confirm/',
    {
      schema: {
        ...secured,
        operationId: 'confirmIdentity',
        summary: 'A person confirms face and document: the merchant reads “verified” from now on.',
        params: IdentityReviewParams,
        response: { 200: IdentityReviewItem, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      confirmIdentity(
        db,
        request.params.verification_id,
        { staffId: staffOf(request).staffId },
        originOf(request),
      ),
  );

  app.post(
    '/api/back-office/identity-reviews/:verification_id/refuse/',
    {
      schema: {
        ...secured,
        operationId: 'refuseIdentity',
        summary:
          'Refuses the photos with a reason: the representative takes them again (a merchant in review is asked ' +
          'for more information on the identity step).',
        params: IdentityReviewParams,
        body: RefuseIdentityBody,
        response: { 200: IdentityReviewItem, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const outcome = await refuseIdentity(
        db,
        request.params.verification_id,
        request.body.reason,
        { staffId: staffOf(request).staffId },
        originOf(request),
      );
      deliver(outcome.outboxIds, request.log);
      return outcome.item;
    },
  );
};
