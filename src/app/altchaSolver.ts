/** A challenge as `GET /api/altcha/challenge/` hands it out (ALTCHA protocol v1). */
export type AltchaChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
};

const hashNames: Record<string, AlgorithmIdentifier> = {
  'SHA-256': 'SHA-256',
  'SHA-384': 'SHA-384',
  'SHA-512': 'SHA-512',
};

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Finds the number n with hash(salt + n) === challenge and returns the payload the server verifies: base64 of
 * `{algorithm, challenge, number, salt, signature}`. Hashes run in batches so the page stays responsive; the work
 * is the whole point of a proof-of-work bot check, so there is no shortcut.
 */
export async function solveAltcha(
  challenge: AltchaChallenge,
  options: { signal?: AbortSignal; batchSize?: number; subtle?: SubtleCrypto } = {},
): Promise<string> {
  const algorithm = hashNames[challenge.algorithm.toUpperCase()];
  if (!algorithm) throw new Error(`Unsupported bot-check algorithm ${challenge.algorithm}`);
  const subtle = options.subtle ?? globalThis.crypto.subtle;
  const max = challenge.maxnumber ?? 1_000_000;
  const batch = options.batchSize ?? 500;
  const encoder = new TextEncoder();
  for (let start = 0; start <= max; start += batch) {
    options.signal?.throwIfAborted();
    const numbers = Array.from({ length: Math.min(batch, max - start + 1) }, (_, i) => start + i);
    const hashes = await Promise.all(
      numbers.map((n) => subtle.digest(algorithm, encoder.encode(`${challenge.salt}${n}`))),
    );
    const found = hashes.findIndex((hash) => toHex(hash) === challenge.challenge);
    if (found >= 0) {
      const payload = {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: numbers[found],
        salt: challenge.salt,
        signature: challenge.signature,
      };
      return btoa(JSON.stringify(payload));
    }
  }
  throw new Error('Bot-check challenge has no solution');
}
