import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Channel, DB } from '../db/types';
import { AppError } from '../errors';
import { enqueueMessage } from '../notify/outbox';

export type OtpSettings = {
  otpTtlSeconds: number;
  otpResendCooldownSeconds: number;
  otpMaxAttempts: number;
  /** Keys the code hash: six digits are too few to survive an offline guess against a plain hash. */
  hashKey: string;
};

export type OtpBinding = { purpose: string; binding: string };

function hashCode(key: string, binding: OtpBinding, code: string): string {
  return createHmac('sha256', key).update(`${binding.purpose}\n${binding.binding}\n${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export type IssueOtpInput = OtpBinding & {
  /** Who the code is for; null when it verifies an address before any user exists (registration). */
  userId: string | null;
  channel: Channel;
  destination: string;
  message: (code: string, ttlMinutes: number) => { subject: string | null; body: string };
};

/** The action's earlier code stops working, and this one starts its tries and expiry. */
async function replaceChallenge(
  trx: Transaction<DB>,
  settings: OtpSettings,
  input: OtpBinding & {
    userId: string | null;
    channel: Channel | 'totp';
    destination: string;
    codeHash: string;
  },
): Promise<void> {
  const now = new Date();
  await trx
    .updateTable('otp_codes')
    .set({ superseded_at: now })
    .where('purpose', '=', input.purpose)
    .where('binding', '=', input.binding)
    .where('superseded_at', 'is', null)
    .execute();
  await trx
    .insertInto('otp_codes')
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      binding: input.binding,
      channel: input.channel,
      destination: input.destination,
      code_hash: input.codeHash,
      max_attempts: settings.otpMaxAttempts,
      expires_at: new Date(now.getTime() + settings.otpTtlSeconds * 1000),
      created_at: now,
    })
    .execute();
}

/**
 * Issues a fresh code for one action and queues it in the outbox, in the caller's transaction. A new code
 * supersedes the previous one, and codes for the same action are throttled by the resend cooldown.
 */
export async function issueOtp(
  trx: Transaction<DB>,
  settings: OtpSettings,
  input: IssueOtpInput,
): Promise<{ outboxId: string; expiresIn: number; resendIn: number }> {
  const latest = await trx
    .selectFrom('otp_codes')
    .select(['created_at'])
    .where('purpose', '=', input.purpose)
    .where('binding', '=', input.binding)
    // Only sent codes are throttled: an authenticator challenge sent nothing.
    .where('channel', '!=', 'totp')
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (latest) {
    const waitMs = latest.created_at.getTime() + settings.otpResendCooldownSeconds * 1000 - Date.now();
    if (waitMs > 0) {
      const retryAfter = Math.ceil(waitMs / 1000);
      throw new AppError('otp_cooldown', 429, 'Wait before asking for another code.', {
        retryAfter,
        details: { retry_after: retryAfter },
      });
    }
  }
  const code = generateCode();
  await replaceChallenge(trx, settings, { ...input, codeHash: hashCode(settings.hashKey, input, code) });
  const text = input.message(code, Math.round(settings.otpTtlSeconds / 60));
  const outboxId = await enqueueMessage(trx, {
    to: input.destination,
    channel: input.channel,
    subject: text.subject,
    body: text.body,
  });
  return { outboxId, expiresIn: settings.otpTtlSeconds, resendIn: settings.otpResendCooldownSeconds };
}

/**
 * A challenge answered by the user's authenticator app (a step-up): supersedes the action's earlier code and starts
 * the tries and the expiry like `issueOtp`, but sends nothing and stores no code (an empty hash never matches). No
 * resend cooldown: nothing is sent, so there is nothing to throttle.
 */
export async function issueAppChallenge(
  trx: Transaction<DB>,
  settings: OtpSettings,
  input: OtpBinding & { userId: string },
): Promise<{ expiresIn: number }> {
  await replaceChallenge(trx, settings, {
    ...input,
    channel: 'totp',
    destination: 'authenticator app',
    codeHash: '',
  });
  return { expiresIn: settings.otpTtlSeconds };
}

/** `wrongGuess`: the code was checked and was wrong (counted), as opposed to a refusal without a check. */
type VerifyOutcome =
  { ok: true; userId: string | null } | { ok: false; error: AppError; wrongGuess?: boolean };

/**
 * Checks a code for one action. Wrong tries are counted and committed even though the caller gets an error;
 * the try that reaches the limit kills the code, so even the right code fails after it.
 */
export async function verifyOtp(
  trx: Transaction<DB>,
  settings: OtpSettings,
  input: OtpBinding & {
    code: string;
    /**
     * How a challenge that sent no code (channel `totp`) is checked: against the user's authenticator app. The tries,
     * expiry and single use are this row's, as for a sent code.
     */
    checkApp?: (userId: string | null, code: string) => Promise<boolean>;
  },
): Promise<VerifyOutcome> {
  const row = await trx
    .selectFrom('otp_codes')
    .selectAll()
    .where('purpose', '=', input.purpose)
    .where('binding', '=', input.binding)
    .where('superseded_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  const expired = () => new AppError('otp_expired', 400, 'This code has expired. Ask for a new one.');
  if (!row || row.consumed_at) return { ok: false, error: expired() };
  if (row.attempts >= row.max_attempts) {
    return {
      ok: false,
      error: new AppError('otp_exhausted', 400, 'Too many wrong codes. Ask for a new one.'),
    };
  }
  if (row.expires_at <= new Date()) return { ok: false, error: expired() };
  const right =
    row.channel === 'totp'
      ? ((await input.checkApp?.(row.user_id, input.code)) ?? false)
      : sameHash(row.code_hash, hashCode(settings.hashKey, input, input.code));
  if (!right) {
    const attempts = row.attempts + 1;
    await trx.updateTable('otp_codes').set({ attempts }).where('id', '=', row.id).execute();
    const attemptsLeft = row.max_attempts - attempts;
    if (attemptsLeft <= 0) {
      return {
        ok: false,
        wrongGuess: true,
        error: new AppError('otp_exhausted', 400, 'Too many wrong codes. Ask for a new one.'),
      };
    }
    return {
      ok: false,
      wrongGuess: true,
      error: new AppError('otp_invalid', 400, 'The code is not correct.', {
        details: { attempts_left: attemptsLeft },
      }),
    };
  }
  await trx.updateTable('otp_codes').set({ consumed_at: new Date() }).where('id', '=', row.id).execute();
  return { ok: true, userId: row.user_id };
}
