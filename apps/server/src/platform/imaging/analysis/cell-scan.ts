import { erodeBits } from './bit-mask.ts';
import { type CellLayouts, PLANT_UNITS } from './plant-cells.ts';
import type { PlantFields } from './plant-fields.ts';
import { scratchInt32, scratchUint8 } from './scratch.ts';

/**
 * Per cell key, in typed arrays (a few thousand cells): the canopy's extent (in the image and
 * along/across its block's rows), canopy and shade counts; per domain pixel its cell (−1: none)
 * and whether the canopy is solid there.
 */
export interface CellScan {
  minXs: Int32Array;
  minYs: Int32Array;
  maxXs: Int32Array;
  maxYs: Int32Array;
  canopyCounts: Int32Array;
  shadedCounts: Int32Array;
  minUs: Float64Array;
  maxUs: Float64Array;
  minVs: Float64Array;
  maxVs: Float64Array;
  cellOfDomain: Int32Array;
  solidOfDomain: Uint8Array;
}

/**
 * What a pixel's cell key is computed from, per block of the image (BlockLayout), as flat typed
 * arrays: the block's numbers, the terms of x alone (x·cos, −x·sin) per block and column, and each
 * cell row's along-row phase already reduced (a floating-point `%` is a call into C). The scan
 * adds the same products in the same order as computing them per pixel did: the same keys and
 * coordinates, bit for bit, for a fraction of the arithmetic.
 */
interface BlockTables {
  cos: Float64Array;
  sin: Float64Array;
  phaseV: Float64Array;
  wideRowPx: Float64Array;
  acrossPx: Float64Array;
  alongPx: Float64Array;
  minJ: Float64Array;
  rowCount: Int32Array;
  minI: Float64Array;
  columns: Int32Array;
  offset: Int32Array;
  /** Start of the block's cell rows in `rowPhase`. */
  phaseStart: Int32Array;
  /** `(phases[row] % alongPx) − alongPx` per block and cell row. */
  rowPhase: Float64Array;
  /** x·cos and −x·sin at `block · width + x`. */
  alongX: Float64Array;
  acrossX: Float64Array;
}

function blockTables(cells: CellLayouts, width: number): BlockTables {
  const { layouts } = cells;
  const n = layouts.length;
  const tables: BlockTables = {
    cos: new Float64Array(n),
    sin: new Float64Array(n),
    phaseV: new Float64Array(n),
    wideRowPx: new Float64Array(n),
    acrossPx: new Float64Array(n),
    alongPx: new Float64Array(n),
    minJ: new Float64Array(n),
    rowCount: new Int32Array(n),
    minI: new Float64Array(n),
    columns: new Int32Array(n),
    offset: new Int32Array(n),
    phaseStart: new Int32Array(n),
    rowPhase: new Float64Array(layouts.reduce((sum, layout) => sum + layout.phases.length, 0)),
    alongX: new Float64Array(n * width),
    acrossX: new Float64Array(n * width),
  };
  let phaseAt = 0;
  layouts.forEach((layout, b) => {
    const { cos, sin } = layout;
    tables.cos[b] = cos;
    tables.sin[b] = sin;
    tables.phaseV[b] = layout.phaseV;
    tables.wideRowPx[b] = layout.wideRowPx;
    tables.acrossPx[b] = layout.acrossPx;
    tables.alongPx[b] = layout.alongPx;
    tables.minJ[b] = layout.minJ;
    tables.rowCount[b] = layout.phases.length;
    tables.minI[b] = layout.minI;
    tables.columns[b] = layout.columns;
    tables.offset[b] = layout.offset;
    tables.phaseStart[b] = phaseAt;
    for (const phase of layout.phases) tables.rowPhase[phaseAt++] = (phase % layout.alongPx) - layout.alongPx;
    for (let x = 0; x < width; x++) {
      tables.alongX[b * width + x] = x * cos;
      tables.acrossX[b * width + x] = -x * sin;
    }
  });
  return tables;
}

export function scanCells(fields: PlantFields, cells: CellLayouts, metre: number): CellScan {
  const { width, height, canopy, shaded } = fields;
  const { layouts, blocksX, blocksY, keys } = cells;
  const tables = blockTables(cells, width);
  const { phaseV, wideRowPx, acrossPx, alongPx, minJ, rowCount, minI, columns, offset } = tables;
  const { phaseStart, rowPhase, alongX, acrossX } = tables;
  // The block of a pixel: its block row once per image row, its block column looked up per x.
  const blockColumns = new Int32Array(width);
  for (let x = 0; x < width; x++) blockColumns[x] = Math.min(blocksX - 1, Math.floor((x * blocksX) / width));
  // y·sin and y·cos of each block, per image row.
  const alongY = new Float64Array(layouts.length);
  const acrossY = new Float64Array(layouts.length);
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
  // One scan of the canopy and domain bits (both in scan order), each pixel's cell computed once.
  // Working buffers (see scratch.ts): used by plantUnits before it returns, never kept.
  const cellOfDomain = scratchInt32('unitCellOfDomain', domainIndex.length);
  const solidOfDomain = scratchUint8('unitSolidOfDomain', domainIndex.length);
  const stride = canopy.stride;
  let next = 0;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const blockRow = Math.min(blocksY - 1, Math.floor((y * blocksY) / height)) * blocksX;
    for (let b = blockRow; b < blockRow + blocksX; b++) {
      alongY[b] = y * (tables.sin[b] as number);
      acrossY[b] = y * (tables.cos[b] as number);
    }
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
        const b = blockRow + (blockColumns[x] as number);
        const u = (alongX[b * width + x] as number) + (alongY[b] as number);
        const v = (acrossX[b * width + x] as number) + (acrossY[b] as number);
        // The cell key: cell row j across the rows (none in a wide inter-row), then column i along
        // the row at that row's phase; −1 outside the block's cells.
        let cell = -1;
        const across = v - (phaseV[b] as number);
        const wide = wideRowPx[b] as number;
        const j = wide ? Math.floor(across / wide) : Math.floor(across / (acrossPx[b] as number));
        const cellRow = j - (minJ[b] as number);
        if (
          (!wide || across - j * wide < (acrossPx[b] as number)) &&
          cellRow >= 0 &&
          cellRow < (rowCount[b] as number)
        ) {
          const along = alongPx[b] as number;
          const phase = rowPhase[(phaseStart[b] as number) + cellRow] as number;
          const column = Math.floor((u - phase) / along) - 1 - (minI[b] as number);
          if (column >= 0 && column < (columns[b] as number))
            cell = (offset[b] as number) + cellRow * (columns[b] as number) + column;
        }
        if ((domainWord >>> bit) & 1) {
          cellOfDomain[next] = cell;
          const solidBits = cell >= 0 && cellInRows[cell] ? solidWord : deepSolidWord;
          solidOfDomain[next] = (solidBits >>> bit) & 1;
          next++;
        }
        if (cell < 0 || ((canopyWord >>> bit) & 1) === 0) continue;
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
  return {
    minXs,
    minYs,
    maxXs,
    maxYs,
    canopyCounts,
    shadedCounts,
    minUs,
    maxUs,
    minVs,
    maxVs,
    cellOfDomain,
    solidOfDomain,
  };
}
