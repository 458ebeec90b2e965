import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import '@fastify/swagger';
import { expect } from 'vitest';
import type { components, paths } from '../../src/api/schema';

/*
 * The API tests' client, typed by the OpenAPI document the server generates (src/api/schema.d.ts, docs/engineering.md
 * principle 5). Requests go to the real Fastify app through `inject` (no network), as the app's own openapi-fetch
 * client would send them: path templates with typed parameters, typed query, headers and JSON or multipart bodies,
 * and a response typed per status. A test that renames a field, sends a wrong shape or expects a status the route
 * does not declare stops compiling, and a route that answers a status its contract does not list fails at run time.
 *
 * Deliberately bad input goes through the two visibly unchecked doors below: `apiWithBadInput` (a real operation,
 * an unchecked request) and `callUntyped` (a URL outside the contract, nothing checked).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The paths that have an operation for `method`. */
export type PathFor<M extends Method> = {
  [P in keyof paths]: paths[P][Lowercase<M>] extends undefined ? never : P;
}[keyof paths];

export type Operation<M extends Method, P extends PathFor<M>> = NonNullable<paths[P][Lowercase<M>]>;

type Parameters<Op> = Op extends { parameters: infer Params } ? Params : never;

type PathParams<Op> = NonNullable<Parameters<Op>['path' & keyof Parameters<Op>]>;
type QueryParams<Op> = NonNullable<Parameters<Op>['query' & keyof Parameters<Op>]>;
type HeaderParams<Op> = NonNullable<Parameters<Op>['header' & keyof Parameters<Op>]>;

type RequestContent<Op> = Op extends { requestBody?: infer Body }
  ? NonNullable<Body> extends { content: infer Content }
    ? Content
    : never
  : never;
type BodyRequired<Op> = Op extends { requestBody: object } ? true : false;

/** The JSON body an operation takes (its zod input type). */
export type JsonBodyOf<M extends Method, P extends PathFor<M>> =
  RequestContent<Operation<M, P>> extends { 'application/json': infer Body } ? Body : never;

/** The query parameters an operation takes. */
export type QueryOf<M extends Method, P extends PathFor<M>> = QueryParams<Operation<M, P>>;

/** One file of a multipart body. */
export type FilePart = { filename: string; content: Buffer; contentType: string };

/** A multipart form for a schema: each field as the schema says, a binary field as a file. */
type FormOf<Body> = { [K in keyof Body]: Body[K] | FilePart };

/** What every request may carry besides the operation's own parameters and body. */
export type Transport = {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** The refresh token, sent as the `refreshKey` cookie. */
  cookie?: string;
  /** The client's address as the server sees it (rate limits are per address). */
  ip?: string;
  /** Sent with every call unless false (docs/engineering.md "API conventions"): `X-Merchant-Mode: true`. */
  merchantMode?: boolean;
};

type ParamsInit<Op> = [PathParams<Op>] extends [never] ? { params?: never } : { params: PathParams<Op> };
type QueryInit<Op> = [QueryParams<Op>] extends [never]
  ? { query?: never }
  : undefined extends Parameters<Op>['query' & keyof Parameters<Op>]
    ? { query?: QueryParams<Op> }
    : { query: QueryParams<Op> };
/** The operation's declared headers (Idempotency-Key, X-Step-Up-Token) are checked; others (User-Agent) pass. */
type HeadersInit<Op> = [HeaderParams<Op>] extends [never]
  ? { headers?: Record<string, string> }
  : undefined extends Parameters<Op>['header' & keyof Parameters<Op>]
    ? { headers?: HeaderParams<Op> & Record<string, string> }
    : { headers: HeaderParams<Op> & Record<string, string> };
type BodyInit<Op> =
  RequestContent<Op> extends { 'application/json': infer Body }
    ? BodyRequired<Op> extends true
      ? { body: Body; form?: never }
      : { body?: Body; form?: never }
    : RequestContent<Op> extends { 'multipart/form-data': infer Body }
      ? { form: FormOf<Body>; body?: never }
      : { body?: never; form?: never };

