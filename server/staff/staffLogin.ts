import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { sql, type SqlBool } from 'kysely';
import { recordAudit, recordAuditAlone } from '../audit/auditTrail';
import { tryAgainLater } from '../auth/signInLimits';
import type { RequestOrigin } from '../auth/login';
import { verifyPassword } from '../auth/passwords';
import { randomToken, sha256 } from '../auth/tokens';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { checkTotp, totpVault } from '../settings/totp';
import { passkeyAuthenticationOptions, verifyPasskeySignIn } from './passkeys';
import { staffTotpBinding } from './staffAccounts';
import { signStaffToken } from './staffTokens';
import type { StaffRole } from '../../schemas/permissions';

/*
 * Staff sign-in (docs/decisions/023-staff-realm.md): a password, then a mandatory second factor, a passkey or the
 * authenticator app. The password step answers a ticket good for one second-factor step and five tries, bound to a
 * WebAuthn challenge made now. The session is a `staff_sessions` row with a refresh token rotated on every use, an
 * idle limit (30 minutes) and an absolute one (10 hours, a working day): shorter than a merchant's, as a staff member
 * holds every merchant's data.
 */

export const staffTicketSeconds = 5 * 60;
const ticketTtlMs = staffTicketSeconds * 1000;
export const ticketTries = 5;
export const staffIdleSeconds = 30 * 60;
export const staffAbsoluteSeconds = 10 * 60 * 60;

export type StaffMember = { id: string; email: string; name: string; role: StaffRole };

export type StaffPasswordStep = {
  ticket: string;
  methods: ('passkey' | 'totp')[];
  passkey_options: PublicKeyCredentialRequestOptionsJSON | null;
};

export type StaffSignedIn = {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  refreshMaxAge: number;
  staff: StaffMember;
};

const wrongCredentials = () =>
  new AppError(
    'invalid_credentials',
    401,
    'The email or the password is not right. Check both and try again.',
  );
const ticketGone = () =>
  new AppError('login_expired', 401, 'This sign-in has expired. Enter your email and password again.');

/**
 * A staff account opens every merchant's data, so guessing its password from many addresses is stopped per account:
 * after `staffPasswordFailures` wrong passwords within `staffPauseSeconds`, the account's password step pauses until
 * the oldest of them is that old (the route's limit per address stays as well). The count is read from the audit
 * trail, where every refusal is written anyway.
 */
export const staffPasswordFailures = 10;
export const staffPauseSeconds = 15 * 60;

async function refuseWhilePaused(db: Database, staffId: string): Promise<void> {
  const since = new Date(Date.now() - staffPauseSeconds * 1000);
  const failures = await db
    .selectFrom('audit_trail')
    .select('occurred_at')
    .where('actor_user_id', '=', staffId)
    .where('realm', '=', 'staff')
    .where('action', '=', 'staff.sign_in_failed')
    .where('occurred_at', '>', since)
    .where(sql<SqlBool>`details->>'step' = 'password'`)
    .orderBy('occurred_at', 'desc')
    .limit(staffPasswordFailures)
    .execute();
  const oldest = failures.at(-1);
  if (failures.length < staffPasswordFailures || !oldest) return;
  const retryAfter = Math.max(
    1,
    Math.ceil((oldest.occurred_at.getTime() + staffPauseSeconds * 1000 - Date.now()) / 1000),
  );
  throw tryAgainLater('Too many wrong passwords for this account.', retryAfter);
}

