import { describe, expect, it } from 'vitest';
import { stressDensityGrid } from './stress-grid.ts';

// A field of about 200 m × 200 m near Nemea.
const field: [number, number][] = [
  [22.66, 37.82],
  [22.6623, 37.82],
  [22.6623, 37.8218],
  [22.66, 37.8218],
  [22.66, 37.82],
];

describe('stressDensityGrid', () => {
  it('counts plants per 0.08 km square and reports the density per hectare', () => {
    const plants = [
      { lng: 22.6601, lat: 37.8201 },
      { lng: 22.66012, lat: 37.82011 },
      { lng: 22.6602, lat: 37.8202 },
      { lng: 22.662, lat: 37.8215 },
    ];
    const grid = stressDensityGrid(field, plants);
    expect(grid.cells.map((cell) => cell.count).sort()).toEqual([1, 3]);
    expect(grid.maxCount).toBe(3);
    const dense = grid.cells.find((cell) => cell.count === 3);
    // 0.08 km × 0.08 km = 0.64 ha.
    expect(dense?.perHectare).toBeCloseTo(3 / 0.64, 6);
    const ring = dense?.ring ?? [];
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    // The square is 80 m on each side.
    const [x0, y0] = ring[0] ?? [0, 0];
    const [x1, y1] = ring[2] ?? [0, 0];
    expect((y1 - y0) * 111.32).toBeCloseTo(0.08, 6);
    expect((x1 - x0) * 111.32 * Math.cos((37.8209 * Math.PI) / 180)).toBeCloseTo(0.08, 4);
    expect(dense?.ring.every(([lng, lat]) => lng <= 22.6602 + 0.001 && lat <= 37.8202 + 0.001)).toBe(true);
  });

  it('keeps plants in the buffer and drops those beyond it', () => {
    const justOutside = { lng: 22.66, lat: 37.8218 + 0.05 / 111.32 };
    const farAway = { lng: 22.7, lat: 37.9 };
    const grid = stressDensityGrid(field, [justOutside, farAway]);
    expect(grid.cells).toHaveLength(1);
    expect(grid.cells[0]?.count).toBe(1);
  });

  it('has no squares without stressed plants or without a field', () => {
    expect(stressDensityGrid(field, [])).toEqual({ cells: [], maxCount: 0, squareKm: 0.08 });
    expect(stressDensityGrid([], [{ lng: 22.66, lat: 37.82 }]).cells).toEqual([]);
  });
});
