import { createHmac } from 'node:crypto';
import type { Transaction } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import { encryptionKeyOf, openWith, sealWith } from '../cards/secrets';
import type { DB } from '../db/types';

/*
 * Authenticator apps (RFC 6238 TOTP, otplib): 6 digits, 30-second steps, SHA-1 as every app expects. The secret is
 * sealed at rest like card data (AES-256-GCM, server/cards/secrets.ts) under a key derived from CARD_ENCRYPTION_KEY
 * for this use only, and bound to the user, so a sealed secret copied onto another user fails to open. It is shown
 * once, when enrolling, and never logged or returned again.
 */

export const totpIssuer = 'Tameio';
/** One step either side: a phone clock a little off still works. */
const toleranceSeconds = 30;

export type TotpVault = {
  seal: (userId: string, secret: string) => string;
  open: (userId: string, sealed: string) => string;
};

export function totpVault(cardEncryptionKey: string): TotpVault {
  let key: Buffer | null = null;
  const keyOf = (): Buffer => {
    key ??= createHmac('sha256', encryptionKeyOf(cardEncryptionKey)).update('tameio totp secret v1').digest();
    return key;
  };
  const aad = (userId: string) => Buffer.from(`totp:${userId}`, 'utf8');
  return {
    seal: (userId, secret) => sealWith(keyOf(), aad(userId), secret),
    open: (userId, sealed) => openWith(keyOf(), aad(userId), sealed),
  };
}

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, label: string): string {
  return generateURI({ issuer: totpIssuer, label, secret });
}

/**
 * Checks a code against the secret; a code of a time step at or before `afterTimeStep` (the last one accepted) is
 * refused, so a code works once. Returns the code's time step, or null.
 */
export async function checkTotp(
  secret: string,
  code: string,
  afterTimeStep: bigint | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: toleranceSeconds,
    ...(afterTimeStep === null ? {} : { afterTimeStep: Number(afterTimeStep) }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The confirmed authenticator of a user, locked for the check; null when there is none. */
export async function confirmedTotp(trx: Transaction<DB>, userId: string) {
  return trx
    .selectFrom('totp_credentials')
    .select(['user_id', 'secret_sealed', 'last_time_step'])
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
}
