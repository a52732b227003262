import { NUMBER_LOCALE, roundTo, SQUARE_METRES_PER_HECTARE } from '@ampelos/domain';
import { area as turfArea } from '@turf/area';

/** A position in GeoJSON order: [longitude, latitude]. */
export type Position = [number, number];
/** A closed ring: the first position repeated at the end. */
export type Ring = Position[];

const samePosition = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/**
 * Normalises positions into a closed ring of [lng, lat]: extra dimensions (altitude) dropped, repeated
 * consecutive positions removed, the first position repeated at the end. Returns null when fewer than
 * 3 distinct positions remain or a coordinate is out of range.
 */
export function closeRing(positions: readonly (readonly number[])[]): Ring | null {
  const ring: Position[] = [];
  for (const raw of positions) {
    const lng = Number(raw[0]);
    const lat = Number(raw[1]);
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null;
    if (lng < -180 || lng > 180 || lat < -90 || lat > 90) return null;
    const position: Position = [lng, lat];
    const previous = ring[ring.length - 1];
    if (!previous || !samePosition(previous, position)) ring.push(position);
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && samePosition(first, last)) ring.pop();
  const distinct = new Set(ring.map(([lng, lat]) => `${lng},${lat}`));
  if (distinct.size < 3 || !first) return null;
  ring.push([first[0], first[1]]);
  return ring;
}

/** Geodesic area of a ring in square metres (@turf/area). */
export function ringAreaSquareMetres(ring: Ring): number {
  return turfArea({ type: 'Polygon', coordinates: [ring] });
}

/** Hectares with two decimals from square metres (hectares = area / 10000). */
export function hectares(areaSquareMetres: number): number {
  return roundTo(areaSquareMetres / SQUARE_METRES_PER_HECTARE, 2);
}

const hectareFormat = new Intl.NumberFormat(NUMBER_LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "12,345.67": hectares with two decimals and grouped digits (the app's one number format). */
export function formatHectares(areaSquareMetres: number): string {
  return hectareFormat.format(hectares(areaSquareMetres));
}

/** [[west, south], [east, north]] of a ring. */
export function ringBounds(ring: readonly Position[]): [Position, Position] | null {
  if (ring.length === 0) return null;
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const [lng, lat] of ring) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}
