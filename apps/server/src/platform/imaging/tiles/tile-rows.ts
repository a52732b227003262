import type { CodedImage } from './layer-codes.ts';
import { TILE_SIZE } from './web-mercator.ts';

/** Numbers per candidate photo in a native tile's camera model (`TileRows.model`). */
export const MODEL = 14;

/** A coded layer of a native tile: its pixels, its palette, each candidate photo's codes (or none). */
export interface PaintedLayer {
  out: Uint32Array;
  palette: Uint32Array;
  codes: (Uint8Array | null)[];
}

/**
 * What `paintRow` reads of one native tile (one shape, so V8 keeps one optimised `paintRow`). Per
 * candidate photo, `model` holds: its centre's lng, lat; metres per degree of lng, lat; the affine
 * map from metres east/north of its centre to its image pixels (4 factors, then the offsets);
 * the image's width, height; and the code plane's scale to the image.
 */
export interface TileRows {
  count: number;
  model: Float64Array;
  /** Per candidate, each column's metres east of its centre. */
  eastOf: Float64Array;
  /** Per candidate, the current row's metres north of its centre. */
  northOf: Float64Array;
  images: CodedImage[];
  hd: Uint8ClampedArray | undefined;
  layers: PaintedLayer[];
}

/**
 * Columns whose nearest photo is decided at once. Each pixel takes the nearest photo whose footprint
 * holds it; along a run that choice rarely changes (seams and footprint edges cross few runs), and
 * testing every candidate at every pixel was most of a native tile's paint.
 */
const RUN = 32;
/** No candidate holds any pixel of the run. */
const NONE = -1;
/** The run needs the per-pixel choice (a seam or a footprint edge may cross it). */
const MIXED = -2;
/**
 * Margins of the run tests, far above the rounding of the per-pixel arithmetic (~1e-12 px, ~1e-9 m²)
 * and far below anything real (the distances to two photo centres differ by a curve of ~1e-5 m² over
 * a run, because each centre has its own metres per degree).
 */
const INSIDE_MARGIN_PX = 1e-6;
const DISTANCE_MARGIN_M2 = 1e-3;

/**
 * Paints one row of a native tile from the nearest photo whose footprint holds each pixel; true
 * when it painted a pixel. A function of its own, called per row: as the inner loop of
 * `renderTile` (called once per tile, never hot itself) it ran as on-stack-replaced code that V8
 * dropped at every exit from the row, ~500 deoptimisations a Seneca tile set.
 */
export function paintRow(row: number, tile: TileRows): boolean {
  let drawn = false;
  for (let start = 0; start < TILE_SIZE; start += RUN) {
    const end = Math.min(TILE_SIZE, start + RUN);
    const winner = runWinner(start, end - 1, tile);
    if (winner === NONE) continue;
    if (winner === MIXED ? paintPixels(row, start, end, tile) : paintRun(row, start, end, winner, tile))
      drawn = true;
  }
  return drawn;
}

/**
 * The candidate every pixel of columns `first`–`last` would choose, `NONE`, or `MIXED`. The image
 * position and the squared distance to a centre are affine (nearly, for the distance) along a row,
 * so a candidate inside the footprint at both ends with a margin is inside all along, and one
 * nearer than another at both ends with a margin is nearer all along.
 */
function runWinner(first: number, last: number, tile: TileRows): number {
  const { count, model, eastOf, northOf } = tile;
  let winner = NONE;
  let firstDistance = Number.POSITIVE_INFINITY;
  let lastDistance = Number.POSITIVE_INFINITY;
  for (let c = 0; c < count; c++) {
    const m = c * MODEL;
    const northM = northOf[c] as number;
    const eastFirst = eastOf[c * TILE_SIZE + first] as number;
    const eastLast = eastOf[c * TILE_SIZE + last] as number;
    const x0 =
      eastFirst * (model[m + 4] as number) + northM * (model[m + 5] as number) + (model[m + 8] as number);
    const y0 =
      eastFirst * (model[m + 6] as number) + northM * (model[m + 7] as number) + (model[m + 9] as number);
    const x1 =
      eastLast * (model[m + 4] as number) + northM * (model[m + 5] as number) + (model[m + 8] as number);
    const y1 =
      eastLast * (model[m + 6] as number) + northM * (model[m + 7] as number) + (model[m + 9] as number);
    const width = model[m + 10] as number;
    const height = model[m + 11] as number;
    const outside =
      (x0 < -INSIDE_MARGIN_PX && x1 < -INSIDE_MARGIN_PX) ||
      (y0 < -INSIDE_MARGIN_PX && y1 < -INSIDE_MARGIN_PX) ||
      (x0 >= width + INSIDE_MARGIN_PX && x1 >= width + INSIDE_MARGIN_PX) ||
      (y0 >= height + INSIDE_MARGIN_PX && y1 >= height + INSIDE_MARGIN_PX);
    if (outside) continue;
    const inside =
      x0 >= INSIDE_MARGIN_PX &&
      x1 >= INSIDE_MARGIN_PX &&
      y0 >= INSIDE_MARGIN_PX &&
      y1 >= INSIDE_MARGIN_PX &&
      x0 < width - INSIDE_MARGIN_PX &&
      x1 < width - INSIDE_MARGIN_PX &&
      y0 < height - INSIDE_MARGIN_PX &&
      y1 < height - INSIDE_MARGIN_PX;
    if (!inside) return MIXED;
    const distanceFirst = eastFirst * eastFirst + northM * northM;
    const distanceLast = eastLast * eastLast + northM * northM;
    if (winner === NONE) {
      winner = c;
      firstDistance = distanceFirst;
      lastDistance = distanceLast;
    } else if (
      distanceFirst < firstDistance - DISTANCE_MARGIN_M2 &&
      distanceLast < lastDistance - DISTANCE_MARGIN_M2
    ) {
      winner = c;
      firstDistance = distanceFirst;
      lastDistance = distanceLast;
    } else if (
      !(
        distanceFirst > firstDistance + DISTANCE_MARGIN_M2 && distanceLast > lastDistance + DISTANCE_MARGIN_M2
      )
    )
      return MIXED;
  }
  return winner;
}

