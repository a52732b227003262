import type { IndicatorName } from '../types.ts';
import type { CellScan } from './cell-scan.ts';
import type { PlantFields } from './plant-fields.ts';
import { scratchFloat64 } from './scratch.ts';

/**
 * The plant-scale values of each cell with canopy: vigour (solid canopy only) and cover grouped
 * by cell (`*Values[*Starts[c] .. *Starts[c + 1])`, for their lower quartile), and the sums and
 * counts of the colour indicators (`colourSums[4c ..]`: chlorophyll sum, count, water sum, count).
 */
export interface CellValues {
  names: (IndicatorName | null)[];
  vigourStarts: Int32Array;
  vigourValues: Float64Array;
  coverStarts: Int32Array;
  coverValues: Float64Array;
  colourSums: Float64Array;
}

/*
 * Each pass over the domain pixels is a function of its own over typed arrays, one indicator at a
 * time: in one function looping over every indicator V8 recompiled the loops (on-stack
 * replacement) photo after photo.
 */

/** Domain pixels of cells without canopy belong to no cell. */
function dropEmptyCells(cellOfDomain: Int32Array, canopyCounts: Int32Array): void {
  for (let k = 0; k < cellOfDomain.length; k++) {
    const cell = cellOfDomain[k] as number;
    if (cell >= 0 && canopyCounts[cell] === 0) cellOfDomain[k] = -1;
  }
}

/** Per cell (at `cell + 1`), its values that are not NaN (and solid where `solid` is given). */
function countValues(
  cellOfDomain: Int32Array,
  values: Float32Array,
  solid: Uint8Array | null,
  counts: Int32Array,
): void {
  for (let k = 0; k < cellOfDomain.length; k++) {
    const cell = cellOfDomain[k] as number;
    if (cell < 0 || Number.isNaN(values[k] as number) || (solid !== null && solid[k] !== 1)) continue;
    counts[cell + 1] = (counts[cell + 1] as number) + 1;
  }
}

/** The same values written grouped by cell, from each cell's start (`fill`, advanced). */
function gatherValues(
  cellOfDomain: Int32Array,
  values: Float32Array,
  solid: Uint8Array | null,
  fill: Int32Array,
  out: Float64Array,
): void {
  for (let k = 0; k < cellOfDomain.length; k++) {
    const cell = cellOfDomain[k] as number;
    const value = values[k] as number;
    if (cell < 0 || Number.isNaN(value) || (solid !== null && solid[k] !== 1)) continue;
    out[fill[cell] as number] = value;
    fill[cell] = (fill[cell] as number) + 1;
  }
}

/** Per cell, the sum and count of a colour indicator's values (not NaN) at `sums[4 · cell + at]`. */
function sumValues(cellOfDomain: Int32Array, values: Float32Array, sums: Float64Array, at: number): void {
  for (let k = 0; k < cellOfDomain.length; k++) {
    const cell = cellOfDomain[k] as number;
    const value = values[k] as number;
    if (cell < 0 || Number.isNaN(value)) continue;
    sums[cell * 4 + at] = (sums[cell * 4 + at] as number) + value;
    sums[cell * 4 + at + 1] = (sums[cell * 4 + at + 1] as number) + 1;
  }
}

/** Values of one indicator grouped by cell: starts (prefix sums of the counts) and values. */
function groupByCell(
  cellOfDomain: Int32Array,
  values: Float32Array | null,
  solid: Uint8Array | null,
  keys: number,
  scratchName: string,
): { starts: Int32Array; grouped: Float64Array } {
  const starts = new Int32Array(keys + 1);
  if (values) countValues(cellOfDomain, values, solid, starts);
  for (let cell = 0; cell < keys; cell++)
    starts[cell + 1] = (starts[cell + 1] as number) + (starts[cell] as number);
  // A working buffer: the quartiles are selected from it before plantUnits returns. Float64 (the
  // same values): `selectKth` then sees one array type, as the neighbour medians' own; called with
  // both, plantUnits took 5–9 % longer (the values are 8 bytes each a domain pixel, ~20 MB more
  // scratch on a Seneca photo of 86 % canopy).
  const grouped = scratchFloat64(scratchName, starts[keys] as number);
  if (values) gatherValues(cellOfDomain, values, solid, starts.slice(0, keys), grouped);
  return { starts, grouped };
}

export function cellValues(fields: PlantFields, keys: number, scan: CellScan): CellValues {
  const { cellOfDomain, solidOfDomain, canopyCounts } = scan;
  const names: (IndicatorName | null)[] = [
    fields.roles.vigour,
    'cover',
    fields.roles.chlorophyll,
    fields.roles.water,
  ];
  const planes = names.map((name) => (name ? (fields.values[name] ?? null) : null));
  const [vigourPlane, coverPlane, chlorophyllPlane, waterPlane] = planes;
  dropEmptyCells(cellOfDomain, canopyCounts);
  // Vigour and cover of a unit are the lower quartile of its plant-scale values, not the mean: a
  // stressed vine that straddles two cells still shows in both, undiluted by its healthy neighbour.
  // Gathered per cell by a counting sort into one typed array each.
  const vigour = groupByCell(cellOfDomain, vigourPlane ?? null, solidOfDomain, keys, 'unitVigourValues');
  const cover = groupByCell(cellOfDomain, coverPlane ?? null, null, keys, 'unitCoverValues');
  const colourSums = new Float64Array(keys * 4);
  if (chlorophyllPlane) sumValues(cellOfDomain, chlorophyllPlane, colourSums, 0);
  if (waterPlane) sumValues(cellOfDomain, waterPlane, colourSums, 2);
  return {
    names,
    vigourStarts: vigour.starts,
    vigourValues: vigour.grouped,
    coverStarts: cover.starts,
    coverValues: cover.grouped,
    colourSums,
  };
}
