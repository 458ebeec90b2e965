import { unwrap, type ApiClient } from '../api/client';
import type { GifServices } from '../ui/GifPicker';

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
