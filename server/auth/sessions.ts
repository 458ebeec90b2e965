import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB, RevokedReason } from '../db/types';
import { AppError } from '../errors';
import { randomToken, sha256 } from './tokens';

export type SessionTimings = {
  refreshTtlSeconds: number;
  idleTimeoutSeconds: number;
  accessTokenTtlSeconds: number;
};

export type IssuedRefresh = {
  sessionId: string;
  userId: string;
  refreshToken: string;
  /** Seconds the refresh cookie should live: never past the session's absolute end. */
  refreshMaxAge: number;
};

function secondsUntil(date: Date): number {
  return Math.max(0, Math.round((date.getTime() - Date.now()) / 1000));
}

async function issueRefreshToken(
  trx: Transaction<DB>,
  sessionId: string,
  absoluteExpiresAt: Date,
  timings: SessionTimings,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const ttlEnd = new Date(Date.now() + timings.refreshTtlSeconds * 1000);
  const expiresAt = ttlEnd < absoluteExpiresAt ? ttlEnd : absoluteExpiresAt;
  await trx
    .insertInto('refresh_tokens')
    .values({ session_id: sessionId, token_hash: sha256(token), expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/** Starts a refresh-token family; the absolute limit (12 h by default) counts from here and never moves. */
export async function createSession(
  trx: Transaction<DB>,
  userId: string,
  timings: SessionTimings,
  origin: { ip: string | null; userAgent: string | null } | null = null,
): Promise<IssuedRefresh> {
  const absoluteExpiresAt = new Date(Date.now() + timings.refreshTtlSeconds * 1000);
  const session = await trx
    .insertInto('sessions')
    .values({
      user_id: userId,
      absolute_expires_at: absoluteExpiresAt,
      // Migration 023: shown in the list of active sessions (settings).
      user_agent: origin?.userAgent?.slice(0, 512) ?? null,
      ip: origin?.ip?.slice(0, 64) ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token, expiresAt } = await issueRefreshToken(trx, session.id, absoluteExpiresAt, timings);
  return { sessionId: session.id, userId, refreshToken: token, refreshMaxAge: secondsUntil(expiresAt) };
}

type RotateOutcome = { ok: true; issued: IssuedRefresh } | { ok: false; message: string };

/**
 * Spends a refresh token and issues its successor. A token presented a second time means it leaked or was
 * replayed: the whole family is revoked (RFC 9700 §4.14.2) so neither the thief nor the owner can go on.
 * A refresh after longer than the idle limit (plus one access-token lifetime, since an open tab refreshes
 * only then) also ends the session: the server's half of the 15-minute idle rule (docs/product.md).
 */
export async function rotateRefreshToken(
  db: Database,
  refreshToken: string | undefined,
  timings: SessionTimings,
): Promise<IssuedRefresh> {
  if (!refreshToken) throw new AppError('session_expired', 401, 'No session: sign in again.');
  const outcome = await db.transaction().execute(async (trx): Promise<RotateOutcome> => {
    const row = await trx
      .selectFrom('refresh_tokens as rt')
      .innerJoin('sessions as s', 's.id', 'rt.session_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        'u.status as user_status',
        'rt.id as tokenId',
        'rt.used_at',
        'rt.expires_at',
        'rt.created_at as tokenCreatedAt',
        's.id as sessionId',
        's.user_id',
        's.revoked_at',
        's.absolute_expires_at',
      ])
      .where('rt.token_hash', '=', sha256(refreshToken))
      .forUpdate(['rt', 's'])
      .executeTakeFirst();
    if (!row) return { ok: false, message: 'Session has expired: sign in again.' };
    if (row.revoked_at) return { ok: false, message: 'Session has ended: sign in again.' };
    // Disabling revokes the sessions; checked here as well so that no path can refresh a disabled user.
    if (row.user_status !== 'enabled') {
      await revokeSessionIn(trx, row.sessionId, 'disabled');
      return { ok: false, message: 'Session has ended: sign in again.' };
    }
    const now = new Date();
    if (row.used_at) {
      await revokeSessionIn(trx, row.sessionId, 'reuse_detected');
      return { ok: false, message: 'This session was ended for your safety: sign in again.' };
    }
    const idleLimitMs = (timings.idleTimeoutSeconds + timings.accessTokenTtlSeconds) * 1000;
    const idleTooLong = now.getTime() - row.tokenCreatedAt.getTime() > idleLimitMs;
    if (row.expires_at <= now || row.absolute_expires_at <= now || idleTooLong) {
      await revokeSessionIn(trx, row.sessionId, 'expired');
      return { ok: false, message: 'Session has expired: sign in again.' };
    }
    await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.tokenId).execute();
    const { token, expiresAt } = await issueRefreshToken(
      trx,
      row.sessionId,
      row.absolute_expires_at,
      timings,
    );
    return {
      ok: true,
      issued: {
        sessionId: row.sessionId,
        userId: row.user_id,
        refreshToken: token,
        refreshMaxAge: secondsUntil(expiresAt),
      },
    };
  });
  // Thrown only after commit, so a reuse-triggered revocation is kept.
  if (!outcome.ok) throw new AppError('session_expired', 401, outcome.message);
  return outcome.issued;
}

async function revokeSessionIn(
  trx: Transaction<DB>,
  sessionId: string,
  reason: RevokedReason,
): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The session and user a refresh token belongs to, spent or not; null when unknown. */
export async function findSessionByRefreshToken(
  db: Database,
  refreshToken: string,
): Promise<{ sessionId: string; userId: string } | null> {
  const row = await db
    .selectFrom('refresh_tokens as rt')
    .innerJoin('sessions as s', 's.id', 'rt.session_id')
    .select(['s.id as sessionId', 's.user_id as userId'])
    .where('rt.token_hash', '=', sha256(refreshToken))
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Logout: revokes the cookie's session, and the body's `refresh_token` session (SPEC §7) when it belongs to
 * the same user, so a token cannot be used to sign out someone else.
 */
export async function logout(
  db: Database,
  tokens: { cookieToken: string | undefined; bodyToken: string | undefined },
): Promise<void> {
  const fromCookie = tokens.cookieToken ? await findSessionByRefreshToken(db, tokens.cookieToken) : null;
  const fromBody = tokens.bodyToken ? await findSessionByRefreshToken(db, tokens.bodyToken) : null;
  const sessionIds = new Set<string>();
  if (fromCookie) sessionIds.add(fromCookie.sessionId);
  if (fromBody && (!fromCookie || fromBody.userId === fromCookie.userId)) sessionIds.add(fromBody.sessionId);
  if (sessionIds.size === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const id of sessionIds) await revokeSessionIn(trx, id, 'logout');
  });
}

/** Global sign-out (or a changed password): every session of the user, on every device. */
export async function revokeAllSessions(
  db: Database | Transaction<DB>,
  userId: string,
  reason: RevokedReason = 'global_logout',
): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
