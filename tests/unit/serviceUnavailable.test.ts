import { describe, expect, it } from 'vitest';
import { failureFromResponse } from '../../src/api/client';

/** A 503 service_unavailable (the server's database is away) reaches a journey as "no connection", not as a failure. */
const answer = (status: number, code: string) =>
  new Response(JSON.stringify({ error: { code, message: 'x' } }), {
    status,
    headers: { 'content-type': 'application/json', 'retry-after': '5' },
  });

describe('failureFromResponse', () => {
  it('reads 503 service_unavailable as no connection', async () => {
    const response = answer(503, 'service_unavailable');
    expect(failureFromResponse(response, await response.json())).toEqual({ kind: 'network' });
  });

  it('keeps any other 5xx, and a 503 from elsewhere, as the server said it', async () => {
    const other = answer(503, 'internal_error');
    expect(failureFromResponse(other, await other.json())).toMatchObject({
      kind: 'http',
      status: 503,
      code: 'internal_error',
      retryAfterSeconds: 5,
    });
    const failed = answer(500, 'internal_error');
    expect(failureFromResponse(failed, await failed.json())).toMatchObject({ kind: 'http', status: 500 });
  });
});
