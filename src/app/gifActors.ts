import type { GifSearchResponse } from '../../schemas/gifs.schema';
import { unwrap, type ApiClient } from '../api/client';

export type GifServices = {
  /** gifSearch (schemas/gifs.schema.ts); throws an ApiFailure like every effect. */
  searchGifs: (query: { q: string; limit: number }, signal?: AbortSignal) => Promise<GifSearchResponse>;
};

/** The GIF picker's search through the app's one API client (src/ui/GifPicker.tsx). */
export function gifServices(client: ApiClient): GifServices {
  return {
    searchGifs: ({ q, limit }, signal) =>
      unwrap(
        client.GET('/api/merchants/gifs/', {
          params: { query: { q, limit: String(limit) } },
          ...(signal ? { signal } : {}),
        }),
      ),
  };
}
