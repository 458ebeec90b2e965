import { bundledGifs, bundledGifUrl, matchBundledGifs } from '../schemas/gifs';
import type { GifItem, GifSearchResponse } from '../schemas/gifs.schema';
import { providerGifUrlPattern } from '../schemas/sendMoney.schema';
import type { Config } from './config';

/**
 * GIF search for a payment's note (schemas/gifs.schema.ts). Without a provider the bundled set
 * (schemas/gifs.ts) is searched by its English and Greek keywords. With Giphy or Tenor configured the search goes
 * there, with our key, and each result is brought to the one URL form a payment accepts (schemas/sendMoney.schema.ts
 * `providerGifUrlPattern`); results that cannot be are dropped. A provider that fails, answers nonsense or takes longer
 * than the time-out leaves the bundled set, marked `fallback`. Knows nothing of the incoming HTTP request.
 */

export type GifSettings = {
  provider: 'giphy' | 'tenor';
  apiKey: string;
  /** The provider's API origin (a local stub in tests). */
  baseUrl: string;
  timeoutMs: number;
};

const defaultBaseUrls = { giphy: 'https://api.giphy.com', tenor: 'https://tenor.googleapis.com' } as const;

/** Largest provider answer we read (a page of 50 results is about 100 KB at Giphy). */
const maxProviderBytes = 2_000_000;

/** The configured provider, or null for the bundled set only (a provider without a key counts as none). */
export function gifSettings(config: Config): GifSettings | null {
  if (!config.gifProvider || !config.gifApiKey) return null;
  return {
    provider: config.gifProvider,
    apiKey: config.gifApiKey,
    baseUrl: (config.gifApiBaseUrl ?? defaultBaseUrls[config.gifProvider]).replace(/\/+$/, ''),
    timeoutMs: config.gifTimeoutMs,
  };
}

const bundledItem = (gif: (typeof bundledGifs)[number]): GifItem => ({
  id: gif.id,
  url: bundledGifUrl(gif),
  preview_url: bundledGifUrl(gif),
  width: gif.width,
  height: gif.height,
  title: gif.keywords.en[0] ?? gif.id,
});

/** The bundled GIFs matching the query (schemas/gifs.ts `matchBundledGifs`), at most `limit`. */
export function searchBundledGifs(query: string, limit: number): GifItem[] {
  return matchBundledGifs(query).slice(0, limit).map(bundledItem);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const dimension = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 && number <= 10_000
    ? number
    : null;
};

/**
 * A provider's media URL in the form a payment accepts, or null: https on the provider's media host, no query, and for
 * Giphy without the `v1.<tracking>` path segment its newer addresses carry (`/media/v1.Y2lk…/<id>/giphy.gif`).
 */
export function canonicalGifUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  let candidate: string | null = null;
  if (/^media[0-9]?\.giphy\.com$/.test(url.hostname)) {
    const match = /^\/media\/(?:v1\.[A-Za-z0-9_.-]+\/)?([A-Za-z0-9]{1,64})\/([A-Za-z0-9_.-]{1,64})$/.exec(
      url.pathname,
    );
    if (match) candidate = `https://${url.hostname}/media/${match[1]}/${match[2]}`;
  } else if (url.hostname === 'media.tenor.com') {
    candidate = `https://media.tenor.com${url.pathname}`;
  }
  return candidate && providerGifUrlPattern.test(candidate) ? candidate : null;
}

type Rendition = { url: string; width: number; height: number };

const dims = (rendition: Rendition) => ({ width: rendition.width, height: rendition.height });

function giphyRendition(images: Record<string, unknown>, names: string[]): Rendition | null {
  for (const name of names) {
    const image = images[name];
    if (!isRecord(image)) continue;
    const url = canonicalGifUrl(image.url);
    const width = dimension(image.width);
    const height = dimension(image.height);
    if (url && width && height) return { url, width, height };
  }
  return null;
}