/** Columns `start`–`end` of a row from photo `best`, which holds and is nearest at each of them. */
function paintRun(row: number, start: number, end: number, best: number, tile: TileRows): boolean {
  const { model, eastOf, northOf } = tile;
  const m = best * MODEL;
  const northM = northOf[best] as number;
  let drawn = false;
  for (let col = start; col < end; col++) {
    const eastM = eastOf[best * TILE_SIZE + col] as number;
    // The per-pixel path's arithmetic, term for term: the same position to the last bit.
    const px =
      eastM * (model[m + 4] as number) + northM * (model[m + 5] as number) + (model[m + 8] as number);
    const py =
      eastM * (model[m + 6] as number) + northM * (model[m + 7] as number) + (model[m + 9] as number);
    if (paintPixel(row * TILE_SIZE + col, best, px, py, tile)) drawn = true;
  }
  return drawn;
}

/** Columns `start`–`end` of a row, each pixel choosing its nearest photo that holds it. */
function paintPixels(row: number, start: number, end: number, tile: TileRows): boolean {
  const { count, model, eastOf, northOf } = tile;
  let drawn = false;
  for (let col = start; col < end; col++) {
    let best = -1;
    let bestDistance = Number.POSITIVE_INFINITY;
    let bestX = 0;
    let bestY = 0;
    for (let c = 0; c < count; c++) {
      const eastM = eastOf[c * TILE_SIZE + col] as number;
      const northM = northOf[c] as number;
      const distance = eastM * eastM + northM * northM;
      if (distance >= bestDistance) continue;
      const m = c * MODEL;
      const px =
        eastM * (model[m + 4] as number) + northM * (model[m + 5] as number) + (model[m + 8] as number);
      const py =
        eastM * (model[m + 6] as number) + northM * (model[m + 7] as number) + (model[m + 9] as number);
      if (px < 0 || py < 0 || px >= (model[m + 10] as number) || py >= (model[m + 11] as number)) continue;
      best = c;
      bestDistance = distance;
      bestX = px;
      bestY = py;
    }
    if (best >= 0 && paintPixel(row * TILE_SIZE + col, best, bestX, bestY, tile)) drawn = true;
  }
  return drawn;
}

/** One pixel from photo `best` at its image position; false where that photo holds no data. */
function paintPixel(target: number, best: number, px: number, py: number, tile: TileRows): boolean {
  const image = tile.images[best] as CodedImage;
  if (image.valid && !image.valid[Math.floor(py) * image.width + Math.floor(px)]) return false;
  if (tile.hd) bilinearRgb(image, px - 0.5, py - 0.5, tile.hd, target * 4);
  const { layers, model } = tile;
  if (!layers.length) return true;
  const m = best * MODEL;
  const coded =
    Math.floor(py * (model[m + 13] as number)) * image.codeWidth + Math.floor(px * (model[m + 12] as number));
  for (let l = 0; l < layers.length; l++) {
    const layer = layers[l] as PaintedLayer;
    const code = layer.codes[best]?.[coded];
    if (code) layer.out[target] = layer.palette[code] as number;
  }
  return true;
}

/**
 * The HD colour at a point between pixel centres, bilinear: the deepest zoom samples the photo at
 * about its own resolution (within √2), where the nearest pixel would drop or repeat rows of thin
 * vine lines.
 */
function bilinearRgb(image: CodedImage, sx: number, sy: number, out: Uint8ClampedArray, target: number) {
  const { width, height, display } = image;
  const x0 = sx < 0 ? 0 : Math.floor(sx);
  const y0 = sy < 0 ? 0 : Math.floor(sy);
  const x1 = x0 + 1 < width ? x0 + 1 : x0;
  const y1 = y0 + 1 < height ? y0 + 1 : y0;
  const fx = sx < 0 ? 0 : sx - x0;
  const fy = sy < 0 ? 0 : sy - y0;
  const i00 = (y0 * width + x0) * 3;
  const i01 = (y0 * width + x1) * 3;
  const i10 = (y1 * width + x0) * 3;
  const i11 = (y1 * width + x1) * 3;
  for (let ch = 0; ch < 3; ch++) {
    const a = display[i00 + ch] as number;
    const b = display[i01 + ch] as number;
    const d = display[i10 + ch] as number;
    const e = display[i11 + ch] as number;
    const top = a + (b - a) * fx;
    out[target + ch] = top + (d + (e - d) * fx - top) * fy;
  }
  out[target + 3] = 255;
}
