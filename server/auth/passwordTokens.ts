import type { Transaction } from 'kysely';
import { checkPassword } from '../../schemas/password.schema';
import { passwordLinkCooldownSeconds } from '../../schemas/passwordJourneys.schema';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { DB, EmployeeType, PasswordTokenPurpose } from '../db/types';
import { AppError } from '../errors';
import { enqueueMessage } from '../notify/outbox';
import { verifyAltcha } from './altcha';
import type { RequestOrigin } from './login';
import { hashPassword } from './passwords';
import { revokeAllSessions } from './sessions';
import { randomToken, sha256 } from './tokens';

/**
 * Password links: a reset link for "Forgot your password?", and a create link for an account that exists
 * without a password (an invited employee). A link carries the user id and a 256-bit token; only the token's
 * SHA-256 is stored, bound to the user and the purpose, valid for `passwordTokenTtlSeconds` (1 hour), single use.
 */

type Executor = Database | Transaction<DB>;

function linkFor(
  config: Config,
  purpose: PasswordTokenPurpose,
  user: { id: string; email: string },
  token: string,
) {
  const query = new URLSearchParams({ uid: user.id, token });
  if (purpose === 'reset') {
    query.set('email', user.email);
    return `${config.appUrl}/reset_password/?${query.toString()}`;
  }
  return `${config.appUrl}/create-password/set?${query.toString()}`;
}

function linkMessage(purpose: PasswordTokenPurpose, locale: string, link: string, minutes: number) {
  if (locale === 'el') {
    return purpose === 'reset'
      ? {
          subject: 'Επαναφορά κωδικού πρόσβασης Tameio',
          body: `Για να ορίσετε νέο κωδικό πρόσβασης, ανοίξτε τον σύνδεσμο: ${link}\nΙσχύει ${minutes} λεπτά και μία φορά. Αν δεν το ζητήσατε, αγνοήστε αυτό το μήνυμα.`,
        }
      : {
          subject: 'Ορίστε τον κωδικό πρόσβασης Tameio',
          body: `Για να ορίσετε τον κωδικό πρόσβασης του λογαριασμού σας, ανοίξτε τον σύνδεσμο: ${link}\nΙσχύει ${minutes} λεπτά και μία φορά.`,
        };
  }
  return purpose === 'reset'
    ? {
        subject: 'Reset your Tameio password',
        body: `To choose a new password, open this link: ${link}\nIt works once, for ${minutes} minutes. If you did not ask for it, ignore this email; your password stays the same.`,
      }
    : {
        subject: 'Create your Tameio password',
        body: `To create the password for your Tameio account, open this link: ${link}\nIt works once, for ${minutes} minutes.`,
      };
}

function changedMessage(purpose: PasswordTokenPurpose, locale: string) {
  if (locale === 'el') {
    return purpose === 'reset'
      ? {
          subject: 'Ο κωδικός πρόσβασης Tameio άλλαξε',
          body: 'Ο κωδικός πρόσβασης του λογαριασμού σας άλλαξε και αποσυνδεθήκατε από όλες τις συσκευές. Αν δεν το κάνατε εσείς, επικοινωνήστε αμέσως μαζί μας.',
        }
      : {
          subject: 'Ο κωδικός πρόσβασης Tameio ορίστηκε',
          body: 'Ο κωδικός πρόσβασης του λογαριασμού σας ορίστηκε. Αν δεν το κάνατε εσείς, επικοινωνήστε αμέσως μαζί μας.',
        };
  }
  return purpose === 'reset'
    ? {
        subject: 'Your Tameio password was changed',
        body: 'The password of your Tameio account was changed and you were signed out on every device. If this was not you, contact us at once.',
      }
    : {
        subject: 'Your Tameio password was created',
        body: 'The password of your Tameio account was created. If this was not you, contact us at once.',
      };
}

async function audit(
  db: Executor,
  event: string,
  email: string,
  userId: string | null,
  origin: RequestOrigin,
) {
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

/**
 * Stores a fresh single-use token for the user and purpose and queues the email with its link, in the caller's
 * transaction: `requestPasswordLink` for either purpose, `createSandboxEmployee` for the sandbox's password-less user.
 */
export async function issuePasswordToken(
  trx: Transaction<DB>,
  config: Config,
  userId: string,
  purpose: PasswordTokenPurpose,
): Promise<{ outboxId: string; link: string; expiresIn: number }> {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'email', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const token = randomToken();
  await trx
    .insertInto('password_tokens')
    .values({
      user_id: user.id,
      purpose,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + config.passwordTokenTtlSeconds * 1000),
    })
    .execute();
  const link = linkFor(config, purpose, user, token);
  const text = linkMessage(purpose, user.locale, link, Math.round(config.passwordTokenTtlSeconds / 60));
  const outboxId = await enqueueMessage(trx, { to: user.email, channel: 'email', ...text });
  return { outboxId, link, expiresIn: config.passwordTokenTtlSeconds };
}

/**
 * "Forgot your password?" and "send me a create-password link": the bot check, then a link only when the account
 * fits the purpose (reset: it has a password; create: it has none yet) and no link went out within the cooldown.
 * The answer is the same either way, so it tells nobody which emails have accounts.
 */
