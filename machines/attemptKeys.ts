/*
 * Where a journey's Idempotency-Keys come from, without randomness inside the machine (issue 18: machines stay pure).
 * The app draws one UUID per journey (`crypto.randomUUID()`) and gives it as the machine's input `keySeed`; a model
 * test gives a fixed one (`testKeySeed`). Each attempt's key is that UUID with its last eight hex digits replaced by
 * the count of keys made so far (…-4a1b00000001, …-4a1b00000002), still a UUID-shaped key with 90 random bits. The
 * count is kept in the context, so the same attempt retried sends the same key, a new attempt a new one, and a journey
 * taken up again after a reload (a persisted snapshot) goes on counting from where it was.
 */

/** The machine's input of a journey that sends Idempotency-Keys. */
export type KeyedInput = { keySeed: string };

/** The seed and how many keys were made from it. */
export type AttemptKeys = { seed: string; made: number };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A fixed seed for tests: keys 00000000-0000-4000-8000-000000000001, …0002, … */
export const testKeySeed = '00000000-0000-4000-8000-000000000000';

/** The keys of a journey just started; an app that gives no seed is a bug, not a reason to share keys. */
export function attemptKeysOf(input: Partial<KeyedInput> | undefined): AttemptKeys {
  const seed = input?.keySeed ?? '';
  if (!uuid.test(seed)) throw new Error('The app must give the journey a "keySeed" input: a fresh UUID');
  return { seed: seed.toLowerCase(), made: 0 };
}

/** The next key, and the keys with it counted. */
export function nextKey(keys: AttemptKeys): { key: string; keys: AttemptKeys } {
  const made = keys.made + 1;
  return {
    key: `${keys.seed.slice(0, 28)}${made.toString(16).padStart(8, '0')}`,
    keys: { seed: keys.seed, made },
  };
}
