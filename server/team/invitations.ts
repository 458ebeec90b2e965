import type { Transaction } from 'kysely';
import {
  invitationTtlHours,
  type AcceptInvitationBody,
  type AcceptInvitationResponse,
  type EmployeeRole,
  type Invitation,
  type InvitationPreview,
  type InvitationsResponse,
  type InvitationState,
  type InviteBody,
} from '../../schemas/employees.schema';
import type { SendVerificationResponse } from '../../schemas/registration.schema';
import { audit, maskPhone, otpSettingsOf, type RequestOrigin } from '../auth/login';
import { issueOtp, verifyOtp } from '../auth/otp';
import { checkPassword, hashPassword } from '../auth/passwords';
import { randomToken, sha256 } from '../auth/tokens';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { idempotently, type Idempotent } from '../idempotency';
import type { Db } from '../ledger';
import { invitationAccepted } from '../notifications/events';
import { enqueueMessage } from '../notify/outbox';
import type { TeamActor } from './employees';
import { recordAudit } from '../audit/auditTrail';
import { uuidPattern } from '../db/ids';

/**
 * Invitations (schemas/employees.schema.ts; SPEC §2 /my-employees/add-employees and /merchant-invitation/:key/accept).
 * The owner invites an address with a role and an access level; the email carries a link with a 256-bit key, of which
 * only the SHA-256 is stored. The key works once, for `invitationTtlHours`: accepting creates the user and spends the
 * invitation in one transaction, under the invitation's row lock, so two accepts cannot both succeed. Pending
 * invitations past their expiry read as `expired` (computed from `expires_at`, so no job has to run first).
 */

/** Codes proving the invitee's phone: bound to the invitation and the number (the binding is `<id>:<phone>`). */
const phonePurpose = 'invitation_phone';

const invitationNotFound = () => new AppError('not_found', 404, 'This invitation does not exist.');

const goneMessages: Record<Exclude<InvitationState, 'pending'>, string> = {
  accepted: 'This invitation has already been accepted. Sign in instead.',
  cancelled: 'This invitation was cancelled. Ask for a new one.',
  expired: 'This invitation has expired. Ask for a new one.',
};

function gone(state: Exclude<InvitationState, 'pending'>): AppError {
  return new AppError('invitation_unavailable', 410, goneMessages[state], { details: { state } });
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** The state as the clock reads it: a pending invitation past its expiry is expired. */
function stateAt(row: { state: InvitationState; expires_at: Date }, now: Date): InvitationState {
  return row.state === 'pending' && row.expires_at <= now ? 'expired' : row.state;
}

function invitationQuery(db: Db) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('users as inviter', 'inviter.id', 'i.created_by')
    .select([
      'i.id',
      'i.merchant_id',
      'i.email',
      'i.first_name',
      'i.last_name',
      'i.role',
      'i.access_level',
      'i.state',
      'i.expires_at',
      'i.created_at',
      'inviter.first_name as inviter_first',
      'inviter.last_name as inviter_last',
    ]);
}

type InvitationRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: EmployeeRole;
  access_level: 'own' | 'company';
  state: InvitationState;
  expires_at: Date;
  created_at: Date;
  inviter_first: string;
  inviter_last: string;
};

