import type { Transaction } from 'kysely';
import { Email } from '../schemas/auth.schema';
import {
  legalVersions,
  normalizePhone,
  registrationTtlSeconds,
  type FieldCheck,
  type PrevalidateResponse,
  type RegistrationDetailsBody,
  type RegistrationState,
  type RegistrationStep,
} from '../schemas/registration.schema';
import { verifyAltcha } from './auth/altcha';
import {
  audit,
  maskEmail,
  maskPhone,
  otpSettingsOf,
  startSignedIn,
  type RequestOrigin,
  type SignedIn,
} from './auth/login';
import { issueOtp, verifyOtp } from './auth/otp';
import { checkPassword, hashPassword } from './auth/passwords';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Channel, DB } from './db/types';
import { AppError } from './errors';

/*
 * The account phase of registration (SPEC §2 /registration/:step?/:id?): contact details, both addresses verified
 * by one-time code, names, then the password, the legal acceptances and the bot check create the merchant and its
 * owner and sign them in. A registration lives on the server under a random id so that it resumes after a reload or
 * on another device; it expires after `registrationTtlSeconds` and is consumed by `register`.
 */

const purposes: Record<Channel, string> = { email: 'registration_email', sms: 'registration_sms' };

type Db = Database | Transaction<DB>;

type RegistrationRow = {
  id: string;
  email: string;
  phone: string;
  email_verified_at: Date | null;
  phone_verified_at: Date | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  locale: 'en' | 'el';
  expires_at: Date;
  consumed_at: Date | null;
};

function notFound(): AppError {
  return new AppError(
    'not_found',
    404,
    'This registration does not exist or has expired. Please start again.',
  );
}

function stepOf(row: RegistrationRow): RegistrationStep {
  if (!row.email_verified_at) return 'verify-email';
  if (!row.phone_verified_at) return 'verify-phone';
  if (!row.first_name || !row.last_name || !row.company_name) return 'details';
  return 'password';
}

function stateOf(row: RegistrationRow): RegistrationState {
  return {
    id: row.id,
    step: stepOf(row),
    email: row.email,
    phone: row.phone,
    email_verified: row.email_verified_at !== null,
    phone_verified: row.phone_verified_at !== null,
    first_name: row.first_name,
    last_name: row.last_name,
    company_name: row.company_name,
    expires_at: row.expires_at.toISOString(),
  };
}

/** A live (not consumed, not expired) registration, locked when inside a writing transaction. */
async function liveRegistration(db: Db, id: string, lock: boolean): Promise<RegistrationRow> {
  let query = db
    .selectFrom('registrations')
    .select([
      'id',
      'email',
      'phone',
      'email_verified_at',
      'phone_verified_at',
      'first_name',
      'last_name',
      'company_name',
      'locale',
      'expires_at',
      'consumed_at',
    ])
    .where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row || row.consumed_at || row.expires_at <= new Date()) throw notFound();
  return row;
}

async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

async function phoneTaken(db: Db, phone: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
  return row !== undefined;
}

/**
 * Checks an email and/or phone as the user leaves the field: format and whether an account already uses it. This
 * deliberately tells whether an address is taken, so the form says so while the user types rather than after the
 * codes (docs/decisions/005-registration-resumable-by-id.md); the endpoint is rate limited per client.
 */
export async function prevalidate(
  db: Database,
  input: { email?: string | undefined; phone?: string | undefined },
): Promise<PrevalidateResponse> {
  const result: PrevalidateResponse = {};
  if (input.email !== undefined) {
    const parsed = Email.safeParse(input.email);
    result.email = parsed.success
      ? { valid: true, available: !(await emailTaken(db, parsed.data)), normalized: parsed.data }
      : ({ valid: false, available: false, normalized: null } satisfies FieldCheck);
  }
  if (input.phone !== undefined) {
    const phone = normalizePhone(input.phone);
    result.phone = phone
      ? { valid: true, available: !(await phoneTaken(db, phone)), normalized: phone }
      : { valid: false, available: false, normalized: null };
  }
  return result;
}

