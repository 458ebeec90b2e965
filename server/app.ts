import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ApiError, ErrorCode } from '../schemas/error.schema';
import type { Config } from './config';
import type { Database } from './db/database';
import { databaseRetryAfterSeconds, isConnectionError } from './db/connectionErrors';
import { enforceOperationRules } from './auth/operationGuard';
import { AppError } from './errors';
import { loggerOptions } from './logging';
import { jsonNestsDeeperThan, maxJsonDepth } from './jsonDepth';
import { accountsRoutes } from './routes/accounts.routes';
import { addressesRoutes } from './routes/addresses.routes';
import { advertisingRoutes } from './routes/advertising.routes';
import { analyticsRoutes } from './routes/analytics.routes';
import { auditTrailRoutes } from './routes/auditTrail.routes';
import { authRoutes } from './routes/auth.routes';
import { beneficiariesRoutes } from './routes/beneficiaries.routes';
import { cardsRoutes } from './routes/cards.routes';
import { cashbackRoutes } from './routes/cashback.routes';
import { contentRoutes } from './routes/content.routes';
import { employeesRoutes } from './routes/employees.routes';
import { gifsRoutes } from './routes/gifs.routes';
import { healthRoutes } from './routes/health';
import { homeRoutes } from './routes/home.routes';
import { kycRoutes } from './routes/kyc.routes';
import { moneyRequestsRoutes } from './routes/moneyRequests.routes';
import { notificationsRoutes } from './routes/notifications.routes';
import { onboardingRoutes } from './routes/onboarding.routes';
import { passwordRoutes } from './routes/password.routes';
import { profileRoutes } from './routes/profile.routes';
import { payeeRoutes } from './routes/payee.routes';
import { plansRoutes } from './routes/plans.routes';
import { publicRoutes } from './routes/public.routes';
import { qrCodesRoutes } from './routes/qrCodes.routes';
import { registrationRoutes } from './routes/registration.routes';
import { scheduledPaymentsRoutes } from './routes/scheduledPayments.routes';
import { sendMoneyRoutes } from './routes/sendMoney.routes';
import { statementsRoutes } from './routes/statements.routes';
import { stepUpRoutes } from './routes/stepUp.routes';
import { campaignReviewRoutes } from './routes/campaignReview.routes';
import { staffRoutes } from './routes/staff.routes';
import { legalChangesRoutes } from './routes/legalChanges.routes';
import { deletionTasksRoutes } from './routes/deletionTasks.routes';
import { merchantReviewRoutes } from './routes/merchantReview.routes';
import { settingsRoutes } from './routes/settings.routes';
import { transactionsRoutes } from './routes/transactions.routes';
import { flowCatalogueRoutes } from './routes/flows.routes';
import { sandboxAdvertisingRoutes } from './sandbox/advertising.routes';
import { sandboxBillingRoutes } from './sandbox/billing.routes';
import { sandboxCardRoutes } from './sandbox/cards.routes';
import { sandboxExternalAccountRoutes } from './sandbox/externalAccounts.routes';
import { sandboxOutboxRoutes } from './sandbox/outbox.routes';
import { sandboxProfileReviewRoutes } from './sandbox/profileReview.routes';
import { sandboxReviewRoutes } from './sandbox/review.routes';
import { sandboxScheduledPaymentsRoutes } from './sandbox/scheduledPayments.routes';
import { sandboxSettlementRoutes } from './sandbox/settlement.routes';
import { sandboxTransferRoutes } from './sandbox/transfers.routes';
import { sandboxUserRoutes } from './sandbox/users.routes';
import { storageFor } from './storage';

export const apiVersion = '0.1.0';

/** The CSP the built Vite app runs under (ADR 001: app and API share one origin); ALTCHA solves in blob: workers. */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // styled-components injects <style> elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Document and logo previews show the downloaded file through a blob: object URL (DocumentPreview).
  // A payment note's GIF may come from Giphy or Tenor (server/gifs.ts, schemas/sendMoney.schema.ts): their media hosts.
  imgSrc: ["'self'", 'data:', 'blob:', 'https://*.giphy.com', 'https://media.tenor.com'],
  fontSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

const statusCodes: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
};

function body(
  code: ErrorCode,
  message: string,
  extra: Pick<ApiError['error'], 'fields' | 'details'> = {},
): ApiError {
  return { error: { code, message, ...extra } };
}

