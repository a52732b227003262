import type { PhotoAnalysis, StressBox } from '../types.ts';
import { PLANT_UNITS } from './plant-units.ts';

const EARTH_RADIUS_M = 6_371_008.8;

/**
 * Two photos place the same plant up to the georeference error apart (GNSS, yaw, height: a p95 of
 * 1.4–1.8 m on the synthetic set), so boxes within 1.5 plant spacings are one plant.
 */
const SAME_PLANT_SPACINGS = 1.5;

/** How far a twin of this box may lie (m): half its longer side, at least the georeference error. */
function groundRadiusM(analysis: PhotoAnalysis, box: StressBox): number {
  const half = PLANT_UNITS.plantSpacingM * SAME_PLANT_SPACINGS;
  if (!analysis.groundResolutionM) return half;
  const side = Math.max(box.thr_coords.w * analysis.scale.x, box.thr_coords.h * analysis.scale.y);
  return Math.max(half, (side * analysis.groundResolutionM) / 2);
}

/**
 * Overlapping photos see the same plant twice: one plant, one box. Two boxes of different photos
 * whose ground centres lie within the larger of their reaches (`groundRadiusM`) are one plant, and it stays in the photo whose centre is nearest to it, the photo the
 * map shows there (tiles take the nearest photo too). Each photo's own analysis is unchanged (the
 * same photo gives the same boxes in any upload); only the field's list of plants is merged.
 * Deterministic and independent of the order of the photos.
 */
export function mergeOverlappingBoxes(analyses: PhotoAnalysis[]): PhotoAnalysis[] {
  const anchor = analyses.flatMap((analysis) => analysis.boxes)[0];
  if (!anchor) return analyses;
  const cosLat = Math.cos((anchor.lat * Math.PI) / 180);
  const toMetres = (lng: number, lat: number): [number, number] => [
    ((lng - anchor.lng) * Math.PI * EARTH_RADIUS_M * cosLat) / 180,
    ((lat - anchor.lat) * Math.PI * EARTH_RADIUS_M) / 180,
  ];
  interface Entry {
    image: number;
    box: StressBox;
    x: number;
    y: number;
    radius: number;
  }
  const entries: Entry[] = [];
  let largest = 0;
  analyses.forEach((analysis, image) => {
    for (const box of analysis.boxes) {
      const [x, y] = toMetres(box.lng, box.lat);
      const radius = groundRadiusM(analysis, box);
      largest = Math.max(largest, radius);
      entries.push({ image, box, x, y, radius });
    }
  });
  // Buckets of the largest radius: a box's twins lie in its own or a neighbouring bucket.
  const cell = Math.max(largest, 1e-6);
  const buckets = new Map<string, Entry[]>();
  for (const entry of entries) {
    const key = `${Math.floor(entry.x / cell)},${Math.floor(entry.y / cell)}`;
    const list = buckets.get(key);
    if (list) list.push(entry);
    else buckets.set(key, [entry]);
  }
  const centres = analyses.map((analysis) =>
    analysis.lng !== null && analysis.lat !== null ? toMetres(analysis.lng, analysis.lat) : null,
  );
  // Distance from a photo's centre to a point; photos without a position never win.
  const reach = (image: number, x: number, y: number) => {
    const centre = centres[image];
    return centre ? Math.hypot(centre[0] - x, centre[1] - y) : Number.POSITIVE_INFINITY;
  };
  const dropped = new Set<StressBox>();
  for (const entry of entries) {
    const gx = Math.floor(entry.x / cell);
    const gy = Math.floor(entry.y / cell);
    const mine = reach(entry.image, entry.x, entry.y);
    for (let dx = -1; dx <= 1 && !dropped.has(entry.box); dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const other of buckets.get(`${gx + dx},${gy + dy}`) ?? []) {
          if (other.image === entry.image) continue;
          if (Math.hypot(other.x - entry.x, other.y - entry.y) > Math.max(entry.radius, other.radius))
            continue;
          // The plant stays where the photo centre is nearer (ties: the earlier photo).
          const theirs = reach(other.image, entry.x, entry.y);
          if (theirs < mine || (theirs === mine && other.image < entry.image)) {
            dropped.add(entry.box);
            break;
          }
        }
        if (dropped.has(entry.box)) break;
      }
    }
  }
  if (dropped.size === 0) return analyses;
  return analyses.map((analysis) => {
    const boxes = analysis.boxes.filter((box) => !dropped.has(box));
    return boxes.length === analysis.boxes.length ? analysis : { ...analysis, boxes };
  });
}
