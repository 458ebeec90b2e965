import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * What the server log may hold: which operation ran, how it ended, how long it took, and for a failure its kind and
 * where. Never a credential (passwords, codes, tokens, cookies, keys), never personal or financial data (emails,
 * names, IBANs, notes, account ids) and never the values a SQL statement was run with. Logs are kept longer and read
 * by more people than the database (docs/product.md, privacy), so everything is removed where the line is written:
 *
 * - a request is logged by its route's pattern (`/api/merchants/transactions/:id/`) and the names of its query
 *   parameters, never their values, nor a path parameter (an invitation key is one);
 * - headers and bodies are not serialised, and redaction removes them should a line carry them anyway;
 * - an error keeps its type, code, message and stack; a database error its SQLSTATE, table, column, constraint and
 *   the statement's shape, without `detail` (PostgreSQL writes the failing row's values there), `where`, the
 *   statement's parameters, or quoted values in its message.
 */

/** Keys a log line's object may carry that are removed, whatever logs them. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-step-up-token"]',
  'req.headers["idempotency-key"]',
  'req.body',
  'req.query',
  'req.params',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body',
  'err.params',
  'err.parameters',
  'err.detail',
  'err.where',
  'err.internalQuery',
  'err.queryOptions',
  '*.password',
  '*.new_password',
  '*.access_token',
  '*.refresh_token',
  '*.login_token',
];

const segment = /^[a-z][a-z0-9_-]{0,39}$/i;

/** A path with no route (a 404): its words stay, anything that could be an id, a key or an address is `*`. */
function shapeOfPath(path: string): string {
  return path
    .split('/')
    .map((part) => (part === '' || segment.test(part) ? part : '*'))
    .join('/');
}

/** The route pattern, or the shape of an unknown path, and the names of the query parameters. */
export function requestUrlForLog(request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }) {
  const [path = '', query] = request.url.split('?', 2);
  const pattern = request.routeOptions?.url ?? shapeOfPath(path);
  const names = query
    ? [
        ...new Set(
          query
            .split('&')
            .map((pair) => decodeURIComponentSafe(pair.split('=', 1)[0] ?? ''))
            .filter((name) => segment.test(name)),
        ),
      ]
    : [];
  return names.length > 0 ? `${pattern}?${names.join('&')}` : pattern;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}

/**
 * Values that may sit in any error message (a driver's, a mail server's, a library's): email addresses, IBANs,
 * UUIDs (account, user and transfer ids) and runs of six or more digits (codes, card numbers).
 */
export function scrubText(text: string): string {
  return text
    .replace(/[^\s@"'<>()]+@[^\s@"'<>()]+\.[a-z]{2,}/gi, '[email]')
    .replace(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g, '[iban]')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '[id]')
    .replace(/\d{6,}/g, '[number]');
}

/** A SQL text without its literals: what ran, not with what. */
export function statementShape(query: string): string {
  const shape = query
    .replace(/'(?:[^']|'')*'/g, "'?'")
    // Numbers, but not placeholders ($1) or digits inside names (table2).
    .replace(/(?<![$\w])\d+(?:\.\d+)?\b/g, '?')
    .replace(/\s+/g, ' ')
    .trim();
  return shape.length > 300 ? `${shape.slice(0, 300)}…` : shape;
}

const sqlState = /^[0-9A-Z]{5}$/;

type Serialised = { type: string; message: string; stack: string; [key: string]: unknown };

/** The log's picture of an error (the `err` serializer): see the module's comment for what it keeps. */
export function errorForLog(error: unknown, depth = 0): Serialised {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: '[a thrown value that is not an Error]', stack: '' };
  }
  const fields = error as Error & Record<string, unknown>;
  const type = error.constructor.name || error.name;
  const isDatabase = typeof fields.code === 'string' && sqlState.test(fields.code);
  // PostgreSQL quotes the offending value in many messages (invalid input syntax for type uuid: "…").
  const message = scrubText(isDatabase ? error.message.replace(/"[^"]*"/g, '"…"') : error.message);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const serialised: Serialised = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const key of [
    'code',
    'statusCode',
    'severity',
    'table',
    'column',
    'constraint',
    'dataType',
    'routine',
  ]) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') serialised[key] = value;
  }
  if (typeof fields.query === 'string') serialised.statement = statementShape(fields.query);
  if (error.cause !== undefined && depth < 3) serialised.cause = errorForLog(error.cause, depth + 1);
  return serialised;
}

/** The Fastify (pino) logger's options: serializers that write only what the module's comment allows. */
export function loggerOptions(level: string, stream?: { write: (line: string) => void }): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: requestUrlForLog(request),
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: errorForLog,
    },
  };
}