export async function requestPasswordLink(
  db: Database,
  config: Config,
  input: { email: string; altcha: string; purpose: PasswordTokenPurpose },
  origin: RequestOrigin,
): Promise<{ outboxIds: string[]; expiresIn: number }> {
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
    throw new AppError('bot_check_failed', 400, 'The bot check failed. Please try again.', {
      fields: { altcha: 'Bot check failed.' },
    });
  }
  const outboxIds = await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users as u')
      .innerJoin('merchants as m', 'm.id', 'u.merchant_id')
      .select(['u.id', 'u.password_hash', 'm.status'])
      .where('u.email', '=', input.email)
      .forUpdate(['u'])
      .executeTakeFirst();
    const fits =
      user !== undefined &&
      user.status !== 'closed' &&
      (input.purpose === 'reset' ? user.password_hash !== null : user.password_hash === null);
    await audit(trx, `password_${input.purpose}_requested`, input.email, user?.id ?? null, origin);
    if (!user || !fits) return [];
    const recent = await trx
      .selectFrom('password_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .where('purpose', '=', input.purpose)
      .where('created_at', '>', new Date(Date.now() - passwordLinkCooldownSeconds * 1000))
      .executeTakeFirst();
    if (recent) return [];
    const issued = await issuePasswordToken(trx, config, user.id, input.purpose);
    return [issued.outboxId];
  });
  return { outboxIds, expiresIn: config.passwordTokenTtlSeconds };
}

const invalidToken = () =>
  new AppError('token_invalid', 400, 'This link is not valid any more. Ask for a new one.', {
    fields: { token: 'Invalid, used or expired link.' },
  });

type SetOutcome = { ok: true; outboxId: string } | { ok: false; error: AppError };

/**
 * Spends a link: sets the argon2id hash, spends every outstanding link of the user, ends every session and any
 * half-done sign-in, writes the audit row and queues the "password changed" notice, all in one transaction. An
 * invalid, used, expired or wrong-purpose token, or one for another user, changes nothing.
 */
export async function setPasswordWithToken(
  db: Database,
  config: Config,
  input: { uid: string; token: string; password: string; purpose: PasswordTokenPurpose },
  origin: RequestOrigin,
): Promise<{ outboxId: string }> {
  // Hashed before the transaction so no row stays locked for the argon2 run; unused when the token is bad.
  const passwordHash = await hashPassword(input.password);
  const outcome = await db.transaction().execute(async (trx): Promise<SetOutcome> => {
    const row = await trx
      .selectFrom('password_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id',
        't.user_id',
        't.purpose',
        't.expires_at',
        't.used_at',
        'u.email',
        'u.locale',
        'u.password_hash',
      ])
      .where('t.token_hash', '=', sha256(input.token))
      .forUpdate(['t', 'u'])
      .executeTakeFirst();
    const valid =
      row !== undefined &&
      row.user_id === input.uid &&
      row.purpose === input.purpose &&
      row.used_at === null &&
      row.expires_at > new Date() &&
      // A first password only once: an account that has one resets it instead.
      (input.purpose === 'reset' || row.password_hash === null);
    if (!row || !valid) {
      await audit(
        trx,
        `password_${input.purpose}_token_invalid`,
        row?.email ?? '',
        row?.user_id ?? null,
        origin,
      );
      return { ok: false, error: invalidToken() };
    }
    if (checkPassword(input.password, { email: row.email }).includes('contains_email')) {
      return {
        ok: false,
        error: new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
          fields: { password: 'contains_email' },
        }),
      };
    }
    const now = new Date();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', row.user_id)
      .execute();
    await trx
      .updateTable('password_tokens')
      .set({ used_at: now })
      .where('user_id', '=', row.user_id)
      .where('used_at', 'is', null)
      .execute();
    await revokeAllSessions(trx, row.user_id, 'password_changed');
    await trx
      .updateTable('login_tickets')
      .set({ consumed_at: now })
      .where('user_id', '=', row.user_id)
      .where('consumed_at', 'is', null)
      .execute();
    await audit(
      trx,
      input.purpose === 'reset' ? 'password_reset' : 'password_created',
      row.email,
      row.user_id,
      origin,
    );
    const outboxId = await enqueueMessage(trx, {
      to: row.email,
      channel: 'email',
      ...changedMessage(input.purpose, row.locale),
    });
    return { ok: true, outboxId };
  });
  // Thrown after commit so the audit row of a bad link sticks.
  if (!outcome.ok) throw outcome.error;
  return { outboxId: outcome.outboxId };
}

/** Sandbox: an employee of the merchant without a password, who gets a create-password link by email. */
export async function createSandboxEmployee(
  db: Database,
  config: Config,
  merchantId: string,
  input: { email: string; first_name: string; last_name: string; employee_type: EmployeeType },
): Promise<{ id: string; email: string; outboxId: string }> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (taken) {
      throw new AppError('conflict', 409, 'A user with this email exists.', {
        fields: { email: 'Already in use.' },
      });
    }
    const user = await trx
      .insertInto('users')
      .values({
        merchant_id: merchantId,
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        is_owner: false,
        employee_type: input.employee_type,
        // As every employee from before access levels (migration 019).
        access_level: 'company',
        password_hash: null,
        phone: null,
      })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    const issued = await issuePasswordToken(trx, config, user.id, 'create');
    return { id: user.id, email: user.email, outboxId: issued.outboxId };
  });
}
