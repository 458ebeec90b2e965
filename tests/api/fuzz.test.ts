import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../schemas/error.schema';
import { callUntyped, type Method, type UntypedResponse } from './client';
import { demoPassword, signIn, startTestServer, type TestServer } from './harness';
import { databaseDigest } from './tableDigest';

/*
 * Every operation of the OpenAPI document the server generates (the one `npm run openapi` writes to
 * schemas/openapi.json), called signed in as the demo owner and signed out, with requests fast-check builds to be
 * wrong: wrong types, missing and extra fields, huge, NUL-bearing and half-emoji strings, negative and fractional
 * money, invalid ids, broken JSON and multipart, odd headers. Whatever comes back is never a 5xx, every error is
 * exactly the ApiError shape with a known code, and when every call to an operation was refused, no table changed.
 * The seed is fixed and the runs per operation bounded, so a failure reproduces and the file stays cheap.
 */

const seed = 17_2026;
const runsSignedIn = 4;
const runsSignedOut = 2;

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: JsonSchema };
type OperationObject = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type Document = {
  paths: Record<string, Partial<Record<string, OperationObject>>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type FuzzOperation = {
  method: Method;
  template: string;
  id: string;
  parameters: Parameter[];
  json: JsonSchema | null;
  multipart: boolean;
};

/** One malformed request, before it is put on the wire. */
type Case = {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  headers: Record<string, string>;
  payload?: string | Buffer;
  contentType?: string;
  /** The Authorization header replaced (a forged token) rather than the session's. */
  authorization?: string;
};

// ---- The vocabulary of bad values ----

const hostileStrings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'Caf\u0000e',
    '\u0000',
    'Caf\uD83De',
    '\uDE00',
    'a'.repeat(10_000),
    '😀'.repeat(300),
    "' OR 1=1 --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '%00',
    '\u202Eevil',
    'null',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const badMoney = fc.constantFrom(
  '-100',
  '-1',
  '0',
  '12.5',
  '0.001',
  '1e3',
  '0x10',
  ' 100',
  '9'.repeat(40),
  'NaN',
);
const badIds = fc.constantFrom(
  'not-a-uuid',
  '0',
  '-1',
  '1.5',
  "'; DROP TABLE users; --",
  '%2e%2e',
  'a'.repeat(300),
);
const wrongTypes = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
  fc.constantFrom(-100, -0.5, 12.345, Number.MAX_SAFE_INTEGER, 1e308),
);
const anyBadValue = fc.oneof(hostileStrings, badMoney, badIds, wrongTypes);

function resolve(document: Document, schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(document, document.components?.schemas?.[name]);
  }
  return schema;
}

/** A bad value for one property: a wrong type, or a bad string of the kind the property holds. */
function badValueFor(document: Document, schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const resolved = resolve(document, schema);
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
  if (type === 'string' && /amount|\^\[1-9\]/.test(resolved.pattern ?? ''))
    return fc.oneof(badMoney, wrongTypes);
  if (type === 'string' && (resolved.format === 'uuid' || resolved.format === 'date'))
    return fc.oneof(badIds, wrongTypes);
  if (type === 'string') return fc.oneof(hostileStrings, wrongTypes);
  if (type === 'object') return fc.oneof(hostileStrings, fc.constant([]), wrongTypes);
  return anyBadValue;
}

/** A JSON body that breaks the schema: fields missing, of the wrong kind, hostile, or extra; or not an object. */
function badJsonBody(
  document: Document,
  schema: JsonSchema,
): fc.Arbitrary<Pick<Case, 'payload' | 'contentType'>> {
  const resolved = resolve(document, schema);
  const variants = resolved.anyOf ?? resolved.oneOf ?? [resolved];
  const object = resolve(document, variants[0]);
  const names = Object.keys(object.properties ?? {});
  const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  const fieldsBroken = fc
    .record(
      Object.fromEntries(names.map((name) => [name, badValueFor(document, object.properties?.[name])])),
      {
        requiredKeys: [],
      },
    )
    .chain((fields) =>
      fc.record({
        fields: fc.constant(fields),
        extra: fc.dictionary(
          fc.constantFrom('__proto__', 'constructor', 'is_owner', 'merchant_id', 'x'),
          anyBadValue,
          {
            maxKeys: 2,
          },
        ),
      }),
    )
    .map(({ fields, extra }) => ({ ...extra, ...fields }))
    // Nothing at all would be valid for a body whose fields are all optional: at least one field broken.
    .filter((body) => Object.keys(body).length > 0)
    .map(json);
  return fc.oneof(
    { weight: 6, arbitrary: fieldsBroken },
    { weight: 1, arbitrary: fc.constant(json({})) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(wrongTypes, hostileStrings)
        .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v))
        .map(json),
    },
    { weight: 1, arbitrary: brokenJson },
  );
}

