import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessLevelName, Actor } from '../../schemas/permissions';
import { namedStatement, type Database } from '../db/database';
import type { MerchantStatus } from '../db/types';
import { AppError } from '../errors';
import { verifyAccessToken } from './tokens';

export type AuthContext = {
  userId: string;
  merchantId: string;
  sessionId: string;
  actor: Actor;
  /** What an employee sees of the company's money (migration 019); null for the owner. */
  accessLevel: AccessLevelName | null;
  /** The merchant's review status as of this request (read with the session: no second query per request). */
  merchantStatus: MerchantStatus;
  /** The user's name as of this request (e.g. "initiated by" on a payment answered without re-reading it). */
  firstName: string;
  lastName: string;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const unauthorized = () => new AppError('unauthorized', 401, 'Sign in to continue.');

/**
 * The bearer token's session, if the token is ours and unexpired, its session is neither revoked nor past its
 * absolute end, and its user is enabled: a logged-out session's or a disabled employee's access token stops working
 * at once, not when it expires. (Disabling revokes the sessions too; the status is read here anyway, in the same
 * query, so that no path that forgets to revoke can leave a disabled user in.)
 */
export async function resolveAuth(
  db: Database,
  jwtSecret: string,
  header: string | undefined,
): Promise<AuthContext> {
  const match = /^Bearer ([A-Za-z0-9_\-.]{1,4096})$/.exec(header ?? '');
  if (!match?.[1]) throw unauthorized();
  const claims = verifyAccessToken(jwtSecret, match[1]);
  if (!claims) throw unauthorized();
  const row = await db
    .selectFrom('sessions as s')
    .modifyFront(namedStatement) // every authenticated request: a prepared statement on PostgreSQL
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('merchants as m', 'm.id', 'u.merchant_id')
    .select([
      's.id',
      's.revoked_at',
      's.absolute_expires_at',
      'u.id as userId',
      'u.merchant_id',
      'u.is_owner',
      'u.employee_type',
      'u.access_level',
      'u.status as user_status',
      'u.first_name',
      'u.last_name',
      'm.status as merchant_status',
    ])
    .where('s.id', '=', claims.sessionId)
    .executeTakeFirst();
  if (
    !row ||
    row.userId !== claims.userId ||
    row.revoked_at ||
    row.absolute_expires_at <= new Date() ||
    row.user_status !== 'enabled'
  ) {
    throw unauthorized();
  }
  return {
    userId: row.userId,
    merchantId: row.merchant_id,
    sessionId: row.id,
    actor: { is_owner: row.is_owner, employee_type: row.employee_type },
    accessLevel: row.is_owner ? null : row.access_level,
    merchantStatus: row.merchant_status,
    firstName: row.first_name,
    lastName: row.last_name,
  };
}

/**
 * onRequest hook of every `session` operation, attached by server/auth/operationGuard.ts from the permission table;
 * routes do not add it themselves.
 */
export function authenticate(db: Database, jwtSecret: string) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.auth = await resolveAuth(db, jwtSecret, request.headers.authorization);
  };
}

/** The signed-in user of a request that passed `authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * onRequest hook after `authenticate` and the operation check, for every operation the permission table marks
 * `approved` (the money features): closed until the merchant passed review, 403 `merchant_not_approved`.
 */
export function requireApprovedMerchant(_db?: Database) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!request.auth) throw unauthorized();
    // `authenticate` read the status with the session, in the same query.
    if (request.auth.merchantStatus !== 'approved') {
      throw new AppError('merchant_not_approved', 403, 'This opens once your company has been approved.');
    }
  };
}
