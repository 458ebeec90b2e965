import { AppError } from '../errors';

/**
 * What an upload route throws when reading a multipart body failed. The multipart plugin's own limits (file size,
 * number of parts) carry a 4xx status and go through as they are; anything else comes from the parser on a body that
 * is not multipart at all (no boundary, cut short, a part without a name): the client's fault, so 400 in our shape
 * rather than the 500 of an unexpected error.
 */
export function unreadableUpload(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new AppError(
    'bad_request',
    400,
    'The upload could not be read: send one file as multipart/form-data, with its boundary and the whole body.',
  );
}
