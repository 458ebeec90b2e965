import type { LoginMfaMethod } from '../../schemas/auth.schema';
import { totpEnrolmentTtlSeconds } from '../../schemas/authLimits';
import type { SecuritySettings, TotpEnrollment } from '../../schemas/settings.schema';
import { recordAudit } from '../audit/auditTrail';
import type { RequestOrigin } from '../auth/login';
import { activeMethods, mfaUser, type MfaUser } from '../auth/mfaMethods';
import { consumeStepUp, requireStepUp } from '../auth/stepUp';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { checkTotp, newTotpSecret, totpUri, totpVault } from './totp';

/*
 * Second-factor methods: a code by email (on unless turned off), by SMS (when the user has a phone and has
 * not turned it off) and an authenticator app once enrolled. The user chooses the default (offered first at sign-in)
 * and may turn any method off except the last one. Adding an authenticator needs a fresh one-time code (step-up
 * `mfa_change`, docs/product.md "One-time codes").
 */

/** A pending enrolment must be confirmed within this time. */
const enrolmentTtlMs = totpEnrolmentTtlSeconds * 1000;

export function securityOf(user: MfaUser): SecuritySettings {
  const methods = activeMethods(user);
  const canAdd: LoginMfaMethod[] = [];
  if (!user.mfa_email_enabled) canAdd.push('email');
  if (user.phone && !user.mfa_sms_enabled) canAdd.push('sms');
  if (!user.has_totp) canAdd.push('totp');
  return {
    methods: methods.map((one, index) => ({
      method: one.method,
      destination: one.destination,
      is_default: index === 0,
    })),
    can_add: canAdd,
  };
}

export async function securitySettings(db: Database, userId: string): Promise<SecuritySettings> {
  return securityOf(await mfaUser(db, userId));
}

/** A second-factor change for the audit trail; its subject names the method. */
function mfaEntry(userId: string, method: LoginMfaMethod, origin: RequestOrigin) {
  return { realm: 'merchant' as const, actorUserId: userId, subject: `mfa_method:${method}`, origin };
}

const notActive = () =>
  new AppError('validation_failed', 400, 'This method is not one of yours.', {
    fields: { method: 'not_active' },
  });

/** setDefaultMfaMethod: one of the user's active methods. */
export async function setDefaultMfaMethod(
  db: Database,
  userId: string,
  method: LoginMfaMethod,
): Promise<SecuritySettings> {
  return db.transaction().execute(async (trx) => {
    const user = await mfaUser(trx, userId, true);
    if (!activeMethods(user).some((one) => one.method === method)) throw notActive();
    await trx.updateTable('users').set({ mfa_default: method }).where('id', '=', userId).execute();
    return securityOf({ ...user, mfa_default: method });
  });
}

/**
 * removeMfaMethod: never the last one (409 `last_mfa_method`); the app's secret is deleted. Fewer ways to confirm
 * changes how the account is protected, so it spends a step-up grant for `mfa_change` (403 `step_up_required`), in
 * this transaction: a refused removal keeps the grant.
 */
export async function removeMfaMethod(
  db: Database,
  userId: string,
  input: { method: LoginMfaMethod; stepUpToken: string | undefined },
  origin: RequestOrigin,
): Promise<SecuritySettings> {
  const { method } = input;
  return db.transaction().execute(async (trx) => {
    const user = await mfaUser(trx, userId, true);
    const methods = activeMethods(user);
    if (!methods.some((one) => one.method === method)) throw notActive();
    if (methods.length === 1) {
      throw new AppError('last_mfa_method', 409, 'Keep at least one way to confirm that it is you.');
    }
    await consumeStepUp(trx, { userId, purpose: 'mfa_change', token: input.stepUpToken });
    const next: MfaUser = { ...user, mfa_default: user.mfa_default === method ? null : user.mfa_default };
    if (method === 'email') next.mfa_email_enabled = false;
    if (method === 'sms') next.mfa_sms_enabled = false;
    if (method === 'totp') {
      next.has_totp = false;
      await trx.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
    }
    await trx
      .updateTable('users')
      .set({
        mfa_email_enabled: next.mfa_email_enabled,
        mfa_sms_enabled: next.mfa_sms_enabled,
        mfa_default: next.mfa_default,
      })
      .where('id', '=', userId)
      .execute();
    await recordAudit(trx, { ...mfaEntry(userId, method, origin), action: 'mfa.removed' });
    return securityOf(next);
  });
}

