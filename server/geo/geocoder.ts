import type {
  GeocodeQuery,
  GeocodeResponse,
  GeoPlace,
  ReverseGeocodeResponse,
} from '../../schemas/addresses.schema';
import { addressCountries } from '../../schemas/addresses.schema';
import { bundledGazetteer, distanceKm, type Gazetteer } from './gazetteer';

/*
 * Geocoding for /my-addresses: an address to pins, a pin to the nearest place. With GEOCODER_URL set, a
 * Nominatim-compatible API answers to street level (called from here, never from the browser, with a timeout); when
 * it is not set, or does not answer in time or answers nonsense, the bundled gazetteer answers to city level and
 * the response says so (`source`, each place's `precision`).
 */

export type GeocoderSettings = {
  /** Base URL of a Nominatim-compatible API (`/search`, `/reverse`); undefined: the gazetteer only. */
  url: string | undefined;
  timeoutMs: number;
  /** Logs a geocoder failure (the answer then comes from the gazetteer). */
  warn?: (message: string, error: unknown) => void;
  gazetteer?: Gazetteer;
};

const userAgent = 'Tameio/0.1 (merchant banking; saved addresses)';
const served = new Set<string>(addressCountries);

type NominatimAddress = Partial<
  Record<
    | 'house_number'
    | 'road'
    | 'pedestrian'
    | 'postcode'
    | 'city'
    | 'town'
    | 'village'
    | 'municipality'
    | 'suburb'
    | 'country_code',
    string
  >
>;
type NominatimPlace = { lat?: unknown; lon?: unknown; display_name?: unknown; address?: NominatimAddress };

/** One Nominatim answer as a place, or null when it lacks what a place needs. */
export function placeOfNominatim(raw: NominatimPlace): GeoPlace | null {
  const latitude = Number(raw.lat);
  const longitude = Number(raw.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const address = raw.address ?? {};
  const country = (address.country_code ?? '').toUpperCase();
  const city =
    address.city ?? address.town ?? address.village ?? address.municipality ?? address.suburb ?? '';
  const road = address.road ?? address.pedestrian ?? null;
  const line1 = road ? [road, address.house_number].filter(Boolean).join(' ') : null;
  return {
    latitude,
    longitude,
    label: typeof raw.display_name === 'string' ? raw.display_name.slice(0, 200) : `${city}, ${country}`,
    country,
    city,
    postal_code: address.postcode ?? null,
    line1,
    precision: line1 ? 'street' : 'city',
  };
}

async function askNominatim(settings: GeocoderSettings, pathAndQuery: string): Promise<unknown> {
  const response = await fetch(`${settings.url}${pathAndQuery}`, {
    headers: { 'user-agent': userAgent, accept: 'application/json', 'accept-language': 'en' },
    signal: AbortSignal.timeout(settings.timeoutMs),
  });
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  return response.json();
}

export async function geocode(settings: GeocoderSettings, query: GeocodeQuery): Promise<GeocodeResponse> {
  const gazetteer = settings.gazetteer ?? bundledGazetteer();
  if (settings.url) {
    const params = new URLSearchParams({
      format: 'jsonv2',
      addressdetails: '1',
      limit: '5',
      countrycodes: query.country.toLowerCase(),
    });
    if (query.line1) params.set('street', query.line1);
    if (query.city) params.set('city', query.city);
    if (query.postal_code) params.set('postalcode', query.postal_code);
    try {
      const answer = await askNominatim(settings, `/search?${params.toString()}`);
      if (!Array.isArray(answer)) throw new Error('geocoder answered no list');
      const results = answer
        .map((raw) => placeOfNominatim(raw as NominatimPlace))
        .filter((place): place is GeoPlace => place !== null && place.country === query.country);
      return { source: 'geocoder', results };
    } catch (error) {
      settings.warn?.('geocoder failed; answering from the gazetteer', error);
    }
  }
  return { source: 'gazetteer', results: gazetteer.search(query) };
}

export async function reverseGeocode(
  settings: GeocoderSettings,
  latitude: number,
  longitude: number,
): Promise<ReverseGeocodeResponse> {
  const gazetteer = settings.gazetteer ?? bundledGazetteer();
  if (settings.url) {
    const params = new URLSearchParams({
      format: 'jsonv2',
      addressdetails: '1',
      zoom: '18',
      lat: String(latitude),
      lon: String(longitude),
    });
    try {
      const answer = (await askNominatim(settings, `/reverse?${params.toString()}`)) as NominatimPlace & {
        error?: unknown;
      };
      // Nominatim answers {"error": "Unable to geocode"} over the sea.
      const place = answer && typeof answer === 'object' && !answer.error ? placeOfNominatim(answer) : null;
      if (!place || !served.has(place.country)) return { source: 'geocoder', place: null };
      const km = distanceKm(latitude, longitude, place.latitude, place.longitude);
      return { source: 'geocoder', place: { ...place, distance_km: Math.round(km * 10) / 10 } };
    } catch (error) {
      settings.warn?.('geocoder failed; answering from the gazetteer', error);
    }
  }
  return { source: 'gazetteer', place: gazetteer.nearest(latitude, longitude) };
}
