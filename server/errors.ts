import type { ErrorCode } from '../schemas/error.schema';

type Details = Record<string, string | number | boolean | null>;

/**
 * A failure the caller can act on. Domain functions throw it without knowing HTTP; the one error handler in
 * app.ts turns it into `{error: {code, message, fields?, details?}}` with its status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: Details | undefined;
  readonly fields: Record<string, string> | undefined;
  /** Seconds; sent as the Retry-After header. */
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    statusCode: number,
    message: string,
    extra: { details?: Details; fields?: Record<string, string>; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
    this.details = extra.details;
    this.fields = extra.fields;
    this.retryAfter = extra.retryAfter;
  }
}
