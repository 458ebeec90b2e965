import type { Transaction } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Channel, DB } from '../db/types';
import { AppError } from '../errors';
import { publicMerchantStatus, type PublicMerchantStatus } from '../onboarding/status';
import type { LoginMfaMethod } from '../../schemas/auth.schema';
import { recordAudit } from '../audit/auditTrail';
import { checkTotp, confirmedTotp, totpVault } from '../settings/totp';
import { verifyAltcha } from './altcha';
import { activeMethods, maskEmail, maskPhone, mfaUser, type ActiveMethod } from './mfaMethods';
import { issueOtp, verifyOtp, type OtpSettings } from './otp';
import { verifyPassword } from './passwords';
import { createSession } from './sessions';
import {
  codesPaused,
  codeWaitSeconds,
  countWrongCode,
  passwordWaitSeconds,
  tryAgainLater,
} from './signInLimits';
import { randomToken, sha256, signAccessToken } from './tokens';

export { maskEmail, maskPhone };

/** Who is asking, for the sign-in audit. */
export type RequestOrigin = { ip: string | null; userAgent: string | null };

export type UserInfo = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_owner: boolean;
  employee_type: 'admin' | 'employee' | 'viewer' | null;
  /** Null for the owner. */
  access_level: 'own' | 'company' | null;
  language: 'en' | 'el';
  merchant: { id: string; name: string; status: PublicMerchantStatus };
};

export type SignedIn = {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  refreshMaxAge: number;
  user: UserInfo;
};

const loginPurpose = 'login';

export function otpSettingsOf(config: Config): OtpSettings {
  return {
    otpTtlSeconds: config.otpTtlSeconds,
    otpResendCooldownSeconds: config.otpResendCooldownSeconds,
    otpMaxAttempts: config.otpMaxAttempts,
    hashKey: `otp:${config.secrets.jwtSecret}`,
  };
}

export async function audit(
  db: Database | Transaction<DB>,
  event: string,
  email: string,
  userId: string | null,
  origin: RequestOrigin,
): Promise<void> {
  await db
    .insertInto('sign_in_audit')
    .values({
      event,
      email: email.slice(0, 254),
      user_id: userId,
      ip: origin.ip,
      user_agent: origin.userAgent?.slice(0, 512) ?? null,
    })
    .execute();
}

export type InitializeLoginInput = { email: string; password: string; altcha: string };

/** Step 1: bot check, password. Returns a login ticket good only for the second-factor step. */
export async function initializeLogin(
  db: Database,
  config: Config,
  input: InitializeLoginInput,
  origin: RequestOrigin,
): Promise<{ loginToken: string; expiresIn: number }> {
  // Checked before the bot check and the password: a throttled try learns nothing about the password, costs no
  // hashing and does not spend the proof of work, so the client may send it again once the short wait is over.
  const wait = await passwordWaitSeconds(db, config.signInLimits, input.email, origin.ip);
  if (wait > 0) {
    await audit(db, 'password_throttled', input.email, null, origin);
    throw tryAgainLater('Too many failed sign-ins.', wait);
  }
  const altchaOk = await verifyAltcha(
    db,
    {
      hmacKey: config.secrets.altchaHmacKey,
      maxNumber: config.altchaMaxNumber,
      ttlSeconds: config.altchaTtlSeconds,
    },
    input.altcha,
  );
  if (!altchaOk) {
    await audit(db, 'bot_check_failed', input.email, null, origin);
    throw new AppError('bot_check_failed', 400, 'The bot check failed. Please try again.', {
      fields: { altcha: 'Bot check failed.' },
    });
  }
  const user = await db
    .selectFrom('users as u')
    .innerJoin('merchants as m', 'm.id', 'u.merchant_id')
    .select(['u.id', 'u.password_hash', 'u.status as user_status', 'm.status', 'm.id as merchantId'])
    .where('u.email', '=', input.email)
    .executeTakeFirst();
  // Verified even for an unknown email (against a dummy hash) so timing does not reveal which emails exist.
  const passwordOk = await verifyPassword(user?.password_hash, input.password);
  if (!user || !passwordOk || user.status === 'closed') {
    await db.transaction().execute(async (trx) => {
      await audit(trx, 'password_failed', input.email, user?.id ?? null, origin);
      await recordAudit(trx, {
        realm: 'merchant',
        actorUserId: user?.id ?? null,
        merchantId: user?.merchantId ?? null,
        action: 'sign_in.failed',
        details: {
          email: input.email.slice(0, 254),
          reason: user && passwordOk ? 'account_closed' : 'wrong_password',
        },
        origin,
      });
    });
    throw new AppError('invalid_credentials', 401, 'The email or password is not correct.');
  }
  // Said plainly, but only to someone who gave the right password (a wrong one reads as above, disabled or not):
  // they learn nothing a stranger could, and the employee knows to ask the owner instead of resetting a password
  // that is not the problem (docs/decisions/011-operation-permission-table.md).
  if (user.user_status !== 'enabled') {
    throw await db.transaction().execute(async (trx) => {
      const refusal = await disabled(trx, input.email, user.id, origin);
      await recordAudit(trx, {
        realm: 'merchant',
        actorUserId: user.id,
        merchantId: user.merchantId,
        action: 'sign_in.failed',
        details: { email: input.email.slice(0, 254), reason: 'account_disabled' },
        origin,
      });
      return refusal;
    });
  }
  const loginToken = randomToken();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_tickets')
      .values({
        ticket_hash: sha256(loginToken),
        user_id: user.id,
        expires_at: new Date(Date.now() + config.loginTicketTtlSeconds * 1000),
      })
      .execute();
    await audit(trx, 'password_ok', input.email, user.id, origin);
  });
  return { loginToken, expiresIn: config.loginTicketTtlSeconds };
}

