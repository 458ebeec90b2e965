import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { checkPassword } from '../../schemas/password.schema';
import { staffRoles, type StaffRole } from '../../schemas/permissions';
import { recordAudit } from '../audit/auditTrail';
import type { RequestOrigin } from '../auth/login';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { newTotpSecret, totpUri, totpVault } from '../settings/totp';

/*
 * Staff accounts (docs/decisions/023-staff-realm.md). Made by `npm run staff -- add` on the server or by an admin in
 * the back office; never by a merchant endpoint. Every account gets an authenticator secret when it is made: the
 * second factor is mandatory from the first sign-in, and passkeys are added once signed in.
 */

export type StaffSummary = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: 'enabled' | 'disabled';
  created_at: string;
  passkeys: number;
};

export type NewStaff = {
  staff: StaffSummary;
  /** Shown once, to be handed over: the first password (when none was chosen) and the authenticator secret. */
  password: string;
  totpSecret: string;
  totpUri: string;
};

const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });

const emailShape = z.email();

/** The sealed secret is bound to the staff id, under its own label so a merchant user's id can never match it. */
export const staffTotpBinding = (staffId: string) => `staff:${staffId}`;

/** A random first password that meets the password policy (letters of both cases, digits, a symbol). */
function firstPassword(): string {
  return `${randomBytes(15).toString('base64url')}-Aa1`;
}

export async function createStaff(
  db: Database,
  cardEncryptionKey: string,
  input: { email: string; name: string; role: string; password?: string | undefined },
  by: { staffId: string; origin: RequestOrigin | null } | null,
): Promise<NewStaff> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  if (!emailShape.safeParse(email).success)
    throw badField('email', 'Enter an email address like name@bank.gr.');
  if (name.length < 1 || name.length > 120) throw badField('name', 'Enter the name, at most 120 characters.');
  if (!(staffRoles as readonly string[]).includes(input.role)) {
    throw badField('role', `The role is one of ${staffRoles.join(', ')}.`);
  }
  const password = input.password ?? firstPassword();
  const problems = checkPassword(password, { email });
  if (problems.length > 0)
    throw badField('password', `The password is not strong enough (${problems.join(', ')}).`);
  const passwordHash = await hashPassword(password);
  const secret = newTotpSecret();
  const vault = totpVault(cardEncryptionKey);
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('staff_users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (taken)
      throw new AppError('conflict', 409, 'A staff member with this email already exists.', {
        fields: { email: 'A staff member with this email already exists.' },
      });
    const row = await trx
      .insertInto('staff_users')
      .values({
        email,
        name,
        role: input.role as StaffRole,
        password_hash: passwordHash,
        totp_secret: 'pending',
        created_by: by?.staffId ?? null,
      })
      .returning(['id', 'email', 'name', 'role', 'status', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('staff_users')
      .set({ totp_secret: vault.seal(staffTotpBinding(row.id), secret) })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(trx, {
      realm: 'staff',
      actorUserId: by?.staffId ?? null,
      merchantId: null,
      action: 'staff.created',
      subject: `staff:${row.id}`,
      details: { email, role: row.role },
      origin: by?.origin ?? null,
    });
    return {
      staff: { ...row, created_at: row.created_at.toISOString(), passkeys: 0 },
      password,
      totpSecret: secret,
      totpUri: totpUri(secret, `Back office (${email})`),
    };
  });
}

export async function listStaff(db: Database): Promise<StaffSummary[]> {
  const rows = await db
    .selectFrom('staff_users as u')
    .leftJoin('staff_passkeys as p', 'p.staff_id', 'u.id')
    .select(({ fn }) => [
      'u.id',
      'u.email',
      'u.name',
      'u.role',
      'u.status',
      'u.created_at',
      fn.count<string>('p.credential_id').as('passkeys'),
    ])
    .groupBy(['u.id', 'u.email', 'u.name', 'u.role', 'u.status', 'u.created_at'])
    .orderBy('u.created_at')
    .orderBy('u.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    passkeys: Number(row.passkeys),
  }));
}

/** Disables a staff member and ends every session of theirs, in one transaction. Nobody disables themselves. */
export async function disableStaff(
  db: Database,
  staffId: string,
  by: { staffId: string; origin: RequestOrigin | null } | null,
): Promise<void> {
  if (by?.staffId === staffId) {
    throw new AppError('conflict', 409, 'You cannot disable your own account; ask another admin.');
  }
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('staff_users')
      .select(['id', 'email', 'status'])
      .where('id', '=', staffId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', 404, 'Nothing here.');
    if (row.status === 'disabled') return;
    await trx.updateTable('staff_users').set({ status: 'disabled' }).where('id', '=', staffId).execute();
    await trx
      .updateTable('staff_sessions')
      .set({ revoked_at: new Date() })
      .where('staff_id', '=', staffId)
      .where('revoked_at', 'is', null)
      .execute();
    await recordAudit(trx, {
      realm: 'staff',
      actorUserId: by?.staffId ?? null,
      merchantId: null,
      action: 'staff.disabled',
      subject: `staff:${staffId}`,
      details: { email: row.email },
      origin: by?.origin ?? null,
    });
  });
}
