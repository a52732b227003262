import type { DetectOptions, IndicatorName } from '../types.ts';
import { andBits, type BitMask, erodeBits, hasBit } from './bit-mask.ts';
import type { PlantFields } from './plant-fields.ts';
import { findPlantPeriod, findRows, type PixelWindow, type RowGeometry } from './row-geometry.ts';
import { SIGMA_FLOOR } from './scores.ts';
import { medianOf, selectKth } from './select.ts';

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
  /** Margin either side of a row's lit canopy band that still belongs to its plants (m). */
  rowMarginM: 0.3,
  /** Along-row period searched for trees (m). */
  minTreeSpacingM: 2,
  maxTreeSpacingM: 7,
  /** Rows are looked for in blocks of about this size (m): one frame may hold several plantings. */
  blockM: 25,
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
  /** Without rows, vigour is read only this far inside the canopy (plant-scale window + 0.1 m). */
  unrowedSolidM: 0.3,
  /** Without rows, a unit whose canopy covers less of its square cell than this is not judged. */
  minCellCanopyShare: 0.5,
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

/** Finds the rows, cuts the canopy into plant units and scores each against its neighbours. */
/** How one block of the image is cut into cells (its own rows: a frame may hold several crops). */
interface BlockLayout {
  rows: RowGeometry | null;
  cos: number;
  sin: number;
  /** Along-row phase of each cell row (index j − minJ). */
  phases: Float64Array;
  phaseV: number;
  alongPx: number;
  acrossPx: number;
  /** Row spacing when rows are wider apart than a unit (cells centred on the row), else 0. */
  wideRowPx: number;
  minI: number;
  minJ: number;
  columns: number;
  cells: number;
  /** First cell key of this block. */
  offset: number;
}

function blockLayout(
  canopy: BitMask,
  window: PixelWindow,
  metre: number,
  maxUnitPx: number,
  offset: number,
): BlockLayout {
  const rows = findRows(
    canopy,
    PLANT_UNITS.minRowSpacingM * metre,
    PLANT_UNITS.maxRowSpacingM * metre,
    window,
  );
  const angle = rows ? rows.angle : 0;
  const plantPx = PLANT_UNITS.plantSpacingM * metre;
  let acrossPx = rows ? Math.min(rows.spacingPx, maxUnitPx) : plantPx;
  let alongPx = plantPx;
  let phaseV = rows ? rows.phasePx - rows.spacingPx / 2 : 0;
  const phaseU = 0;
  let rowPhasesPx: Map<number, number> | null = null;
  let wideRowPx = 0;
  if (rows) {
    const period = findPlantPeriod(
      canopy,
      rows,
      PLANT_UNITS.minTreeSpacingM * metre,
      PLANT_UNITS.maxTreeSpacingM * metre,
      window,
    );
    if (period) {
      alongPx = period.periodPx;
      rowPhasesPx = period.rowPhasesPx;
    }
    // Cells centred on the row, as wide as its lit canopy band plus a margin for the leaves at its
    // edges, when that is narrower than the spacing (or than the largest unit): the rest is
    // inter-row (soil, shade, cover crop), never part of a plant unit.
    const bandPx = rows.widthPx + 2 * PLANT_UNITS.rowMarginM * metre;
    if (bandPx < rows.spacingPx || rows.spacingPx > maxUnitPx) {
      acrossPx = Math.min(bandPx, rows.spacingPx, maxUnitPx);
      phaseV = rows.phasePx - acrossPx / 2;
      wideRowPx = rows.spacingPx;
    }
  }
  // A tree's cell follows the trees' period even past `maxUnitM` (its box is the crown inside it,
  // and a unit whose canopy box exceeds `maxUnitM` is not judged).
  alongPx = Math.max(2, alongPx);
  acrossPx = Math.max(2, acrossPx);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const acrossStep = wideRowPx || acrossPx;
  let minI = Infinity;
  let maxI = -Infinity;
  let minJ = Infinity;
  let maxJ = -Infinity;
  for (const [x, y] of [
    [window.x0, window.y0],
    [window.x1, window.y0],
    [window.x0, window.y1],
    [window.x1, window.y1],
  ] as const) {
    // Phases lie within one period, so the range of i gains one cell either side.
    const i = Math.floor((x * cos + y * sin) / alongPx);
    const j = Math.floor((-x * sin + y * cos - phaseV) / acrossStep);
    minI = Math.min(minI, i);
    maxI = Math.max(maxI, i);
    minJ = Math.min(minJ, j);
    maxJ = Math.max(maxJ, j);
  }
  // Per cell row j (the row numbering of findPlantPeriod: cells are centred on the rows), the
  // along-row phase of its trees.
  const phases = new Float64Array(maxJ - minJ + 1).fill(phaseU);
  if (rowPhasesPx)
    for (const [row, phase] of rowPhasesPx) if (row >= minJ && row <= maxJ) phases[row - minJ] = phase;
  return {
    rows,
    cos,
    sin,
    phases,
    phaseV,
    alongPx,
    acrossPx,
    wideRowPx,
    minI: minI - 1,
    minJ,
    columns: maxI - minI + 3,
    cells: (maxI - minI + 3) * (maxJ - minJ + 1),
    offset,
  };
}

