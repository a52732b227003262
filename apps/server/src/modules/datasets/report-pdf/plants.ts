import {
  PLANT_CLASS_KEYS,
  type PlantClassKey,
  plantClass,
  STRESS_COLOURS,
  type StressColour,
  stressDensityGrid,
} from '@ampelos/domain';
import type { ReportOutputPoint } from '../../../platform/db/schema.ts';
import type { AnalysedImage } from './stress-summary.ts';

/** A stressed plant (an analysis box) or a box a person drew, with its annotation when it has one. */
export interface PdfPlant {
  id: string;
  file: string;
  lng: number;
  lat: number;
  /** The analysis colour; null for a box a person drew. */
  colour: StressColour | null;
  className: string;
  factor: string | null;
  comment: string | null;
  annotatedBy: string | null;
  annotatedAt: string | null;
  drawn: boolean;
}

const isColour = (value: string): value is StressColour =>
  (STRESS_COLOURS as readonly string[]).includes(value);

/**
 * The report's plants for the PDF: the analysis boxes with what people wrote on them (the report's
 * outputData, where annotations are saved) and the boxes people drew.
 */
export function pdfPlants(
  images: readonly AnalysedImage[],
  outputData: readonly ReportOutputPoint[],
): PdfPlant[] {
  const saved = new Map(outputData.flatMap((point) => Object.entries(point.bboxes)));
  const plants: PdfPlant[] = images.flatMap(({ file, analysis }) =>
    analysis.boxes.map((box) => {
      const stored = saved.get(box.id);
      return {
        id: box.id,
        file,
        lng: box.lng,
        lat: box.lat,
        colour: box.colour,
        className: box.classification.label,
        factor: stored?.factor ?? null,
        comment: stored?.comment ?? null,
        annotatedBy: stored?.annotatedBy ?? null,
        annotatedAt: stored?.annotatedAt ?? null,
        drawn: false,
      };
    }),
  );
  for (const point of outputData) {
    for (const [id, box] of Object.entries(point.bboxes)) {
      if (!box.drawn) continue;
      plants.push({
        id,
        file: point.file,
        lng: box.lng,
        lat: box.lat,
        colour: isColour(box.colour) ? box.colour : null,
        className: box.className,
        factor: box.factor ?? null,
        comment: box.comment ?? null,
        annotatedBy: box.annotatedBy ?? null,
        annotatedAt: box.annotatedAt ?? null,
        drawn: true,
      });
    }
  }
  return plants;
}

/** Stressed plants: every analysis box, and a drawn box once a person named its stress factor. */
export const stressedPlants = (plants: readonly PdfPlant[]) => plants.filter((p) => !p.drawn || p.factor);

/** Plants per class, and how many of them a person assessed. */
export function classCounts(plants: readonly PdfPlant[]) {
  const counts = Object.fromEntries(
    PLANT_CLASS_KEYS.map((key) => [key, { count: 0, byPerson: 0 }]),
  ) as Record<PlantClassKey, { count: number; byPerson: number }>;
  for (const plant of stressedPlants(plants)) {
    const { key, byPerson } = plantClass(plant);
    counts[key].count += 1;
    if (byPerson) counts[key].byPerson += 1;
  }
  return counts;
}

export interface LookFirstArea {
  rank: number;
  /** The square's outline, closed, [lng, lat]. */
  ring: [number, number][];
  centre: [number, number];
  count: number;
  /** The colour most of its analysis boxes have (null when only drawn boxes). */
  colour: StressColour | null;
}

/**
 * "Where to look first": the squares of the stress-density grid (spec grid, 80 m) holding the most
 * stressed plants, most first; ties go north to south, then west to east, so the order is stable.
 */
export function lookFirstAreas(
  fieldRing: readonly [number, number][],
  plants: readonly PdfPlant[],
  max = 5,
): { areas: LookFirstArea[]; squareM: number } {
  const stressed = stressedPlants(plants);
  let ring = fieldRing;
  if (ring.length < 3 && stressed.length > 0) {
    const lngs = stressed.map((p) => p.lng);
    const lats = stressed.map((p) => p.lat);
    const [w, e, s, n] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
    ring = [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ];
  }
  const grid = stressDensityGrid(ring, stressed);
  const cells = grid.cells
    .map((cell) => {
      const lngs = cell.ring.map((p) => p[0]);
      const lats = cell.ring.map((p) => p[1]);
      const [w, e, s, n] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
      const inside = stressed.filter((p) => p.lng >= w && p.lng < e && p.lat >= s && p.lat < n);
      const byColour = new Map<StressColour, number>();
      for (const plant of inside)
        if (plant.colour) byColour.set(plant.colour, (byColour.get(plant.colour) ?? 0) + 1);
      const colour =
        [...byColour.entries()].sort(
          (a, b) => b[1] - a[1] || STRESS_COLOURS.indexOf(b[0]) - STRESS_COLOURS.indexOf(a[0]),
        )[0]?.[0] ?? null;
      return {
        ring: cell.ring,
        centre: [(w + e) / 2, (s + n) / 2] as [number, number],
        count: cell.count,
        colour,
      };
    })
    .sort((a, b) => b.count - a.count || b.centre[1] - a.centre[1] || a.centre[0] - b.centre[0])
    .slice(0, max);
  return {
    areas: cells.map((cell, i) => ({ ...cell, rank: i + 1 })),
    squareM: Math.round(grid.squareKm * 1000),
  };
}
