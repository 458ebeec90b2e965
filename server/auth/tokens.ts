import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

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
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyFrom(secret));
}

/** The claims of a valid, unexpired token signed with our key; null for anything else. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyFrom(secret), { issuer, audience, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** 256 random bits: refresh tokens, login tickets. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque secrets are stored only as this hash; a high-entropy secret needs no salt or slow hash. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
