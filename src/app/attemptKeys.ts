import { toApiFailure } from '../../machines/apiFailure';

/**
 * The Idempotency-Key of a create (a QR code, a beneficiary, an invitation): one per attempt. The same request sent
 * again after no answer (the client's own retries, or the user's "try again") carries the same key, so the server
 * stores it once and answers the first result. A definite answer ends the attempt: the next request, even an
 * identical one, is a new create with a new key. A 5xx is no definite answer (the create may have committed before
 * the answer was lost), so its key is kept for the retry too.
 */
export type WithAttemptKey = <T>(
  request: unknown,
  send: (idempotencyKey: string) => Promise<T>,
) => Promise<T>;

export function attemptKeys(newKey: () => string = () => globalThis.crypto.randomUUID()): WithAttemptKey {
  const open = new Map<string, string>();
  return async (request, send) => {
    const id = JSON.stringify(request) ?? '';
    const key = open.get(id) ?? newKey();
    open.set(id, key);
    try {
      const result = await send(key);
      open.delete(id);
      return result;
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.kind === 'http' && failure.status < 500) open.delete(id);
      throw error;
    }
  };
}
