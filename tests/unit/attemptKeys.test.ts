import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../machines/apiFailure';
import { attemptKeys } from '../../src/app/attemptKeys';

// The app's Idempotency-Key for a create: kept while the same request has had no definite answer, new otherwise.

function counter() {
  let n = 0;
  return () => `key-${(n += 1)}`;
}

const http = (status: number): ApiFailure => ({ kind: 'http', status, code: 'x', message: 'x' });

describe('attemptKeys', () => {
  it('sends the same request again with the same key after no answer (network, 5xx)', async () => {
    const withKey = attemptKeys(counter());
    const sent: string[] = [];
    const fail = (failure: ApiFailure) => (key: string) => {
      sent.push(key);
      return Promise.reject(failure);
    };
    await expect(withKey({ a: 1 }, fail({ kind: 'network' }))).rejects.toEqual({ kind: 'network' });
    await expect(withKey({ a: 1 }, fail(http(503)))).rejects.toEqual(http(503));
    await withKey({ a: 1 }, async (key) => sent.push(key));
    expect(sent).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('a new key after an answer: an identical request later is another create', async () => {
    const withKey = attemptKeys(counter());
    const sent: string[] = [];
    await withKey({ a: 1 }, async (key) => sent.push(key));
    await withKey({ a: 1 }, async (key) => sent.push(key));
    await expect(
      withKey({ a: 1 }, (key) => {
        sent.push(key);
        return Promise.reject(http(422));
      }),
    ).rejects.toEqual(http(422));
    await withKey({ a: 1 }, async (key) => sent.push(key));
    expect(sent).toEqual(['key-1', 'key-2', 'key-3', 'key-4']);
  });

  it('another request gets another key, even while one is unanswered', async () => {
    const withKey = attemptKeys(counter());
    const sent: string[] = [];
    await expect(withKey({ a: 1 }, () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    await withKey({ a: 2 }, async (key) => sent.push(key));
    await withKey({ a: 1 }, async (key) => sent.push(key));
    expect(sent).toEqual(['key-2', 'key-1']);
  });
});
