/**
 * The client's retry policy (SPEC §8 and §9, docs/engineering.md "API conventions"), as pure functions so that the rules can be
 * tested without a network or a clock.
 */

/** SPEC §9: at most 3 attempts in all (the first try and two retries). */
export const maxAttempts = 3;
/** SPEC §9: backoff 2^n × 100 ms. */
export const baseDelayMs = 100;
/** SPEC §9: plus up to 100 ms of jitter. */
export const maxJitterMs = 100;
/** SPEC §9: no wait is ever longer than 5 minutes. */
export const maxDelayMs = 5 * 60 * 1000;

/** Statuses SPEC §8 names as transient. */
const retryableStatuses: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);
/**
 * The server answers these before doing any work ("not processed"), so even a non-idempotent call may be repeated.
 * Not 503: the server answers it when its database went away, which may happen while a write commits.
 */
const notProcessedStatuses: ReadonlySet<number> = new Set([429]);
/** RFC 9110 §9.2.2: repeating these has the same effect as sending them once. */
const idempotentMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

/** What one attempt ended with. */
export type AttemptOutcome =
  { kind: 'response'; status: number; retryAfterMs?: number } | { kind: 'network' } | { kind: 'timeout' };

export type RetryQuestion = {
  /** Attempts made so far, the failed one included (1 after the first try). */
  attempt: number;
  method: string;
  /** A money-moving POST carries an `Idempotency-Key`; the server then answers a repeat with the first result. */
  hasIdempotencyKey: boolean;
  outcome: AttemptOutcome;
  /** Source of jitter in [0, 1); tests inject a fixed one. */
  random: () => number;
  /**
   * The longest wait the caller accepts before giving up and reporting the failure instead (for example while a user
   * waits on a button). Never more than {@link maxDelayMs}.
   */
  maxWaitMs?: number;
};

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

/** Exponential backoff with jitter: 2^n × 100 ms + [0, 100) ms, capped at 5 minutes. */
export function backoffDelay(attempt: number, random: () => number): number {
  return Math.min(maxDelayMs, 2 ** attempt * baseDelayMs + Math.floor(random() * maxJitterMs));
}

function isRetryable(question: RetryQuestion): boolean {
  const { outcome } = question;
  const idempotent = idempotentMethods.has(question.method.toUpperCase()) || question.hasIdempotencyKey;
  if (outcome.kind === 'response') {
    if (!retryableStatuses.has(outcome.status)) return false;
    return idempotent || notProcessedStatuses.has(outcome.status);
  }
  // A lost connection or a timeout may hide a request the server did carry out: only a repeatable call is sent again.
  return idempotent;
}

/** Should the client send the request again, and after how long? */
export function decideRetry(question: RetryQuestion): RetryDecision {
  if (question.attempt >= maxAttempts || !isRetryable(question)) return { retry: false };
  const backoff = backoffDelay(question.attempt, question.random);
  const serverWait = question.outcome.kind === 'response' ? (question.outcome.retryAfterMs ?? 0) : 0;
  const delayMs = Math.max(backoff, serverWait);
  const limit = Math.min(question.maxWaitMs ?? maxDelayMs, maxDelayMs);
  // The server asked for a longer pause than the caller will sit through: report the failure with its Retry-After.
  if (serverWait > limit) return { retry: false };
  return { retry: true, delayMs: Math.min(delayMs, limit) };
}

/**
 * Reads a `Retry-After` header (RFC 9110 §10.2.3): either delay-seconds or an HTTP date. Returns whole seconds, or
 * undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // An HTTP date always names a weekday and a month; anything else ("-5", "soon") is not one.
  if (!/[A-Za-z]{3}/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

export type RetryingFetchOptions = {
  /** Abort an attempt that has not answered after this long; the timeout counts as a transient failure. */
  timeoutMs: number;
  maxWaitMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Thrown when an attempt ran out of time; the API layer reports it as a network failure. */
export class RequestTimeoutError extends Error {
  constructor() {
    super('The request timed out');
    this.name = 'RequestTimeoutError';
  }
}

/**
 * Settles with `work`, or rejects as soon as `signal` aborts. The request carries the signal too (so a real fetch is
 * cancelled), but a Request only follows its signal weakly in some engines (undici), so the wait itself must not
 * depend on that.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Wraps `fetch` with {@link decideRetry}: each attempt gets a copy of the request (a body can be read once) and its own
 * timeout; the caller's abort signal stops everything at once.
 */
export function withRetry(
  fetchFn: (request: Request) => Promise<Response>,
  options: RetryingFetchOptions,
): (request: Request) => Promise<Response> {
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? defaultSleep;
  return async (request) => {
    const hasIdempotencyKey = request.headers.has('Idempotency-Key');
    for (let attempt = 1; ; attempt += 1) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = AbortSignal.any([request.signal, timeout]);
      const attemptRequest = new Request(request.clone(), { signal });
      let outcome: AttemptOutcome;
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await untilAborted(fetchFn(attemptRequest), signal);
        const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
        outcome = {
          kind: 'response',
          status: response.status,
          ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter * 1000 }),
        };
      } catch (error) {
        if (request.signal.aborted) throw error;
        failure = timeout.aborted ? new RequestTimeoutError() : error;
        outcome = timeout.aborted ? { kind: 'timeout' } : { kind: 'network' };
      }
      const decision = decideRetry({
        attempt,
        method: request.method,
        hasIdempotencyKey,
        outcome,
        random,
        ...(options.maxWaitMs === undefined ? {} : { maxWaitMs: options.maxWaitMs }),
      });
      if (!decision.retry) {
        if (response) return response;
        throw failure;
      }
      // The body of a response we discard would otherwise hold its connection open.
      await response?.body?.cancel().catch(() => undefined);
      await sleep(decision.delayMs);
      if (request.signal.aborted) throw request.signal.reason;
    }
  };
}