/** Bytes that are not the JSON they claim to be, or JSON no parser should walk. */
const brokenJson = fc.oneof(
  fc
    .constantFrom(
      '{"a":',
      'not json',
      '{"a":1}}',
      '\u0000',
      '{"a":"\\ud800"',
      '['.repeat(5_000) + ']'.repeat(5_000),
      `{"x":"${'a'.repeat(70 * 1024)}"}`,
    )
    .map((payload) => ({ payload, contentType: 'application/json' })),
  fc.constantFrom(
    { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { payload: '<xml/>', contentType: 'application/xml' },
    { payload: '{}', contentType: 'application/json; charset=utf-16' },
  ),
);

const boundary = '----tameio-fuzz';
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
function part(name: string, value: string | Buffer, filename?: string): Buffer {
  const disposition = filename
    ? `form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png`
    : `form-data; name="${name}"`;
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
}
const end = Buffer.from(`--${boundary}--\r\n`);
const withBoundary = `multipart/form-data; boundary=${boundary}`;

/** Multipart bodies that are not what an upload takes. */
const brokenMultipart = fc.oneof(
  fc.constantFrom(
    { payload: Buffer.concat([part('file', png, 'a.png'), end]), contentType: 'multipart/form-data' },
    { payload: part('file', png, 'a.png').subarray(0, 90), contentType: withBoundary },
    { payload: 'just text', contentType: withBoundary },
    { payload: Buffer.concat([part('other', png, 'a.png'), end]), contentType: withBoundary },
    { payload: Buffer.concat([part('file', 'not a file'), end]), contentType: withBoundary },
    {
      payload: Buffer.concat([part('file', png, 'a.png'), part('file', png, 'b.png'), end]),
      contentType: withBoundary,
    },
    { payload: '{"file":"x"}', contentType: 'application/json' },
  ),
  hostileStrings.map((value) => ({
    payload: Buffer.concat([part('type', value), part('side', value), end]),
    contentType: withBoundary,
  })),
);

const badHeaders = fc.oneof(
  fc.constant({}),
  fc.constantFrom<Record<string, string>>(
    { 'idempotency-key': '' },
    { 'idempotency-key': 'k'.repeat(500) },
    { 'x-step-up-token': 'forged' },
    { 'x-merchant-mode': 'false' },
    { accept: 'text/html' },
    { 'content-length': '0' },
  ),
);
const forgedAuthorization = fc.constantFrom(
  'Bearer forged.jwt.token',
  'Bearer ',
  'Basic ZGVtbzpkZW1v',
  `Bearer ${'x'.repeat(5_000)}`,
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
);

/** The arbitrary of bad requests for one operation: at least one part of each is wrong. */
function casesFor(document: Document, operation: FuzzOperation): fc.Arbitrary<Case> {
  const path = operation.parameters.filter((p) => p.in === 'path');
  const query = operation.parameters.filter((p) => p.in === 'query');
  const validParams = Object.fromEntries(path.map((p) => [p.name, randomUUID()]));
  const body: fc.Arbitrary<Pick<Case, 'payload' | 'contentType'>> = operation.multipart
    ? brokenMultipart
    : operation.json
      ? badJsonBody(document, operation.json)
      : brokenJson;
  const breaks: Array<fc.Arbitrary<Partial<Case>>> = [body];
  if (path.length > 0) {
    breaks.push(
      fc
        .record(
          Object.fromEntries(
            path.map((p) => [
              p.name,
              fc.oneof(
                badIds,
                hostileStrings.filter((s) => s !== ''),
              ),
            ]),
          ),
        )
        .map((params) => ({ params })),
    );
  }
  if (query.length > 0) {
    breaks.push(
      fc
        .record(Object.fromEntries(query.map((p) => [p.name, fc.oneof(hostileStrings, badMoney, badIds)])), {
          requiredKeys: [],
        })
        .map((values) => ({ query: values })),
    );
  }
  breaks.push(forgedAuthorization.map((authorization) => ({ authorization })));
  return fc
    .record({ broken: fc.oneof(...breaks), headers: badHeaders, withBody: fc.boolean() })
    .chain(({ broken, headers, withBody }) =>
      // Besides the broken part, often a broken body as well (GET included: a body where none belongs).
      (withBody && broken.payload === undefined ? body : fc.constant({})).map((extra) => ({
        params: validParams,
        query: {},
        headers,
        ...extra,
        ...broken,
      })),
    );
}

function operationsOf(document: Document): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || !['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase() as Method,
        template,
        id: operation.operationId ?? `${method} ${template}`,
        parameters: operation.parameters ?? [],
        json: content['application/json']?.schema ?? null,
        multipart: content['multipart/form-data'] !== undefined,
      });
    }
  }
  return operations;
}

