import { sql } from 'kysely';
import type { Language } from '../../schemas/auth.schema';
import { checkPassword } from '../../schemas/password.schema';
import type { ActiveSession, ChangePasswordBody, SettingsResponse } from '../../schemas/settings.schema';
import { recordAudit } from '../audit/auditTrail';
import { audit, type RequestOrigin } from '../auth/login';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { consumeStepUp, requireStepUp } from '../auth/stepUp';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { securitySettings } from './security';

/** settings: the language and the second-factor methods. */
export async function settingsOf(db: Database, userId: string): Promise<SettingsResponse> {
  const user = await db
    .selectFrom('users')
    .select('locale')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { language: user.locale === 'el' ? 'el' : 'en', security: await securitySettings(db, userId) };
}

/** updateLanguage: stored on the user, so it follows them to another device (emails use it too). */
export async function updateLanguage(db: Database, userId: string, language: Language): Promise<Language> {
  await db.updateTable('users').set({ locale: language }).where('id', '=', userId).execute();
  return language;
}

type ChangeOutcome = { ok: true } | { ok: false; error: AppError };

/**
 * changePassword: the current password and the grant of a fresh one-time code (purpose `password_change`). A wrong
 * current password leaves the grant good (the user retypes it); the rate limit of the route bounds the guesses, and
 * each one is audited. The new password is checked against the policy and the email; the other sessions end when
 * asked, this one stays.
 */
export async function changePassword(
  db: Database,
  auth: { userId: string; sessionId: string },
  input: ChangePasswordBody & { stepUpToken: string | undefined },
  origin: RequestOrigin,
): Promise<{ revokedSessions: number }> {
  const outcome = await db.transaction().execute(async (trx): Promise<ChangeOutcome> => {
    await requireStepUp(trx, { userId: auth.userId, purpose: 'password_change', token: input.stepUpToken });
    const user = await trx
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('id', '=', auth.userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(user.password_hash, input.current_password))) {
      await audit(trx, 'password_change_failed', user.email, auth.userId, origin);
      return {
        ok: false,
        error: new AppError('invalid_current_password', 400, 'The current password is not correct.', {
          fields: { current_password: 'invalid_current_password' },
        }),
      };
    }
    if (checkPassword(input.password, { email: user.email }).includes('contains_email')) {
      return {
        ok: false,
        error: new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
          fields: { password: 'contains_email' },
        }),
      };
    }
    await consumeStepUp(trx, { userId: auth.userId, purpose: 'password_change', token: input.stepUpToken });
    await trx
      .updateTable('users')
      .set({ password_hash: await hashPassword(input.password) })
      .where('id', '=', auth.userId)
      .execute();
    await audit(trx, 'password_changed', user.email, auth.userId, origin);
    await recordAudit(trx, {
      realm: 'merchant',
      actorUserId: auth.userId,
      action: 'password.changed',
      details: { sign_out_other_sessions: input.sign_out_other_sessions },
      origin,
    });
    return { ok: true };
  });
  if (!outcome.ok) throw outcome.error;
  if (!input.sign_out_other_sessions) return { revokedSessions: 0 };
  const revoked = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: 'password_changed' })
    .where('user_id', '=', auth.userId)
    .where('id', '!=', auth.sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return { revokedSessions: Number(revoked.numUpdatedRows) };
}

/**
 * sessions: the user's live sessions (not revoked, before their absolute end, with an unspent refresh token still
 * valid), the most recently used first; `last_active_at` is when the refresh token was last turned.
 */
export async function activeSessions(
  db: Database,
  auth: { userId: string; sessionId: string },
): Promise<ActiveSession[]> {
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('refresh_tokens as rt', 'rt.session_id', 's.id')
    .select([
      's.id',
      's.created_at',
      's.user_agent',
      's.ip',
      sql<Date>`max(rt.created_at)`.as('last_active_at'),
    ])
    .where('s.user_id', '=', auth.userId)
    .where('s.revoked_at', 'is', null)
    .where('s.absolute_expires_at', '>', new Date())
    .groupBy('s.id')
    .having(sql<boolean>`bool_or(rt.used_at IS NULL AND rt.expires_at > now())`)
    .orderBy('last_active_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at.toISOString(),
    last_active_at: new Date(row.last_active_at).toISOString(),
    user_agent: row.user_agent,
    ip: row.ip,
    current: row.id === auth.sessionId,
  }));
}

/** revokeSession: one of the user's own sessions, at once (its access token stops working too); else 404. */
export async function revokeSession(db: Database, userId: string, sessionId: string): Promise<void> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: 'logout' })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw new AppError('not_found', 404, 'No such session.');
  }
}