/** The refusal of a disabled user's sign-in step, audited. */
async function disabled(
  db: Database | Transaction<DB>,
  email: string,
  userId: string,
  origin: RequestOrigin,
): Promise<AppError> {
  await audit(db, 'account_disabled', email, userId, origin);
  return accountDisabled();
}

export function accountDisabled(): AppError {
  return new AppError(
    'account_disabled',
    403,
    'This account has been disabled. Ask the company’s owner to enable it.',
  );
}

type TicketUser = {
  ticketHash: string;
  userId: string;
  email: string;
  phone: string | null;
  locale: string;
  /** Wrong authenticator codes on this ticket. */
  totpAttempts: number;
};

async function ticketUser(
  db: Database | Transaction<DB>,
  loginToken: string,
  lock: boolean,
): Promise<TicketUser> {
  let query = db
    .selectFrom('login_tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.ticket_hash',
      't.expires_at',
      't.consumed_at',
      't.totp_attempts',
      'u.id',
      'u.email',
      'u.phone',
      'u.locale',
      'u.status',
    ])
    .where('t.ticket_hash', '=', sha256(loginToken));
  if (lock) query = query.forUpdate(['t']);
  const row = await query.executeTakeFirst();
  if (!row || row.consumed_at || row.expires_at <= new Date()) {
    throw new AppError('login_expired', 401, 'The sign-in has expired. Please start again.');
  }
  // Disabling spends the user's tickets; this also covers a ticket read just before that committed.
  if (row.status !== 'enabled') throw accountDisabled();
  return {
    ticketHash: row.ticket_hash,
    userId: row.id,
    email: row.email,
    phone: row.phone,
    locale: row.locale,
    totpAttempts: row.totp_attempts,
  };
}

/** The user's second-factor methods: those turned on, the default first. */
async function methodsOf(db: Database | Transaction<DB>, user: TicketUser): Promise<ActiveMethod[]> {
  return activeMethods(await mfaUser(db, user.userId));
}

/** Step 2: which second factors this user has. */
export async function availableMfaMethods(
  db: Database,
  loginToken: string,
): Promise<{ method: LoginMfaMethod; destination: string }[]> {
  const methods = await methodsOf(db, await ticketUser(db, loginToken, false));
  return methods.map((one) => ({ method: one.method, destination: one.destination ?? '' }));
}

function loginCodeMessage(channel: Channel, locale: string, code: string, minutes: number) {
  if (locale === 'el') {
    return channel === 'email'
      ? {
          subject: 'Ο κωδικός σύνδεσης Tameio',
          body: `Ο κωδικός σύνδεσης είναι ${code}. Λήγει σε ${minutes} λεπτά. Αν δεν προσπαθήσατε να συνδεθείτε, αλλάξτε τον κωδικό πρόσβασής σας.`,
        }
      : {
          subject: null,
          body: `Tameio: ο κωδικός σας είναι ${code} (ισχύει ${minutes} λεπτά). Μην τον δώσετε σε κανέναν.`,
        };
  }
  return channel === 'email'
    ? {
        subject: 'Your Tameio sign-in code',
        body: `Your Tameio sign-in code is ${code}. It expires in ${minutes} minutes. If you did not try to sign in, change your password.`,
      }
    : { subject: null, body: `Tameio: your sign-in code is ${code} (valid ${minutes} min). Never share it.` };
}

