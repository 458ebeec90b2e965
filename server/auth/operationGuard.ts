import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import {
  isOperationId,
  mayCall,
  operationRules,
  type OperationId,
  type OperationRule,
} from '../../schemas/permissions';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { authenticateStaff, permitStaffOperation } from '../staff/authenticateStaff';
import { authenticate, requireApprovedMerchant } from './authenticate';

/**
 * docs/engineering.md principle 8 on the server: every route under /api/ is checked against `operationRules`
 * (schemas/permissions.ts) when it is registered, so no endpoint can forget its check. Start-up fails for a route
 * without an operationId, with one the table does not know, with two routes claiming one operationId, or with a
 * route whose declared bearer security disagrees with the table. A `session` operation gets, on request (before its
 * body is read or validated, so an anonymous caller hears 401 and not a list of fields):
 * authenticate → the table's check (403 forbidden) → the merchant's review (403 merchant_not_approved) when the
 * rule says `approved`, then whatever the route had (e.g. a per-user rate limit that needs `request.auth`).
 */

function forbidden(): AppError {
  return new AppError('forbidden', 403, 'You do not have access to this.');
}

/** onRequest after `authenticate`: the table decides for this operation. */
export function permitOperation(operationId: OperationId) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const auth = request.auth;
    if (!auth) throw new AppError('unauthorized', 401, 'Sign in to continue.');
    if (!mayCall({ ...auth.actor, access_level: auth.accessLevel }, operationId)) throw forbidden();
  };
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? [...value] : [value];
}

/** The bearer scheme a route's schema declares (`bearerAuth` merchants, `staffBearer` staff), or null. */
function declaredBearer(schema: RouteOptions['schema']): string | null {
  const security = (schema as { security?: unknown } | undefined)?.security;
  if (!Array.isArray(security) || security.length === 0) return null;
  const first: unknown = security[0];
  return first !== null && typeof first === 'object' ? (Object.keys(first)[0] ?? null) : null;
}

/** The back office's API: staff operations live here and nowhere else, and no merchant operation lives here. */
const backOfficePrefix = '/api/back-office/';

export type OperationGuardOptions = {
  db: Database;
  jwtSecret: string;
  /** Whether the sandbox rails are registered (outside production): then every table entry must have a route. */
  sandbox: boolean;
};

/**
 * Adds the onRoute hook; call it on the root instance before any route is registered. On ready, every operation of
 * the table must have been registered (the sandbox ones only when the sandbox is on), so the table names nothing
 * the server does not have.
 */
export function enforceOperationRules(app: FastifyInstance, options: OperationGuardOptions): void {
  const registered = new Map<string, string>();
  const authenticated = authenticate(options.db, options.jwtSecret);
  const approved = requireApprovedMerchant(options.db);
  const authenticatedStaff = authenticateStaff(options.db, options.jwtSecret);

  app.addHook('onRoute', (route) => {
    if (route.url !== '/api' && !route.url.startsWith('/api/')) return; // the built web app and its fallback
    const where = `${String(route.method)} ${route.url}`;
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (typeof operationId !== 'string' || operationId === '') {
      throw new Error(
        `${where} has no schema.operationId: every API route needs one (schemas/permissions.ts)`,
      );
    }
    if (!isOperationId(operationId)) {
      throw new Error(
        `${where}: operationId "${operationId}" has no entry in operationRules (schemas/permissions.ts)`,
      );
    }
    // Fastify registers a GET route's HEAD twin through this hook too: same URL, same operation.
    const claimedBy = registered.get(operationId);
    if (claimedBy !== undefined && claimedBy !== route.url) {
      throw new Error(`${where}: operationId "${operationId}" is already used by ${claimedBy}`);
    }
    const rule: OperationRule = operationRules[operationId];
    const expected =
      rule.access === 'session' ? 'bearerAuth' : rule.access === 'staff' ? 'staffBearer' : null;
    const declared = declaredBearer(route.schema);
    if (declared !== expected) {
      throw new Error(
        `${where}: "${operationId}" is ${rule.access} in operationRules but declares ` +
          `${declared ?? 'no'} bearer security (it needs ${expected ?? 'none'})`,
      );
    }
    if (rule.access === 'sandbox' && !route.url.startsWith('/api/sandbox/')) {
      throw new Error(`${where}: a sandbox operation must live under /api/sandbox/`);
    }
    // The two realms do not share a prefix, so a reverse proxy or a log filter can tell them apart by the path alone
    // (the staff sign-in steps, public, live under it too).
    const underBackOffice = route.url.startsWith(backOfficePrefix);
    if ((rule.access === 'staff' && !underBackOffice) || (rule.access === 'session' && underBackOffice)) {
      throw new Error(
        `${where}: "${operationId}" is ${rule.access}; staff operations live under ${backOfficePrefix}, merchant ones not`,
      );
    }
    registered.set(operationId, route.url);
    if (rule.access === 'staff') {
      route.onRequest = [authenticatedStaff, permitStaffOperation(operationId), ...asArray(route.onRequest)];
      return;
    }
    if (rule.access !== 'session') return;
    const guards = [authenticated, permitOperation(operationId)];
    if (rule.approved) guards.push(approved);
    // A new array: the route's own may be shared with its HEAD twin, and plugins push into it.
    route.onRequest = [...guards, ...asArray(route.onRequest)];
  });

  app.addHook('onReady', (done) => {
    const missing = Object.entries(operationRules as Record<string, OperationRule>)
      .filter(([id, rule]) => !registered.has(id) && (options.sandbox || !isSandboxOnly(rule)))
      .map(([id]) => id);
    done(
      missing.length > 0
        ? new Error(`operationRules names operations the server does not have: ${missing.join(', ')}`)
        : undefined,
    );
  });

  app.decorate('operationIds', () => [...registered.keys()]);
}

function isSandboxOnly(rule: OperationRule): boolean {
  return rule.access === 'sandbox' || (rule.access === 'session' && rule.sandbox === true);
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** Every operationId registered on this server (tests compare it with the table). */
    operationIds: () => string[];
  }
}
