import { andBits, type BitMask, scratchMask } from './bit-mask.ts';
import type { PlantFields } from './plant-fields.ts';
import { findPlantPeriod, findRows, type PixelWindow, type RowGeometry } from './row-geometry.ts';

/**
 * The cells plant units are cut from (see plant-units.ts): per block of the image its rows and the
 * layout of its cells, and one scan of the canopy that gathers each cell's extent, counts and
 * plant-scale values. Each pass is a function of its own: V8 then optimises each loop once and
 * keeps it from photo to photo, where one large function was recompiled loop after loop (on-stack
 * replacement) for every photo.
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

/** How one block of the image is cut into cells (its own rows: a frame may hold several crops). */
export interface BlockLayout {
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

export function blockLayout(
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

/** The blocks of an image (about `blockM` each, the image split evenly), each with its own rows. */
export interface CellLayouts {
  layouts: BlockLayout[];
  blocksX: number;
  blocksY: number;
  /** Number of cell keys over all blocks. */
  keys: number;
}

export function cellLayouts(fields: PlantFields, metre: number, maxUnitPx: number): CellLayouts {
  const { width, height, canopy, shaded } = fields;
  const blockPx = PLANT_UNITS.blockM * metre;
  const blocksX = Math.max(1, Math.round(width / blockPx));
  const blocksY = Math.max(1, Math.round(height / blockPx));
  // Rows are found on the lit canopy: a cover crop as green as the vines fills the inter-row, but
  // the vines' own shadow darkens it, so lit canopy alternates with shade across the rows.
  // Read only by the layouts below (kept by none): a scratch mask.
  const rowCanopy = andBits(canopy, shaded, true, scratchMask(canopy, 'litCanopy'));
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
  return { layouts, blocksX, blocksY, keys: offset };
}

/** The layout a cell key belongs to. */
export function layoutOfKey(layouts: BlockLayout[], key: number): BlockLayout {
  let found = layouts[0] as BlockLayout;
  for (const layout of layouts) if (layout.offset <= key) found = layout;
  return found;
}
