import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';

/**
 * Card data at rest (docs/product.md "Cards"): number, CVV, expiry, PIN and e-PIN are sealed with AES-256-GCM under
 * `config.secrets.cardEncryptionKey`, a random 12-byte IV per value, and the card id and field name as additional
 * data, so a ciphertext copied onto another card or into another column fails to open. The number is also kept as
 * an HMAC (under a key derived from the same secret) to find a card by number and keep numbers unique: a bare hash
 * of a 16-digit number in a known range would be undone by trying the billion candidates.
 */

export type SealedField = 'number' | 'cvv' | 'expiry' | 'pin' | 'epin';

const version = 'v1';

export type CardVault = {
  seal: (cardId: string, field: SealedField, plaintext: string) => string;
  open: (cardId: string, field: SealedField, sealed: string) => string;
  numberHmac: (number: string) => string;
};

/** AES-256-GCM with a random 12-byte IV, bound to `aad`: `v1.` + base64(iv | tag | ciphertext). */
export function sealWith(key: Buffer, aad: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${version}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
}

/** Opens what `sealWith` sealed under the same key and `aad`; throws on any other. */
export function openWith(key: Buffer, aad: Buffer, sealed: string): string {
  const [tag, body] = sealed.split('.');
  if (tag !== version || !body) throw new Error('unknown sealed data format');
  const raw = Buffer.from(body, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(aad);
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** The 32-byte key of a 64-hex-character CARD_ENCRYPTION_KEY; throws on anything else. */
export function encryptionKeyOf(hexKey: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hexKey)) {
    throw new Error('CARD_ENCRYPTION_KEY must be 64 hexadecimal characters (32 bytes)');
  }
  return Buffer.from(hexKey, 'hex');
}

/** The vault for a 64-hex-character key; checked when first used, so that building the app needs no real key. */
export function cardVault(hexKey: string): CardVault {
  let key: Buffer | null = null;
  const keyOf = (): Buffer => {
    if (key) return key;
    key = encryptionKeyOf(hexKey);
    return key;
  };
  const hmacKey = () => createHmac('sha256', keyOf()).update('tameio card number lookup v1').digest();
  const aad = (cardId: string, field: SealedField) => Buffer.from(`${cardId}:${field}`, 'utf8');
  return {
    seal: (cardId, field, plaintext) => sealWith(keyOf(), aad(cardId, field), plaintext),
    open: (cardId, field, sealed) => openWith(keyOf(), aad(cardId, field), sealed),
    numberHmac: (number) => createHmac('sha256', hmacKey()).update(number).digest('hex'),
  };
}

/** The sandbox's card range: test numbers under the 400000 prefix, never a real card. */
export const cardNumberPrefix = '400000';

/** The Luhn check digit that completes `partial` (the number without its last digit). */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i += 1) {
    // From the right of the partial number, every other digit starting with the rightmost is doubled.
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isLuhnValid(number: string): boolean {
  return /^\d{2,}$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === number.slice(-1);
}

/** 16 digits: the prefix, 9 random digits, the Luhn digit. */
export function newCardNumber(): string {
  let middle = '';
  for (let i = 0; i < 9; i += 1) middle += String(randomInt(10));
  const partial = `${cardNumberPrefix}${middle}`;
  return `${partial}${luhnCheckDigit(partial)}`;
}

export function newCvv(): string {
  return String(randomInt(1000)).padStart(3, '0');
}

/** Valid to the end of the same month three years on. */
export function expiryFrom(now: Date): { month: number; year: number } {
  return { month: now.getUTCMonth() + 1, year: now.getUTCFullYear() + 3 };
}
