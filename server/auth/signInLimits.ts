import { sql, type Transaction } from 'kysely';
import type { SignInLimits } from '../../schemas/authLimits';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { enqueueMessage } from '../notify/outbox';

/**
 * The sign-in limits of docs/decisions/020-sign-in-limits.md, read from the sign-in audit (every try is one row
 * there already, so the limits need no table of their own and survive a restart or a second API process).
 */

type Db = Database | Transaction<DB>;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A 429 that says when to try again, in words and as `Retry-After`. */
export function tryAgainLater(what: string, retryAfter: number): AppError {
  const minutes = Math.ceil(retryAfter / 60);
  const when = retryAfter < 60 ? `${retryAfter} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('rate_limited', 429, `${what} Try again in ${when}.`, {
    retryAfter,
    details: { retry_after: retryAfter },
  });
}

/** Wrong passwords since the last right one, newest first, among the given rows (newest first). */
function failuresSinceSuccess(rows: { event: string; created_at: Date }[]): Date[] {
  const failures: Date[] = [];
  for (const row of rows) {
    if (row.event === 'password_ok') break;
    failures.push(row.created_at);
  }
  return failures;
}

/** Whether the account finished a sign-in (both factors) from this client address recently. */
async function knownSource(db: Db, limits: SignInLimits, email: string, ip: string | null): Promise<boolean> {
  if (ip === null) return false;
  const row = await db
    .selectFrom('sign_in_audit')
    .select('id')
    .where('email', '=', email)
    .where('ip', '=', ip)
    .where('event', 'in', ['signed_in', 'signed_in_totp'])
    .where('created_at', '>', new Date(Date.now() - limits.knownSourceSeconds * 1000))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Seconds before this source (email and client address) may try a password again, or 0. A source gets
 * `passwordFreeFailures` tries; after them each try waits `passwordDelayBaseSeconds`, doubled for every further
 * failure, up to `passwordDelayMaxSeconds`, counted after its last failure. A right password from the source starts
 * again. Unknown emails are counted the same way, so a wait reveals nothing about which emails exist.
 */
async function sourceWaitSeconds(
  db: Db,
  limits: SignInLimits,
  email: string,
  ip: string | null,
  now: number,
) {
  const rows = await db
    .selectFrom('sign_in_audit')
    .select(['event', 'created_at'])
    .where('email', '=', email)
    .where('ip', ip === null ? 'is' : '=', ip)
    .where('event', 'in', ['password_failed', 'password_ok'])
    .where('created_at', '>', new Date(now - limits.passwordFailureWindowSeconds * 1000))
    .orderBy('created_at', 'desc')
    // Past the cap the wait is the longest anyway; more rows would change nothing.
    .limit(limits.passwordFreeFailures + 16)
    .execute();
  const failures = failuresSinceSuccess(rows);
  const [latest] = failures;
  if (!latest || failures.length < limits.passwordFreeFailures) return 0;
  const doublings = Math.min(failures.length - limits.passwordFreeFailures, 16);
  const wait = Math.min(limits.passwordDelayBaseSeconds * 2 ** doublings, limits.passwordDelayMaxSeconds);
  const remaining = latest.getTime() + wait * 1000 - now;
  return remaining > 0 ? seconds(remaining) : 0;
}

/**
 * Seconds before a source this account never signed in from may try a password, or 0: once the account has
 * `accountFailureCeiling` wrong passwords in a row (all sources, within the window), until the oldest of them ages
 * out of the window or a right password from a known source ends the run.
 */
async function accountWaitSeconds(db: Db, limits: SignInLimits, email: string, now: number) {
  const rows = await db
    .selectFrom('sign_in_audit')
    .select(['event', 'created_at'])
    .where('email', '=', email)
    .where('event', 'in', ['password_failed', 'password_ok'])
    .where('created_at', '>', new Date(now - limits.passwordFailureWindowSeconds * 1000))
    .orderBy('created_at', 'desc')
    .limit(limits.accountFailureCeiling)
    .execute();
  const failures = failuresSinceSuccess(rows);
  const oldest = failures[limits.accountFailureCeiling - 1];
  if (!oldest) return 0;
  const remaining = oldest.getTime() + limits.passwordFailureWindowSeconds * 1000 - now;
  return remaining > 0 ? seconds(remaining) : 0;
}

/** Seconds before this email may try a password from this client address, or 0 (never checks the password). */
export async function passwordWaitSeconds(
  db: Db,
  limits: SignInLimits,
  email: string,
  ip: string | null,
): Promise<number> {
  const now = Date.now();
  const source = await sourceWaitSeconds(db, limits, email, ip, now);
  const account = await accountWaitSeconds(db, limits, email, now);
  if (account === 0 || (await knownSource(db, limits, email, ip))) return source;
  return Math.max(source, account);
}

/** Wrong sign-in codes of one account in the window, newest first (at most the limit). */
async function wrongCodes(db: Db, limits: SignInLimits, email: string): Promise<Date[]> {
  const rows = await db
    .selectFrom('sign_in_audit')
    .select('created_at')
    .where('email', '=', email)
    .where('event', '=', 'code_wrong')
    .where('created_at', '>', new Date(Date.now() - limits.codeFailureWindowSeconds * 1000))
    .orderBy('created_at', 'desc')
    .limit(limits.codeFailuresPerAccount)
    .execute();
  return rows.map((row) => row.created_at);
}

/**
 * Seconds before this account may be sent or may try a sign-in code again, or 0: `codeFailuresPerAccount` wrong
 * codes within `codeFailureWindowSeconds`, whatever the number of login tickets they came through, pause codes until
 * the oldest of them leaves the window. Takes the account's lock, so concurrent tries are counted one after another.
 */
export async function codeWaitSeconds(
  trx: Transaction<DB>,
  limits: SignInLimits,
  email: string,
): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sign-in-codes:${email}`}, 0))`.execute(trx);
  const wrong = await wrongCodes(trx, limits, email);
  const oldest = wrong[limits.codeFailuresPerAccount - 1];
  if (!oldest) return 0;
  const remaining = oldest.getTime() + limits.codeFailureWindowSeconds * 1000 - Date.now();
  return remaining > 0 ? seconds(remaining) : 0;
}

export const codesPaused = (retryAfter: number) =>
  tryAgainLater('Too many wrong sign-in codes for this account.', retryAfter);

function codesPausedMessage(locale: string, limits: SignInLimits) {
  const minutes = Math.round(limits.codeFailureWindowSeconds / 60);
  const count = limits.codeFailuresPerAccount;
  if (locale === 'el') {
    return {
      subject: 'Πολλοί λανθασμένοι κωδικοί σύνδεσης στον λογαριασμό σας Tameio',
      body: `Κάποιος έδωσε ${count} λανθασμένους κωδικούς σύνδεσης για τον λογαριασμό σας Tameio μέσα σε ${minutes} λεπτά, αφού έδωσε τον σωστό κωδικό πρόσβασης. Για τα επόμενα ${minutes} λεπτά δεν στέλνουμε ούτε δεχόμαστε κωδικούς σύνδεσης. Αν δεν ήσασταν εσείς, αλλάξτε τώρα τον κωδικό πρόσβασής σας: όποιος προσπάθησε τον γνωρίζει.`,
    };
  }
  return {
    subject: 'Too many wrong sign-in codes on your Tameio account',
    body: `Someone entered ${count} wrong sign-in codes for your Tameio account within ${minutes} minutes, after giving the right password. For the next ${minutes} minutes no sign-in codes are sent or accepted. If this was not you, change your password now: whoever tried knows it.`,
  };
}

/**
 * Counts a wrong sign-in code (in the caller's transaction, after `codeWaitSeconds`). The one that reaches the limit
 * queues an email to the account's holder and answers how long codes now wait; the caller delivers the email after
 * commit.
 */
export async function countWrongCode(
  trx: Transaction<DB>,
  limits: SignInLimits,
  user: { email: string; locale: string },
): Promise<{ retryAfter: number; outboxId: string } | null> {
  const wait = await codeWaitSeconds(trx, limits, user.email);
  if (wait === 0) return null;
  const text = codesPausedMessage(user.locale, limits);
  const outboxId = await enqueueMessage(trx, {
    to: user.email,
    channel: 'email',
    subject: text.subject,
    body: text.body,
  });
  return { retryAfter: wait, outboxId };
}
