import type { ErrorCode } from '../schemas/error.schema';

/**
 * What an effect (an API call) reports when it fails. Machines branch on this, never on raw Response objects,
 * so the same machine runs against the real client, in tests and in path generation.
 */
export type ApiFailure =
  | { kind: 'network' }
  | {
      kind: 'http';
      status: number;
      code: string;
      message: string;
      details?: Record<string, string | number | boolean | null>;
      /** Which body fields were refused and why (`validation_failed`), keyed by dotted path. */
      fields?: Record<string, string>;
      /** Seconds from a `Retry-After` header, when the server sent one. */
      retryAfterSeconds?: number;
    };

export function isApiFailure(value: unknown): value is ApiFailure {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  return value.kind === 'network' || value.kind === 'http';
}

/** Normalises anything an actor threw; unknown throwables count as network trouble (nothing reached the server). */
export function toApiFailure(error: unknown): ApiFailure {
  return isApiFailure(error) ? error : { kind: 'network' };
}

export function failureCode(error: unknown): string {
  const failure = toApiFailure(error);
  return failure.kind === 'network' ? 'network' : failure.code;
}

/** A failure a journey can tell apart: a code the server sends (`ErrorCode`), or `network` (nothing reached it). */
export type KnownErrorCode = ErrorCode | 'network';

/**
 * Reduces any failure to one of the codes a journey handles, or 'unknown'. The list is checked against the server's
 * `ErrorCode` at compile time, so a misspelt or retired code fails the build instead of never matching:
 *
 *   export const toCardOrderError = knownErrors(['card_limit_reached', 'network']);
 *   export type CardOrderError = ReturnType<typeof toCardOrderError>;
 */
export function knownErrors<const Codes extends readonly KnownErrorCode[]>(
  codes: Codes,
): (error: unknown) => Codes[number] | 'unknown' {
  const known: ReadonlySet<string> = new Set(codes);
  return (error) => {
    const code = failureCode(error);
    return known.has(code) ? (code as Codes[number]) : 'unknown';
  };
}
