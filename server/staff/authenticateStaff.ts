import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayStaffCall, type OperationId, type StaffRole } from '../../schemas/permissions';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { verifyStaffToken } from './staffTokens';

export type StaffContext = {
  staffId: string;
  sessionId: string;
  role: StaffRole;
  name: string;
  email: string;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** The signed-in staff member on a back-office operation; null everywhere else. */
    staff: StaffContext | null;
  }
}

const unauthorized = () => new AppError('unauthorized', 401, 'Sign in to the back office to continue.');

/**
 * The bearer token's staff session, if the token is a staff token of ours, unexpired, its session neither revoked nor
 * past its idle or absolute end, and the staff member enabled. Read on every request, so disabling a staff member or
 * signing out closes the back office at once.
 */
export async function resolveStaff(
  db: Database,
  jwtSecret: string,
  header: string | undefined,
): Promise<StaffContext> {
  const match = /^Bearer ([A-Za-z0-9_\-.]{1,4096})$/.exec(header ?? '');
  if (!match?.[1]) throw unauthorized();
  const claims = verifyStaffToken(jwtSecret, match[1]);
  if (!claims) throw unauthorized();
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_users as u', 'u.id', 's.staff_id')
    .select([
      's.id',
      's.revoked_at',
      's.absolute_expires_at',
      's.idle_expires_at',
      'u.id as staffId',
      'u.role',
      'u.name',
      'u.email',
      'u.status',
    ])
    .where('s.id', '=', claims.sessionId)
    .executeTakeFirst();
  const now = new Date();
  if (
    !row ||
    row.staffId !== claims.userId ||
    row.revoked_at ||
    row.absolute_expires_at <= now ||
    row.idle_expires_at <= now ||
    row.status !== 'enabled'
  ) {
    throw unauthorized();
  }
  return { staffId: row.staffId, sessionId: row.id, role: row.role, name: row.name, email: row.email };
}

/** onRequest for every staff operation (added at registration by server/auth/operationGuard.ts). */
export function authenticateStaff(db: Database, jwtSecret: string) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.staff = await resolveStaff(db, jwtSecret, request.headers.authorization);
  };
}

/** onRequest after `authenticateStaff`: the staff area's roles decide (schemas/permissions.ts `staffAreaRoles`). */
export function permitStaffOperation(operationId: OperationId) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const staff = request.staff;
    if (!staff) throw unauthorized();
    if (!mayStaffCall(staff.role, operationId)) {
      throw new AppError('forbidden', 403, 'Your back-office role does not include this.');
    }
  };
}

/** The staff member of a request that passed `authenticateStaff` (every staff operation's does). */
export function staffOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw unauthorized();
  return request.staff;
}