function takenError(fields: Record<string, string>): AppError {
  return new AppError('conflict', 409, 'An account already uses this email or phone number.', { fields });
}

/** Step 1: email and phone (already parsed and normalised by the schema), checked again here. */
export async function startRegistration(
  db: Database,
  input: { email: string; phone: string; locale?: 'en' | 'el' | undefined },
): Promise<RegistrationState> {
  return db.transaction().execute(async (trx) => {
    const fields: Record<string, string> = {};
    if (await emailTaken(trx, input.email)) fields.email = 'An account already uses this email.';
    if (await phoneTaken(trx, input.phone)) fields.phone = 'An account already uses this phone number.';
    if (Object.keys(fields).length > 0) throw takenError(fields);
    const row = await trx
      .insertInto('registrations')
      .values({
        email: input.email,
        phone: input.phone,
        locale: input.locale ?? 'en',
        expires_at: new Date(Date.now() + registrationTtlSeconds * 1000),
      })
      .returning([
        'id',
        'email',
        'phone',
        'email_verified_at',
        'phone_verified_at',
        'first_name',
        'last_name',
        'company_name',
        'locale',
        'expires_at',
        'consumed_at',
      ])
      .executeTakeFirstOrThrow();
    return stateOf(row);
  });
}

export async function getRegistration(db: Database, id: string): Promise<RegistrationState> {
  return stateOf(await liveRegistration(db, id, false));
}

function verificationMessage(channel: Channel, locale: string, code: string, minutes: number) {
  if (locale === 'el') {
    return channel === 'email'
      ? {
          subject: 'Επιβεβαιώστε το email σας στο Tameio',
          body: `Ο κωδικός επιβεβαίωσης είναι ${code}. Λήγει σε ${minutes} λεπτά. Αν δεν ξεκινήσατε εγγραφή στο Tameio, αγνοήστε αυτό το μήνυμα.`,
        }
      : {
          subject: null,
          body: `Tameio: ο κωδικός επιβεβαίωσης του κινητού σας είναι ${code} (ισχύει ${minutes} λεπτά).`,
        };
  }
  return channel === 'email'
    ? {
        subject: 'Confirm your email for Tameio',
        body: `Your Tameio verification code is ${code}. It expires in ${minutes} minutes. If you did not start a registration with Tameio, ignore this message.`,
      }
    : { subject: null, body: `Tameio: your phone verification code is ${code} (valid ${minutes} min).` };
}

/** Steps 2 and 3: sends a code to the registration's email or phone; returns the outbox row to deliver after commit. */
export async function sendVerification(db: Database, config: Config, id: string, channel: Channel) {
  return db.transaction().execute(async (trx) => {
    const row = await liveRegistration(trx, id, true);
    if (channel === 'sms' && !row.email_verified_at) {
      throw new AppError('conflict', 409, 'Verify the email address first.', {
        details: { step: stepOf(row) },
      });
    }
    if ((channel === 'email' ? row.email_verified_at : row.phone_verified_at) !== null) {
      throw new AppError('conflict', 409, 'This address is already verified.', {
        details: { step: stepOf(row) },
      });
    }
    const destination = channel === 'email' ? row.email : row.phone;
    const issued = await issueOtp(trx, otpSettingsOf(config), {
      purpose: purposes[channel],
      binding: row.id,
      userId: null,
      channel,
      destination,
      message: (code, minutes) => verificationMessage(channel, row.locale, code, minutes),
    });
    return {
      outboxId: issued.outboxId,
      response: {
        destination: channel === 'email' ? maskEmail(destination) : maskPhone(destination),
        expires_in: issued.expiresIn,
        resend_in: issued.resendIn,
      },
    };
  });
}

type VerifyOutcome = { ok: true; state: RegistrationState } | { ok: false; error: AppError };