export async function staffPasswordStep(
  db: Database,
  config: Config,
  input: { email: string; password: string },
  origin: RequestOrigin,
): Promise<StaffPasswordStep> {
  const email = input.email.trim().toLowerCase();
  const staff = await db
    .selectFrom('staff_users')
    .select(['id', 'password_hash', 'status'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (staff) await refuseWhilePaused(db, staff.id);
  // Verified against a dummy hash when there is no such staff member, so both answers take as long.
  const passwordOk = await verifyPassword(staff?.password_hash, input.password);
  if (!staff || !passwordOk || staff.status !== 'enabled') {
    await recordAuditAlone(db, {
      realm: 'staff',
      actorUserId: staff?.id ?? null,
      merchantId: null,
      action: 'staff.sign_in_failed',
      subject: null,
      details: {
        step: 'password',
        reason: !staff ? 'unknown_email' : passwordOk ? 'disabled' : 'wrong_password',
      },
      origin,
    });
    throw wrongCredentials();
  }
  const ticket = randomToken();
  const passkeyOptions = await passkeyAuthenticationOptions(db, config, staff.id);
  await db
    .insertInto('staff_login_tickets')
    .values({
      ticket_hash: sha256(ticket),
      staff_id: staff.id,
      // Without passkeys no challenge is signed; a random one keeps the column meaningful.
      challenge: passkeyOptions?.challenge ?? randomToken(),
      expires_at: new Date(Date.now() + ticketTtlMs),
    })
    .execute();
  return {
    ticket,
    methods: passkeyOptions ? ['passkey', 'totp'] : ['totp'],
    passkey_options: passkeyOptions,
  };
}

type SecondFactor =
  { method: 'totp'; code: string } | { method: 'passkey'; response: AuthenticationResponseJSON };

/** The second step: the ticket's staff member proves the second factor; one session starts, in one transaction. */
export async function staffSecondFactor(
  db: Database,
  config: Config,
  ticket: string,
  factor: SecondFactor,
  origin: RequestOrigin,
): Promise<StaffSignedIn> {
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('staff_login_tickets as t')
      .innerJoin('staff_users as u', 'u.id', 't.staff_id')
      .select([
        't.ticket_hash',
        't.challenge',
        't.attempts',
        't.expires_at',
        't.used_at',
        'u.id',
        'u.email',
        'u.name',
        'u.role',
        'u.status',
        'u.totp_secret',
        'u.totp_last_step',
      ])
      .where('t.ticket_hash', '=', sha256(ticket))
      .forUpdate()
      .executeTakeFirst();
    if (
      !row ||
      row.used_at ||
      row.expires_at <= new Date() ||
      row.attempts >= ticketTries ||
      row.status !== 'enabled'
    ) {
      return { ok: false as const, error: ticketGone() };
    }
    let passed = false;
    if (factor.method === 'totp') {
      const secret = totpVault(config.secrets.cardEncryptionKey).open(
        staffTotpBinding(row.id),
        row.totp_secret,
      );
      const step = await checkTotp(secret, factor.code, row.totp_last_step);
      if (step !== null) {
        passed = true;
        await trx
          .updateTable('staff_users')
          .set({ totp_last_step: BigInt(step) })
          .where('id', '=', row.id)
          .execute();
      }
    } else {
      passed = await verifyPasskeySignIn(trx, config, row.id, row.challenge, factor.response);
    }
    if (!passed) {
      await trx
        .updateTable('staff_login_tickets')
        .set({ attempts: row.attempts + 1 })
        .where('ticket_hash', '=', row.ticket_hash)
        .execute();
      await recordAudit(trx, {
        realm: 'staff',
        actorUserId: row.id,
        merchantId: null,
        action: 'staff.sign_in_failed',
        subject: null,
        details: { step: factor.method },
        origin,
      });
      const left = ticketTries - row.attempts - 1;
      return {
        ok: false as const,
        error:
          factor.method === 'totp'
            ? new AppError(
                'otp_invalid',
                400,
                left > 0
                  ? `This code is not right. Enter the 6 digits your authenticator app shows now (${left} tries left).`
                  : 'This code is not right and no tries are left. Sign in again.',
                { fields: { code: 'This code is not right.' }, details: { attempts_left: left } },
              )
            : new AppError(
                'passkey_refused',
                400,
                'This passkey was not accepted. Try again, or use your authenticator app.',
                { details: { attempts_left: left } },
              ),
      };
    }
    await trx
      .updateTable('staff_login_tickets')
      .set({ used_at: new Date() })
      .where('ticket_hash', '=', row.ticket_hash)
      .execute();
    const refreshToken = randomToken();
    const now = Date.now();
    const session = await trx
      .insertInto('staff_sessions')
      .values({
        staff_id: row.id,
        refresh_hash: sha256(refreshToken),
        second_factor: factor.method,
        absolute_expires_at: new Date(now + staffAbsoluteSeconds * 1000),
        idle_expires_at: new Date(now + staffIdleSeconds * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      realm: 'staff',
      actorUserId: row.id,
      merchantId: null,
      action: 'staff.signed_in',
      subject: null,
      details: { second_factor: factor.method },
      origin,
    });
    return {
      ok: true as const,
      sessionId: session.id,
      refreshToken,
      staff: { id: row.id, email: row.email, name: row.name, role: row.role },
    };
  });
  // A refused try is kept (its count and its audit entry) and then refused: the transaction above committed it.
  if (!outcome.ok) throw outcome.error;
  return {
    accessToken: await signStaffToken(
      config.secrets.jwtSecret,
      { userId: outcome.staff.id, sessionId: outcome.sessionId },
      config.accessTokenTtlSeconds,
    ),
    refreshToken: outcome.refreshToken,
    expiresIn: config.accessTokenTtlSeconds,
    refreshMaxAge: staffAbsoluteSeconds,
    staff: outcome.staff,
  };
}

const signedOut = () => new AppError('unauthorized', 401, 'Sign in to the back office to continue.');

/** A new access token and refresh token for the cookie's session; the old refresh token stops working. */
export async function rotateStaffRefresh(
  db: Database,
  config: Config,
  token: string | undefined,
): Promise<StaffSignedIn> {
  if (!token) throw signedOut();
  const refreshToken = randomToken();
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('staff_sessions as s')
      .innerJoin('staff_users as u', 'u.id', 's.staff_id')
      .select([
        's.id',
        's.revoked_at',
        's.absolute_expires_at',
        's.idle_expires_at',
        'u.id as staffId',
        'u.email',
        'u.name',
        'u.role',
        'u.status',
      ])
      .where('s.refresh_hash', '=', sha256(token))
      .forUpdate()
      .executeTakeFirst();
    const now = new Date();
    if (
      !row ||
      row.revoked_at ||
      row.absolute_expires_at <= now ||
      row.idle_expires_at <= now ||
      row.status !== 'enabled'
    ) {
      return null;
    }
    await trx
      .updateTable('staff_sessions')
      .set({
        refresh_hash: sha256(refreshToken),
        idle_expires_at: new Date(
          Math.min(now.getTime() + staffIdleSeconds * 1000, row.absolute_expires_at.getTime()),
        ),
      })
      .where('id', '=', row.id)
      .execute();
    return {
      sessionId: row.id,
      maxAge: Math.floor((row.absolute_expires_at.getTime() - now.getTime()) / 1000),
      staff: { id: row.staffId, email: row.email, name: row.name, role: row.role },
    };
  });
  if (!outcome) throw signedOut();
  return {
    accessToken: await signStaffToken(
      config.secrets.jwtSecret,
      { userId: outcome.staff.id, sessionId: outcome.sessionId },
      config.accessTokenTtlSeconds,
    ),
    refreshToken,
    expiresIn: config.accessTokenTtlSeconds,
    refreshMaxAge: outcome.maxAge,
    staff: outcome.staff,
  };
}

/** Ends the cookie's session (nothing to end is not an error: signing out twice is fine). */
export async function staffLogout(db: Database, token: string | undefined): Promise<void> {
  if (!token) return;
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: new Date() })
    .where('refresh_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .execute();
}

export async function staffMe(db: Database, staffId: string) {
  const staff = await db
    .selectFrom('staff_users')
    .select(['id', 'email', 'name', 'role'])
    .where('id', '=', staffId)
    .executeTakeFirstOrThrow();
  const passkeys = await db
    .selectFrom('staff_passkeys')
    .select(['credential_id', 'name', 'created_at', 'last_used_at'])
    .where('staff_id', '=', staffId)
    .orderBy('created_at')
    .execute();
  return {
    ...staff,
    passkeys: passkeys.map((row) => ({
      credential_id: row.credential_id,
      name: row.name,
      created_at: row.created_at.toISOString(),
      last_used_at: row.last_used_at?.toISOString() ?? null,
    })),
  };
}
