import { createHmac } from 'node:crypto';
import { signAccessToken, verifySignedToken, type AccessClaims } from '../auth/tokens';

/*
 * Staff access tokens (docs/decisions/023-staff-realm.md): the merchants' format, but another audience and a key
 * derived from JWT_SECRET for staff alone. A merchant token fails here on its signature and its audience; a staff token
 * fails the merchants' check the same two ways. The claims name a `staff_sessions` row, never a `sessions` one.
 */
const staffAudience = 'tameio-back-office';

const keys = new Map<string, string>();
function staffKey(jwtSecret: string): string {
  let key = keys.get(jwtSecret);
  if (key === undefined) {
    key = createHmac('sha256', jwtSecret).update('tameio staff access v1').digest('base64url');
    keys.set(jwtSecret, key);
  }
  return key;
}

export function signStaffToken(jwtSecret: string, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return signAccessToken(staffKey(jwtSecret), claims, ttlSeconds, staffAudience);
}

export function verifyStaffToken(jwtSecret: string, token: string): AccessClaims | null {
  return verifySignedToken(staffKey(jwtSecret), token, staffAudience);
}
