import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { sql } from 'kysely';
import type { Database } from '../db/database';

let verifications = 0;

export type AltchaSettings = { hmacKey: string; maxNumber: number; ttlSeconds: number };

/**
 * ALTCHA's v1 challenge format (algorithm, challenge, maxnumber, salt, signature), which the altcha 3 widget
 * still solves; the expiry travels inside the signed salt.
 */
export async function newChallenge(settings: AltchaSettings) {
  const challenge = await createChallenge({
    hmacKey: settings.hmacKey,
    maxNumber: settings.maxNumber,
    algorithm: 'SHA-256',
    expires: new Date(Date.now() + settings.ttlSeconds * 1000),
  });
  return {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    maxnumber: challenge.maxnumber ?? settings.maxNumber,
    salt: challenge.salt,
    signature: challenge.signature,
  };
}

function decodePayload(payload: string): { signature: string; salt: string } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { signature, salt } = parsed as Record<string, unknown>;
    if (typeof signature !== 'string' || typeof salt !== 'string') return null;
    return { signature, salt };
  } catch {
    return null;
  }
}

/**
 * True when the payload solves a challenge we signed, which has not expired and was not used before.
 * The spent signature is recorded until the challenge's own expiry, after which the solution is void anyway.
 */
export async function verifyAltcha(
  db: Database,
  settings: AltchaSettings,
  payload: string,
): Promise<boolean> {
  const decoded = decodePayload(payload);
  if (!decoded) return false;
  const valid = await verifySolution(payload, settings.hmacKey, true).catch(() => false);
  if (!valid) return false;
  const expires = Number(new URLSearchParams(decoded.salt.split('?')[1] ?? '').get('expires') ?? NaN);
  // A challenge we signed always carries an expiry; one without it is not ours to accept.
  if (!Number.isFinite(expires)) return false;
  const inserted = await db
    .insertInto('altcha_used')
    .values({ signature: decoded.signature, expires_at: new Date(expires * 1000) })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  // Entries are useless once their challenge expired; trimming now and then keeps the table small.
  verifications += 1;
  if (verifications % 100 === 0) {
    await sql`DELETE FROM altcha_used WHERE expires_at < now() - interval '1 minute'`.execute(db);
  }
  return inserted !== undefined;
}