/** enableMfaMethod: turns email or SMS (with a phone on the account) back on. */
export async function enableMfaMethod(
  db: Database,
  userId: string,
  method: 'email' | 'sms',
  origin: RequestOrigin,
): Promise<SecuritySettings> {
  return db.transaction().execute(async (trx) => {
    const user = await mfaUser(trx, userId, true);
    if (method === 'sms' && !user.phone) {
      throw new AppError('mfa_method_unavailable', 400, 'This account has no phone number.', {
        fields: { method: 'no_phone' },
      });
    }
    const next: MfaUser =
      method === 'email' ? { ...user, mfa_email_enabled: true } : { ...user, mfa_sms_enabled: true };
    await trx
      .updateTable('users')
      .set({ mfa_email_enabled: next.mfa_email_enabled, mfa_sms_enabled: next.mfa_sms_enabled })
      .where('id', '=', userId)
      .execute();
    // Turned back on only if it was off: an enable that changes nothing adds nothing to the trail.
    const wasOn = method === 'email' ? user.mfa_email_enabled : user.mfa_sms_enabled;
    if (!wasOn) await recordAudit(trx, { ...mfaEntry(userId, method, origin), action: 'mfa.added' });
    return securityOf(next);
  });
}

/**
 * totpEnrollStart: a new secret, pending until confirmed; it replaces an earlier pending one. 409 when an app is
 * enrolled already (remove it first). The secret is returned this once.
 */
export async function startTotpEnrollment(
  db: Database,
  config: Config,
  userId: string,
): Promise<TotpEnrollment> {
  const vault = totpVault(config.secrets.cardEncryptionKey);
  return db.transaction().execute(async (trx) => {
    const user = await mfaUser(trx, userId, true);
    if (user.has_totp) {
      throw new AppError('conflict', 409, 'An authenticator app is set up already. Remove it first.');
    }
    const secret = newTotpSecret();
    await trx.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
    await trx
      .insertInto('totp_credentials')
      .values({ user_id: userId, secret_sealed: vault.seal(userId, secret) })
      .execute();
    return { secret, otpauth_uri: totpUri(secret, user.email) };
  });
}

type ConfirmOutcome = { ok: true; settings: SecuritySettings } | { ok: false; error: AppError };

/**
 * totpEnrollConfirm: the first code from the app proves it holds the secret; the grant of a fresh one-time code
 * (purpose `mfa_change`) is spent only when the code is right. Wrong codes are counted (5 and the enrolment is
 * dead: start again).
 */
export async function confirmTotpEnrollment(
  db: Database,
  config: Config,
  userId: string,
  input: { code: string; stepUpToken: string | undefined },
  origin: RequestOrigin,
): Promise<SecuritySettings> {
  const vault = totpVault(config.secrets.cardEncryptionKey);
  const outcome = await db.transaction().execute(async (trx): Promise<ConfirmOutcome> => {
    await requireStepUp(trx, { userId, purpose: 'mfa_change', token: input.stepUpToken });
    const pending = await trx
      .selectFrom('totp_credentials')
      .selectAll()
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!pending || pending.created_at.getTime() + enrolmentTtlMs <= Date.now()) {
      return {
        ok: false,
        error: new AppError('otp_expired', 400, 'This set-up has expired. Start again.'),
      };
    }
    if (pending.attempts >= config.otpMaxAttempts) {
      return { ok: false, error: new AppError('otp_exhausted', 400, 'Too many wrong codes. Start again.') };
    }
    const step = await checkTotp(vault.open(userId, pending.secret_sealed), input.code, null);
    if (step === null) {
      const attempts = pending.attempts + 1;
      await trx.updateTable('totp_credentials').set({ attempts }).where('user_id', '=', userId).execute();
      const left = config.otpMaxAttempts - attempts;
      return {
        ok: false,
        error:
          left <= 0
            ? new AppError('otp_exhausted', 400, 'Too many wrong codes. Start again.')
            : new AppError('otp_invalid', 400, 'The code is not correct.', {
                details: { attempts_left: left },
              }),
      };
    }
    await consumeStepUp(trx, { userId, purpose: 'mfa_change', token: input.stepUpToken });
    await trx
      .updateTable('totp_credentials')
      .set({ confirmed_at: new Date(), last_time_step: BigInt(step) })
      .where('user_id', '=', userId)
      .execute();
    await recordAudit(trx, { ...mfaEntry(userId, 'totp', origin), action: 'mfa.added' });
    return { ok: true, settings: securityOf(await mfaUser(trx, userId)) };
  });
  // Thrown after commit so the counted wrong try sticks.
  if (!outcome.ok) throw outcome.error;
  return outcome.settings;
}
