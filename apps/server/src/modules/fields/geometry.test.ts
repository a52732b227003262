import type { LngLat } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { analyseFieldRing, GEOMETRY_MESSAGES, selfIntersects } from './geometry.ts';

/** A lng/lat rectangle as a closed counter-clockwise ring. */
export function rectangle(west: number, south: number, east: number, north: number): LngLat[] {
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}

/**
 * Reference: the exact area of a lng/lat quadrangle on the WGS84 ellipsoid, from the closed-form
 * area of an ellipsoidal zone (independent of the library the server uses).
 */
function ellipsoidQuadrangleArea(west: number, south: number, east: number, north: number): number {
  const a = 6378137;
  const f = 1 / 298.257223563;
  const b = a * (1 - f);
  const e = Math.sqrt(2 * f - f * f);
  const zone = (latDeg: number) => {
    const s = Math.sin((latDeg * Math.PI) / 180);
    return s / (2 * (1 - e * e * s * s)) + Math.log((1 + e * s) / (1 - e * s)) / (4 * e);
  };
  const dLng = ((east - west) * Math.PI) / 180;
  return dLng * b * b * (zone(north) - zone(south));
}

const message = (input: unknown) => {
  const result = analyseFieldRing(input);
  return result.ok ? undefined : result.message;
};

describe('field geometry', () => {
  it('computes the geodesic area within 0.5% of the ellipsoidal reference, and the centroid', () => {
    const ring = rectangle(22.71, 38, 22.711, 38.001);
    const result = analyseFieldRing(ring);
    if (!result.ok) throw new Error(result.message);
    const reference = ellipsoidQuadrangleArea(22.71, 38, 22.711, 38.001);
    expect(reference).toBeGreaterThan(9_700);
    expect(reference).toBeLessThan(9_800);
    expect(Math.abs(result.geometry.area - reference) / reference).toBeLessThan(0.005);
    expect(result.geometry.centroid.lng).toBeCloseTo(22.7105, 9);
    expect(result.geometry.centroid.lat).toBeCloseTo(38.0005, 9);
    expect(result.geometry.ring).toEqual(ring);
  });

  it('accepts a concave field and either winding order', () => {
    const concave: LngLat[] = [
      [22, 37],
      [22.002, 37],
      [22.002, 37.002],
      [22.001, 37.001],
      [22, 37.002],
      [22, 37],
    ];
    expect(message(concave)).toBeUndefined();
    expect(message([...concave].reverse())).toBeUndefined();
  });

  it('drops a vertex repeated by a double click', () => {
    const ring: LngLat[] = [
      [22, 37],
      [22.001, 37],
      [22.001, 37],
      [22.001, 37.001],
      [22, 37],
    ];
    const result = analyseFieldRing(ring);
    expect(result.ok && result.geometry.ring).toHaveLength(4);
  });

  it.each([
    ['not an array', 'POLYGON', GEOMETRY_MESSAGES.required],
    ['an open ring', rectangle(22, 37, 22.001, 37.001).slice(0, 4), GEOMETRY_MESSAGES.required],
    [
      'two distinct points',
      [
        [22, 37],
        [22.001, 37],
        [22.001, 37],
        [22, 37],
      ],
      GEOMETRY_MESSAGES.required,
    ],
    [
      'a bow-tie',
      [
        [22, 37],
        [22.001, 37.001],
        [22.001, 37],
        [22, 37.001],
        [22, 37],
      ],
      GEOMETRY_MESSAGES.selfIntersection,
    ],
    [
      'a spike running back along an edge',
      [
        [22, 37],
        [22.002, 37],
        [22.001, 37],
        [22.001, 37.001],
        [22, 37],
      ],
      GEOMETRY_MESSAGES.selfIntersection,
    ],
    [
      'a ring touching itself at a vertex',
      [
        [22, 37],
        [22.002, 37],
        [22.001, 37.001],
        [22.002, 37.002],
        [22, 37.002],
        [22.001, 37.001],
        [22, 37],
      ],
      GEOMETRY_MESSAGES.selfIntersection,
    ],
    [
      'a longitude out of range',
      [[181, 37], ...rectangle(22, 37, 22.001, 37.001)],
      GEOMETRY_MESSAGES.coordinates,
    ],
    ['a latitude out of range', rectangle(22, 89.999, 22.001, 90.5), GEOMETRY_MESSAGES.coordinates],
    [
      'a position with altitude',
      [[22, 37, 0], ...rectangle(22, 37, 22.001, 37.001)],
      GEOMETRY_MESSAGES.coordinates,
    ],
    [
      'a non-finite number',
      [[Number.NaN, 37], ...rectangle(22, 37, 22.001, 37.001)],
      GEOMETRY_MESSAGES.coordinates,
    ],
    ['an area under 1 m²', rectangle(22, 37, 22.000001, 37.000001), GEOMETRY_MESSAGES.tooSmall],
    ['an area over 10,000 ha', rectangle(22, 37, 23, 38), GEOMETRY_MESSAGES.tooLarge],
  ])('refuses %s', (_, input, expected) => {
    expect(message(input)).toBe(expected);
  });

  it('refuses more than 10,000 positions and accepts 10,000', () => {
    const circle = (count: number): LngLat[] => {
      const ring = Array.from({ length: count - 1 }, (_, i): LngLat => {
        const angle = (2 * Math.PI * i) / (count - 1);
        return [22 + 0.01 * Math.cos(angle), 37 + 0.01 * Math.sin(angle)];
      });
      return [...ring, ring[0] as LngLat];
    };
    expect(message(circle(10_001))).toBe(GEOMETRY_MESSAGES.tooManyPositions);
    // The sweep compares only edges whose x-ranges overlap (no timed assertion: machines are noisy).
    expect(message(circle(10_000))).toBeUndefined();
  });

  it('finds a crossing far apart in the ring', () => {
    const zigzag: LngLat[] = [[0, 0]];
    for (let i = 1; i <= 50; i++) zigzag.push([i * 0.001, i % 2 ? 0.001 : 0]);
    zigzag.push([0.051, 0.01], [0.0255, -0.001], [0, 0.01], [0, 0]);
    expect(selfIntersects(zigzag)).toBe(true);
  });
});
