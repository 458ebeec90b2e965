import type { Transaction } from 'kysely';
import type {
  StepUpMethod,
  StepUpPurpose,
  StepUpStartResponse,
  StepUpVerifyResponse,
} from '../../schemas/stepUp.schema';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Channel, DB } from '../db/types';
import type { LoginMfaMethod } from '../../schemas/auth.schema';
import { AppError } from '../errors';
import { maskEmail, maskPhone, otpSettingsOf } from './login';
import { checkTotp, confirmedTotp, totpVault } from '../settings/totp';
import { issueAppChallenge, issueOtp, verifyOtp } from './otp';
import { randomToken, sha256 } from './tokens';

/**
 * Step-up: before a sensitive action the signed-in user proves it is them again with a fresh one-time code. A right
 * code gives a grant good once, for one purpose, for a few minutes; the action consumes it in its own transaction.
 */

const otpPurpose = (purpose: StepUpPurpose) => `step_up:${purpose}`;

export const stepUpRequired = () =>
  new AppError('step_up_required', 403, 'Confirm with a one-time code first.');

type StepUpUser = {
  id: string;
  email: string;
  phone: string | null;
  locale: string;
  mfa_default: string | null;
  /** A confirmed authenticator app. */
  has_app: boolean;
};

async function userOf(db: Database | Transaction<DB>, userId: string): Promise<StepUpUser> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'locale', 'mfa_default'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('totp_credentials')
            .select('user_id')
            .whereRef('totp_credentials.user_id', '=', 'users.id')
            .where('confirmed_at', 'is not', null),
        )
        .as('has_app'),
    )
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { ...user, has_app: Boolean(user.has_app) };
}

/**
 * How the user can confirm: a code by email always, by SMS when they have a phone, and their authenticator app when
 * they have confirmed one; the method they chose as default first.
 */
function methodsOf(user: StepUpUser): StepUpMethod[] {
  const methods: StepUpMethod[] = [{ method: 'email', destination: maskEmail(user.email) }];
  if (user.phone) methods.push({ method: 'sms', destination: maskPhone(user.phone) });
  if (user.has_app) methods.push({ method: 'totp', destination: '' });
  const preferred = methods.findIndex((one) => one.method === user.mfa_default);
  if (preferred > 0) methods.unshift(...methods.splice(preferred, 1));
  return methods;
}

/** stepUpMethods */
export async function stepUpMethods(db: Database, userId: string): Promise<StepUpMethod[]> {
  return methodsOf(await userOf(db, userId));
}

function stepUpCodeMessage(channel: Channel, locale: string, code: string, minutes: number) {
  if (locale === 'el') {
    return channel === 'email'
      ? {
          subject: 'Κωδικός επιβεβαίωσης Tameio',
          body: `Ο κωδικός επιβεβαίωσης είναι ${code}. Λήγει σε ${minutes} λεπτά. Αν δεν τον ζητήσατε εσείς, αλλάξτε τον κωδικό πρόσβασής σας.`,
        }
      : {
          subject: null,
          body: `Tameio: ο κωδικός επιβεβαίωσης είναι ${code} (ισχύει ${minutes} λεπτά). Μην τον δώσετε σε κανέναν.`,
        };
  }
  return channel === 'email'
    ? {
        subject: 'Your Tameio confirmation code',
        body: `Your Tameio confirmation code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, change your password.`,
      }
    : {
        subject: null,
        body: `Tameio: your confirmation code is ${code} (valid ${minutes} min). Never share it.`,
      };
}

/** stepUpStart: a code for one purpose to one of the user's methods; returns the outbox row to deliver after commit. */
export async function startStepUp(
  db: Database,
  config: Config,
  userId: string,
  input: { purpose: StepUpPurpose; method: LoginMfaMethod },
): Promise<{ outboxId: string | null; response: StepUpStartResponse }> {
  return db.transaction().execute(async (trx) => {
    const user = await userOf(trx, userId);
    const offered = methodsOf(user).find((m) => m.method === input.method);
    const unavailable = () =>
      new AppError('mfa_method_unavailable', 400, 'This method is not available.', {
        fields: { method: 'Not available for this account.' },
      });
    if (input.method === 'totp') {
      if (!offered) throw unavailable();
      const challenge = await issueAppChallenge(trx, otpSettingsOf(config), {
        purpose: otpPurpose(input.purpose),
        binding: user.id,
        userId: user.id,
      });
      return {
        outboxId: null,
        response: { method: 'totp', destination: '', expires_in: challenge.expiresIn, resend_in: 0 },
      };
    }
    const channel: Channel = input.method;
    const destination = channel === 'email' ? user.email : user.phone;
    const masked = offered?.destination;
    if (!destination || !masked) throw unavailable();
    const issued = await issueOtp(trx, otpSettingsOf(config), {
      purpose: otpPurpose(input.purpose),
      binding: user.id,
      userId: user.id,
      channel,
      destination,
      message: (code, minutes) => stepUpCodeMessage(channel, user.locale, code, minutes),
    });
    return {
      outboxId: issued.outboxId,
      response: {
        method: channel,
        destination: masked,
        expires_in: issued.expiresIn,
        resend_in: issued.resendIn,
      },
    };
  });
}

