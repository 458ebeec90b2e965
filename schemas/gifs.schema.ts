/**
 * GIF search for a payment's note: the bundled set (schemas/gifs.ts), or Giphy or Tenor when the server is
 * configured with one (GIF_PROVIDER, GIF_API_KEY; server/gifs.ts). Secured (send-money area, approved merchant):
 * - GET /api/merchants/gifs/   gifSearch   GifSearchQuery → GifSearchResponse
 */
import { z } from 'zod';
import { text } from './text';
import { Gif } from './sendMoney.schema';

export const gifQueryMaxLength = 50;
export const gifSearchMaxLimit = 50;
export const gifSearchDefaultLimit = 24;

export const GifSearchQuery = z.object({
  /** Words to search for; empty or absent: the bundled set, whole. */
  q: text().trim().max(gifQueryMaxLength, `Max ${gifQueryMaxLength} characters`).optional(),
  /** 1 to 50, default 24. */
  limit: text()
    .regex(/^(?:[1-9]|[1-4][0-9]|50)$/, `A whole number from 1 to ${gifSearchMaxLimit}.`)
    .optional(),
});
export type GifSearchQuery = z.infer<typeof GifSearchQuery>;

export const GifProvider = z.enum(['bundled', 'giphy', 'tenor']);
export type GifProvider = z.infer<typeof GifProvider>;

export const GifItem = z
  .object({
    /** What a payment's `gif` takes: a bundled id (`coffee`) or the provider's media URL. */
    id: Gif,
    /** The GIF itself: `/gifs/coffee.gif` for a bundled one. */
    url: text(),
    /** A smaller rendition for the picker's grid (the same file for a bundled one). */
    preview_url: text(),
    width: z.number().int(),
    height: z.number().int(),
    /** The provider's title; for a bundled GIF its English label (the app shows its own translated label). */
    title: text(),
  })
  .meta({ id: 'GifItem' });
export type GifItem = z.infer<typeof GifItem>;

export const GifSearchResponse = z
  .object({
    /** Where the items come from. */
    provider: GifProvider,
    /**
     * True when a provider is configured but failed or took longer than 2 s: the items are the bundled set (its
     * matches, or all of it when none match) and the app says so.
     */
    fallback: z.boolean(),
    items: z.array(GifItem),
  })
  .meta({ id: 'GifSearchResponse' });
export type GifSearchResponse = z.infer<typeof GifSearchResponse>;
