import { sql } from 'kysely';
import type { Database } from '../db/database';

/**
 * How long spent or expired secrets are kept after they stop working. A day keeps them for a support question
 * or an incident review ("why did my code fail?") without hoarding personal data (GDPR art. 5(1)(e)).
 */
export const retentionAfterExpiryMs = 24 * 60 * 60 * 1000;

/**
 * How long an Idempotency-Key of a create (idempotency_keys: schedules, QR codes, beneficiaries, invitations) is
 * answered again. A client retries within seconds or, after a lost connection, within hours; a month covers a device
 * that comes back from a long time offline, and past it the keys (with the answers they keep) are deleted.
 */
export const idempotencyKeyRetentionMs = 30 * 24 * 60 * 60 * 1000;

export type HousekeepingResult = {
  registrations: number;
  otpCodes: number;
  loginTickets: number;
  refreshTokens: number;
  passwordTokens: number;
  altchaUsed: number;
  stepUpGrants: number;
  streamTickets: number;
  idempotencyKeys: number;
};

/**
 * Deletes what can no longer be used: half-finished registrations past their expiry (with the e-mail address and
 * phone number they hold, and their codes), and expired codes, login tickets, refresh tokens, password links,
 * step-up grants (expired or used), notification stream tickets, spent bot-check solutions and idempotency keys past
 * their retention. Consumed registrations stay: they record how an account came to be. One transaction,
 * so a failure leaves everything as it was; running it twice is the same as running it once.
 */
export async function purgeExpired(db: Database, now: Date = new Date()): Promise<HousekeepingResult> {
  const cutoff = new Date(now.getTime() - retentionAfterExpiryMs);
  return db.transaction().execute(async (trx) => {
    const expiredRegistrations = trx
      .selectFrom('registrations')
      .select(sql<string>`id::text`.as('id'))
      .where('consumed_at', 'is', null)
      .where('expires_at', '<', now);
    const registrationCodes = await trx
      .deleteFrom('otp_codes')
      .where('purpose', 'in', ['registration_email', 'registration_sms'])
      .where('binding', 'in', expiredRegistrations)
      .executeTakeFirst();
    const registrations = await trx
      .deleteFrom('registrations')
      .where('consumed_at', 'is', null)
      .where('expires_at', '<', now)
      .executeTakeFirst();
    const otpCodes = await trx.deleteFrom('otp_codes').where('expires_at', '<', cutoff).executeTakeFirst();
    const loginTickets = await trx
      .deleteFrom('login_tickets')
      .where('expires_at', '<', cutoff)
      .executeTakeFirst();
    const refreshTokens = await trx
      .deleteFrom('refresh_tokens')
      .where('expires_at', '<', cutoff)
      .executeTakeFirst();
    const passwordTokens = await trx
      .deleteFrom('password_tokens')
      .where('expires_at', '<', cutoff)
      .executeTakeFirst();
    const stepUpGrants = await trx
      .deleteFrom('step_up_grants')
      .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('consumed_at', '<', cutoff)]))
      .executeTakeFirst();
    const streamTickets = await trx
      .deleteFrom('notification_stream_tickets')
      .where('expires_at', '<', cutoff)
      .executeTakeFirst();
    const idempotencyKeys = await trx
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', new Date(now.getTime() - idempotencyKeyRetentionMs))
      .executeTakeFirst();
    const altchaUsed = await trx.deleteFrom('altcha_used').where('expires_at', '<', now).executeTakeFirst();
    return {
      registrations: Number(registrations.numDeletedRows),
      otpCodes: Number(otpCodes.numDeletedRows) + Number(registrationCodes.numDeletedRows),
      loginTickets: Number(loginTickets.numDeletedRows),
      refreshTokens: Number(refreshTokens.numDeletedRows),
      passwordTokens: Number(passwordTokens.numDeletedRows),
      altchaUsed: Number(altchaUsed.numDeletedRows),
      stepUpGrants: Number(stepUpGrants.numDeletedRows),
      streamTickets: Number(streamTickets.numDeletedRows),
      idempotencyKeys: Number(idempotencyKeys.numDeletedRows),
    };
  });
}
