import type { Transaction } from 'kysely';
import type { LoginMfaMethod } from '../../schemas/auth.schema';
import type { Database } from '../db/database';
import type { DB } from '../db/types';

/** Second-factor methods of a user (the settings are in server/settings/security.ts). */

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '');
  const country = digits.slice(0, 2);
  const last = digits.slice(-4);
  return `+${country} ${'*'.repeat(Math.max(0, digits.length - 6))}${last}`;
}

export type MfaUser = {
  id: string;
  email: string;
  phone: string | null;
  mfa_email_enabled: boolean;
  mfa_sms_enabled: boolean;
  mfa_default: LoginMfaMethod | null;
  /** An authenticator app is enrolled and confirmed. */
  has_totp: boolean;
};

export type ActiveMethod = { method: LoginMfaMethod; destination: string | null };

/** The methods a user signs in with, the default first (otherwise email, SMS, app). */
export function activeMethods(user: MfaUser): ActiveMethod[] {
  const methods: ActiveMethod[] = [];
  if (user.mfa_email_enabled) methods.push({ method: 'email', destination: maskEmail(user.email) });
  if (user.phone && user.mfa_sms_enabled) methods.push({ method: 'sms', destination: maskPhone(user.phone) });
  if (user.has_totp) methods.push({ method: 'totp', destination: null });
  const preferred = methods.findIndex((one) => one.method === user.mfa_default);
  if (preferred > 0) methods.unshift(...methods.splice(preferred, 1));
  return methods;
}

/** The user's method settings; `lock` takes the user row for an update. */
export async function mfaUser(
  db: Database | Transaction<DB>,
  userId: string,
  lock = false,
): Promise<MfaUser> {
  let query = db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.email',
      'u.phone',
      'u.mfa_email_enabled',
      'u.mfa_sms_enabled',
      'u.mfa_default',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('totp_credentials as t')
              .select('t.user_id')
              .whereRef('t.user_id', '=', 'u.id')
              .where('t.confirmed_at', 'is not', null),
          )
          .as('has_totp'),
    ])
    .where('u.id', '=', userId);
  if (lock) query = query.forUpdate(['u']);
  const row = await query.executeTakeFirstOrThrow();
  return { ...row, has_totp: Boolean(row.has_totp) };
}
