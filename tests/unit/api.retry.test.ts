import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  decideRetry,
  maxDelayMs,
  parseRetryAfter,
  RequestTimeoutError,
  withRetry,
  type AttemptOutcome,
  type RetryQuestion,
} from '../../src/api/retry';

const noJitter = () => 0;
const fullJitter = () => 0.999;

function ask(
  overrides: Partial<RetryQuestion> & { outcome: AttemptOutcome },
): ReturnType<typeof decideRetry> {
  return decideRetry({ attempt: 1, method: 'GET', hasIdempotencyKey: false, random: noJitter, ...overrides });
}

describe('decideRetry (SPEC §8/§9)', () => {
  it.each([429, 500, 502, 503, 504])('retries a GET answered %i', (status) => {
    expect(ask({ outcome: { kind: 'response', status } })).toEqual({ retry: true, delayMs: 200 });
  });

  it.each([200, 204, 400, 401, 403, 404, 409, 422, 501])('does not retry a GET answered %i', (status) => {
    expect(ask({ outcome: { kind: 'response', status } })).toEqual({ retry: false });
  });

  it('retries network errors and timeouts of idempotent calls', () => {
    expect(ask({ outcome: { kind: 'network' } }).retry).toBe(true);
    expect(ask({ outcome: { kind: 'timeout' }, method: 'PUT' }).retry).toBe(true);
    expect(ask({ outcome: { kind: 'network' }, method: 'DELETE' }).retry).toBe(true);
  });

  it('makes at most 3 attempts', () => {
    expect(ask({ attempt: 2, outcome: { kind: 'response', status: 503 } }).retry).toBe(true);
    expect(ask({ attempt: 3, outcome: { kind: 'response', status: 503 } })).toEqual({ retry: false });
  });

  it('backs off 2^n × 100 ms plus up to 100 ms of jitter', () => {
    expect(backoffDelay(1, noJitter)).toBe(200);
    expect(backoffDelay(2, noJitter)).toBe(400);
    expect(backoffDelay(1, fullJitter)).toBe(299);
    expect(backoffDelay(2, () => 0.5)).toBe(450);
    expect(ask({ attempt: 2, outcome: { kind: 'network' }, random: () => 0.25 })).toEqual({
      retry: true,
      delayMs: 425,
    });
  });

  it('caps every wait at 5 minutes', () => {
    expect(backoffDelay(30, fullJitter)).toBe(maxDelayMs);
    expect(ask({ outcome: { kind: 'response', status: 503, retryAfterMs: 4 * 60_000 } })).toEqual({
      retry: true,
      delayMs: 4 * 60_000,
    });
    expect(ask({ outcome: { kind: 'response', status: 503, retryAfterMs: 6 * 60_000 } })).toEqual({
      retry: false,
    });
  });

  it('waits at least as long as Retry-After asks, unless that is longer than the caller accepts', () => {
    expect(ask({ outcome: { kind: 'response', status: 429, retryAfterMs: 2000 } })).toEqual({
      retry: true,
      delayMs: 2000,
    });
    expect(
      ask({ outcome: { kind: 'response', status: 429, retryAfterMs: 30_000 }, maxWaitMs: 10_000 }),
    ).toEqual({
      retry: false,
    });
  });

  describe('a POST without an Idempotency-Key', () => {
    const post = { method: 'POST', hasIdempotencyKey: false } as const;

    it('is repeated only when the server said it did nothing (429)', () => {
      expect(ask({ ...post, outcome: { kind: 'response', status: 429 } }).retry).toBe(true);
    });

    // 503: the database went away, perhaps while the write committed.
    it.each([500, 502, 503, 504])('is not repeated after %i: it may have been carried out', (status) => {
      expect(ask({ ...post, outcome: { kind: 'response', status } })).toEqual({ retry: false });
    });

    it('is not repeated after a network error or a timeout', () => {
      expect(ask({ ...post, outcome: { kind: 'network' } })).toEqual({ retry: false });
      expect(ask({ ...post, outcome: { kind: 'timeout' } })).toEqual({ retry: false });
      expect(ask({ method: 'PATCH', outcome: { kind: 'network' } })).toEqual({ retry: false });
    });
  });

  it('repeats a POST that carries an Idempotency-Key like an idempotent call', () => {
    const keyed = { method: 'post', hasIdempotencyKey: true } as const;
    expect(ask({ ...keyed, outcome: { kind: 'response', status: 502 } }).retry).toBe(true);
    expect(ask({ ...keyed, outcome: { kind: 'network' } }).retry).toBe(true);
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable header', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-5')).toBeUndefined();
  });
});

