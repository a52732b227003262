import type { DetectOptions, IndicatorName } from '../types.ts';
import { erodeBits, hasBit } from './bit-mask.ts';
import type { PlantFields } from './plant-fields.ts';
import { acrossRow, alongRow, findPlantPeriod, findRows, type RowGeometry } from './row-geometry.ts';
import { SIGMA_FLOOR } from './scores.ts';

/**
 * Plants as units: the canopy is cut into cells along the rows (one vine or row segment at the
 * plant spacing, one tree where the canopy has a period along the row) or, without rows, into
 * square cells at the plant spacing. Each unit is judged against the units around it on the
 * ground (never the median of an upload), so the same photo always gives the same units and
 * verdicts. Method, limits and figures: docs/IMAGING.md, "Plant units".
 */
export const PLANT_UNITS = {
  /** Along-row length of a vine unit when the canopy shows no period along the row (m). */
  plantSpacingM: 1.2,
  /** Search range of the row spacing (m). */
  minRowSpacingM: 1.2,
  maxRowSpacingM: 8,
  /** Along-row period searched for trees (m). */
  minTreeSpacingM: 2,
  /** A unit (and its box) never exceeds this side (m). */
  maxUnitM: 4,
  /** Units around a unit that it is compared with: within this ground radius (m)… */
  neighbourRadiusM: 8,
  /** …and at least this many of them, else the unit is not judged. */
  minNeighbours: 6,
  /** Smallest canopy area of a unit that is judged (m²). */
  minCanopyM2: 0.15,
  /** A unit whose canopy fills less of its box than this is not boxed (a box must be mostly plant). */
  minBoxCanopyShare: 0.5,
  /** A unit with more of its canopy in shade than this is not judged (colour unreliable). */
  maxShadedShare: 0.5,
  /** A unit whose vigour or cover z (against its neighbours) is below −this is stressed. */
  stressZ: 2.5,
  /** Vigour classes: relative vigour z below −this is low, above +this high. */
  vigourClassZ: 1,
};

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
}

export interface PlantUnits {
  rows: RowGeometry | null;
  /** Unit size in analysis pixels: along the rows × across. */
  cellAlongPx: number;
  cellAcrossPx: number;
  units: PlantUnit[];
}

interface Sums {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  canopy: number;
  shaded: number;
  n: [number, number, number, number];
  s: [number, number, number, number];
}

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2
    ? (values[mid] as number)
    : ((values[mid - 1] as number) + (values[mid] as number)) / 2;
}

function robustZ(value: number, others: number[], floor: number): number {
  if (Number.isNaN(value) || others.length === 0) return 0;
  const centre = median(others);
  const mad = median(others.map((other) => Math.abs(other - centre)));
  return (value - centre) / Math.max(1.4826 * mad, floor);
}