/** "/email" → "email", "/items/0/name" → "items.0.name"; the whole body is "body". */
function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').split('/').join('.');
  return name === '' ? 'body' : name;
}

export type BuildAppOptions = {
  config: Config;
  db: Database;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them to prove what is never logged). */
  logStream?: { write: (line: string) => void };
};

/** The whole HTTP server without listening: main.ts listens, tests inject or listen on port 0. */
export async function buildApp({
  config,
  db,
  logger = true,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Route paths end with a slash as SPEC §7 names them; the same path without it is a different (unknown) one.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // The router's own refusals (a path parameter over maxParamLength: 414; a malformed %-escape: 400) in our shape.
    frameworkErrors: (error: FastifyError, _request: unknown, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .status(tooLong ? 414 : 400)
        .send(
          body(
            'bad_request',
            tooLong
              ? 'A part of the address is too long: at most 200 characters.'
              : 'The address is not valid.',
          ),
        );
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.decorateRequest('staff', null);

  // API answers are about one caller (balances, IBANs, tokens, codes): no browser or shared cache may keep them.
  // Public content that may be cached says so itself (the content routes) and keeps it; a signed-in answer never.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url !== '/api' && !request.url.startsWith('/api/')) return payload;
    const cacheControl = reply.getHeader('cache-control');
    const stored = typeof cacheControl === 'string' && /\bno-store\b/.test(cacheControl);
    if (cacheControl === undefined || ((request.auth || request.staff) && !stored)) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  // An empty JSON body is read as {} so that missing fields get the usual 400 with `fields`.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const text = typeof raw === 'string' ? raw : raw.toString('utf8');
    if (text.trim() === '') return done(null, {});
    if (jsonNestsDeeperThan(text)) {
      return done(
        new AppError('bad_request', 400, `The request body nests more than ${maxJsonDepth} levels deep.`),
        undefined,
      );
    }
    return jsonParser(request, text, done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.statusCode).send(
        body(error.code, error.message, {
          ...(error.fields ? { fields: error.fields } : {}),
          ...(error.details ? { details: error.details } : {}),
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        fields[name] ??= issue.message ?? 'Invalid value.';
      }
      return reply
        .status(400)
        .send(body('validation_failed', 'Some fields are missing or not valid.', { fields }));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(body('payload_too_large', 'The request body is too large.'));
      case 'FST_REQ_FILE_TOO_LARGE': {
        // Every upload route reads its file with the configured limit: the app quotes it, not a copy of the default.
        const megabytes = Math.round((config.uploadLimitBytes / 1_048_576) * 10) / 10;
        return reply.status(413).send(
          body('payload_too_large', `The file is larger than ${megabytes} MB. Choose a smaller file.`, {
            details: { max_bytes: config.uploadLimitBytes },
          }),
        );
      }
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body('bad_request', 'The request body is not valid JSON.'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(body('bad_request', 'Send the request body as application/json.'));
    }
    if (isConnectionError(error)) {
      // The database is away (restarting, unreachable, connections cut): not a bug, so no 500; try again shortly.
      request.log.warn({ code: error.code }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(databaseRetryAfterSeconds))
        .send(body('service_unavailable', 'The service is briefly unavailable. Try again shortly.'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(body('rate_limited', 'Too many requests. Try again later.'));
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(body(statusCodes[status] ?? 'bad_request', 'The request cannot be processed.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('internal_error', 'Something went wrong on our side.'));
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      // The map's street tiles come from the configured tile server (MAP_TILE_URL).
      directives: config.mapTileUrl
        ? {
            ...contentSecurityPolicy,
            imgSrc: [
              ...contentSecurityPolicy.imgSrc,
              new URL(config.mapTileUrl.replace(/\{[a-z]\}/g, '0')).origin,
            ],
          }
        : contentSecurityPolicy,
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // Errors go through the one error handler above; the plugin has already set Retry-After.
    errorResponseBuilder: (_request, context) => {
      const retryAfter = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('rate_limited', 429, 'Too many requests. Try again later.', {
        retryAfter,
        details: { retry_after: retryAfter },
      });
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tameio API',
        version: apiVersion,
        description: 'Merchant banking API. Every error has the ApiError shape.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The bank's staff (docs/decisions/023-staff-realm.md): another key and audience; opens /api/back-office/ only.
          staffBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  // Before any route: every /api/ route is checked against schemas/permissions.ts as it is registered.
  enforceOperationRules(app, {
    db,
    jwtSecret: config.secrets.jwtSecret,
    sandbox: config.environment !== 'production',
  });

  await app.register(publicRoutes, { config });
  await app.register(healthRoutes, { db });
  await app.register(authRoutes, { db, config });
  await app.register(homeRoutes, { db, config });
  await app.register(accountsRoutes, { db, config });
  await app.register(transactionsRoutes, { db, config });
  await app.register(statementsRoutes, { db, config });
  await app.register(auditTrailRoutes, { db, config });
  await app.register(onboardingRoutes, { db, config, storage: storageFor(config) });
  await app.register(kycRoutes, { db, config, storage: storageFor(config) });
  await app.register(profileRoutes, { db, config, storage: storageFor(config) });
  await app.register(stepUpRoutes, { db, config });
  await app.register(registrationRoutes, { db, config });
  await app.register(passwordRoutes, { db, config });
  await app.register(payeeRoutes, { db, config });
  await app.register(sendMoneyRoutes, { db, config });
  await app.register(gifsRoutes, { db, config });
  await app.register(scheduledPaymentsRoutes, { db, config });
  await app.register(moneyRequestsRoutes, { db, config });
  await app.register(beneficiariesRoutes, { db, config });
  await app.register(qrCodesRoutes, { db, config });
  await app.register(cardsRoutes, { db, config });
  await app.register(cashbackRoutes, { db, config });
  await app.register(addressesRoutes, { db, config });
  await app.register(employeesRoutes, { db, config });
  await app.register(analyticsRoutes, { db, config });
  await app.register(advertisingRoutes, { db, config });
  await app.register(contentRoutes, { db, config });
  await app.register(plansRoutes, { db, config });
  await app.register(settingsRoutes, { db, config });
  await app.register(notificationsRoutes, { db, config });
  await app.register(staffRoutes, { db, config });
  await app.register(legalChangesRoutes, { db, storage: storageFor(config) });
  await app.register(deletionTasksRoutes, { db });
  await app.register(merchantReviewRoutes, { db, config, storage: storageFor(config) });
  await app.register(campaignReviewRoutes, { db });
  if (config.environment !== 'production') await app.register(sandboxOutboxRoutes, { db });
  if (config.environment !== 'production') await app.register(sandboxReviewRoutes, { db, config });
  if (config.environment !== 'production') await app.register(sandboxProfileReviewRoutes, { db });
  if (config.environment !== 'production') await app.register(sandboxTransferRoutes, { db });
  if (config.environment !== 'production') await app.register(sandboxUserRoutes, { db, config });
  if (config.environment !== 'production') await app.register(sandboxExternalAccountRoutes, { db });
  if (config.environment !== 'production') await app.register(sandboxSettlementRoutes, { db });
  if (config.environment !== 'production') await app.register(sandboxScheduledPaymentsRoutes, { db });
  if (config.environment !== 'production') await app.register(sandboxCardRoutes, { db, config });
  if (config.environment !== 'production') await app.register(sandboxBillingRoutes, { db, config });
  if (config.environment !== 'production') await app.register(sandboxAdvertisingRoutes, { db, config });
  if (config.environment !== 'production') await app.register(flowCatalogueRoutes);

  app.get('/api/openapi.json', { schema: { hide: true, operationId: 'openapi' } }, async () => app.swagger());

  const indexHtml = path.join(config.webDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: true,
      index: 'index.html',
      list: false,
      // The build writes .br and .gz next to each file (scripts/precompress.ts): sent to browsers that accept them,
      // with Vary: Accept-Encoding; files without them go out as they are.
      preCompressed: true,
      // .vite/manifest.json is the build's chunk graph for scripts/webBudget.ts, not for browsers.
      dotfiles: 'ignore',
      setHeaders: (res, filePath) => {
        // Vite puts content-hashed files under assets/: cache them for good; everything else (index.html above all)
        // is revalidated on every use, against its ETag and Last-Modified.
        const immutable = filePath.startsWith(path.join(config.webDir, 'assets') + path.sep);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // SPA fallback: the client router owns every non-API path.
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(body('not_found', 'Nothing here.'));
  });

  return app;
}
