import type { DetectOptions, IndicatorName } from '../types.ts';
import { hasBit } from './bit-mask.ts';
import { scanCells } from './cell-scan.ts';
import { cellValues } from './cell-values.ts';
import { cellLayouts, layoutOfKey, PLANT_UNITS } from './plant-cells.ts';
import type { PlantFields } from './plant-fields.ts';
import type { RowGeometry } from './row-geometry.ts';
import { SIGMA_FLOOR } from './scores.ts';
import { medianOf, selectKth } from './select.ts';

/**
 * Plants as units: the canopy is cut into cells along the rows (one vine or row segment at the
 * plant spacing, one tree where the canopy has a period along the row) or, without rows, into
 * square cells at the plant spacing. Each unit is judged against the units around it on the
 * ground (never the median of an upload), so the same photo always gives the same units and
 * verdicts. Method, limits and figures: docs/IMAGING.md, "Plant units".
 */
export { PLANT_UNITS } from './plant-cells.ts';

export type VigourClass = 'low' | 'medium' | 'high';

export interface PlantUnit {
  /** Box of the unit's canopy, analysis pixels. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  canopyPixels: number;
  shadedPixels: number;
  /** Means of the plant-scale indicators over the unit's outline pixels (NaN when none). */
  vigour: number;
  cover: number;
  chlorophyll: number;
  water: number;
  /** Robust z against the neighbours (0 when not judged). */
  z: { vigour: number; cover: number; chlorophyll: number; water: number };
  judged: boolean;
  stressed: boolean;
  vigourClass: VigourClass | null;
  /** Whether the unit lies in planted rows (its block has rows). */
  inRows: boolean;
}

export interface PlantUnits {
  /** The rows found in each block of the image (null: none). */
  blocks: (RowGeometry | null)[];
  units: PlantUnit[];
}

/**
 * Robust z of `value` against `others[from..to)`: (value − median) / max(1.4826 · MAD, floor).
 * Reorders the range; `deviations` is scratch space at least as long.
 */
function robustZ(
  value: number,
  others: Float64Array,
  from: number,
  to: number,
  floor: number,
  deviations: Float64Array,
): number {
  if (Number.isNaN(value) || to === from) return 0;
  const centre = medianOf(others, from, to);
  for (let i = from; i < to; i++) deviations[i - from] = Math.abs((others[i] as number) - centre);
  const mad = medianOf(deviations, 0, to - from);
  return (value - centre) / Math.max(1.4826 * mad, floor);
}

/**
 * Appends to `near` the units of `list` (other than `u`) within the radius of u's centre; returns
 * the new count. A small function of its own: optimised early and kept optimised (inside the
 * verdict loop the scan ran unoptimised after each deoptimisation, boxing every number).
 */
function addNear(
  u: number,
  list: number[],
  centres: { x: Float64Array; y: Float64Array },
  radius2: number,
  near: Int32Array,
  nearCount: number,
): number {
  const { x, y } = centres;
  const cx = x[u] as number;
  const cy = y[u] as number;
  let count = nearCount;
  for (let l = 0; l < list.length; l++) {
    const o = list[l] as number;
    if (o === u) continue;
    if (((x[o] as number) - cx) ** 2 + ((y[o] as number) - cy) ** 2 > radius2) continue;
    near[count++] = o;
  }
  return count;
}

/** The values (not NaN) at `near[0..nearCount)` into `into`, in that order; their number. */
function knownValues(values: Float64Array, near: Int32Array, nearCount: number, into: Float64Array): number {
  let found = 0;
  for (let i = 0; i < nearCount; i++) {
    const value = values[near[i] as number] as number;
    if (!Number.isNaN(value)) into[found++] = value;
  }
  return found;
}

/**
 * Each judged unit's robust z against its neighbours: the judged units whose canopy centre lies
 * within the radius on the ground (same field, the same rows or the same orchard), found through a
 * grid of radius-sized buckets. A unit with too few neighbours gets no verdict.
 */
