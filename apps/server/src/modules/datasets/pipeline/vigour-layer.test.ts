import { describe, expect, it } from 'vitest';
import type { PhotoAnalysis, PlantVigour } from '../../../platform/imaging/index.ts';
import type { AnalysedImage } from '../report-pdf/stress-summary.ts';
import { vigourLayer } from './vigour-layer.ts';

/** A plant unit of about 1 × 1 m centred at (lng, lat). */
function unit(lng: number, lat: number, vigourClass: PlantVigour['vigourClass'], z = 0): PlantVigour {
  const d = 0.000005;
  return {
    ring: [
      [lng - d, lat + d],
      [lng - d, lat - d],
      [lng + d, lat - d],
      [lng + d, lat + d],
    ],
    vigourClass,
    z,
  };
}

/** A photo centred at (lng, lat) covering ±`half` degrees, with its plant units. */
function photo(file: string, lng: number, lat: number, plants: PlantVigour[] | undefined, half = 0.0004) {
  const analysis: PhotoAnalysis = {
    hd: { w: 100, h: 100 },
    scale: { x: 1, y: 1 },
    canopyShare: 0.3,
    stressedShare: 0,
    groundResolutionM: 0.02,
    footprint: {
      type: 'Polygon',
      coordinates: [
        [
          [lng - half, lat + half],
          [lng - half, lat - half],
          [lng + half, lat - half],
          [lng + half, lat + half],
          [lng - half, lat + half],
        ],
      ],
    },
    lng,
    lat,
    boxes: [],
    ...(plants ? { plants } : {}),
  };
  return { file, base: file, analysis } satisfies AnalysedImage;
}

describe('the vigour layer of a report', () => {
  it('keeps each plant once, from the photo whose centre is nearest, with its class', () => {
    // Two photos 40 m apart overlapping in the middle; the plant at 22.71015 lies in both.
    const west = photo('A.JPG', 22.71, 37.8175, [
      unit(22.70995, 37.8175, 'low', -1.8),
      unit(22.71015, 37.8175, 'medium'),
      unit(22.71035, 37.8175, 'high', 1.2),
    ]);
    const east = photo('B.JPG', 22.7105, 37.8175, [
      unit(22.71015, 37.8175, 'medium'),
      unit(22.71035, 37.8175, 'medium'),
      unit(22.7106, 37.8175, 'low', -1.1),
    ]);
    const layer = vigourLayer([west, east]);
    const centres = layer.features.map((f) => {
      const ring = f.geometry.coordinates[0] as [number, number][];
      return [Number(((ring[0]?.[0] ?? 0) + 0.000005).toFixed(5)), f.properties.vigour];
    });
    expect(centres).toEqual([
      [22.70995, 'low'],
      [22.71015, 'medium'],
      // Nearer the east photo's centre: the east photo's verdict.
      [22.71035, 'medium'],
      [22.7106, 'low'],
    ]);
    // Closed rings, as GeoJSON wants them.
    for (const feature of layer.features) {
      const ring = feature.geometry.coordinates[0] as [number, number][];
      expect(ring).toHaveLength(5);
      expect(ring[4]).toEqual(ring[0]);
    }
  });

  it('is empty for analyses made before the layer existed or photos not placed on the ground', () => {
    expect(vigourLayer([photo('A.JPG', 22.71, 37.8175, undefined)]).features).toEqual([]);
    const unplaced = photo('B.JPG', 22.71, 37.8175, [unit(22.71, 37.8175, 'low')]);
    unplaced.analysis.footprint = null;
    expect(vigourLayer([unplaced]).features).toEqual([]);
  });
});