export type Init<Op> = Transport & ParamsInit<Op> & QueryInit<Op> & HeadersInit<Op> & BodyInit<Op>;

/** The init argument may be left out when the operation needs nothing in it. */
type InitArgs<Op> = object extends ParamsInit<Op> & QueryInit<Op> & HeadersInit<Op> & BodyInit<Op>
  ? [init?: Init<Op>]
  : [init: Init<Op>];

type ResponseBody<Declared> = Declared extends { content: { 'application/json': infer Body } }
  ? Body
  : // No content (204): the raw body, an empty string.
    string;

type Transported = {
  headers: LightMyRequestResponse['headers'];
  cookies: LightMyRequestResponse['cookies'];
  raw: LightMyRequestResponse;
};

/** One answer per status the operation declares, its body typed by that status. */
export type ResponseFor<Op> = Op extends { responses: infer Responses }
  ? {
      [S in keyof Responses & number]: Transported & { status: S; body: ResponseBody<Responses[S]> };
    }[keyof Responses & number]
  : never;

export type ResponseOf<M extends Method, P extends PathFor<M>> = ResponseFor<Operation<M, P>>;

/** The body an operation answers with `status`. */
export type BodyOf<M extends Method, P extends PathFor<M>, S extends ResponseOf<M, P>['status']> = Extract<
  ResponseOf<M, P>,
  { status: S }
>['body'];

/** An answer of a URL outside the contract. */
export type UntypedResponse = Transported & {
  status: number;
  // A response nothing describes: the test reads what it asserts.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
};

type Wire = Transport & {
  headers?: Record<string, string>;
  /** Serialised as JSON. */
  body?: unknown;
  /** Sent exactly as given, with its own content type when `headers` has one (JSON otherwise). */
  payload?: string | Buffer;
};

