import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../server/auth/tokens';

const secret = 'unit-test-secret-with-enough-length-0123456789';
const claims = { userId: '11111111-1111-4111-8111-111111111111', sessionId: 'session-1' };
const key = new TextEncoder().encode(secret);
const now = () => Math.floor(Date.now() / 1000);

/** A token as jose would sign it, with the parts a test wants to change. */
function token(
  overrides: { iss?: string; aud?: string | string[]; exp?: number; nbf?: number; sid?: unknown } = {},
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
  signingKey = key,
) {
  const jwt = new SignJWT({ sid: 'sid' in overrides ? overrides.sid : claims.sessionId })
    .setProtectedHeader(header as { alg: string })
    .setSubject(claims.userId)
    .setIssuer(overrides.iss ?? 'tameio')
    .setAudience(overrides.aud ?? 'tameio-api')
    .setIssuedAt()
    .setExpirationTime(overrides.exp ?? now() + 300);
  if (overrides.nbf !== undefined) jwt.setNotBefore(overrides.nbf);
  return jwt.sign(signingKey);
}

describe('access tokens (node:crypto HMAC)', () => {
  it('accepts a token we signed and returns its claims', async () => {
    expect(verifyAccessToken(secret, await signAccessToken(secret, claims, 300))).toEqual(claims);
    expect(verifyAccessToken(secret, await token({ aud: ['other', 'tameio-api'] }))).toEqual(claims);
  });

  it('refuses another key, an altered payload or signature, and malformed tokens', async () => {
    const good = await signAccessToken(secret, claims, 300);
    const [h, p, s = ''] = good.split('.');
    const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Record<string, unknown>;
    const altered = Buffer.from(JSON.stringify({ ...payload, sub: 'someone-else' })).toString('base64url');
    const flipped = `${s.slice(0, -2)}${s.at(-2) === 'A' ? 'B' : 'A'}${s.at(-1)}`;
    for (const bad of [
      await signAccessToken('another-secret', claims, 300),
      `${h}.${altered}.${s}`,
      `${h}.${p}.${flipped}`,
      `${h}.${p}.${s}=`,
      `${h}.${p}.${s}A`,
      `${h}.${p}`,
      `${h}.${p}.${s}.x`,
      'garbage',
      '',
    ]) {
      expect(verifyAccessToken(secret, bad)).toBeNull();
    }
  });

  it('refuses alg none, another algorithm and critical headers', async () => {
    const [, p] = (await signAccessToken(secret, claims, 300)).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`;
    expect(verifyAccessToken(secret, none)).toBeNull();
    expect(verifyAccessToken(secret, await token({}, { alg: 'HS512' }))).toBeNull();
    // jose will not sign a header it does not understand: sign it by hand.
    const crit = Buffer.from(JSON.stringify({ alg: 'HS256', crit: ['x'], x: 1 })).toString('base64url');
    const critSignature = createHmac('sha256', secret).update(`${crit}.${p}`).digest('base64url');
    expect(verifyAccessToken(secret, `${crit}.${p}.${critSignature}`)).toBeNull();
    const plain = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
    const plainSignature = createHmac('sha256', secret).update(`${plain}.${p}`).digest('base64url');
    expect(verifyAccessToken(secret, `${plain}.${p}.${plainSignature}`)).toEqual(claims);
  });

  it('refuses expired, not yet valid, wrong issuer or audience and missing claims', async () => {
    expect(verifyAccessToken(secret, await token({ exp: now() - 1 }))).toBeNull();
    expect(verifyAccessToken(secret, await token({ exp: now() }))).toBeNull();
    expect(verifyAccessToken(secret, await token({ nbf: now() + 60 }))).toBeNull();
    expect(verifyAccessToken(secret, await token({ iss: 'someone' }))).toBeNull();
    expect(verifyAccessToken(secret, await token({ aud: 'other' }))).toBeNull();
    expect(verifyAccessToken(secret, await token({ sid: 42 }))).toBeNull();
  });
});
