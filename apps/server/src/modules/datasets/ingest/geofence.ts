/**
 * Geolocation rule of spec section 1: a photo must be taken over the paid field. Distances use a
 * local equirectangular projection around the point, exact to well under a metre at field scale.
 */
export type LngLat = [number, number];

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Metres east/north of `origin`. */
function project(origin: LngLat, point: LngLat): [number, number] {
  const x = (point[0] - origin[0]) * RAD * EARTH_RADIUS_M * Math.cos(origin[1] * RAD);
  const y = (point[1] - origin[1]) * RAD * EARTH_RADIUS_M;
  return [x, y];
}

/** Ray casting; the ring may be closed or not. */
export function pointInRing(point: LngLat, ring: LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as LngLat;
    const [xj, yj] = ring[j] as LngLat;
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) {
      inside = !inside;
    }
  }
  return inside;
}

function segmentDistance(p: [number, number], a: [number, number], b: [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0
      ? 0
      : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** 0 inside the ring, otherwise the distance in metres to its nearest edge. */
export function distanceOutsideM(point: LngLat, ring: LngLat[]): number {
  if (pointInRing(point, ring)) return 0;
  const local = ring.map((vertex) => project(point, vertex));
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < local.length; i++) {
    best = Math.min(
      best,
      segmentDistance([0, 0], local[i] as [number, number], local[i + 1] as [number, number]),
    );
  }
  return best;
}

function segmentsCross(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const orient = (p: LngLat, q: LngLat, r: LngLat) =>
    (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/**
 * Whether a raster footprint covers part of the field (or comes within `bufferM` of it): a vertex of
 * one inside the other, crossing edges, or a gap no wider than the buffer.
 */
export function ringsOverlap(footprint: LngLat[], field: LngLat[], bufferM: number): boolean {
  if (footprint.some((vertex) => pointInRing(vertex, field))) return true;
  if (field.some((vertex) => pointInRing(vertex, footprint))) return true;
  for (let i = 0; i + 1 < footprint.length; i++) {
    for (let j = 0; j + 1 < field.length; j++) {
      if (
        segmentsCross(
          footprint[i] as LngLat,
          footprint[i + 1] as LngLat,
          field[j] as LngLat,
          field[j + 1] as LngLat,
        )
      )
        return true;
    }
  }
  return (
    footprint.some((vertex) => distanceOutsideM(vertex, field) <= bufferM) ||
    field.some((vertex) => distanceOutsideM(vertex, footprint) <= bufferM)
  );
}