describe('withRetry', () => {
  function recorder(answers: (Response | Error)[]) {
    const seen: { method: string; body: string }[] = [];
    const fetchFn = async (request: Request) => {
      seen.push({ method: request.method, body: await request.text() });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      if (next instanceof Error) throw next;
      return next;
    };
    return { seen, fetchFn };
  }

  it('sends the same request again after a transient failure, waiting the backoff', async () => {
    const { seen, fetchFn } = recorder([
      new Response(null, { status: 503 }),
      new Response('ok', { status: 200 }),
    ]);
    const waits: number[] = [];
    const send = withRetry(fetchFn, {
      timeoutMs: 1000,
      random: noJitter,
      sleep: async (ms) => void waits.push(ms),
    });
    const response = await send(
      new Request('http://test/api/x/', {
        method: 'POST',
        body: '{"a":1}',
        headers: { 'Idempotency-Key': 'k-1' },
      }),
    );
    expect(response.status).toBe(200);
    expect(seen).toEqual([
      { method: 'POST', body: '{"a":1}' },
      { method: 'POST', body: '{"a":1}' },
    ]);
    expect(waits).toEqual([200]);
  });

  it('hands a 503 to a write without an Idempotency-Key instead of sending it again', async () => {
    const { seen, fetchFn } = recorder([new Response(null, { status: 503 })]);
    const send = withRetry(fetchFn, { timeoutMs: 1000, random: noJitter, sleep: async () => undefined });
    const response = await send(new Request('http://test/api/x/', { method: 'POST', body: '{"a":1}' }));
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it('gives the last answer back after 3 attempts', async () => {
    const { seen, fetchFn } = recorder([500, 502, 504].map((status) => new Response(null, { status })));
    const waits: number[] = [];
    const send = withRetry(fetchFn, {
      timeoutMs: 1000,
      random: noJitter,
      sleep: async (ms) => void waits.push(ms),
    });
    const response = await send(new Request('http://test/api/x/'));
    expect(response.status).toBe(504);
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([200, 400]);
  });

  it('does not repeat a POST whose fate is unknown', async () => {
    const { seen, fetchFn } = recorder([new TypeError('connection reset')]);
    const send = withRetry(fetchFn, { timeoutMs: 1000, random: noJitter, sleep: async () => undefined });
    await expect(send(new Request('http://test/api/x/', { method: 'POST', body: '{}' }))).rejects.toThrow(
      'connection reset',
    );
    expect(seen).toHaveLength(1);
  });

  it('times out a hanging attempt and retries a GET', async () => {
    let calls = 0;
    const fetchFn = (request: Request) => {
      calls += 1;
      if (calls === 1) {
        return new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        );
      }
      return Promise.resolve(new Response('late but fine'));
    };
    const send = withRetry(fetchFn, { timeoutMs: 20, random: noJitter, sleep: async () => undefined });
    const response = await send(new Request('http://test/api/x/'));
    expect(await response.text()).toBe('late but fine');
    expect(calls).toBe(2);
  });

  it('reports a timeout it will not retry as RequestTimeoutError', async () => {
    const fetchFn = (request: Request) =>
      new Promise<Response>((_, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason)),
      );
    const send = withRetry(fetchFn, { timeoutMs: 20, random: noJitter, sleep: async () => undefined });
    await expect(
      send(new Request('http://test/api/x/', { method: 'POST', body: '{}' })),
    ).rejects.toBeInstanceOf(RequestTimeoutError);
  });

  it('honours Retry-After on a 429', async () => {
    const { fetchFn } = recorder([
      new Response(null, { status: 429, headers: { 'Retry-After': '3' } }),
      new Response(null, { status: 204 }),
    ]);
    const waits: number[] = [];
    const send = withRetry(fetchFn, {
      timeoutMs: 1000,
      random: noJitter,
      sleep: async (ms) => void waits.push(ms),
    });
    expect((await send(new Request('http://test/api/x/', { method: 'POST', body: '{}' }))).status).toBe(204);
    expect(waits).toEqual([3000]);
  });
});
