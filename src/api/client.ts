import createClient, { type Middleware } from 'openapi-fetch';
import type { ApiFailure } from '../../machines/apiFailure';
import { announceMoneyChanged } from './moneyEvents';
import { parseRetryAfter, withRetry } from './retry';
import { observeAttempt } from './serviceStatus';
import type { paths } from './schema';

/** How the client reaches the session without keeping a copy of its secrets. */
export type SessionHooks = {
  /** Read on every request from the session machine, the only place the access token lives (ADR 003). */
  getAccessToken: () => string | null;
  /** A bearer request came back 401: the token may have expired early, so the session should refresh or end. */
  onUnauthorized?: () => void;
};

export type ApiClientOptions = {
  hooks: () => SessionHooks;
  fetch?: (request: Request) => Promise<Response>;
  baseUrl?: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** The longest Retry-After the client sits through before reporting the 429/503 to the caller instead. */
  maxWaitMs?: number;
  /** Told what every attempt ended with: its status, or null when no answer came (./serviceStatus.ts). */
  onAttempt?: (outcome: { status: number; retryAfterSeconds?: number } | null) => void;
};

/** Reports each attempt's outcome; a caller's own abort says nothing about the server. */
function observed(
  fetchFn: (request: Request) => Promise<Response>,
  onAttempt: NonNullable<ApiClientOptions['onAttempt']>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      const response = await fetchFn(request);
      const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
      onAttempt({
        status: response.status,
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      });
      return response;
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) onAttempt(null);
      throw error;
    }
  };
}

/** docs/engineering.md "API conventions": every request says it comes from the merchant app and sends the bearer token. */
function sessionMiddleware(hooks: () => SessionHooks): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('X-Merchant-Mode', 'true');
      request.headers.set('Accept', 'application/json');
      const token = hooks().getAccessToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    onResponse({ request, response }) {
      if (response.status === 401 && request.headers.has('Authorization')) hooks().onUnauthorized?.();
      return undefined;
    },
  };
}

/**
 * The calls after whose success balances, cashback, transfers, scheduled payments or the welcome checklist may read
 * differently: paying, accepting a request, card, plan and advertising purchases, scheduling and cancelling payments.
 * Matched on the path without the query; every method but GET.
 */
const moneyMovingPaths: readonly RegExp[] = [
  /^\/api\/merchants\/send_money\/$/,
  /^\/api\/merchants\/received_requests\/[^/]+\/accept\/$/,
  /^\/api\/merchants\/cards\/cart\/[^/]+\/pay\/$/,
  /^\/api\/merchants\/plans\/cart\/[^/]+\/pay\/$/,
  /^\/api\/merchants\/plans\/cancel\/(undo\/)?$/,
  /^\/api\/merchants\/scheduled_payments\/$/,
  /^\/api\/merchants\/scheduled_payments\/[^/]+\/cancel\/$/,
  /^\/api\/merchants\/advertising\//,
];

/** Whether this answered request moved money (see `moneyMovingPaths`). */
export function moneyMovingCall(method: string, url: string, status: number): boolean {
  if (method.toUpperCase() === 'GET' || status < 200 || status > 299) return false;
  const path = new URL(url, 'http://localhost').pathname;
  return moneyMovingPaths.some((pattern) => pattern.test(path));
}

/** Raises "money changed" (./moneyEvents.ts) after each successful money-moving call, whoever made it. */
const moneyChangedMiddleware: Middleware = {
  onResponse({ request, response }) {
    if (moneyMovingCall(request.method, request.url, response.status)) {
      announceMoneyChanged({
        cause: `${request.method} ${new URL(request.url, 'http://localhost').pathname}`,
      });
    }
    return undefined;
  },
};

export function createApiClient(options: ApiClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    credentials: 'same-origin',
    fetch: withRetry(
      observed(options.fetch ?? ((request) => globalThis.fetch(request)), options.onAttempt ?? noop),
      {
        timeoutMs: options.timeoutMs ?? 15_000,
        maxWaitMs: options.maxWaitMs ?? 10_000,
      },
    ),
  });
  client.use(sessionMiddleware(options.hooks), moneyChangedMiddleware);
  return client;
}

const noop = () => undefined;

export type ApiClient = ReturnType<typeof createApiClient>;

let sessionHooks: SessionHooks = { getAccessToken: () => null };

/** main.tsx points the shared client at the session actor once it exists. */
export function connectSession(hooks: SessionHooks): void {
  sessionHooks = hooks;
}

/** The app's one HTTP client (docs/engineering.md principle 5); screens and actors call the API only through it. */
export const api = createApiClient({
  hooks: () => sessionHooks,
  onAttempt: (outcome) => observeAttempt(outcome),
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function fallbackCode(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'internal_error';
  return 'bad_request';
}

type Details = NonNullable<Extract<ApiFailure, { kind: 'http' }>['details']>;

function readDetails(value: unknown): Details | undefined {
  if (!isRecord(value)) return undefined;
  const details: Details = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
      details[key] = item;
    }
  }
  return details;
}

function readFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') fields[key] = item;
  return fields;
}

/** An error response as the machines understand it: `{error: {code, message, details}}` plus Retry-After. */
export function failureFromResponse(response: Response, body: unknown): ApiFailure {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  // The server is there but its database is not: to a journey that is no connection (its "try again", and a session
  // kept rather than ended), while the banner (src/app/ServiceBanner.tsx) says the app is retrying.
  if (response.status === 503 && error.code === 'service_unavailable') return { kind: 'network' };
  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  const details = readDetails(error.details);
  const fields = readFields(error.fields);
  return {
    kind: 'http',
    status: response.status,
    code: typeof error.code === 'string' ? error.code : fallbackCode(response.status),
    message: typeof error.message === 'string' ? error.message : response.statusText,
    ...(details ? { details } : {}),
    ...(fields ? { fields } : {}),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
}

type CallResult<T> = { data?: T; error?: unknown; response: Response };

async function settle<T>(call: Promise<CallResult<T>>): Promise<CallResult<T>> {
  try {
    return await call;
  } catch (error) {
    // The caller gave up: not a failure to report.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // fetch rejects only when no answer arrived (offline, DNS, reset, a RequestTimeoutError): nothing to read.
    throw { kind: 'network' } satisfies ApiFailure;
  }
}

/** Awaits an openapi-fetch call and returns its data, or throws an {@link ApiFailure} (what machine actors expect). */
export async function unwrap<T>(call: Promise<CallResult<T>>): Promise<T> {
  const result = await settle(call);
  if (!result.response.ok) throw failureFromResponse(result.response, result.error);
  if (result.data === undefined) {
    throw {
      kind: 'http',
      status: result.response.status,
      code: 'unknown',
      message: 'Empty response',
    } satisfies ApiFailure;
  }
  return result.data;
}

/** Like {@link unwrap} for calls that answer 204 No Content. */
export async function expectOk(call: Promise<CallResult<unknown>>): Promise<void> {
  const result = await settle(call);
  if (!result.response.ok) throw failureFromResponse(result.response, result.error);
}