function urlOf(template: string, testCase: Case): string {
  // Byte by byte: encodeURIComponent throws on a lone surrogate, which UTF-8 sends as U+FFFD anyway.
  const encode = (value: string) =>
    [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encode(testCase.params[name] ?? randomUUID()),
  );
  const search = new URLSearchParams(
    Object.entries(testCase.query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return search === '' ? path : `${path}?${search}`;
}

const knownCodes = new Set<string>(errorCodes);

/** A case as a failure message shows it: a multipart body as its text, not a list of byte values. */
function shown(testCase: Case): string {
  const payload = Buffer.isBuffer(testCase.payload) ? testCase.payload.toString('latin1') : testCase.payload;
  return JSON.stringify({ ...testCase, payload }).slice(0, 400);
}

/** Not a 5xx; an error is exactly `{error: {code, message, fields?, details?}}` with a code of ours. */
function checkAnswer(label: string, response: UntypedResponse): void {
  expect(
    response.status,
    `${label} answered ${response.status}: ${String(response.raw.body).slice(0, 300)}`,
  ).toBeLessThan(500);
  if (response.status < 400) return;
  const body: unknown = response.body;
  expect(body, `${label}: ${String(response.raw.body).slice(0, 300)}`).toMatchObject({
    error: { code: expect.any(String), message: expect.any(String) },
  });
  const { error } = body as { error: Record<string, unknown> };
  expect(Object.keys(body as object), label).toEqual(['error']);
  for (const key of Object.keys(error))
    expect(['code', 'message', 'fields', 'details'], label).toContain(key);
  expect(knownCodes.has(String(error.code)), `${label}: unknown code ${String(error.code)}`).toBe(true);
  if (error.fields !== undefined) {
    for (const value of Object.values(error.fields as object)) expect(typeof value, label).toBe('string');
  }
}

/** Operations whose refusals are recorded on purpose, and the tables that record them. */
const recordsRefusals: Record<string, readonly string[]> = {
  staffLogin: ['audit_trail'],
  staffLoginTotp: ['audit_trail', 'staff_login_tickets'],
  staffLoginPasskey: ['audit_trail', 'staff_login_tickets'],
};

let server: TestServer;
let document: Document;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  document = server.app.swagger() as unknown as Document;
  token = (await signIn(server.app, 'demo@tameio.test', demoPassword)).accessToken;
});
afterAll(async () => {
  await server?.close();
});

async function fuzz(signedIn: boolean, numRuns: number): Promise<{ calls: number; operations: number }> {
  const operations = operationsOf(document);
  let calls = 0;
  for (const [index, operation] of operations.entries()) {
    const cases = fc.sample(casesFor(document, operation), { seed: seed + index, numRuns });
    const before = await databaseDigest(server.db);
    let allRefused = true;
    for (const testCase of cases) {
      const headers: Record<string, string> = { ...testCase.headers };
      if (testCase.contentType) headers['content-type'] = testCase.contentType;
      if (testCase.authorization) headers.authorization = testCase.authorization;
      const response = await callUntyped(server.app, operation.method, urlOf(operation.template, testCase), {
        headers,
        ...(signedIn && !testCase.authorization ? { token } : {}),
        ...(testCase.payload !== undefined ? { payload: testCase.payload } : {}),
      });
      calls += 1;
      checkAnswer(`${signedIn ? 'signed in' : 'signed out'} ${operation.id} ${shown(testCase)}`, response);
      if (response.status < 400) allRefused = false;
    }
    if (allRefused) {
      const after = await databaseDigest(server.db);
      // A refused staff sign-in is itself a fact the bank must keep (docs/decisions/023-staff-realm.md): its audit
      // entry is the one write a refusal may leave, and only there.
      for (const table of recordsRefusals[operation.id] ?? []) {
        after[table] = before[table] ?? '';
      }
      expect(after, `${operation.id}: a refused call changed a table`).toEqual(before);
    } else if (signedIn && operation.method !== 'GET') {
      // An odd but acceptable request went through (a sign-out, say): start again from a fresh session.
      token = (await signIn(server.app, 'demo@tameio.test', demoPassword)).accessToken;
    }
  }
  return { calls, operations: operations.length };
}

/**
 * Thousands of calls a test: about 15 s each on an idle machine, and several times that when CI’s other lanes load it. The
 * limit is there to catch a hang, not to time the machine.
 */
const fuzzTimeoutMs = 600_000;

describe('fuzzing every operation of the contract', () => {
  it(
    'signed out: no 5xx, errors in our shape, nothing changed by a refused call',
    async () => {
      const { calls, operations } = await fuzz(false, runsSignedOut);
      expect(operations).toBeGreaterThan(100);
      expect(calls).toBe(operations * runsSignedOut);
    },
    fuzzTimeoutMs,
  );

  it(
    'signed in as the demo owner: no 5xx, errors in our shape, nothing changed by a refused call',
    async () => {
      const { calls, operations } = await fuzz(true, runsSignedIn);
      expect(calls).toBe(operations * runsSignedIn);
    },
    fuzzTimeoutMs,
  );
});
