/**
 * A `fetch` for one openapi-fetch call whose upload must report progress, which fetch cannot do: the request the
 * client built (URL, method, the session middleware's headers, signal) is sent with XMLHttpRequest, carrying
 * `body` (the FormData) so that the browser sets the multipart boundary itself. The answer comes back as a
 * Response, so openapi-fetch, the middleware and `unwrap` treat it like any other: the same bearer token and the
 * same `{error: {...}}` handling.
 */
export function xhrFetch(
  body: XMLHttpRequestBodyInit,
  onProgress: (loaded: number, total: number) => void,
): (request: Request) => Promise<Response> {
  return (request) =>
    new Promise<Response>((resolve, reject) => {
      const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
      if (request.signal.aborted) {
        reject(aborted());
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => {
        // The request's own Content-Type carries another boundary than the one XHR writes for `body`.
        if (name.toLowerCase() !== 'content-type') xhr.setRequestHeader(name, value);
      });
      xhr.responseType = 'arraybuffer';
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      });
      xhr.addEventListener('load', () => {
        // Like fetch: no answer a Response can carry counts as a network failure.
        if (xhr.status < 200 || xhr.status > 599) {
          reject(new TypeError('No response'));
          return;
        }
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().split(/\r?\n/)) {
          const colon = line.indexOf(':');
          if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
        }
        const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        try {
          resolve(
            new Response(empty ? null : (xhr.response as ArrayBuffer), {
              status: xhr.status,
              statusText: xhr.statusText,
              headers,
            }),
          );
        } catch (error) {
          reject(error instanceof Error ? error : new TypeError('Unreadable response'));
        }
      });
      // fetch rejects with a TypeError when nothing arrived; `unwrap` reports that as a network failure.
      xhr.addEventListener('error', () => reject(new TypeError('Network request failed')));
      xhr.addEventListener('timeout', () => reject(new TypeError('Network request timed out')));
      xhr.addEventListener('abort', () => reject(aborted()));
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
}

/** Whether this environment can send with XMLHttpRequest (browsers; not Node, where uploads use fetch). */
export const canTrackUploads = (): boolean => typeof XMLHttpRequest === 'function';