function neighbourVerdicts(
  judged: PlantUnit[],
  metre: number,
  names: (IndicatorName | null)[],
  stressZ: number,
): Map<PlantUnit, PlantUnit['z']> {
  const radiusPx = PLANT_UNITS.neighbourRadiusM * metre;
  const bucketKey = (x: number, y: number) => Math.floor(y / radiusPx) * 100_003 + Math.floor(x / radiusPx);
  // The judged units in cell order, with their centres and indicator values in typed arrays.
  const count = judged.length;
  const centresX = new Float64Array(count);
  const centresY = new Float64Array(count);
  const indicators = [
    new Float64Array(count),
    new Float64Array(count),
    new Float64Array(count),
    new Float64Array(count),
  ] as const;
  const buckets = new Map<number, number[]>();
  judged.forEach((unit, u) => {
    const x = (unit.minX + unit.maxX) / 2;
    const y = (unit.minY + unit.maxY) / 2;
    centresX[u] = x;
    centresY[u] = y;
    indicators[0][u] = unit.vigour;
    indicators[1][u] = unit.cover;
    indicators[2][u] = unit.chlorophyll;
    indicators[3][u] = unit.water;
    const key = bucketKey(x, y);
    const list = buckets.get(key);
    if (list) list.push(u);
    else buckets.set(key, [u]);
  });
  const floors = names.map((name) => (name ? SIGMA_FLOOR[name] : 1));
  // Each unit's neighbours (indices, `addNear`), then one indicator's values at a time, in small
  // functions: the scan inline here ran unoptimised for long stretches (deoptimisations), boxing
  // its numbers, ~150 MB of short-lived garbage per Seneca set (now ~20 MB).
  const near = new Int32Array(count);
  const others = new Float64Array(count);
  const deviations = new Float64Array(count);
  const radius2 = radiusPx * radiusPx;
  const centres = { x: centresX, y: centresY };
  const verdicts = new Map<PlantUnit, PlantUnit['z']>();
  // z of indicator m against the neighbours that have a value of it. Closures are made outside the
  // loops: under tsx each one made is also named (a property write), per unit or cell.
  const z = (m: number, value: number, found: number) =>
    robustZ(value, others, 0, found, floors[m] as number, deviations);
  for (let u = 0; u < count; u++) {
    const unit = judged[u] as PlantUnit;
    const cx = centresX[u] as number;
    const cy = centresY[u] as number;
    let nearCount = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const list = buckets.get(bucketKey(cx + dx * radiusPx, cy + dy * radiusPx));
        if (list) nearCount = addNear(u, list, centres, radius2, near, nearCount);
      }
    }
    const vigourFound = knownValues(indicators[0], near, nearCount, others);
    if (vigourFound < PLANT_UNITS.minNeighbours) continue;
    const vigour = z(0, unit.vigour, vigourFound);
    const cover = z(1, unit.cover, knownValues(indicators[1], near, nearCount, others));
    const stressed = vigour < -stressZ || (unit.inRows && cover < -stressZ);
    // The colour indicators only matter for a stressed unit's box colour.
    verdicts.set(unit, {
      vigour,
      cover,
      chlorophyll: stressed ? z(2, unit.chlorophyll, knownValues(indicators[2], near, nearCount, others)) : 0,
      water: stressed ? z(3, unit.water, knownValues(indicators[3], near, nearCount, others)) : 0,
    });
  }
  return verdicts;
}