function giphyItems(body: unknown): GifItem[] {
  if (!isRecord(body) || !Array.isArray(body.data)) throw new Error('Giphy answered without data');
  return body.data.flatMap((entry): GifItem[] => {
    if (!isRecord(entry) || !isRecord(entry.images)) return [];
    const full = giphyRendition(entry.images, ['original', 'downsized', 'fixed_width']);
    if (!full) return [];
    const preview = giphyRendition(entry.images, ['fixed_width_small', 'fixed_width', 'preview_gif']) ?? full;
    const title = typeof entry.title === 'string' ? entry.title.slice(0, 200) : '';
    return [{ id: full.url, url: full.url, preview_url: preview.url, ...dims(full), title }];
  });
}

function tenorRendition(formats: Record<string, unknown>, names: string[]): Rendition | null {
  for (const name of names) {
    const format = formats[name];
    if (!isRecord(format)) continue;
    const url = canonicalGifUrl(format.url);
    const [width, height] = Array.isArray(format.dims) ? format.dims.map(dimension) : [];
    if (url && width && height) return { url, width, height };
  }
  return null;
}

function tenorItems(body: unknown): GifItem[] {
  if (!isRecord(body) || !Array.isArray(body.results)) throw new Error('Tenor answered without results');
  return body.results.flatMap((entry): GifItem[] => {
    if (!isRecord(entry) || !isRecord(entry.media_formats)) return [];
    const full = tenorRendition(entry.media_formats, ['gif', 'mediumgif']);
    if (!full) return [];
    const preview = tenorRendition(entry.media_formats, ['tinygif', 'nanogif']) ?? full;
    const described = entry.content_description ?? entry.title;
    const title = typeof described === 'string' ? described.slice(0, 200) : '';
    return [{ id: full.url, url: full.url, preview_url: preview.url, ...dims(full), title }];
  });
}

function providerRequest(settings: GifSettings, query: string, limit: number): URL {
  if (settings.provider === 'giphy') {
    const url = new URL(`${settings.baseUrl}/v1/gifs/search`);
    url.search = new URLSearchParams({
      api_key: settings.apiKey,
      q: query,
      limit: String(limit),
      rating: 'g',
    }).toString();
    return url;
  }
  const url = new URL(`${settings.baseUrl}/v2/search`);
  url.search = new URLSearchParams({
    key: settings.apiKey,
    q: query,
    limit: String(limit),
    media_filter: 'gif,tinygif',
    contentfilter: 'high',
    client_key: 'tameio',
  }).toString();
  return url;
}

/** One search at the provider within the time-out; throws on any failure (the caller falls back). */
async function searchProvider(settings: GifSettings, query: string, limit: number): Promise<GifItem[]> {
  const response = await fetch(providerRequest(settings, query, limit), {
    headers: { accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(settings.timeoutMs),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${settings.provider} answered ${response.status}`);
  }
  const text = await response.text();
  if (text.length > maxProviderBytes) throw new Error(`${settings.provider} answered too much`);
  const body: unknown = JSON.parse(text);
  const items = settings.provider === 'giphy' ? giphyItems(body) : tenorItems(body);
  return items.slice(0, limit);
}

export type GifSearchOutcome = GifSearchResponse & {
  /** Why the provider was not used, for the log (never sent: it could name our key). */
  failure?: string;
};

/**
 * gifSearch: the provider's results when one is configured and the query is not empty; else the bundled matches. A
 * failing provider falls back to the bundled matches (all of the bundled set when none match), `fallback: true`.
 */
export async function searchGifs(
  settings: GifSettings | null,
  query: { q?: string | undefined; limit: number },
): Promise<GifSearchOutcome> {
  const q = (query.q ?? '').trim();
  if (!settings || q === '') {
    return { provider: 'bundled', fallback: false, items: searchBundledGifs(q, query.limit) };
  }
  try {
    const items = await searchProvider(settings, q, query.limit);
    return { provider: settings.provider, fallback: false, items };
  } catch (error) {
    const matches = searchBundledGifs(q, query.limit);
    const failure =
      error instanceof Error
        ? `${error.name}: ${error.message.replaceAll(settings.apiKey, '…')}`
        : 'unknown failure';
    return {
      provider: 'bundled',
      fallback: true,
      items: matches.length > 0 ? matches : searchBundledGifs('', query.limit),
      failure,
    };
  }
}