/** Cell key of a pixel in its block's layout, −1 in a wide inter-row. */
function cellKey(layout: BlockLayout, x: number, y: number): number {
  const { cos, sin } = layout;
  const v = -x * sin + y * cos - layout.phaseV;
  let j: number;
  if (layout.wideRowPx) {
    j = Math.floor(v / layout.wideRowPx);
    if (v - j * layout.wideRowPx >= layout.acrossPx) return -1;
  } else {
    j = Math.floor(v / layout.acrossPx);
  }
  const row = j - layout.minJ;
  if (row < 0 || row >= layout.phases.length) return -1;
  const phase = ((layout.phases[row] as number) % layout.alongPx) - layout.alongPx;
  const i = Math.floor((x * cos + y * sin - phase) / layout.alongPx) - 1;
  const column = i - layout.minI;
  if (column < 0 || column >= layout.columns) return -1;
  return layout.offset + row * layout.columns + column;
}

/** Finds the rows, cuts the canopy into plant units and scores each against its neighbours. */
export function plantUnits(fields: PlantFields, gsdM: number | null, options: DetectOptions): PlantUnits {
  const { width, height, canopy, shaded } = fields;
  const metre = gsdM ? 1 / gsdM : Math.min(width, height) / 60;
  const maxUnitPx = (options.maxBoxM ?? PLANT_UNITS.maxUnitM) * metre;
  // Blocks of about `blockM` (the image split evenly), each with its own rows.
  const blockPx = PLANT_UNITS.blockM * metre;
  const blocksX = Math.max(1, Math.round(width / blockPx));
  const blocksY = Math.max(1, Math.round(height / blockPx));
  // Rows are found on the lit canopy: a cover crop as green as the vines fills the inter-row, but
  // the vines' own shadow darkens it, so lit canopy alternates with shade across the rows.
  const rowCanopy = andBits(canopy, shaded, true);
  const layouts: BlockLayout[] = [];
  let offset = 0;
  for (let by = 0; by < blocksY; by++) {
    for (let bx = 0; bx < blocksX; bx++) {
      const window = {
        x0: Math.floor((bx * width) / blocksX),
        x1: Math.floor(((bx + 1) * width) / blocksX),
        y0: Math.floor((by * height) / blocksY),
        y1: Math.floor(((by + 1) * height) / blocksY),
      };
      const layout = blockLayout(rowCanopy, window, metre, maxUnitPx, offset);
      offset += layout.cells;
      layouts.push(layout);
    }
  }
  // The block of a pixel: its block row once per image row, its block column looked up per x.
  const blockColumns = new Int32Array(width);
  for (let x = 0; x < width; x++) blockColumns[x] = Math.min(blocksX - 1, Math.floor((x * blocksX) / width));
  const blockRowOf = (y: number) => Math.min(blocksY - 1, Math.floor((y * blocksY) / height)) * blocksX;
  const layoutOfKey = (key: number) => {
    let found = layouts[0] as BlockLayout;
    for (const layout of layouts) if (layout.offset <= key) found = layout;
    return found;
  };
  // Per cell key, in typed arrays (a few thousand cells): extent, canopy and shade counts, and
  // the sums of the plant-scale indicators.
  const keys = offset;
  const minXs = new Int32Array(keys).fill(width);
  const minYs = new Int32Array(keys).fill(height);
  const maxXs = new Int32Array(keys).fill(-1);
  const maxYs = new Int32Array(keys).fill(-1);
  const canopyCounts = new Int32Array(keys);
  const shadedCounts = new Int32Array(keys);
  // Extent of the canopy along (u) and across (v) its block's rows (the unit's own frame).
  const minUs = new Float64Array(keys).fill(Infinity);
  const maxUs = new Float64Array(keys).fill(-Infinity);
  const minVs = new Float64Array(keys).fill(Infinity);
  const maxVs = new Float64Array(keys).fill(-Infinity);
  // Outline pixels: the plant-scale indicators. Vigour only where the canopy is solid around the
  // pixel (eroded canopy): at a canopy's edge (a lawn along a road, a crown's rim) the window mixes
  // in soil or asphalt, which is not the plant's vigour; cover judges thinning.
  const solid = erodeBits(canopy, Math.max(1, Math.round(0.1 * metre)));
  // Without rows (a lawn, a verge, a hedge) the edge of a canopy mass is the usual place of a low
  // value (grass thinning into a road, beside a wall): vigour is taken only where the whole
  // plant-scale window lies inside the canopy.
  const deepSolid = erodeBits(canopy, Math.max(1, Math.round(PLANT_UNITS.unrowedSolidM * metre)));
  const cellInRows = new Uint8Array(keys);
  for (const layout of layouts)
    if (layout.rows) cellInRows.fill(1, layout.offset, layout.offset + layout.cells);
  const { domain, domainIndex } = fields;
  // One scan of the canopy and domain bits (both in scan order), each pixel's cell computed once:
  // canopy pixels give the unit's extent (in the image and along/across its rows), canopy and shade
  // counts; domain pixels their cell and whether the canopy is solid there.
  const cellOfDomain = new Int32Array(domainIndex.length);
  const solidOfDomain = new Uint8Array(domainIndex.length);
  const stride = canopy.stride;
  let next = 0;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const blockRow = blockRowOf(y);
    for (let k = 0; k < stride; k++) {
      const canopyWord = canopy.words[row + k] as number;
      const domainWord = domain.words[row + k] as number;
      const shadedWord = shaded.words[row + k] as number;
      const solidWord = solid.words[row + k] as number;
      const deepSolidWord = deepSolid.words[row + k] as number;
      let word = canopyWord | domainWord;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        const x = (k << 5) + bit;
        const layout = layouts[blockRow + (blockColumns[x] as number)] as BlockLayout;
        const cell = cellKey(layout, x, y);
        if ((domainWord >>> bit) & 1) {
          cellOfDomain[next] = cell;
          const solidBits = cell >= 0 && cellInRows[cell] ? solidWord : deepSolidWord;
          solidOfDomain[next] = (solidBits >>> bit) & 1;
          next++;
        }
        if (cell < 0 || ((canopyWord >>> bit) & 1) === 0) continue;
        const u = x * layout.cos + y * layout.sin;
        const v = -x * layout.sin + y * layout.cos;
        if (u < (minUs[cell] as number)) minUs[cell] = u;
        if (u > (maxUs[cell] as number)) maxUs[cell] = u;
        if (v < (minVs[cell] as number)) minVs[cell] = v;
        if (v > (maxVs[cell] as number)) maxVs[cell] = v;
        if (x < (minXs[cell] as number)) minXs[cell] = x;
        if (x > (maxXs[cell] as number)) maxXs[cell] = x;
        if (y < (minYs[cell] as number)) minYs[cell] = y;
        if (y > (maxYs[cell] as number)) maxYs[cell] = y;
        canopyCounts[cell] = (canopyCounts[cell] as number) + 1;
        if ((shadedWord >>> bit) & 1) shadedCounts[cell] = (shadedCounts[cell] as number) + 1;
      }
    }
  }
  const names: (IndicatorName | null)[] = [
    fields.roles.vigour,
    'cover',
    fields.roles.chlorophyll,
    fields.roles.water,
  ];
  const planes = names.map((name) => (name ? (fields.values[name] ?? null) : null));
  const [vigourPlane, coverPlane, chlorophyllPlane, waterPlane] = planes;
  // Vigour and cover of a unit are the lower quartile of its plant-scale values, not the mean: a
  // stressed vine that straddles two cells still shows in both, undiluted by its healthy neighbour.
  // Gathered per cell by a counting sort into one typed array each.
  const vigourCounts = new Int32Array(keys + 1);
  const coverCounts = new Int32Array(keys + 1);
  const colourSums = new Float64Array(keys * 4);
  for (let k = 0; k < domainIndex.length; k++) {
    let cell = cellOfDomain[k] as number;
    if (cell >= 0 && canopyCounts[cell] === 0) cell = -1;
    cellOfDomain[k] = cell;
    if (cell < 0) continue;
    const vigour = vigourPlane ? (vigourPlane[k] as number) : Number.NaN;
    if (!Number.isNaN(vigour) && solidOfDomain[k] === 1)
      vigourCounts[cell + 1] = (vigourCounts[cell + 1] as number) + 1;
    const cover = coverPlane ? (coverPlane[k] as number) : Number.NaN;
    if (!Number.isNaN(cover)) coverCounts[cell + 1] = (coverCounts[cell + 1] as number) + 1;
    const chlorophyll = chlorophyllPlane ? (chlorophyllPlane[k] as number) : Number.NaN;
    if (!Number.isNaN(chlorophyll)) {
      colourSums[cell * 4] = (colourSums[cell * 4] as number) + chlorophyll;
      colourSums[cell * 4 + 1] = (colourSums[cell * 4 + 1] as number) + 1;
    }
    const water = waterPlane ? (waterPlane[k] as number) : Number.NaN;
    if (!Number.isNaN(water)) {
      colourSums[cell * 4 + 2] = (colourSums[cell * 4 + 2] as number) + water;
      colourSums[cell * 4 + 3] = (colourSums[cell * 4 + 3] as number) + 1;
    }
  }
  for (let cell = 0; cell < keys; cell++) {
    vigourCounts[cell + 1] = (vigourCounts[cell + 1] as number) + (vigourCounts[cell] as number);
    coverCounts[cell + 1] = (coverCounts[cell + 1] as number) + (coverCounts[cell] as number);
  }
  const vigourValues = new Float32Array(vigourCounts[keys] as number);
  const coverValues = new Float32Array(coverCounts[keys] as number);
  const vigourFill = vigourCounts.slice(0, keys);
  const coverFill = coverCounts.slice(0, keys);
  for (let k = 0; k < domainIndex.length; k++) {
    const cell = cellOfDomain[k] as number;
    if (cell < 0) continue;
    const vigour = vigourPlane ? (vigourPlane[k] as number) : Number.NaN;
    if (!Number.isNaN(vigour) && solidOfDomain[k] === 1) {
      vigourValues[vigourFill[cell] as number] = vigour;
      vigourFill[cell] = (vigourFill[cell] as number) + 1;
    }
    const cover = coverPlane ? (coverPlane[k] as number) : Number.NaN;
    if (!Number.isNaN(cover)) {
      coverValues[coverFill[cell] as number] = cover;
      coverFill[cell] = (coverFill[cell] as number) + 1;
    }
  }
  // The value a sort of the cell's values would put at a quarter of them (selected, not sorted).
  const lowerQuartile = (values: Float32Array, starts: Int32Array, cell: number) => {
    const from = starts[cell] as number;
    const to = starts[cell + 1] as number;
    if (to === from) return Number.NaN;
    return selectKth(values, from, to, Math.floor((to - from) / 4));
  };

  const minCanopyPx = (options.minAreaM2 ?? PLANT_UNITS.minCanopyM2) * metre * metre;
  const byCell = new Map<number, PlantUnit>();
  for (let cell = 0; cell < keys; cell++) {
    const canopyPixels = canopyCounts[cell] as number;
    if (canopyPixels === 0) continue;
    const layout = layoutOfKey(cell);
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
    const mean = (m: number) => {
      const n = colourSums[cell * 4 + m + 1] as number;
      return n ? (colourSums[cell * 4 + m] as number) / n : Number.NaN;
    };
    const vigour = lowerQuartile(vigourValues, vigourCounts, cell);
    const unit: PlantUnit = {
      minX,
      minY,
      maxX,
      maxY,
      canopyPixels,
      shadedPixels,
      vigour,
      cover: lowerQuartile(coverValues, coverCounts, cell),
      chlorophyll: mean(0),
      water: mean(2),
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

  // Neighbours: the judged units whose canopy centre lies within the radius on the ground (same
  // field, the same rows or the same orchard), found through a grid of radius-sized buckets.
  const radiusPx = PLANT_UNITS.neighbourRadiusM * metre;
  const bucketKey = (x: number, y: number) => Math.floor(y / radiusPx) * 100_003 + Math.floor(x / radiusPx);
  // The judged units in cell order, with their centres and indicator values in typed arrays.
  const judged = [...byCell.values()].filter((unit) => unit.judged);
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
  const stressZ = options.stressZ ?? PLANT_UNITS.stressZ;
  const floors = names.map((name) => (name ? SIGMA_FLOOR[name] : 1));
  // The neighbours' values of each indicator, and scratch for their deviations (at most all units).
  const others = [
    new Float64Array(count),
    new Float64Array(count),
    new Float64Array(count),
    new Float64Array(count),
  ] as const;
  const deviations = new Float64Array(count);
  const found = new Int32Array(4);
  const verdicts = new Map<PlantUnit, PlantUnit['z']>();
  for (let u = 0; u < count; u++) {
    const unit = judged[u] as PlantUnit;
    const cx = centresX[u] as number;
    const cy = centresY[u] as number;
    found.fill(0);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const list = buckets.get(bucketKey(cx + dx * radiusPx, cy + dy * radiusPx));
        if (!list) continue;
        for (const o of list) {
          if (o === u) continue;
          if (((centresX[o] as number) - cx) ** 2 + ((centresY[o] as number) - cy) ** 2 > radiusPx * radiusPx)
            continue;
          for (let m = 0; m < 4; m++) {
            const value = (indicators[m] as Float64Array)[o] as number;
            if (Number.isNaN(value)) continue;
            (others[m] as Float64Array)[found[m] as number] = value;
            found[m] = (found[m] as number) + 1;
          }
        }
      }
    }
    if ((found[0] as number) < PLANT_UNITS.minNeighbours) continue;
    const z = (m: number, value: number) =>
      robustZ(value, others[m] as Float64Array, 0, found[m] as number, floors[m] as number, deviations);
    const vigour = z(0, unit.vigour);
    const cover = z(1, unit.cover);
    const stressed = vigour < -stressZ || (unit.inRows && cover < -stressZ);
    // The colour indicators only matter for a stressed unit's box colour.
    verdicts.set(unit, {
      vigour,
      cover,
      chlorophyll: stressed ? z(2, unit.chlorophyll) : 0,
      water: stressed ? z(3, unit.water) : 0,
    });
  }
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
    const layout = layoutOfKey(cell);
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
