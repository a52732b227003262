import { describe, expect, it } from 'vitest';
import type { PhotoAnalysis, StressBox } from '../types.ts';
import { mergeOverlappingBoxes } from './merge-overlaps.ts';

// 1e-5° of latitude is 1.11 m; at 38° N, 1e-5° of longitude is 0.88 m.
const LAT = 38;
const LNG = 23;

function box(id: string, lng: number, lat: number): StressBox {
  return {
    id,
    thr_coords: { x: 10, y: 10, w: 20, h: 20 },
    lng,
    lat,
    colour: 'yellow',
    scores: { vigour: -3, chlorophyll: 0, water: 0, stressedShare: 0.8 },
    areaM2: 0.5,
    classification: { label: 'Not Classified', probability: null },
  };
}

function photo(lng: number, lat: number, boxes: StressBox[]): PhotoAnalysis {
  return {
    boxes,
    canopyShare: 0.4,
    stressedShare: 0.05,
    hd: { w: 1000, h: 800 },
    scale: { x: 1, y: 1 },
    groundResolutionM: 0.05,
    footprint: null,
    lng,
    lat,
  };
}

const ids = (analyses: PhotoAnalysis[]) => analyses.map((a) => a.boxes.map((b) => b.id));

describe('mergeOverlappingBoxes', () => {
  it('keeps a plant seen in two photos once, in the photo whose centre is nearest', () => {
    // The plant lies 5 m from the first photo's centre, 20 m from the second's; the second photo
    // places it 1 m away (georeference error).
    const first = photo(LNG, LAT, [box('a-1', LNG + 5.7e-5, LAT)]);
    const second = photo(LNG + 2.84e-4, LAT, [box('b-1', LNG + 5.7e-5, LAT + 0.9e-5)]);
    expect(ids(mergeOverlappingBoxes([first, second]))).toEqual([['a-1'], []]);
    // Independent of the order of the photos.
    expect(ids(mergeOverlappingBoxes([second, first]))).toEqual([[], ['a-1']]);
  });

  it('keeps plants farther apart than the georeference error, and every box of one photo', () => {
    const first = photo(LNG, LAT, [box('a-1', LNG, LAT), box('a-2', LNG, LAT + 1e-5)]);
    const second = photo(LNG + 1e-4, LAT, [box('b-1', LNG + 1e-4, LAT + 3e-5)]);
    expect(ids(mergeOverlappingBoxes([first, second]))).toEqual([['a-1', 'a-2'], ['b-1']]);
  });

  it('returns the analyses untouched when nothing overlaps', () => {
    const analyses = [photo(LNG, LAT, []), photo(LNG + 1e-4, LAT, [box('b-1', LNG, LAT)])];
    expect(mergeOverlappingBoxes(analyses)).toBe(analyses);
  });
});
