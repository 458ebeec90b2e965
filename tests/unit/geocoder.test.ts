import { describe, expect, it } from 'vitest';
import { addressCountries } from '../../schemas/addresses.schema';
import { bundledGazetteer, distanceKm, normalisePlaceName } from '../../server/geo/gazetteer';
import { geocode, placeOfNominatim, reverseGeocode } from '../../server/geo/geocoder';

// The offline gazetteer of /my-addresses (server/geo/gazetteer.json, scripts/buildGazetteer.ts).

const gazetteer = bundledGazetteer();

describe('the bundled gazetteer', () => {
  it('covers every address country, Greece down to small towns', () => {
    for (const country of addressCountries) {
      const capitalish = gazetteer.nearest(...capitals[country], 60);
      expect(capitalish?.country, country).toBe(country);
    }
    expect(gazetteer.search({ country: 'GR', city: 'Nafplio' })[0]?.city).toMatch(/^Náfplio/);
  });

  it('finds a city by any spelling, the most populous first', () => {
    expect(gazetteer.search({ country: 'GR', city: 'Athens' })[0]).toMatchObject({
      city: 'Athens',
      country: 'GR',
      precision: 'city',
      postal_code: null,
    });
    expect(gazetteer.search({ country: 'GR', city: 'ΘΕΣΣΑΛΟΝΊΚΗ' })[0]?.city).toBe('Thessaloníki');
    expect(gazetteer.search({ country: 'DE', city: 'MUNICH' })[0]?.city).toBe('Munich');
    // A beginning is enough when no name matches whole.
    expect(gazetteer.search({ country: 'GR', city: 'Thessalon' })[0]?.city).toBe('Thessaloníki');
    // The country narrows: Athens is not looked for in Germany.
    expect(gazetteer.search({ country: 'DE', city: 'Athens' })).toEqual([]);
    expect(gazetteer.search({ country: 'GR', postal_code: '105 57' })).toEqual([]);
  });

  it('names the nearest city to a pin, and nothing far from any', () => {
    const place = gazetteer.nearest(37.9838, 23.7275);
    expect(place?.country).toBe('GR');
    expect(place?.distance_km).toBeLessThan(3);
    expect(gazetteer.nearest(35, -30)).toBeNull();
  });

  it('normalises names and measures distances', () => {
    expect(normalisePlaceName('  Ηράκλειο ')).toBe('irakleio');
    expect(normalisePlaceName('Saint-Étienne')).toBe('saint etienne');
    expect(distanceKm(37.9838, 23.7275, 40.6401, 22.9444)).toBeGreaterThan(290);
    expect(distanceKm(37.9838, 23.7275, 40.6401, 22.9444)).toBeLessThan(310);
  });
});

describe('the geocoder', () => {
  it('answers from the gazetteer when no geocoder is configured', async () => {
    const answer = await geocode({ url: undefined, timeoutMs: 100 }, { country: 'GR', city: 'Patra' });
    expect(answer.source).toBe('gazetteer');
    expect(answer.results[0]?.city).toMatch(/^Pátra/);
    const reverse = await reverseGeocode({ url: undefined, timeoutMs: 100 }, 38.2466, 21.7346);
    expect(reverse).toMatchObject({ source: 'gazetteer', place: { country: 'GR' } });
  });

  it('falls back to the gazetteer when the geocoder cannot be reached', async () => {
    const warnings: string[] = [];
    const answer = await geocode(
      { url: 'http://127.0.0.1:9', timeoutMs: 500, warn: (message) => warnings.push(message) },
      { country: 'GR', city: 'Larisa' },
    );
    expect(answer.source).toBe('gazetteer');
    expect(warnings).toHaveLength(1);
  });

  it('reads a Nominatim answer, and refuses one without coordinates', () => {
    expect(
      placeOfNominatim({
        lat: '37.97',
        lon: '23.73',
        display_name: 'Ermou 1, Athens',
        address: { road: 'Ermou', house_number: '1', town: 'Athens', postcode: '105 63', country_code: 'gr' },
      }),
    ).toEqual({
      latitude: 37.97,
      longitude: 23.73,
      label: 'Ermou 1, Athens',
      country: 'GR',
      city: 'Athens',
      postal_code: '105 63',
      line1: 'Ermou 1',
      precision: 'street',
    });
    expect(placeOfNominatim({ lat: 'x', lon: '1' })).toBeNull();
    expect(placeOfNominatim({ lat: '91', lon: '1' })).toBeNull();
  });
});

const capitals: Record<(typeof addressCountries)[number], [number, number]> = {
  AT: [48.21, 16.37],
  BE: [50.85, 4.35],
  BG: [42.7, 23.32],
  CH: [46.95, 7.45],
  CY: [35.17, 33.36],
  CZ: [50.08, 14.44],
  DE: [52.52, 13.4],
  DK: [55.68, 12.57],
  EE: [59.44, 24.75],
  ES: [40.42, -3.7],
  FI: [60.17, 24.94],
  FR: [48.86, 2.35],
  GB: [51.51, -0.13],
  GR: [37.98, 23.73],
  HR: [45.81, 15.98],
  HU: [47.5, 19.04],
  IE: [53.35, -6.26],
  IS: [64.15, -21.94],
  IT: [41.9, 12.5],
  LI: [47.14, 9.52],
  LT: [54.69, 25.28],
  LU: [49.61, 6.13],
  LV: [56.95, 24.11],
  MT: [35.9, 14.51],
  NL: [52.37, 4.9],
  NO: [59.91, 10.75],
  PL: [52.23, 21.01],
  PT: [38.72, -9.14],
  RO: [44.43, 26.1],
  SE: [59.33, 18.07],
  SI: [46.06, 14.51],
  SK: [48.15, 17.11],
};
