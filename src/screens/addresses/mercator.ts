import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

/*
 * The offline map of /my-addresses: Web Mercator (the projection of street tiles, so tiles and outlines line up)
 * in unit coordinates (the world is the square 0..1), and the bundled Natural Earth 1:110m country outlines
 * (public domain, through world-atlas) as SVG paths in those coordinates.
 */

export type Point = { x: number; y: number };
export type LatLng = { latitude: number; longitude: number };

/** Web Mercator's limit: the world square ends here. */
export const maxLatitude = 85.05112878;

export function project({ latitude, longitude }: LatLng): Point {
  const lat = Math.max(-maxLatitude, Math.min(maxLatitude, latitude));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: (longitude + 180) / 360,
    y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI),
  };
}

export function unproject({ x, y }: Point): LatLng {
  const longitude = x * 360 - 180;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
  return { latitude, longitude: ((((longitude + 180) % 360) + 360) % 360) - 180 };
}

type Ring = Array<[number, number]>;
type Geometry = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };

const ringPath = (ring: Ring) =>
  ring
    .map(([longitude, latitude], index) => {
      const { x, y } = project({ latitude, longitude });
      return `${index === 0 ? 'M' : 'L'}${x.toFixed(5)} ${y.toFixed(5)}`;
    })
    .join('') + 'Z';

let outlines: string[] | undefined;

/** One SVG path (unit coordinates) per country of the bundled outlines, made once. */
export function countryOutlines(): string[] {
  if (outlines) return outlines;
  const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
  const collection = feature(topology, topology.objects.countries) as unknown as {
    features: Array<{ geometry: Geometry | null }>;
  };
  outlines = collection.features.flatMap(({ geometry }) => {
    if (!geometry) return [];
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    return [polygons.map((rings) => rings.map(ringPath).join('')).join('')];
  });
  return outlines;
}

/** The tiles (z/x/y) that cover a view of the unit square, at the tile zoom nearest the view's scale. */
export function visibleTiles(
  centre: Point,
  worldPx: number,
  width: number,
  height: number,
): Array<{ z: number; x: number; y: number }> {
  const z = Math.max(0, Math.min(19, Math.round(Math.log2(worldPx / 256))));
  const count = 2 ** z;
  const left = centre.x - width / 2 / worldPx;
  const right = centre.x + width / 2 / worldPx;
  const top = Math.max(0, centre.y - height / 2 / worldPx);
  const bottom = Math.min(1, centre.y + height / 2 / worldPx);
  const tiles: Array<{ z: number; x: number; y: number }> = [];
  for (let ty = Math.floor(top * count); ty < Math.min(count, Math.ceil(bottom * count)); ty += 1) {
    for (let tx = Math.floor(left * count); tx < Math.ceil(right * count); tx += 1) {
      tiles.push({ z, x: tx, y: ty });
    }
  }
  return tiles;
}

/** A tile's address from the configured template ({z}, {x}, {y}; x wrapped around the world). */
export function tileHref(template: string, tile: { z: number; x: number; y: number }): string {
  const count = 2 ** tile.z;
  const x = ((tile.x % count) + count) % count;
  return template.replace('{z}', String(tile.z)).replace('{x}', String(x)).replace('{y}', String(tile.y));
}