/** Step 3: send a code by the chosen method; returns the outbox row to deliver after commit. */
export async function sendLoginOtp(
  db: Database,
  config: Config,
  input: { loginToken: string; method: Channel },
  origin: RequestOrigin,
) {
  return db.transaction().execute(async (trx) => {
    const user = await ticketUser(trx, input.loginToken, true);
    // No new code while the account's wrong codes are at their limit, whichever ticket asks.
    const paused = await codeWaitSeconds(trx, config.signInLimits, user.email);
    if (paused > 0) throw codesPaused(paused);
    const methods = await methodsOf(trx, user);
    const destination = input.method === 'email' ? user.email : user.phone;
    if (!destination || !methods.some((one) => one.method === input.method)) {
      throw new AppError('mfa_method_unavailable', 400, 'This sign-in method is not available.', {
        fields: { method: 'Not available for this account.' },
      });
    }
    const issued = await issueOtp(trx, otpSettingsOf(config), {
      purpose: loginPurpose,
      binding: user.ticketHash,
      userId: user.userId,
      channel: input.method,
      destination,
      message: (code, minutes) => loginCodeMessage(input.method, user.locale, code, minutes),
    });
    await audit(trx, `otp_sent_${input.method}`, user.email, user.userId, origin);
    const masked = methods.find((m) => m.method === input.method)?.destination ?? '';
    return {
      outboxId: issued.outboxId,
      response: {
        method: input.method,
        destination: masked,
        expires_in: issued.expiresIn,
        resend_in: issued.resendIn,
      },
    };
  });
}

export async function userInfo(db: Database | Transaction<DB>, userId: string): Promise<UserInfo> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('merchants as m', 'm.id', 'u.merchant_id')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.is_owner',
      'u.employee_type',
      'u.access_level',
      'u.locale',
      'm.id as merchantId',
      'm.name as merchantName',
      'm.status as merchantStatus',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    is_owner: row.is_owner,
    employee_type: row.employee_type,
    access_level: row.is_owner ? null : row.access_level,
    language: row.locale === 'el' ? 'el' : 'en',
    merchant: {
      id: row.merchantId,
      name: row.merchantName,
      status: publicMerchantStatus(row.merchantStatus),
    },
  };
}

/**
 * Starts a session for a user whose identity is proven (the second factor at sign-in, or a just-finished
 * registration), in the caller's transaction: the refresh-token family, the access token and the user info.
 */
export async function startSignedIn(
  trx: Transaction<DB>,
  config: Config,
  userId: string,
  origin: RequestOrigin | null = null,
): Promise<SignedIn> {
  const session = await createSession(trx, userId, config, origin);
  const accessToken = await signAccessToken(
    config.secrets.jwtSecret,
    { userId, sessionId: session.sessionId },
    config.accessTokenTtlSeconds,
  );
  return {
    accessToken,
    expiresIn: config.accessTokenTtlSeconds,
    refreshToken: session.refreshToken,
    refreshMaxAge: session.refreshMaxAge,
    user: await userInfo(trx, userId),
  };
}

type OtpLoginOutcome = { ok: true; signedIn: SignedIn } | { ok: false; error: AppError; outboxIds: string[] };

/** `wrongGuess`: a code was checked and was not right (a refusal without a check, e.g. an expired code, is not). */
type CodeCheck = { ok: true } | { ok: false; error: AppError; wrongGuess?: boolean };

/**
 * An authenticator app's code at sign-in: the user's confirmed app, a code of a time step after the last one
 * accepted (a code works once), and at most `otpMaxAttempts` wrong codes per login ticket.
 */
async function checkLoginTotp(
  trx: Transaction<DB>,
  config: Config,
  user: TicketUser,
  code: string,
): Promise<CodeCheck> {
  const methods = await methodsOf(trx, user);
  const credential = methods.some((one) => one.method === 'totp')
    ? await confirmedTotp(trx, user.userId)
    : undefined;
  if (!credential) {
    return {
      ok: false,
      error: new AppError('mfa_method_unavailable', 400, 'This sign-in method is not available.', {
        fields: { method: 'Not available for this account.' },
      }),
    };
  }
  const exhausted = () => new AppError('otp_exhausted', 400, 'Too many wrong codes. Choose another way.');
  if (user.totpAttempts >= config.otpMaxAttempts) return { ok: false, error: exhausted() };
  const secret = totpVault(config.secrets.cardEncryptionKey).open(user.userId, credential.secret_sealed);
  const step = await checkTotp(secret, code, credential.last_time_step);
  if (step === null) {
    const attempts = user.totpAttempts + 1;
    await trx
      .updateTable('login_tickets')
      .set({ totp_attempts: attempts })
      .where('ticket_hash', '=', user.ticketHash)
      .execute();
    const left = config.otpMaxAttempts - attempts;
    return {
      ok: false,
      wrongGuess: true,
      error:
        left <= 0
          ? exhausted()
          : new AppError('otp_invalid', 400, 'The code is not correct.', {
              details: { attempts_left: left },
            }),
    };
  }
  await trx
    .updateTable('totp_credentials')
    .set({ last_time_step: BigInt(step) })
    .where('user_id', '=', user.userId)
    .execute();
  return { ok: true };
}