type VerifyOutcome = { ok: true; response: StepUpVerifyResponse } | { ok: false; error: AppError };

/**
 * A code from the user's authenticator app, as at sign-in: of a time step after the last one accepted (a code works
 * once, across sign-in and step-up), which is then recorded. An app removed meanwhile answers no.
 */
async function checkAppCode(
  trx: Transaction<DB>,
  config: Config,
  userId: string,
  code: string,
): Promise<boolean> {
  const credential = await confirmedTotp(trx, userId);
  if (!credential) return false;
  const secret = totpVault(config.secrets.cardEncryptionKey).open(userId, credential.secret_sealed);
  const step = await checkTotp(secret, code, credential.last_time_step);
  if (step === null) return false;
  await trx
    .updateTable('totp_credentials')
    .set({ last_time_step: BigInt(step) })
    .where('user_id', '=', userId)
    .execute();
  return true;
}

/** stepUpVerify: the code; a right one gives a single-use grant of which only the hash is stored. */
export async function verifyStepUp(
  db: Database,
  config: Config,
  userId: string,
  input: { purpose: StepUpPurpose; code: string },
): Promise<StepUpVerifyResponse> {
  const outcome = await db.transaction().execute(async (trx): Promise<VerifyOutcome> => {
    const verified = await verifyOtp(trx, otpSettingsOf(config), {
      purpose: otpPurpose(input.purpose),
      binding: userId,
      code: input.code,
      checkApp: async (owner, code) => owner === userId && (await checkAppCode(trx, config, userId, code)),
    });
    if (!verified.ok) return { ok: false, error: verified.error };
    const token = randomToken();
    await trx
      .insertInto('step_up_grants')
      .values({
        user_id: userId,
        purpose: input.purpose,
        token_hash: sha256(token),
        expires_at: new Date(Date.now() + config.stepUpGrantTtlSeconds * 1000),
      })
      .execute();
    return { ok: true, response: { step_up_token: token, expires_in: config.stepUpGrantTtlSeconds } };
  });
  // Thrown after commit so the counted wrong try sticks.
  if (!outcome.ok) throw outcome.error;
  return outcome.response;
}

/**
 * In the action's transaction: the grant must be this user's, for this purpose, unexpired and unused; it is used up
 * here, so if the action fails and rolls back the grant stays good. Anything else is 403 `step_up_required`.
 */
export async function consumeStepUp(
  trx: Transaction<DB>,
  input: { userId: string; purpose: StepUpPurpose; token: string | undefined },
): Promise<void> {
  const grant = await liveGrant(trx, input);
  await trx
    .updateTable('step_up_grants')
    .set({ consumed_at: new Date() })
    .where('id', '=', grant.id)
    .execute();
}

/**
 * The same checks as `consumeStepUp` without spending the grant, for an action that first checks something else the
 * user typed (a password, an authenticator code) and spends the grant only when that is right too.
 */
export async function requireStepUp(
  trx: Transaction<DB>,
  input: { userId: string; purpose: StepUpPurpose; token: string | undefined },
): Promise<void> {
  await liveGrant(trx, input);
}

async function liveGrant(
  trx: Transaction<DB>,
  input: { userId: string; purpose: StepUpPurpose; token: string | undefined },
): Promise<{ id: string }> {
  if (!input.token) throw stepUpRequired();
  const grant = await trx
    .selectFrom('step_up_grants')
    .select(['id', 'user_id', 'purpose', 'expires_at', 'consumed_at'])
    .where('token_hash', '=', sha256(input.token))
    .forUpdate()
    .executeTakeFirst();
  if (
    !grant ||
    grant.user_id !== input.userId ||
    grant.purpose !== input.purpose ||
    grant.consumed_at ||
    grant.expires_at <= new Date()
  ) {
    throw stepUpRequired();
  }
  return { id: grant.id };
}