async function send(app: FastifyInstance, method: Method, url: string, options: Wire) {
  const headers: Record<string, string> = {
    ...(options.merchantMode === false ? {} : { 'x-merchant-mode': 'true' }),
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = `refreshKey=${options.cookie}`;
  const request: InjectOptions = { method, url, headers, remoteAddress: options.ip ?? '127.0.0.1' };
  if (options.payload !== undefined) {
    request.payload = options.payload;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    request.payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await app.inject(request);
  const isJson = (response.headers['content-type'] ?? '').toString().includes('application/json');
  return {
    status: response.statusCode,
    body: (isJson && response.body ? JSON.parse(response.body) : response.body) as unknown,
    headers: response.headers,
    cookies: response.cookies,
    raw: response,
  };
}

/** A multipart/form-data body, fields and files in the given order. */
export function multipart(fields: Record<string, string | FilePart>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----tameio${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function urlFor(
  template: string,
  params: Record<string, string | number> | undefined,
  query: Record<string, unknown> | string | undefined,
): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(String(value));
  });
  if (query === undefined) return path;
  if (typeof query === 'string') return query === '' ? path : `${path}?${query}`;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

type OpenApiDocument = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
const documents = new WeakMap<FastifyInstance, OpenApiDocument>();

/** The statuses the app's own OpenAPI document declares for an operation. */
function declaredStatuses(app: FastifyInstance, method: Method, template: string): number[] {
  let document = documents.get(app);
  if (!document) {
    document = app.swagger() as unknown as OpenApiDocument;
    documents.set(app, document);
  }
  const operation = document.paths[template]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${template} is not in the app's OpenAPI document`);
  return Object.keys(operation.responses ?? {}).map(Number);
}

function shown(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > 600 ? `${text.slice(0, 600)}...` : text;
}

/** The contract holds both ways: a status the route does not declare is a finding, not a pass. */
function expectDeclared(
  app: FastifyInstance,
  method: Method,
  template: string,
  response: { status: number; body: unknown },
): void {
  const declared = declaredStatuses(app, method, template);
  if (declared.includes(response.status)) return;
  expect.fail(
    `${method} ${template} answered ${response.status}, which its OpenAPI responses (${declared.join(', ')}) do not declare: ${shown(response.body)}`,
  );
}

/**
 * Calls one operation of the contract: `api(app, 'POST', '/api/merchants/cards/{id}/{action}/', { params: { id,
 * action: 'freeze' }, token })`. Parameters, headers and body are checked at compile time; the answer is a union
 * over the declared statuses, narrowed with {@link expectStatus}.
 */
export async function api<M extends Method, P extends PathFor<M>>(
  app: FastifyInstance,
  method: M,
  path: P,
  ...[init]: InitArgs<Operation<M, P>>
): Promise<ResponseOf<M, P>> {
  const options = (init ?? {}) as Wire & {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    form?: Record<string, string | FilePart>;
  };
  const form = options.form ? multipart(options.form) : null;
  const response = await send(app, method, urlFor(path, options.params, options.query), {
    ...options,
    ...(form ? { payload: form.payload, headers: { ...options.headers, ...form.headers } } : {}),
  });
  expectDeclared(app, method, path, response);
  return response as ResponseOf<M, P>;
}

/** What a deliberately bad request may carry: nothing in it is checked against the contract. */
export type BadInput = Transport & {
  params?: Record<string, string>;
  /** An object, or a query string as sent (`'limit=abc'`). */
  query?: Record<string, unknown> | string;
  headers?: Record<string, string>;
  /** Serialised as JSON, whatever its shape. */
  body?: unknown;
  /** Sent byte for byte (malformed JSON, NUL bytes, another content type). */
  payload?: string | Buffer;
  /** A multipart form whatever its fields. */
  form?: Record<string, string | FilePart>;
};

/**
 * Sends deliberately bad input to a real operation: the path template, and the answer, are still the contract's;
 * the request is not checked. Use it only where the test is about refusing that input.
 */
export async function apiWithBadInput<M extends Method, P extends PathFor<M>>(
  app: FastifyInstance,
  method: M,
  path: P,
  init: BadInput,
): Promise<ResponseOf<M, P>> {
  const form = init.form ? multipart(init.form) : null;
  const response = await send(app, method, urlFor(path, init.params, init.query), {
    ...init,
    ...(form ? { payload: form.payload, headers: { ...init.headers, ...form.headers } } : {}),
  });
  expectDeclared(app, method, path, response);
  return response as ResponseOf<M, P>;
}

/**
 * A request outside the contract (an unknown path, a missing trailing slash, an invalid path parameter, the
 * document itself): nothing is checked, and the body is whatever came back.
 */
export async function callUntyped(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: Wire = {},
): Promise<UntypedResponse> {
  return send(app, method, url, options);
}

/** The answers of `R` with status `S`; an untyped answer stays as it is. */
export type Narrowed<R extends { status: number }, S> = number extends R['status']
  ? R
  : Extract<R, { status: S }>;

/** Asserts the status and narrows the answer to what the contract says comes with it. */
export function expectStatus<R extends { status: number; body: unknown }, const S extends R['status']>(
  response: R,
  status: S,
  label?: string,
): asserts response is Narrowed<R, S> {
  // The body is in the message only on a mismatch: some answers are whole statements.
  const answered = response.status === status ? '' : `answered ${shown(response.body)}`;
  expect(response.status, [label, answered].filter(Boolean).join(': ')).toBe(status);
}

/** Every error answer of the API has this shape (DESIGN.md principle 10). */
export type ApiErrorBody = components['schemas']['ApiError']['error'];

/** The error of an answer that must be one (whichever 4xx or 5xx the operation declares). */
export function errorOf(response: { status: number; body: unknown }): ApiErrorBody {
  expect(response.status, `answered ${shown(response.body)}`).toBeGreaterThanOrEqual(400);
  const body = response.body;
  const isError = (value: unknown): value is components['schemas']['ApiError'] =>
    typeof value === 'object' && value !== null && 'error' in value;
  if (!isError(body)) throw new Error(`no error in ${shown(body)}`);
  return body.error;
}

/** The body of an answer that must have `status`. */
export function bodyOf<R extends { status: number; body: unknown }, const S extends R['status']>(
  response: R,
  status: S,
  label?: string,
): Narrowed<R, S>['body'] {
  expectStatus(response, status, label);
  return response.body;
}
