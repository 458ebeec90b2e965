import { describe, expect, it } from 'vitest';
import { isConnectionError, waitForDatabase } from '../../server/db/connectionErrors';

/** Which failures the API answers 503 service_unavailable (the database is away) rather than 500 (a bug). */
const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it.each([
    ['nothing listens', coded('ECONNREFUSED')],
    ['the peer reset', coded('ECONNRESET')],
    ['a host that does not resolve', coded('ENOTFOUND')],
    [
      'admin_shutdown: a stop or pg_terminate_backend',
      coded('57P01', 'terminating connection due to administrator command'),
    ],
    ['crash_shutdown', coded('57P02')],
    [
      'cannot_connect_now: starting up or shutting down',
      coded('57P03', 'the database system is starting up'),
    ],
    ['too many connections', coded('53300')],
    ['a connection exception (class 08)', coded('08006')],
    ['a connection that ended under a query', new Error('Connection terminated unexpectedly')],
    ['the pool could not connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'a client used after its connection failed',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'a refusal from every address of the host',
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]),
    ],
    ['a wrapped one', new Error('query failed', { cause: coded('ECONNRESET') })],
  ])('is true for %s', (_label, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a serialization failure', coded('40001')],
    ['a syntax error', coded('42601')],
    ['a query cancelled by statement_timeout', coded('57014')],
    ['a plain bug', new TypeError('undefined is not a function')],
    ['a Fastify error code', coded('FST_ERR_VALIDATION')],
    ['not an error at all', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_label, error) => {
    expect(isConnectionError(error)).toBe(false);
  });

  it('stops on a cause that points at itself', () => {
    const error: Error & { cause?: unknown } = new Error('loop');
    error.cause = error;
    expect(isConnectionError(error)).toBe(false);
  });
});

describe('waitForDatabase', () => {
  it('tries again while the database is unreachable, doubling the wait up to its cap, and says so', async () => {
    const waits: number[] = [];
    const lines: string[] = [];
    let tries = 0;
    const result = await waitForDatabase(
      async () => {
        tries += 1;
        if (tries < 7) throw coded(tries % 2 ? 'ECONNREFUSED' : '57P03');
        return 'migrated';
      },
      { log: (line) => lines.push(line), sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('migrated');
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 10_000]);
    expect(lines[0]).toBe('database: not reachable (ECONNREFUSED); trying again in 0.5 s');
    expect(lines.at(-1)).toBe('database: reachable after 7 tries');
  });

  it('throws any other failure at once', async () => {
    const waits: number[] = [];
    await expect(
      waitForDatabase(
        async () => {
          throw coded('42P01', 'relation does not exist');
        },
        { log: () => undefined, sleep: async (ms) => void waits.push(ms) },
      ),
    ).rejects.toThrow('relation does not exist');
    expect(waits).toEqual([]);
  });
});