/** The second factor as the audit trail names it (a code by email or SMS is checked the same way). */
function secondFactorOf(method: LoginMfaMethod | undefined): string {
  return method === 'totp' ? 'authenticator_app' : 'one_time_code';
}

/**
 * Step 4: the code. Consumes the ticket and the code and starts a session. Wrong codes are limited per ticket
 * (`otpMaxAttempts`) and per account over all tickets (`signInLimits.codeFailuresPerAccount`); the wrong code that
 * reaches the account's limit emails its holder. `deliver` sends that email once the count is committed.
 */
export async function otpLogin(
  db: Database,
  config: Config,
  input: { loginToken: string; code: string; method?: LoginMfaMethod | undefined },
  origin: RequestOrigin,
  deliver: (outboxIds: string[]) => void = () => undefined,
): Promise<SignedIn> {
  const outcome = await db.transaction().execute(async (trx): Promise<OtpLoginOutcome> => {
    const user = await ticketUser(trx, input.loginToken, true);
    // Not even checked while the account is paused, so the right code cannot be found by guessing on.
    const paused = await codeWaitSeconds(trx, config.signInLimits, user.email);
    if (paused > 0) {
      await audit(trx, 'code_paused', user.email, user.userId, origin);
      return { ok: false, error: codesPaused(paused), outboxIds: [] };
    }
    const verified: CodeCheck =
      input.method === 'totp'
        ? await checkLoginTotp(trx, config, user, input.code)
        : await verifyOtp(trx, otpSettingsOf(config), {
            purpose: loginPurpose,
            binding: user.ticketHash,
            code: input.code,
          });
    if (!verified.ok) {
      await audit(trx, `otp_failed_${verified.error.code}`, user.email, user.userId, origin);
      if (!verified.wrongGuess) return { ok: false, error: verified.error, outboxIds: [] };
      await audit(trx, 'code_wrong', user.email, user.userId, origin);
      const reached = await countWrongCode(trx, config.signInLimits, user);
      // After the account's code lock (countWrongCode): the trail's lock is always taken last.
      await recordAudit(trx, {
        realm: 'merchant',
        actorUserId: user.userId,
        action: 'sign_in.failed',
        details: { email: user.email, reason: 'wrong_code', second_factor: secondFactorOf(input.method) },
        origin,
      });
      return reached
        ? { ok: false, error: codesPaused(reached.retryAfter), outboxIds: [reached.outboxId] }
        : { ok: false, error: verified.error, outboxIds: [] };
    }
    await trx
      .updateTable('login_tickets')
      .set({ consumed_at: new Date() })
      .where('ticket_hash', '=', user.ticketHash)
      .execute();
    await audit(
      trx,
      input.method === 'totp' ? 'signed_in_totp' : 'signed_in',
      user.email,
      user.userId,
      origin,
    );
    const signedIn = await startSignedIn(trx, config, user.userId, origin);
    await recordAudit(trx, {
      realm: 'merchant',
      actorUserId: user.userId,
      action: 'sign_in.succeeded',
      details: { email: user.email, second_factor: secondFactorOf(input.method) },
      origin,
    });
    return { ok: true, signedIn };
  });
  // Thrown after commit so the counted wrong try sticks.
  if (!outcome.ok) {
    if (outcome.outboxIds.length > 0) deliver(outcome.outboxIds);
    throw outcome.error;
  }
  return outcome.signedIn;
}

/** Refresh: a new access token for a rotated refresh token. */
export async function accessFor(db: Database, config: Config, userId: string, sessionId: string) {
  const accessToken = await signAccessToken(
    config.secrets.jwtSecret,
    { userId, sessionId },
    config.accessTokenTtlSeconds,
  );
  return { accessToken, expiresIn: config.accessTokenTtlSeconds, user: await userInfo(db, userId) };
}