/** Steps 2 and 3: checks the code; a wrong try is counted (committed) even though the caller gets an error. */
export async function verifyContact(
  db: Database,
  config: Config,
  input: { id: string; channel: Channel; code: string },
): Promise<RegistrationState> {
  const outcome = await db.transaction().execute(async (trx): Promise<VerifyOutcome> => {
    const row = await liveRegistration(trx, input.id, true);
    const verified = await verifyOtp(trx, otpSettingsOf(config), {
      purpose: purposes[input.channel],
      binding: row.id,
      code: input.code,
    });
    if (!verified.ok) return { ok: false, error: verified.error };
    const updated = await trx
      .updateTable('registrations')
      .set(input.channel === 'email' ? { email_verified_at: new Date() } : { phone_verified_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, state: stateOf(updated) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.state;
}

/** Step 4: the representative's names and the company's name (validated by the schema). */
export async function saveDetails(
  db: Database,
  id: string,
  details: RegistrationDetailsBody,
): Promise<RegistrationState> {
  return db.transaction().execute(async (trx) => {
    const row = await liveRegistration(trx, id, true);
    if (!row.email_verified_at || !row.phone_verified_at) {
      throw new AppError('conflict', 409, 'Verify the email address and the phone number first.', {
        details: { step: stepOf(row) },
      });
    }
    const updated = await trx
      .updateTable('registrations')
      .set({
        first_name: details.first_name,
        last_name: details.last_name,
        company_name: details.company_name,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return stateOf(updated);
  });
}

export type RegisterInput = {
  registrationId: string;
  password: string;
  passwordConfirmation: string;
  altcha: string;
};

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Step 5: the password, the legal acceptances and the bot check. In one transaction: the merchant (status
 * `onboarding`, named after the company), its owner with the verified email and phone and an argon2id hash, the
 * acceptances with their versions, the registration consumed, and a session started.
 */
export async function register(
  db: Database,
  config: Config,
  input: RegisterInput,
  origin: RequestOrigin,
): Promise<SignedIn> {
  const preview = await liveRegistration(db, input.registrationId, false);
  const fields: Record<string, string> = {};
  const problems = checkPassword(input.password, { email: preview.email });
  if (problems.length > 0) fields.password = problems.join(', ');
  if (input.password !== input.passwordConfirmation) fields.password_confirmation = 'Passwords do not match';
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', 400, 'Some fields are missing or not valid.', { fields });
  }
  if (stepOf(preview) !== 'password') {
    throw new AppError('conflict', 409, 'Finish the earlier registration steps first.', {
      details: { step: stepOf(preview) },
    });
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
    throw new AppError('bot_check_failed', 400, 'The bot check failed. Please try again.', {
      fields: { altcha: 'Bot check failed.' },
    });
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await liveRegistration(trx, input.registrationId, true);
      if (stepOf(row) !== 'password') throw notFound();
      const takenFields: Record<string, string> = {};
      if (await emailTaken(trx, row.email)) takenFields.email = 'An account already uses this email.';
      if (await phoneTaken(trx, row.phone)) takenFields.phone = 'An account already uses this phone number.';
      if (Object.keys(takenFields).length > 0) throw takenError(takenFields);
      const merchant = await trx
        .insertInto('merchants')
        .values({ name: row.company_name ?? '', status: 'onboarding' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('users')
        .values({
          merchant_id: merchant.id,
          email: row.email,
          phone: row.phone,
          password_hash: passwordHash,
          first_name: row.first_name ?? '',
          last_name: row.last_name ?? '',
          is_owner: true,
          locale: row.locale,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const acceptance = {
        user_id: user.id,
        ip: origin.ip,
        user_agent: origin.userAgent?.slice(0, 512) ?? null,
      };
      await trx
        .insertInto('legal_acceptances')
        .values([
          { ...acceptance, document: 'terms_of_use', version: legalVersions.terms_of_use },
          { ...acceptance, document: 'privacy_policy', version: legalVersions.privacy_policy },
        ])
        .execute();
      await trx
        .updateTable('registrations')
        .set({ consumed_at: new Date(), user_id: user.id })
        .where('id', '=', row.id)
        .execute();
      await audit(trx, 'registered', row.email, user.id, origin);
      return startSignedIn(trx, config, user.id);
    });
  } catch (error) {
    // Two registrations of one email racing: the second loses on the unique index and changes nothing.
    if (isUniqueViolation(error)) throw takenError({ email: 'An account already uses this email.' });
    throw error;
  }
}