/** Finds the rows, cuts the canopy into plant units and scores each against its neighbours. */
export function plantUnits(fields: PlantFields, gsdM: number | null, options: DetectOptions): PlantUnits {
  const { width, height, canopy } = fields;
  const metre = gsdM ? 1 / gsdM : Math.min(width, height) / 60;
  const maxUnitPx = (options.maxBoxM ?? PLANT_UNITS.maxUnitM) * metre;
  const cells = cellLayouts(fields, metre, maxUnitPx);
  const { layouts, keys } = cells;
  const scan = scanCells(fields, cells, metre);
  const { minXs, minYs, maxXs, maxYs, canopyCounts, shadedCounts, minUs, maxUs, minVs, maxVs } = scan;
  const { names, vigourStarts, vigourValues, coverStarts, coverValues, colourSums } = cellValues(
    fields,
    keys,
    scan,
  );
  // The value a sort of the cell's values would put at a quarter of them (selected, not sorted).
  const lowerQuartile = (values: Float64Array, starts: Int32Array, cell: number) => {
    const from = starts[cell] as number;
    const to = starts[cell + 1] as number;
    if (to === from) return Number.NaN;
    return selectKth(values, from, to, Math.floor((to - from) / 4));
  };

  // A colour indicator's mean over the cell's pure canopy pixels.
  const mean = (cell: number, m: number) => {
    const n = colourSums[cell * 4 + m + 1] as number;
    return n ? (colourSums[cell * 4 + m] as number) / n : Number.NaN;
  };
  const minCanopyPx = (options.minAreaM2 ?? PLANT_UNITS.minCanopyM2) * metre * metre;
  const byCell = new Map<number, PlantUnit>();
  for (let cell = 0; cell < keys; cell++) {
    const canopyPixels = canopyCounts[cell] as number;
    if (canopyPixels === 0) continue;
    const layout = layoutOfKey(layouts, cell);
    const minX = minXs[cell] as number;
    const minY = minYs[cell] as number;
    const maxX = maxXs[cell] as number;
    const maxY = maxYs[cell] as number;
    const shadedPixels = shadedCounts[cell] as number;
    // Canopy must fill most of the unit's extent along and across its rows (its own frame): an
    // axis-aligned box around a diagonal row segment is half soil even when the vine is whole.
    const frameArea =
      ((maxUs[cell] as number) - (minUs[cell] as number) + 1) *
      ((maxVs[cell] as number) - (minVs[cell] as number) + 1);
    const vigour = lowerQuartile(vigourValues, vigourStarts, cell);
    const unit: PlantUnit = {
      minX,
      minY,
      maxX,
      maxY,
      canopyPixels,
      shadedPixels,
      vigour,
      cover: lowerQuartile(coverValues, coverStarts, cell),
      chlorophyll: mean(cell, 0),
      water: mean(cell, 2),
      z: { vigour: 0, cover: 0, chlorophyll: 0, water: 0 },
      judged:
        canopyPixels >= minCanopyPx &&
        shadedPixels <= PLANT_UNITS.maxShadedShare * canopyPixels &&
        canopyPixels >= PLANT_UNITS.minBoxCanopyShare * frameArea &&
        Math.max(maxX - minX, maxY - minY) < maxUnitPx &&
        // One plant: the middle of its box is plant (a box astride two crowns and the gap
        // between them is not a plant unit).
        hasBit(canopy, (minX + maxX) >> 1, (minY + maxY) >> 1) &&
        !Number.isNaN(vigour) &&
        // Without rows a cell is a square of ground: a sliver of canopy in it is the frayed edge of
        // a lawn or a verge beside a road, not a plant.
        (layout.rows !== null ||
          canopyPixels >= PLANT_UNITS.minCellCanopyShare * layout.alongPx * layout.acrossPx),
      stressed: false,
      vigourClass: null,
      inRows: layout.rows !== null,
    };
    byCell.set(cell, unit);
  }

  const stressZ = options.stressZ ?? PLANT_UNITS.stressZ;
  const judged = [...byCell.values()].filter((unit) => unit.judged);
  const verdicts = neighbourVerdicts(judged, metre, names, stressZ);
  for (const unit of byCell.values()) {
    const z = verdicts.get(unit);
    if (!z) {
      unit.judged = false;
      continue;
    }
    unit.z = z;
    // Cover (thinning) means something along planted rows; on a lawn or among crowns the canopy's
    // share of a cell mostly says where its edge is.
    unit.stressed = z.vigour < -stressZ || (unit.inRows && z.cover < -stressZ);

    const classZ = PLANT_UNITS.vigourClassZ;
    unit.vigourClass = z.vigour < -classZ ? 'low' : z.vigour > classZ ? 'high' : 'medium';
  }
  // A stressed plant that straddles two cells along the row is one box, not two: adjacent stressed
  // cells pair up (never more than two, so a box stays within two plant spacings and `maxUnitM`).
  for (const [cell, unit] of byCell) {
    if (!unit.stressed) continue;
    const layout = layoutOfKey(layouts, cell);
    const next = byCell.get(cell + 1);
    if (!next?.stressed || (cell - layout.offset) % layout.columns === layout.columns - 1) continue;
    const minX = Math.min(unit.minX, next.minX);
    const maxX = Math.max(unit.maxX, next.maxX);
    const minY = Math.min(unit.minY, next.minY);
    const maxY = Math.max(unit.maxY, next.maxY);
    if (Math.max(maxX - minX, maxY - minY) + 1 > maxUnitPx) continue;
    Object.assign(unit, { minX, maxX, minY, maxY });
    unit.canopyPixels += next.canopyPixels;
    unit.z = {
      vigour: Math.min(unit.z.vigour, next.z.vigour),
      cover: Math.min(unit.z.cover, next.z.cover),
      chlorophyll: Math.min(unit.z.chlorophyll, next.z.chlorophyll),
      water: Math.min(unit.z.water, next.z.water),
    };
    next.stressed = false;
    next.vigourClass = unit.vigourClass;
  }
  const units = [...byCell.entries()].sort((a, b) => a[0] - b[0]).map(([, unit]) => unit);
  return { blocks: layouts.map((layout) => layout.rows), units };
}
