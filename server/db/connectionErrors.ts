/**
 * Which failures mean "the database cannot be reached right now" rather than "this request or our code is wrong".
 * The error handler answers those with 503 `service_unavailable` and Retry-After, so that a client (and an operator)
 * can tell "try again shortly" from a bug; start-up waits on them instead of exiting.
 */

/** Seconds a client is asked to wait before trying again while the database is away. */
export const databaseRetryAfterSeconds = 5;

/** Socket failures: nothing listens, the peer closed or reset, or the address cannot be reached or resolved. */
const socketCodes: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server going away or not yet there: 57P01 admin_shutdown (a stop, or
 * pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, recovering),
 * 53300 too_many_connections; class 08 is every connection exception.
 */
const sqlStates: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Messages the pg driver raises without a code: a connection that ended under a query or a checked-out client,
 * a client used after its connection failed, and the pool's connection timeout.
 */
const driverMessages: readonly RegExp[] = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection terminated due to connection timeout/,
];

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function isConnectionClass(error: Record<string, unknown>): boolean {
  const { code, message } = error;
  if (
    typeof code === 'string' &&
    (socketCodes.has(code) || sqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))
  ) {
    return true;
  }
  return typeof message === 'string' && driverMessages.some((pattern) => pattern.test(message));
}

/**
 * Whether `error` (or what caused it: `cause`, or any of an AggregateError's `errors`, as Node reports a refused
 * connection to every address of a host) says the database is unreachable.
 */
export function isConnectionError(error: unknown, depth = 0): boolean {
  const value = record(error);
  if (!value || depth > 5) return false;
  if (isConnectionClass(value)) return true;
  if (value.cause !== undefined && isConnectionError(value.cause, depth + 1)) return true;
  const { errors } = value;
  return Array.isArray(errors) && errors.some((inner) => isConnectionError(inner, depth + 1));
}

export type WaitOptions = {
  /** Told each time the database could not be reached, with the wait before the next try. */
  log: (message: string) => void;
  /** The first wait; it doubles after every failed try up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * Runs `work` (start-up's first use of the database: migrating) until the database answers, waiting 0.5 s, 1 s,
 * 2 s... up to 10 s between tries. A process that exits instead turns a database restart into a crash loop under
 * any supervisor. Any other failure is thrown at once: retrying a bug does not fix it.
 */
export async function waitForDatabase<T>(work: () => Promise<T>, options: WaitOptions): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  let delayMs = options.initialDelayMs ?? 500;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await work();
      if (attempt > 1) options.log(`database: reachable after ${attempt} tries`);
      return result;
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      const reason = record(error)?.code ?? record(error)?.message ?? 'unreachable';
      options.log(
        `database: not reachable (${String(reason)}); trying again in ${(delayMs / 1000).toFixed(1)} s`,
      );
      await sleep(delayMs);
      delayMs = Math.min(delayMs * 2, maxDelayMs);
    }
  }
}
