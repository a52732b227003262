import { bitCount, erodeBits, scratchMask } from './bit-mask.ts';
import { type BlockTables, blockTables, cellAt, sameCell } from './cell-keys.ts';
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

export function scanCells(fields: PlantFields, cells: CellLayouts, metre: number): CellScan {
  const { width, height, canopy, shaded } = fields;
  const { layouts, blocksX, blocksY, keys } = cells;
  const tables = blockTables(cells, width);
  // The block of a pixel: its block row once per image row, its block column looked up per x.
  const blockColumns = new Int32Array(width);
  for (let x = 0; x < width; x++) blockColumns[x] = Math.min(blocksX - 1, Math.floor((x * blocksX) / width));
  // The last column of each block column.
  const blockLastX = new Int32Array(blocksX);
  for (let x = 0; x < width; x++) blockLastX[blockColumns[x] as number] = x;
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
  const solid = erodeBits(canopy, Math.max(1, Math.round(0.1 * metre)), scratchMask(canopy, 'solidCanopy'));
  // Without rows (a lawn, a verge, a hedge) the edge of a canopy mass is the usual place of a low
  // value (grass thinning into a road, beside a wall): vigour is taken only where the whole
  // plant-scale window lies inside the canopy.
  const deepSolidR = Math.max(1, Math.round(PLANT_UNITS.unrowedSolidM * metre));
  const deepSolid = erodeBits(canopy, deepSolidR, scratchMask(canopy, 'deepSolidCanopy'));
  const cellInRows = new Uint8Array(keys);
  for (const layout of layouts)
    if (layout.rows) cellInRows.fill(1, layout.offset, layout.offset + layout.cells);
  const { domain, domainCount } = fields;
  // One scan of the canopy and domain bits (both in scan order), each pixel's cell computed once.
  // Working buffers (see scratch.ts): used by plantUnits before it returns, never kept.
  const cellOfDomain = scratchInt32('unitCellOfDomain', domainCount);
  const solidOfDomain = scratchUint8('unitSolidOfDomain', domainCount);
  const scan: CellScan = {
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
  const masks = { canopy: canopy.words, domain: domain.words, shaded: shaded.words, solid: solid.words };
  const blocks = { blocksX, blocksY, blockColumns, blockLastX, cellInRows };
  scanInto(scan, tables, masks, deepSolid.words, blocks, width, height, canopy.stride);
  return scan;
}

/** Bits first..last (0–31, inclusive) of a word. */
const bitRange = (first: number, last: number) => (-1 << first) & (-1 >>> (31 - last));

/**
 * The scan, segment by segment: along an image row a cell's pixels are contiguous (j and i are
 * rounded monotone functions of x, and so is the wide inter-row test for one j), so where j, the
 * test and i are the same at two pixels every pixel between them is in the same cell (or in none).
 * A segment's canopy is then counted by words, and its extent read at its first and last canopy
 * pixel (u and v are monotone along it): the same extents and counts as pixel by pixel.
 */
function scanInto(
  scan: CellScan,
  tables: BlockTables,
  masks: { canopy: Int32Array; domain: Int32Array; shaded: Int32Array; solid: Int32Array },
  deepSolid: Int32Array,
  blocks: {
    blocksX: number;
    blocksY: number;
    blockColumns: Int32Array;
    blockLastX: Int32Array;
    cellInRows: Uint8Array;
  },
  width: number,
  height: number,
  stride: number,
): void {
  const { canopy, domain, shaded, solid } = masks;
  const { blocksX, blocksY, blockColumns, blockLastX, cellInRows } = blocks;
  const { cellOfDomain, solidOfDomain } = scan;
  let next = 0;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const blockRow = Math.min(blocksY - 1, Math.floor((y * blocksY) / height)) * blocksX;
    for (let b = blockRow; b < blockRow + blocksX; b++) {
      tables.alongY[b] = y * (tables.sin[b] as number);
      tables.acrossY[b] = y * (tables.cos[b] as number);
    }
    let k = 0;
    let word = (canopy[row] as number) | (domain[row] as number);
    while (true) {
      // The next canopy or domain pixel of the row.
      while (word === 0 && ++k < stride) word = (canopy[row + k] as number) | (domain[row + k] as number);
      if (word === 0) break;
      const x = (k << 5) + 31 - Math.clz32(word & -word);
      const b = blockRow + (blockColumns[x] as number);
      const cell = cellAt(tables, b, x);
      const j = tables.probe[0] as number;
      const inner = tables.probe[1] as number;
      const last = blockLastX[b - blockRow] as number;
      // The segment's end: galloping, then bisecting between the last pixel found in the cell
      // and the first found outside it.
      let end = x;
      let beyond = last + 1;
      for (let step = 8; end < last; step *= 2) {
        const probeX = Math.min(x + step, last);
        if (sameCell(tables, b, probeX, j, inner)) end = probeX;
        else {
          beyond = probeX;
          break;
        }
      }
      while (beyond - end > 1) {
        const middle = (end + beyond) >> 1;
        if (sameCell(tables, b, middle, j, inner)) end = middle;
        else beyond = middle;
      }
      // Pixels x..end are in `cell`.
      let firstCanopy = -1;
      let lastCanopy = -1;
      let count = 0;
      let shadedCount = 0;
      const inRows = cell >= 0 && cellInRows[cell] === 1;
      for (let w = x >> 5; w <= end >> 5; w++) {
        const range = bitRange(w === x >> 5 ? x & 31 : 0, w === end >> 5 ? end & 31 : 31);
        let domainBits = (domain[row + w] as number) & range;
        if (domainBits !== 0) {
          const solidBits = inRows ? (solid[row + w] as number) : (deepSolid[row + w] as number);
          while (domainBits !== 0) {
            const bit = 31 - Math.clz32(domainBits & -domainBits);
            domainBits &= domainBits - 1;
            cellOfDomain[next] = cell;
            solidOfDomain[next] = (solidBits >>> bit) & 1;
            next++;
          }
        }
        const canopyBits = (canopy[row + w] as number) & range;
        if (cell < 0 || canopyBits === 0) continue;
        if (firstCanopy < 0) firstCanopy = (w << 5) + 31 - Math.clz32(canopyBits & -canopyBits);
        lastCanopy = (w << 5) + 31 - Math.clz32(canopyBits);
        count += bitCount(canopyBits);
        shadedCount += bitCount(canopyBits & (shaded[row + w] as number));
      }
      if (count > 0) addCanopy(scan, tables, cell, b, y, firstCanopy, lastCanopy, count, shadedCount);
      // On past the segment.
      if (end + 1 >= width) break;
      k = (end + 1) >> 5;
      word = ((canopy[row + k] as number) | (domain[row + k] as number)) & (-1 << ((end + 1) & 31));
    }
  }
}

