import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Hand-marked regions where no plant is (vehicles, roads, guard rails, shadows, buildings), as
 * polygons in the original photo's pixels (for a band set: the green band's), one JSON file per
 * photo under bench/fixtures/non-plant-regions/{dataset}/{image}.json.
 */
export interface NonPlantRegion {
  label: string;
  polygon: [number, number][];
}
export interface RegionFile {
  image: string;
  width: number;
  height: number;
  regions: NonPlantRegion[];
}

const FIXTURES = fileURLToPath(new URL('../fixtures/non-plant-regions/', import.meta.url));

export function loadRegions(dataset: string, image: string): RegionFile | null {
  const file = join(FIXTURES, dataset, `${image}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RegionFile) : null;
}

export function pointInPolygon(x: number, y: number, polygon: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i] as [number, number];
    const [xj, yj] = polygon[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Share of a rectangle (original pixels) inside a polygon, sampled on a 12 × 12 grid. */
export function shareInside(
  rect: { x: number; y: number; w: number; h: number },
  polygon: [number, number][],
) {
  let inside = 0;
  const n = 12;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      if (pointInPolygon(rect.x + ((i + 0.5) * rect.w) / n, rect.y + ((j + 0.5) * rect.h) / n, polygon))
        inside++;
  return inside / (n * n);
}

/** The region a box sits on: its centre inside, or at least a third of its area inside. */
export function regionUnder(
  rect: { x: number; y: number; w: number; h: number },
  regions: NonPlantRegion[],
): NonPlantRegion | null {
  const cx = rect.x + rect.w / 2;
  const cy = rect.y + rect.h / 2;
  return (
    regions.find((r) => pointInPolygon(cx, cy, r.polygon) || shareInside(rect, r.polygon) >= 1 / 3) ?? null
  );
}
