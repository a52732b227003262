import {
  FIELD_GEOMETRY_MESSAGES,
  FIELD_LIMITS,
  type LngLat,
  MESSAGES,
  POLYGON_TOO_MANY_POSITIONS,
} from '@ampelos/domain';
import turfArea from '@turf/area';

/** Sane bounds for a vineyard: at least 1 m², at most 10,000 hectares. */
export const FIELD_AREA_LIMITS = {
  minM2: FIELD_LIMITS.areaMinSquareMetres,
  maxM2: FIELD_LIMITS.areaMaxSquareMetres,
} as const;

export const GEOMETRY_MESSAGES = {
  required: MESSAGES.polygonRequired,
  coordinates: MESSAGES.polygonCoordinates,
  tooManyPositions: POLYGON_TOO_MANY_POSITIONS,
  selfIntersection: FIELD_GEOMETRY_MESSAGES.selfIntersection,
  tooSmall: FIELD_GEOMETRY_MESSAGES.tooSmall,
  tooLarge: FIELD_GEOMETRY_MESSAGES.tooLarge,
} as const;

export interface FieldGeometry {
  /** The closed ring as stored: repeated consecutive positions removed. */
  ring: LngLat[];
  /** Geodesic area in square metres. */
  area: number;
  /** Area-weighted centre of the ring (vertex mean when the ring has no planar area). */
  centroid: { lng: number; lat: number };
}

export type GeometryResult = { ok: true; geometry: FieldGeometry } | { ok: false; message: string };

const fail = (message: string): GeometryResult => ({ ok: false, message });

/**
 * Checks a field boundary and derives what the server stores: a closed ring of at least 3 distinct
 * [lng, lat] positions in range, at most 10,000 positions, not crossing or touching itself, with an
 * area between 1 m² and 10,000 ha. Pure: the caller turns a failure into a 400.
 */
export function analyseFieldRing(input: unknown): GeometryResult {
  if (!Array.isArray(input)) return fail(GEOMETRY_MESSAGES.required);
  for (const position of input) {
    if (!isPosition(position)) return fail(GEOMETRY_MESSAGES.coordinates);
  }
  const positions = input as LngLat[];
  if (positions.length < FIELD_LIMITS.polygonMinPositions) return fail(GEOMETRY_MESSAGES.required);
  if (positions.length > FIELD_LIMITS.polygonMaxPositions) return fail(GEOMETRY_MESSAGES.tooManyPositions);
  if (!samePosition(positions[0] as LngLat, positions[positions.length - 1] as LngLat))
    return fail(GEOMETRY_MESSAGES.required);

  const ring = withoutRepeats(positions);
  const distinct = new Set(ring.slice(0, -1).map(([lng, lat]) => `${lng},${lat}`));
  if (distinct.size < 3 || ring.length < 4) return fail(GEOMETRY_MESSAGES.required);
  if (selfIntersects(ring)) return fail(GEOMETRY_MESSAGES.selfIntersection);

  const area = turfArea({ type: 'Polygon', coordinates: [ring] });
  if (!(area >= FIELD_AREA_LIMITS.minM2)) return fail(GEOMETRY_MESSAGES.tooSmall);
  if (area > FIELD_AREA_LIMITS.maxM2) return fail(GEOMETRY_MESSAGES.tooLarge);
  return { ok: true, geometry: { ring, area, centroid: ringCentroid(ring) } };
}

function isPosition(value: unknown): value is LngLat {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [lng, lat] = value;
  return (
    typeof lng === 'number' &&
    typeof lat === 'number' &&
    Number.isFinite(lng) &&
    Number.isFinite(lat) &&
    lng >= -180 &&
    lng <= 180 &&
    lat >= -90 &&
    lat <= 90
  );
}

const samePosition = (a: LngLat, b: LngLat) => a[0] === b[0] && a[1] === b[1];

