import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

const issuer = 'tameio';
const audience = 'tameio-api';

export type AccessClaims = { userId: string; sessionId: string };

function keyFrom(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlSeconds: number,
  tokenAudience: string = audience,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(issuer)
    .setAudience(tokenAudience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyFrom(secret));
}

const segment = /^[A-Za-z0-9_-]+$/;

/** A JWS segment as a JSON object, or null: strict base64url (no padding), then a plain object. */
function jsonSegment(text: string): Record<string, unknown> | null {
  if (!segment.test(text)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The claims of a valid, unexpired token signed with our key; null for anything else. Verified synchronously with
 * node:crypto's HMAC (every authenticated request pays this; WebCrypto's async path cost several times more, see
 * docs/performance.md), with the checks jose's `jwtVerify` made: compact JWS with header `alg` HS256 and no `crit`,
 * signature compared in constant time, issuer, audience (a string or a list holding ours), `exp` a number in the
 * future, `nbf` (if present) not in the future, `iat` (if present) a number; then `sub` and `sid` strings.
 */
export function verifyAccessToken(secret: string, token: string): AccessClaims | null {
  return verifySignedToken(secret, token, audience);
}

/**
 * The same checks for a token of another audience under another key: the staff realm's (server/staff/staffTokens.ts)
 * signs with a key derived for staff alone and its own audience, so neither realm's token passes the other's check.
 */
export function verifySignedToken(
  secret: string,
  token: string,
  expectedAudience: string,
): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head = '', body = '', signature = ''] = parts;
  const header = jsonSegment(head);
  if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
  // HMAC-SHA256 is 32 bytes: 43 base64url characters; comparing the canonical text also refuses other spellings.
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  if (signature.length !== expected.length) return null;
  if (!timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;
  const payload = jsonSegment(body);
  if (!payload) return null;
  const now = Math.floor(Date.now() / 1000);
  const { iss, aud, exp, nbf, iat, sub, sid } = payload;
  if (iss !== issuer) return null;
  if (!(aud === expectedAudience || (Array.isArray(aud) && aud.includes(expectedAudience)))) return null;
  if (typeof exp !== 'number' || exp <= now) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
  if (iat !== undefined && typeof iat !== 'number') return null;
  if (typeof sub !== 'string' || typeof sid !== 'string') return null;
  return { userId: sub, sessionId: sid };
}

/** 256 random bits: refresh tokens, login tickets. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque secrets are stored only as this hash; a high-entropy secret needs no salt or slow hash. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
