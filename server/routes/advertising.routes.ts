import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdvertisingPlanParams,
  AdvertisingPlansResponse,
  AdvertisingPurchaseBody,
  Campaign,
  CampaignParams,
  CampaignsResponse,
  NewsletterClickParams,
  SponsoredClick,
  SponsoredClickBody,
  SponsoredClickParams,
  SponsoredPlacement,
  SponsoredPlacementQuery,
} from '../../schemas/advertising.schema';
import { IdempotencyHeaders } from '../../schemas/transactions.schema';
import {
  advertisingCampaigns,
  advertisingPlans,
  campaignById,
  purchaseAdvertisingPlan,
} from '../advertising/advertising';
import { recordClick, servePlacement } from '../advertising/delivery';
import { recordNewsletterClick } from '../advertising/newsletterClicks';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { errorResponses } from './apiErrors';

/**
 * Advertising (schemas/advertising.schema.ts); the domain is server/advertising/. Plans and campaigns are the
 * advertise-with-us area; buying pays from the wallet, so schemas/permissions.ts gives it send money's rule.
 */
export const advertisingRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const secured = { tags: ['advertising'], security: [{ bearerAuth: [] }] };

  app.get(
    '/api/merchants/advertising/plans/',
    {
      schema: {
        ...secured,
        operationId: 'advertisingPlans',
        summary:
          'The advertising plans on sale (name, reach, duration in days, price with VAT, placements) and the ' +
          'available balance they are paid from.',
        response: { 200: AdvertisingPlansResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => advertisingPlans(db, authOf(request).merchantId),
  );

  app.post(
    '/api/merchants/advertising/plans/:id/purchase/',
    {
      schema: {
        ...secured,
        operationId: 'purchaseAdvertisingPlan',
        summary:
          'Buys a plan: in one transaction the price from the merchant’s account through the ledger (an ' +
          '`advertising` transaction, completed) and the campaign, starting on `start_date` (Europe/Athens, today ' +
          'up to 90 days ahead; default today). Idempotency-Key required: the same key and body answer the first ' +
          'campaign (header Idempotent-Replayed: true), another body 409 conflict. 400 with `fields` for a bad ' +
          'headline, link or date; 404 for a plan not on sale; 422 insufficient_funds "Payment failed, possibly from ' +
          'insufficient balance; try again later."; on every refusal nothing changes.',
        headers: IdempotencyHeaders,
        params: AdvertisingPlanParams,
        body: AdvertisingPurchaseBody,
        response: { 201: Campaign, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { campaign, replayed } = await purchaseAdvertisingPlan(
        db,
        { merchantId: auth.merchantId, userId: auth.userId },
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(campaign);
    },
  );

  app.get(
    '/api/merchants/advertising/campaigns/',
    {
      schema: {
        ...secured,
        operationId: 'advertisingCampaigns',
        summary:
          'The merchant’s campaigns, newest first, each with its plan, headline, link, dates, status (in_review ' +
          'until the bank decides, rejected with the reason and the refund, then scheduled, active, stopped_at_reach ' +
          'or ended) and delivery figures (reach, impressions and clicks, in total and per placement).',
        response: { 200: CampaignsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => advertisingCampaigns(db, authOf(request).merchantId),
  );

  app.get(
    '/api/merchants/advertising/campaigns/:id/',
    {
      schema: {
        ...secured,
        operationId: 'advertisingCampaign',
        summary: 'One campaign of the merchant; another merchant’s is 404.',
        params: CampaignParams,
        response: { 200: Campaign, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => campaignById(db, authOf(request).merchantId, request.params.id),
  );

  app.get(
    '/api/merchants/advertising/placements/',
    {
      schema: {
        ...secured,
        operationId: 'sponsoredPlacement',
        summary:
          'One other merchant’s approved, running campaign to show the caller in an in-app placement (dashboard, ' +
          'wallet_directory), or `campaign: null`. Never the caller’s own merchant’s; the one shown least first. ' +
          'Each campaign answered counts one impression; a campaign shown as often as its reach is not answered ' +
          'again.',
        querystring: SponsoredPlacementQuery,
        response: { 200: SponsoredPlacement, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const campaign = await servePlacement(
        db,
        { merchantId: auth.merchantId, userId: auth.userId },
        request.query.placement,
      );
      return { campaign };
    },
  );

  app.post(
    '/api/merchants/advertising/placements/:id/click/',
    {
      schema: {
        ...secured,
        operationId: 'sponsoredClick',
        summary:
          'Records a click on a campaign shown to the caller’s merchant in `placement` and answers its link, which ' +
          'the app then opens. 404 for a campaign not shown there to this merchant; nothing is recorded then.',
        params: SponsoredClickParams,
        body: SponsoredClickBody,
        response: { 200: SponsoredClick, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return recordClick(
        db,
        { merchantId: auth.merchantId, userId: auth.userId },
        request.params.id,
        request.body.placement,
      );
    },
  );

  app.get(
    '/api/advertising/newsletter/:campaign/:user/:signature/',
    {
      schema: {
        operationId: 'newsletterClick',
        tags: ['advertising'],
        summary:
          'The link in a reader’s newsletter email (no sign-in: a mail client opens it): counts the click once per ' +
          'reader and redirects (302) to the advertiser’s link. 404 for a link the server did not sign or a ' +
          'campaign not sent to that reader; nothing is recorded then.',
        params: NewsletterClickParams,
        response: {
          302: z.null().describe('Redirects to the advertiser’s link.'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { link } = await recordNewsletterClick(db, config.secrets.jwtSecret, {
        campaignId: request.params.campaign,
        userId: request.params.user,
        signature: request.params.signature,
      });
      reply.header('cache-control', 'no-store');
      return reply.redirect(link, 302);
    },
  );
};
