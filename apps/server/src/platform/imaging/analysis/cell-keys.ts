import type { CellLayouts } from './plant-cells.ts';

/**
 * What a pixel's cell key is computed from, per block of the image (BlockLayout), as flat typed
 * arrays: the block's numbers, the terms of x alone (x·cos, −x·sin) per block and column, and each
 * cell row's along-row phase already reduced (a floating-point `%` is a call into C). The scan
 * adds the same products in the same order as computing them per pixel did: the same keys and
 * coordinates, bit for bit, for a fraction of the arithmetic.
 */
export interface BlockTables {
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
  /** y·sin and y·cos of each block, for the image row being scanned. */
  alongY: Float64Array;
  acrossY: Float64Array;
  width: number;
  /** What `cellAt` found last: j, then i (−∞: in a wide inter-row, +∞: j outside the block). */
  probe: Float64Array;
}

export function blockTables(cells: CellLayouts, width: number): BlockTables {
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
    alongY: new Float64Array(n),
    acrossY: new Float64Array(n),
    width,
    probe: new Float64Array(2),
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

/**
 * The cell key of pixel x of the row being scanned in block b (−1: none): cell row j across the
 * rows (none in a wide inter-row), then column i along the row at that row's phase.
 */
export function cellAt(tables: BlockTables, b: number, x: number): number {
  const at = b * tables.width + x;
  const across =
    (tables.acrossX[at] as number) + (tables.acrossY[b] as number) - (tables.phaseV[b] as number);
  const wide = tables.wideRowPx[b] as number;
  const j = wide ? Math.floor(across / wide) : Math.floor(across / (tables.acrossPx[b] as number));
  const cellRow = j - (tables.minJ[b] as number);
  tables.probe[0] = j;
  if (wide && across - j * wide >= (tables.acrossPx[b] as number)) {
    tables.probe[1] = Number.NEGATIVE_INFINITY;
    return -1;
  }
  if (cellRow < 0 || cellRow >= (tables.rowCount[b] as number)) {
    tables.probe[1] = Number.POSITIVE_INFINITY;
    return -1;
  }
  const u = (tables.alongX[at] as number) + (tables.alongY[b] as number);
  const phase = tables.rowPhase[(tables.phaseStart[b] as number) + cellRow] as number;
  const i = Math.floor((u - phase) / (tables.alongPx[b] as number)) - 1;
  tables.probe[1] = i;
  const column = i - (tables.minI[b] as number);
  if (column < 0 || column >= (tables.columns[b] as number)) return -1;
  return (tables.offset[b] as number) + cellRow * (tables.columns[b] as number) + column;
}

/** Whether pixel x of the row scanned in block b has the j and i (or inter-row test) given. */
export function sameCell(tables: BlockTables, b: number, x: number, j: number, inner: number): boolean {
  cellAt(tables, b, x);
  return tables.probe[0] === j && tables.probe[1] === inner;
}
