import { describe, expect, it } from 'vitest';
import { HOME_COUNTRY_BOUNDS, startingBounds } from './starting-view.ts';

const field = (ring: [number, number][]) => ({
  polygonPoints: ring,
  centroid: { lng: ring[0]?.[0] ?? 0, lat: ring[0]?.[1] ?? 0 },
});

describe('startingBounds', () => {
  it('opens over the home country when the user has no field', () => {
    expect(startingBounds([])).toEqual(HOME_COUNTRY_BOUNDS);
  });

  it('takes in every outline of the user’s fields', () => {
    const nemea = field([
      [22.66, 37.82],
      [22.67, 37.82],
      [22.67, 37.83],
      [22.66, 37.82],
    ]);
    const naoussa = field([
      [22.06, 40.62],
      [22.07, 40.63],
      [22.06, 40.63],
      [22.06, 40.62],
    ]);
    expect(startingBounds([nemea, naoussa])).toEqual([
      [22.06, 37.82],
      [22.67, 40.63],
    ]);
  });

  it('uses the centre of a field stored without an outline', () => {
    expect(startingBounds([{ polygonPoints: [], centroid: { lng: 25.4, lat: 36.4 } }])).toEqual([
      [25.4, 36.4],
      [25.4, 36.4],
    ]);
  });
});