function view(row: InvitationRow, now: Date = new Date()): Invitation {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    access_level: row.access_level,
    state: stateAt(row, now),
    invited_by: `${row.inviter_first} ${row.inviter_last}`.trim(),
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

/** invitations: pending ones first (soonest to expire last), then the rest, newest first. */
export async function listInvitations(db: Database, merchantId: string): Promise<InvitationsResponse> {
  const now = new Date();
  const rows = await invitationQuery(db)
    .where('i.merchant_id', '=', merchantId)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .execute();
  const items = rows.map((row) => view(row, now));
  // A stable sort keeps newest first within each group.
  items.sort((a, b) => Number(b.state === 'pending') - Number(a.state === 'pending'));
  return { items };
}

const roleLabels: Record<'en' | 'el', Record<EmployeeRole, string>> = {
  en: { admin: 'Admin', employee: 'Cardholder', viewer: 'Viewer' },
  el: { admin: 'Διαχειριστής', employee: 'Κάτοχος κάρτας', viewer: 'Προβολή μόνο' },
};

function invitationMessage(
  locale: string,
  input: { inviter: string; merchant: string; role: EmployeeRole; link: string },
) {
  if (locale === 'el') {
    return {
      subject: `Πρόσκληση στην ομάδα της ${input.merchant} στο Tameio`,
      body:
        `Ο/Η ${input.inviter} σας προσκάλεσε στην ομάδα της ${input.merchant} στο Tameio με τον ` +
        `ρόλο «${roleLabels.el[input.role]}». Για να αποδεχτείτε την πρόσκληση και να ορίσετε κωδικό πρόσβασης, ανοίξτε ` +
        `τον σύνδεσμο: ${input.link}\nΟ σύνδεσμος ισχύει μία φορά, για ${invitationTtlHours} ώρες. Αν δεν ` +
        `περιμένατε αυτή την πρόσκληση, αγνοήστε αυτό το μήνυμα.`,
    };
  }
  return {
    subject: `Join ${input.merchant} on Tameio`,
    body:
      `${input.inviter} invited you to join ${input.merchant} on Tameio as ${roleLabels.en[input.role]}. ` +
      `To accept and choose your password, open this link: ${input.link}\nIt works once, for ` +
      `${invitationTtlHours} hours. If you did not expect this invitation, ignore this email.`,
  };
}

export function invitationLink(config: Config, key: string): string {
  return `${config.appUrl}/merchant-invitation/${key}/accept`;
}

/**
 * inviteEmployee, in one transaction: refuses (409) an address that already has a Tameio account (an email belongs
 * to one user) or a pending invitation of this merchant; marks this merchant's lapsed invitations of the address
 * expired; stores the invitation with the key's hash; queues the email in the inviter's language. Returns the outbox
 * row to deliver after commit. Idempotent by Idempotency-Key (server/idempotency.ts): a retry with the same key and
 * body answers the invitation it made (its email already queued), another body 409.
 */
export async function inviteEmployee(
  db: Database,
  config: Config,
  actor: TeamActor,
  body: InviteBody,
  idempotencyKey: string,
): Promise<Idempotent<{ invitation: Invitation; outboxId: string }>> {
  const scope = {
    merchantId: actor.merchantId,
    operation: 'inviteEmployee',
    key: idempotencyKey,
    request: body,
  } as const;
  const pendingConflict = () =>
    new AppError('conflict', 409, 'This address already has a pending invitation.', {
      fields: { email: 'Already invited.' },
      details: { reason: 'invitation_pending' },
    });
  try {
    return await idempotently(db, scope, async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', body.email)
        .executeTakeFirst();
      if (existing) {
        throw new AppError('conflict', 409, 'This address already has a Tameio account.', {
          fields: { email: 'Already has an account.' },
          details: { reason: 'user_exists' },
        });
      }
      const now = new Date();
      await trx
        .updateTable('invitations')
        .set({ state: 'expired', updated_at: now })
        .where('merchant_id', '=', actor.merchantId)
        .where('email', '=', body.email)
        .where('state', '=', 'pending')
        .where('expires_at', '<=', now)
        .execute();
      const pending = await trx
        .selectFrom('invitations')
        .select('id')
        .where('merchant_id', '=', actor.merchantId)
        .where('email', '=', body.email)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (pending) throw pendingConflict();
      const inviter = await trx
        .selectFrom('users as u')
        .innerJoin('merchants as m', 'm.id', 'u.merchant_id')
        .select(['u.first_name', 'u.last_name', 'u.locale', 'm.name as merchant_name'])
        .where('u.id', '=', actor.userId)
        .executeTakeFirstOrThrow();
      const key = randomToken();
      const created = await trx
        .insertInto('invitations')
        .values({
          merchant_id: actor.merchantId,
          email: body.email,
          first_name: body.first_name,
          last_name: body.last_name,
          role: body.role,
          access_level: body.access_level,
          locale: inviter.locale,
          key_hash: sha256(key),
          expires_at: new Date(now.getTime() + invitationTtlHours * 3600 * 1000),
          created_by: actor.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const outboxId = await enqueueMessage(trx, {
        to: body.email,
        channel: 'email',
        ...invitationMessage(inviter.locale, {
          inviter: `${inviter.first_name} ${inviter.last_name}`.trim(),
          merchant: inviter.merchant_name,
          role: body.role,
          link: invitationLink(config, key),
        }),
      });
      const row = await invitationQuery(trx).where('i.id', '=', created.id).executeTakeFirstOrThrow();
      await recordAudit(trx, {
        realm: 'merchant',
        actorUserId: actor.userId,
        merchantId: actor.merchantId,
        action: 'employee.invited',
        subject: `invitation:${created.id}`,
        details: { email: body.email, role: body.role, access_level: body.access_level },
        origin: actor.origin,
      });
      return { invitation: view(row, now), outboxId };
    });
  } catch (error) {
    // Two invitations of one address racing: the second loses on the partial unique index and changes nothing.
    if (isUniqueViolation(error)) throw pendingConflict();
    throw error;
  }
}

/** cancelInvitation: a pending, unexpired invitation of this merchant becomes cancelled; anything else is a 409. */
export async function cancelInvitation(db: Database, actor: TeamActor, id: string): Promise<Invitation> {
  if (!uuidPattern.test(id)) throw invitationNotFound();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('invitations')
      .select(['id', 'state', 'expires_at'])
      .where('id', '=', id)
      .where('merchant_id', '=', actor.merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw invitationNotFound();
    const now = new Date();
    const state = stateAt(row, now);
    if (state !== 'pending') {
      throw new AppError('conflict', 409, 'Only a pending invitation can be cancelled.', {
        details: { state },
      });
    }
    await trx
      .updateTable('invitations')
      .set({ state: 'cancelled', cancelled_at: now, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    const cancelled = await invitationQuery(trx).where('i.id', '=', row.id).executeTakeFirstOrThrow();
    await recordAudit(trx, {
      realm: 'merchant',
      actorUserId: actor.userId,
      merchantId: actor.merchantId,
      action: 'employee.invitation_cancelled',
      subject: `invitation:${row.id}`,
      details: { email: cancelled.email, role: cancelled.role },
      origin: actor.origin,
    });
    return view(cancelled, now);
  });
}

type LiveInvitation = {
  id: string;
  merchant_id: string;
  merchant_name: string;
  email: string;
  first_name: string;
  last_name: string;
  role: EmployeeRole;
  access_level: 'own' | 'company';
  locale: 'en' | 'el';
  created_by: string;
  expires_at: Date;
};

/** The invitation of this key if it can still be used: unknown 404; accepted, cancelled or expired 410. */
async function liveInvitation(db: Db, key: string, lock: boolean): Promise<LiveInvitation> {
  let query = db
    .selectFrom('invitations as i')
    .innerJoin('merchants as m', 'm.id', 'i.merchant_id')
    .select([
      'i.id',
      'i.merchant_id',
      'm.name as merchant_name',
      'i.email',
      'i.first_name',
      'i.last_name',
      'i.role',
      'i.access_level',
      'i.locale',
      'i.created_by',
      'i.state',
      'i.expires_at',
    ])
    .where('i.key_hash', '=', sha256(key));
  if (lock) query = query.forUpdate(['i']);
  const row = await query.executeTakeFirst();
  if (!row) throw invitationNotFound();
  const state = stateAt(row, new Date());
  if (state !== 'pending') throw gone(state);
  return row;
}

/** invitationByKey: what the invitee sees before accepting. */
export async function invitationByKey(db: Database, key: string): Promise<InvitationPreview> {
  const row = await liveInvitation(db, key, false);
  return {
    merchant_name: row.merchant_name,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    access_level: row.access_level,
    expires_at: row.expires_at.toISOString(),
  };
}

async function phoneTaken(db: Db, phone: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
  return row !== undefined;
}

const phoneTakenError = () =>
  new AppError('conflict', 409, 'An account already uses this phone number.', {
    fields: { phone: 'An account already uses this phone number.' },
  });

function phoneCodeMessage(locale: string, code: string, minutes: number) {
  return {
    subject: null,
    body:
      locale === 'el'
        ? `Tameio: ο κωδικός επιβεβαίωσης του κινητού σας είναι ${code} (ισχύει ${minutes} λεπτά).`
        : `Tameio: your phone verification code is ${code} (valid ${minutes} min).`,
  };
}

/**
 * invitationSendSms: a code to the phone the invitee wants for codes by SMS, bound to this invitation and this number
 * (and throttled per pair by the OTP resend cooldown; the route limits per client). A number another account uses is
 * refused, as at registration. Returns the outbox row to deliver after commit.
 */
export async function sendInvitationSms(
  db: Database,
  config: Config,
  key: string,
  phone: string,
): Promise<{ outboxId: string; response: SendVerificationResponse }> {
  return db.transaction().execute(async (trx) => {
    const invitation = await liveInvitation(trx, key, false);
    if (await phoneTaken(trx, phone)) throw phoneTakenError();
    const issued = await issueOtp(trx, otpSettingsOf(config), {
      purpose: phonePurpose,
      binding: `${invitation.id}:${phone}`,
      userId: null,
      channel: 'sms',
      destination: phone,
      message: (code, minutes) => phoneCodeMessage(invitation.locale, code, minutes),
    });
    return {
      outboxId: issued.outboxId,
      response: { destination: maskPhone(phone), expires_in: issued.expiresIn, resend_in: issued.resendIn },
    };
  });
}

type AcceptOutcome = { ok: true; response: AcceptInvitationResponse } | { ok: false; error: AppError };

async function createInvitedUser(
  trx: Transaction<DB>,
  invitation: LiveInvitation,
  body: AcceptInvitationBody,
  passwordHash: string,
  origin: RequestOrigin,
): Promise<AcceptInvitationResponse> {
  const taken = await trx
    .selectFrom('users')
    .select('id')
    .where('email', '=', invitation.email)
    .executeTakeFirst();
  if (taken) {
    throw new AppError('conflict', 409, 'This address already has a Tameio account. Sign in instead.', {
      details: { reason: 'user_exists' },
    });
  }
  if (body.phone !== undefined && (await phoneTaken(trx, body.phone))) throw phoneTakenError();
  const user = await trx
    .insertInto('users')
    .values({
      merchant_id: invitation.merchant_id,
      email: invitation.email,
      phone: body.phone ?? null,
      password_hash: passwordHash,
      first_name: body.first_name,
      last_name: body.last_name,
      is_owner: false,
      employee_type: invitation.role,
      access_level: invitation.access_level,
      locale: invitation.locale,
      invited_by: invitation.created_by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = new Date();
  await trx
    .updateTable('invitations')
    .set({ state: 'accepted', accepted_user_id: user.id, accepted_at: now, updated_at: now })
    .where('id', '=', invitation.id)
    .execute();
  await audit(trx, 'invitation_accepted', invitation.email, user.id, origin);
  // The owners and the inviter hear that the invitee joined.
  await invitationAccepted(trx, {
    merchantId: invitation.merchant_id,
    invitationId: invitation.id,
    invitedBy: invitation.created_by,
    firstName: body.first_name,
    lastName: body.last_name,
    email: invitation.email,
    role: invitation.role,
  });
  return { merchant_name: invitation.merchant_name, email: invitation.email, role: invitation.role };
}

/**
 * acceptInvitation: the invitee's names, password and second factor. The password is checked against the invited
 * address and hashed (argon2id) before the transaction; then, in ONE transaction under the invitation's row lock:
 * still pending and unexpired (else 404/410), the phone's code when a phone is given (a wrong code is counted and
 * committed, and nothing is created), the address and phone still free, the user created with the invitation's
 * email, role and access level, the invitation accepted. The invitee then signs in at /login.
 */
export async function acceptInvitation(
  db: Database,
  config: Config,
  key: string,
  body: AcceptInvitationBody,
  origin: RequestOrigin,
): Promise<AcceptInvitationResponse> {
  const preview = await liveInvitation(db, key, false);
  const fields: Record<string, string> = {};
  const problems = checkPassword(body.password, { email: preview.email });
  if (problems.length > 0) fields.password = problems.join(', ');
  // A phone is only ever stored proven: with email codes a phone is optional, but then it needs its code too.
  if (body.phone !== undefined && body.phone_code === undefined) {
    fields.phone_code = 'Enter the code sent to this phone.';
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', 400, 'Some fields are missing or not valid.', { fields });
  }
  const passwordHash = await hashPassword(body.password);
  let outcome: AcceptOutcome;
  try {
    outcome = await db.transaction().execute(async (trx): Promise<AcceptOutcome> => {
      const invitation = await liveInvitation(trx, key, true);
      if (body.phone !== undefined && body.phone_code !== undefined) {
        const verified = await verifyOtp(trx, otpSettingsOf(config), {
          purpose: phonePurpose,
          binding: `${invitation.id}:${body.phone}`,
          code: body.phone_code,
        });
        if (!verified.ok) return { ok: false, error: verified.error };
      }
      return { ok: true, response: await createInvitedUser(trx, invitation, body, passwordHash, origin) };
    });
  } catch (error) {
    // The same address accepted elsewhere at the same moment: the unique email index decides, nothing is created.
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', 409, 'This address already has a Tameio account. Sign in instead.', {
        details: { reason: 'user_exists' },
      });
    }
    throw error;
  }
  // Thrown after commit so that a wrong phone code stays counted.
  if (!outcome.ok) throw outcome.error;
  return outcome.response;
}