/** Finds the rows, cuts the canopy into plant units and scores each against its neighbours. */
export function plantUnits(fields: PlantFields, gsdM: number | null, options: DetectOptions): PlantUnits {
  const { width, height, canopy, shaded } = fields;
  const metre = gsdM ? 1 / gsdM : Math.min(width, height) / 60;
  const maxUnitPx = (options.maxBoxM ?? PLANT_UNITS.maxUnitM) * metre;
  const rows = findRows(canopy, PLANT_UNITS.minRowSpacingM * metre, PLANT_UNITS.maxRowSpacingM * metre);
  const angle = rows ? rows.angle : 0;
  const plantPx = PLANT_UNITS.plantSpacingM * metre;
  let cellAcrossPx = rows ? Math.min(rows.spacingPx, maxUnitPx) : plantPx;
  let cellAlongPx = plantPx;
  let phaseV = rows ? rows.phasePx - rows.spacingPx / 2 : 0;
  let phaseU = 0;
  if (rows) {
    const period = findPlantPeriod(canopy, rows, PLANT_UNITS.minTreeSpacingM * metre, maxUnitPx);
    if (period) {
      cellAlongPx = period.periodPx;
      phaseU = period.phasePx;
    }
    // Rows wider apart than the largest unit: cells centred on the row, the rest is inter-row.
    if (rows.spacingPx > maxUnitPx) phaseV = rows.phasePx - cellAcrossPx / 2;
  }
  cellAlongPx = Math.max(2, Math.min(cellAlongPx, maxUnitPx));
  cellAcrossPx = Math.max(2, cellAcrossPx);

  // Grid range over the image corners.
  let minI = Infinity;
  let maxI = -Infinity;
  let minJ = Infinity;
  let maxJ = -Infinity;
  for (const [x, y] of [
    [0, 0],
    [width, 0],
    [0, height],
    [width, height],
  ] as const) {
    const i = Math.floor((alongRow(angle, x, y) - phaseU) / cellAlongPx);
    const j = Math.floor((acrossRow(angle, x, y) - phaseV) / cellAcrossPx);
    minI = Math.min(minI, i);
    maxI = Math.max(maxI, i);
    minJ = Math.min(minJ, j);
    maxJ = Math.max(maxJ, j);
  }
  const columns = maxI - minI + 1;
  const cells = columns * (maxJ - minJ + 1);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cellOf = (x: number, y: number): number => {
    const across = (-x * sin + y * cos - phaseV) / cellAcrossPx;
    const j = Math.floor(across);
    // Rows farther apart than a unit: the band between the cells is inter-row, no unit.
    if (rows && rows.spacingPx > maxUnitPx) {
      const v = -x * sin + y * cos - phaseV;
      const inRow = v - Math.floor(v / rows.spacingPx) * rows.spacingPx;
      if (inRow >= cellAcrossPx) return -1;
      const row = Math.floor(v / rows.spacingPx);
      const i = Math.floor((x * cos + y * sin - phaseU) / cellAlongPx);
      return (row - minJ) * columns + (i - minI);
    }
    const i = Math.floor((x * cos + y * sin - phaseU) / cellAlongPx);
    return (j - minJ) * columns + (i - minI);
  };
  const sums = new Map<number, Sums>();
  const sumsOf = (cell: number): Sums => {
    let entry = sums.get(cell);
    if (!entry) {
      entry = {
        minX: width,
        minY: height,
        maxX: -1,
        maxY: -1,
        canopy: 0,
        shaded: 0,
        n: [0, 0, 0, 0],
        s: [0, 0, 0, 0],
      };
      sums.set(cell, entry);
    }
    return entry;
  };
  // Canopy pixels: the unit's extent, canopy and shade counts.
  for (let y = 0; y < height; y++) {
    const row = y * canopy.stride;
    for (let k = 0; k < canopy.stride; k++) {
      let word = canopy.words[row + k] as number;
      const shadedWord = shaded.words[row + k] as number;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        const x = (k << 5) + bit;
        const cell = cellOf(x, y);
        if (cell < 0 || cell >= cells) continue;
        const entry = sumsOf(cell);
        if (x < entry.minX) entry.minX = x;
        if (x > entry.maxX) entry.maxX = x;
        if (y < entry.minY) entry.minY = y;
        if (y > entry.maxY) entry.maxY = y;
        entry.canopy++;
        if ((shadedWord >>> bit) & 1) entry.shaded++;
      }
    }
  }
  // Outline pixels: the plant-scale indicators. Vigour only where the canopy is solid around the
  // pixel (eroded canopy): at a canopy's edge (a lawn along a road, a crown's rim) the window mixes
  // in soil or asphalt, which is not the plant's vigour; cover judges thinning.
  const solid = erodeBits(canopy, Math.max(1, Math.round(0.1 * metre)));
  const names: (IndicatorName | null)[] = [
    fields.roles.vigour,
    'cover',
    fields.roles.chlorophyll,
    fields.roles.water,
  ];
  const planes = names.map((name) => (name ? (fields.values[name] ?? null) : null));
  const { domainIndex } = fields;
  // Vigour and cover of a unit are the lower quartile of its plant-scale values, not the mean: a
  // stressed vine that straddles two cells still shows in both, undiluted by its healthy neighbour.
  const cellOfDomain = new Int32Array(domainIndex.length);
  const quartileValues = new Map<number, number[][]>();
  for (let k = 0; k < domainIndex.length; k++) {
    const index = domainIndex[k] as number;
    const y = Math.floor(index / width);
    const x = index - y * width;
    const cell = cellOf(x, y);
    cellOfDomain[k] = cell;
    const entry = cell >= 0 ? sums.get(cell) : undefined;
    if (!entry) continue;
    const inside = hasBit(solid, x, y);
    let lists = quartileValues.get(cell);
    if (!lists) {
      lists = [[], []];
      quartileValues.set(cell, lists);
    }
    for (let m = 0; m < 4; m++) {
      const plane = planes[m];
      if (!plane || (m === 0 && !inside)) continue;
      const value = plane[k] as number;
      if (Number.isNaN(value)) continue;
      entry.n[m] = (entry.n[m] as number) + 1;
      entry.s[m] = (entry.s[m] as number) + value;
      if (m < 2) (lists[m] as number[]).push(value);
    }
  }
  const lowerQuartile = (values: number[] | undefined) => {
    if (!values || values.length === 0) return Number.NaN;
    values.sort((a, b) => a - b);
    return values[Math.floor(values.length / 4)] as number;
  };

  const minCanopyPx = (options.minAreaM2 ?? PLANT_UNITS.minCanopyM2) * metre * metre;
  const byCell = new Map<number, PlantUnit>();
  for (const [cell, entry] of sums) {
    const mean = (m: number) => (entry.n[m] ? (entry.s[m] as number) / (entry.n[m] as number) : Number.NaN);
    const boxArea = (entry.maxX - entry.minX + 1) * (entry.maxY - entry.minY + 1);
    const unit: PlantUnit = {
      minX: entry.minX,
      minY: entry.minY,
      maxX: entry.maxX,
      maxY: entry.maxY,
      canopyPixels: entry.canopy,
      shadedPixels: entry.shaded,
      vigour: lowerQuartile(quartileValues.get(cell)?.[0]),
      cover: lowerQuartile(quartileValues.get(cell)?.[1]),
      chlorophyll: mean(2),
      water: mean(3),
      z: { vigour: 0, cover: 0, chlorophyll: 0, water: 0 },
      judged:
        entry.canopy >= minCanopyPx &&
        entry.shaded <= PLANT_UNITS.maxShadedShare * entry.canopy &&
        entry.canopy >= PLANT_UNITS.minBoxCanopyShare * boxArea &&
        !Number.isNaN(mean(0)),
      stressed: false,
      vigourClass: null,
    };
    byCell.set(cell, unit);
  }

  // Neighbours on the grid within the radius (same field, same rows or the same lawn/orchard).
  const radiusPx = PLANT_UNITS.neighbourRadiusM * metre;
  const reachI = Math.max(1, Math.ceil(radiusPx / cellAlongPx));
  const reachJ = Math.max(1, Math.ceil(radiusPx / cellAcrossPx));
  const stressZ = options.stressZ ?? PLANT_UNITS.stressZ;
  const floors = names.map((name) => (name ? SIGMA_FLOOR[name] : 1));
  for (const [cell, unit] of byCell) {
    if (!unit.judged) continue;
    const ci = cell % columns;
    const cj = Math.floor(cell / columns);
    const others: number[][] = [[], [], [], []];
    for (let dj = -reachJ; dj <= reachJ; dj++) {
      for (let di = -reachI; di <= reachI; di++) {
        if (di === 0 && dj === 0) continue;
        const along = di * cellAlongPx;
        const across = dj * cellAcrossPx;
        if (along * along + across * across > radiusPx * radiusPx) continue;
        const i = ci + di;
        if (i < 0 || i >= columns) continue;
        const other = byCell.get((cj + dj) * columns + i);
        if (!other?.judged) continue;
        const values = [other.vigour, other.cover, other.chlorophyll, other.water];
        for (let m = 0; m < 4; m++)
          if (!Number.isNaN(values[m] as number)) others[m]?.push(values[m] as number);
      }
    }
    if ((others[0] as number[]).length < PLANT_UNITS.minNeighbours) {
      unit.judged = false;
      continue;
    }
    unit.z = {
      vigour: robustZ(unit.vigour, others[0] as number[], floors[0] as number),
      cover: robustZ(unit.cover, others[1] as number[], floors[1] as number),
      chlorophyll: robustZ(unit.chlorophyll, others[2] as number[], floors[2] as number),
      water: robustZ(unit.water, others[3] as number[], floors[3] as number),
    };
    // Cover (thinning) means something along planted rows; on a lawn or among crowns the canopy's
    // share of a cell mostly says where its edge is.
    unit.stressed = unit.z.vigour < -stressZ || (rows !== null && unit.z.cover < -stressZ);
    const classZ = PLANT_UNITS.vigourClassZ;
    unit.vigourClass = unit.z.vigour < -classZ ? 'low' : unit.z.vigour > classZ ? 'high' : 'medium';
  }
  // A stressed plant that straddles two cells along the row is one box, not two: adjacent stressed
  // cells pair up (never more than two, so a box stays within two plant spacings and `maxUnitM`).
  for (const [cell, unit] of byCell) {
    if (!unit.stressed) continue;
    const next = byCell.get(cell + 1);
    if (!next?.stressed || cell % columns === columns - 1) continue;
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
  return { rows, cellAlongPx, cellAcrossPx, units };
}
