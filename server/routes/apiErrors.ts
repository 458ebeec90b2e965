import { ApiError } from '../../schemas/error.schema';

/** Documents the error statuses a route may answer with, all in the one ApiError shape. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, ApiError])) as {
    [K in S[number]]: typeof ApiError;
  };
}