/** Drawing tools may repeat a vertex on a double click; a zero-length edge means nothing. */
function withoutRepeats(positions: LngLat[]): LngLat[] {
  const ring: LngLat[] = [];
  for (const position of positions) {
    const previous = ring[ring.length - 1];
    if (!previous || !samePosition(previous, position)) ring.push([position[0], position[1]]);
  }
  return ring;
}

type Point = { x: number; y: number };

/** Sign of the turn a → b → c: > 0 left, < 0 right, 0 collinear. */
function orientation(a: Point, b: Point, c: Point): number {
  const value = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

function onSegment(a: Point, b: Point, p: Point): boolean {
  return (
    Math.min(a.x, b.x) <= p.x &&
    p.x <= Math.max(a.x, b.x) &&
    Math.min(a.y, b.y) <= p.y &&
    p.y <= Math.max(a.y, b.y)
  );
}

/** Closed-segment intersection, touching and collinear overlap included. */
function segmentsIntersect(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(p1, p2, q1)) ||
    (o2 === 0 && onSegment(p1, p2, q2)) ||
    (o3 === 0 && onSegment(q1, q2, p1)) ||
    (o4 === 0 && onSegment(q1, q2, p2))
  );
}

/**
 * True when two edges of the closed ring cross, touch or overlap, other than neighbouring edges
 * meeting at their shared vertex. Edges are swept by their smallest x, so only edges whose
 * x-ranges overlap are compared.
 */
export function selfIntersects(ring: LngLat[]): boolean {
  const origin = ring[0] as LngLat;
  // Offsets from the first vertex keep the orientation products precise.
  const points = ring.map(([lng, lat]) => ({ x: lng - origin[0], y: lat - origin[1] }));
  const edgeCount = points.length - 1;
  const edges = Array.from({ length: edgeCount }, (_, index) => {
    const a = points[index] as Point;
    const b = points[index + 1] as Point;
    return { index, a, b, minX: Math.min(a.x, b.x), maxX: Math.max(a.x, b.x) };
  }).sort((left, right) => left.minX - right.minX);

  for (let i = 0; i < edges.length; i++) {
    const first = edges[i] as (typeof edges)[number];
    for (let j = i + 1; j < edges.length; j++) {
      const second = edges[j] as (typeof edges)[number];
      if (second.minX > first.maxX) break;
      const next = (first.index + 1) % edgeCount === second.index;
      const previous = (second.index + 1) % edgeCount === first.index;
      if (next || previous) {
        if (next ? runsBack(first.b, first.a, second.b) : runsBack(first.a, first.b, second.a)) return true;
        continue;
      }
      if (segmentsIntersect(first.a, first.b, second.a, second.b)) return true;
    }
  }
  return false;
}

/** Neighbouring edges meet at `shared`; they are wrong only when the second runs back over the first. */
function runsBack(shared: Point, firstOther: Point, secondOther: Point): boolean {
  if (orientation(shared, firstOther, secondOther) !== 0) return false;
  const dot =
    (firstOther.x - shared.x) * (secondOther.x - shared.x) +
    (firstOther.y - shared.y) * (secondOther.y - shared.y);
  return dot > 0;
}

/** Planar centroid of the ring in degrees (fields are small, so the plate carrée is close enough). */
export function ringCentroid(ring: LngLat[]): { lng: number; lat: number } {
  const origin = ring[0] as LngLat;
  let twiceArea = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = [(ring[i] as LngLat)[0] - origin[0], (ring[i] as LngLat)[1] - origin[1]];
    const [x1, y1] = [(ring[i + 1] as LngLat)[0] - origin[0], (ring[i + 1] as LngLat)[1] - origin[1]];
    const cross = x0 * y1 - x1 * y0;
    twiceArea += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (twiceArea === 0) {
    const vertices = ring.slice(0, -1);
    return {
      lng: vertices.reduce((sum, [lng]) => sum + lng, 0) / vertices.length,
      lat: vertices.reduce((sum, [, lat]) => sum + lat, 0) / vertices.length,
    };
  }
  return { lng: origin[0] + cx / (3 * twiceArea), lat: origin[1] + cy / (3 * twiceArea) };
}