/** The cell's extent along (u) and across (v) the rows, extended to pixel x of the row scanned. */
function extendFrame(scan: CellScan, tables: BlockTables, cell: number, b: number, x: number): void {
  const at = b * tables.width + x;
  const u = (tables.alongX[at] as number) + (tables.alongY[b] as number);
  const v = (tables.acrossX[at] as number) + (tables.acrossY[b] as number);
  if (u < (scan.minUs[cell] as number)) scan.minUs[cell] = u;
  if (u > (scan.maxUs[cell] as number)) scan.maxUs[cell] = u;
  if (v < (scan.minVs[cell] as number)) scan.minVs[cell] = v;
  if (v > (scan.maxVs[cell] as number)) scan.maxVs[cell] = v;
}

/** A segment's canopy pixels (first..last of row y, `count` of them) added to its cell. */
function addCanopy(
  scan: CellScan,
  tables: BlockTables,
  cell: number,
  b: number,
  y: number,
  first: number,
  last: number,
  count: number,
  shadedCount: number,
): void {
  extendFrame(scan, tables, cell, b, first);
  if (last !== first) extendFrame(scan, tables, cell, b, last);
  if (first < (scan.minXs[cell] as number)) scan.minXs[cell] = first;
  if (last > (scan.maxXs[cell] as number)) scan.maxXs[cell] = last;
  if (y < (scan.minYs[cell] as number)) scan.minYs[cell] = y;
  if (y > (scan.maxYs[cell] as number)) scan.maxYs[cell] = y;
  scan.canopyCounts[cell] = (scan.canopyCounts[cell] as number) + count;
  scan.shadedCounts[cell] = (scan.shadedCounts[cell] as number) + shadedCount;
}
