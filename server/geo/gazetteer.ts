import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GeocodeQuery, GeoPlace } from '../../schemas/addresses.schema';

/*
 * The offline gazetteer: GeoNames cities of the address countries (gazetteer.json, written by
 * scripts/buildGazetteer.ts). Finds a city by name (any accents, Greek or Latin letters) and the nearest city to a
 * point. City precision only: it knows no streets and no postcodes.
 */

type Place = {
  name: string;
  altName: string;
  country: string;
  latitude: number;
  longitude: number;
  population: number;
  /** Normalised names to match against. */
  keys: string[];
};

export type NearestPlace = GeoPlace & { distance_km: number };

export type Gazetteer = {
  size: number;
  /** Cities of the query's country whose name matches the query's city, the most populous first (at most `limit`). */
  search: (query: GeocodeQuery, limit?: number) => GeoPlace[];
  /** The nearest city within `maxKm`, or null. */
  nearest: (latitude: number, longitude: number, maxKm?: number) => NearestPlace | null;
};

const greek: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/** Lower case, accents dropped, Greek letters written in Latin ones (ELOT 743-like), punctuation as spaces. */
export function normalisePlaceName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[α-ως]/g, (letter) => greek[letter] ?? letter)
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const earthRadiusKm = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = radians(lat2 - lat1);
  const dLng = radians(lng2 - lng1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a)));
}

function toGeoPlace(place: Place): GeoPlace {
  return {
    latitude: place.latitude,
    longitude: place.longitude,
    label: `${place.name}, ${place.country}`,
    country: place.country,
    city: place.name,
    postal_code: null,
    line1: null,
    precision: 'city',
  };
}

export const defaultGazetteerFile = path.join(import.meta.dirname, 'gazetteer.json');

export function loadGazetteer(file = defaultGazetteerFile): Gazetteer {
  const document = JSON.parse(readFileSync(file, 'utf8')) as {
    places: Array<[string, string, string, number, number, number]>;
  };
  const places: Place[] = document.places.map(
    ([name, altName, country, latitude, longitude, population]) => ({
      name,
      altName,
      country,
      latitude,
      longitude,
      population,
      keys: [name, ...altName.split(',')].map(normalisePlaceName).filter(Boolean),
    }),
  );
  const byCountry = new Map<string, Place[]>();
  for (const place of places) {
    const list = byCountry.get(place.country) ?? [];
    list.push(place);
    byCountry.set(place.country, list);
  }
  return {
    size: places.length,
    search(query, limit = 5) {
      const wanted = query.city ? normalisePlaceName(query.city) : '';
      if (!wanted) return [];
      // The file is sorted by population within each country, so the first matches are the largest places.
      const inCountry = byCountry.get(query.country) ?? [];
      const exact = inCountry.filter((place) => place.keys.includes(wanted));
      const found =
        exact.length > 0
          ? exact
          : inCountry.filter((place) => place.keys.some((key) => key.startsWith(wanted)));
      return found.slice(0, limit).map(toGeoPlace);
    },
    nearest(latitude, longitude, maxKm = 100) {
      let best: Place | null = null;
      let bestKm = Infinity;
      for (const place of places) {
        // A cheap box test first: a degree of latitude is about 111 km.
        if (Math.abs(place.latitude - latitude) > maxKm / 100) continue;
        const km = distanceKm(latitude, longitude, place.latitude, place.longitude);
        if (km < bestKm) {
          best = place;
          bestKm = km;
        }
      }
      if (!best || bestKm > maxKm) return null;
      return { ...toGeoPlace(best), distance_km: Math.round(bestKm * 10) / 10 };
    },
  };
}

let shared: Gazetteer | undefined;
/** The bundled gazetteer, read once on first use. */
export function bundledGazetteer(): Gazetteer {
  shared ??= loadGazetteer();
  return shared;
}
