import { computePlantFields, SEGMENTATION } from '../analysis/plant-fields.ts';
import { scoreFields } from '../analysis/scores.ts';
import { ChunkyBlockReader } from '../raster/block-reader.ts';
import { fromWgs84 } from '../raster/crs.ts';
import { crsToPixel, type OpenRaster, openRaster } from '../raster/open-raster.ts';
import { readWindowPlanes } from '../raster/read-window.ts';
import type { DatasetStatistics, DetectOptions, MapLayer, PhotoAnalysis, RasterTile } from '../types.ts';
import type { TileCanvas } from './canvas.ts';
import { CODED_LAYERS, codeLayers, DSM_PALETTE, PALETTES, type PixelBox } from './layer-codes.ts';
import { TILE_SIZE, tilePixelCentres } from './web-mercator.ts';

const GRID_STEP = 32;
const GRID = TILE_SIZE / GRID_STEP + 1;

/**
 * Raster pixel coordinates of every tile pixel. Reprojection (WGS84 → raster CRS → pixel) is exact
 * on a 17 × 17 grid and bilinear in between, as GDAL's approximate transformer does: within a
 * 512-px tile the error is far below a pixel.
 */
function tilePixelMap(raster: OpenRaster, zoom: number, x: number, y: number) {
  const { info } = raster;
  const toCrs = fromWgs84(info.proj4 as string);
  const toPixel = crsToPixel(info.geoTransform as NonNullable<typeof info.geoTransform>);
  const { lngs, lats } = tilePixelCentres(zoom, x, y);
  const gridX = new Float64Array(GRID * GRID);
  const gridY = new Float64Array(GRID * GRID);
  for (let gy = 0; gy < GRID; gy++) {
    const row = Math.min(TILE_SIZE - 1, gy * GRID_STEP);
    for (let gx = 0; gx < GRID; gx++) {
      const col = Math.min(TILE_SIZE - 1, gx * GRID_STEP);
      const [cx, cy] = toCrs(lngs[col] as number, lats[row] as number);
      const [px, py] = toPixel(cx, cy);
      gridX[gy * GRID + gx] = px;
      gridY[gy * GRID + gx] = py;
    }
  }
  const mapX = new Float32Array(TILE_SIZE * TILE_SIZE);
  const mapY = new Float32Array(TILE_SIZE * TILE_SIZE);
  for (let row = 0; row < TILE_SIZE; row++) {
    const gy = Math.min(GRID - 2, Math.floor(row / GRID_STEP));
    const fy =
      (row - gy * GRID_STEP) / Math.max(1, Math.min(TILE_SIZE - 1, (gy + 1) * GRID_STEP) - gy * GRID_STEP);
    for (let col = 0; col < TILE_SIZE; col++) {
      const gx = Math.min(GRID - 2, Math.floor(col / GRID_STEP));
      const fx =
        (col - gx * GRID_STEP) / Math.max(1, Math.min(TILE_SIZE - 1, (gx + 1) * GRID_STEP) - gx * GRID_STEP);
      const i00 = gy * GRID + gx;
      // Bilinear between the four grid nodes (inlined: this runs for every tile pixel).
      const x00 = gridX[i00] as number;
      const x01 = gridX[i00 + 1] as number;
      const x10 = gridX[i00 + GRID] as number;
      const x11 = gridX[i00 + GRID + 1] as number;
      const y00 = gridY[i00] as number;
      const y01 = gridY[i00 + 1] as number;
      const y10 = gridY[i00 + GRID] as number;
      const y11 = gridY[i00 + GRID + 1] as number;
      const topX = x00 + (x01 - x00) * fx;
      const topY = y00 + (y01 - y00) * fx;
      mapX[row * TILE_SIZE + col] = topX + (x10 + (x11 - x10) * fx - topX) * fy;
      mapY[row * TILE_SIZE + col] = topY + (y10 + (y11 - y10) * fx - topY) * fy;
    }
  }
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < gridX.length; i++) {
    minX = Math.min(minX, gridX[i] as number);
    maxX = Math.max(maxX, gridX[i] as number);
    minY = Math.min(minY, gridY[i] as number);
    maxY = Math.max(maxY, gridY[i] as number);
  }
  return { mapX, mapY, minX, minY, maxX, maxY };
}

function clampWindow(
  raster: OpenRaster,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  pad: number,
) {
  const x0 = Math.max(0, Math.floor(minX) - pad);
  const y0 = Math.max(0, Math.floor(minY) - pad);
  const x1 = Math.min(raster.info.width, Math.ceil(maxX) + 1 + pad);
  const y1 = Math.min(raster.info.height, Math.ceil(maxY) + 1 + pad);
  if (x1 <= x0 || y1 <= y0) return null;
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** A GeoTIFF orthomosaic (and optional DSM) reprojected to Web Mercator tile by tile. */
export class RasterMosaic {
  private blocks: ChunkyBlockReader | null = null;

  private constructor(
    private readonly raster: OpenRaster,
    private readonly analyses: { tile: RasterTile; analysis: PhotoAnalysis }[],
    private readonly statistics: DatasetStatistics,
    private readonly detectOptions: DetectOptions,
    private readonly layers: MapLayer[],
  ) {}

  static async open(
    path: string,
    analyses: { tile: RasterTile; analysis: PhotoAnalysis }[],
    statistics: DatasetStatistics,
    detectOptions: DetectOptions,
    layers: MapLayer[],
  ): Promise<RasterMosaic> {
    const raster = await openRaster(path);
    if (!raster.info.proj4 || !raster.info.geoTransform) {
      await raster.close();
      throw new Error('The GeoTIFF is not georeferenced in a supported CRS');
    }
    const mosaic = new RasterMosaic(raster, analyses, statistics, detectOptions, layers);
    mosaic.blocks = await ChunkyBlockReader.open(raster);
    return mosaic;
  }

  close(): Promise<void> {
    return this.raster.close();
  }

  bounds(): [number, number, number, number] {
    const ring = this.raster.info.footprint?.coordinates[0] ?? [];
    return [
      Math.min(...ring.map((p) => p[0])),
      Math.min(...ring.map((p) => p[1])),
      Math.max(...ring.map((p) => p[0])),
      Math.max(...ring.map((p) => p[1])),
    ];
  }

  gsdM(): number | null {
    return this.raster.info.groundResolutionM;
  }

  async renderTile(zoom: number, x: number, y: number, canvas: TileCanvas): Promise<boolean> {
    const map = tilePixelMap(this.raster, zoom, x, y);
    const analysed = this.layers.some((layer) => (CODED_LAYERS as MapLayer[]).includes(layer));
    const gsd = this.raster.info.groundResolutionM ?? 0.05;
    // Analysis needs context around the window (plant outlines, averaging windows).
    const pad = analysed
      ? Math.ceil((2 * (SEGMENTATION.closingRadiusM + SEGMENTATION.smoothingRadiusM)) / gsd) + 2
      : 1;
    const window = clampWindow(this.raster, map.minX, map.minY, map.maxX, map.maxY, pad);
    if (!window) return false;
    const hd = canvas.get('no_pseu');
    if (!analysed && hd && isEightBitRgb(this.raster)) return this.renderDisplayOnly(window, map, hd);
    const planes = await readWindowPlanes(this.raster, window, window.w, window.h);
    let codes: ReturnType<typeof codeLayers> = {};
    if (analysed) {
      const fields = computePlantFields(planes, gsd);
      const scores = scoreFields(fields, this.statistics, this.detectOptions);
      codes = codeLayers(fields, scores, this.boxesIn(window), new Set(this.layers));
    }
    let drawn = false;
    const { mapX, mapY } = map;
    for (let i = 0; i < TILE_SIZE * TILE_SIZE; i++) {
      const sx = (mapX[i] as number) - window.x - 0.5;
      const sy = (mapY[i] as number) - window.y - 0.5;
      const nx = Math.round(sx);
      const ny = Math.round(sy);
      if (nx < 0 || ny < 0 || nx >= window.w || ny >= window.h) continue;
      const nearest = ny * window.w + nx;
      if (!planes.valid[nearest]) continue;
      drawn = true;
      const target = i * 4;
      if (hd) bilinearRgb(planes.display, window.w, window.h, sx, sy, hd, target);
      for (const layer of CODED_LAYERS) {
        const layerCodes = codes[layer];
        const out = canvas.get(layer);
        if (!layerCodes || !out) continue;
        const colour = PALETTES[layer][layerCodes[nearest] as number];
        if (!colour || colour[3] === 0) continue;
        out[target] = colour[0];
        out[target + 1] = colour[1];
        out[target + 2] = colour[2];
        out[target + 3] = colour[3];
      }
    }
    return drawn;
  }

  /**
   * The High Definition layer alone from an 8-bit RGB(A) raster: the window is read pixel-interleaved
   * and sampled as is, without the float planes the analysis needs.
   */
  private async renderDisplayOnly(
    window: { x: number; y: number; w: number; h: number },
    map: { mapX: Float32Array; mapY: Float32Array },
    hd: Uint8ClampedArray,
  ): Promise<boolean> {
    const { bands, noData } = this.raster.info;
    let data: Uint8Array;
    let offsets: (number | null)[];
    let channels: number;
    if (this.blocks) {
      data = await this.blocks.readWindow(window);
      channels = this.blocks.samplesPerPixel;
      offsets = [bands.red, bands.green, bands.blue, bands.alpha];
    } else {
      const samples = [bands.red, bands.green, bands.blue, bands.alpha].filter(
        (band): band is number => band !== null,
      );
      data = (await this.raster.image.readRasters({
        window: [window.x, window.y, window.x + window.w, window.y + window.h],
        samples,
        interleave: true,
      })) as unknown as Uint8Array;
      channels = samples.length;
      offsets = [0, 1, 2, bands.alpha === null ? null : 3];
    }
    const [red = 0, green = 1, blue = 2, alpha = null] = offsets;
    const display = new Uint8Array(window.w * window.h * 3);
    const valid = new Uint8Array(window.w * window.h);
    for (let i = 0, j = 0; i < valid.length; i++, j += channels) {
      const r = data[j + (red as number)] as number;
      const g = data[j + (green as number)] as number;
      const b = data[j + (blue as number)] as number;
      display[i * 3] = r;
      display[i * 3 + 1] = g;
      display[i * 3 + 2] = b;
      const fill =
        (r === 0 && g === 0 && b === 0) ||
        (noData !== null && (r === noData || g === noData || b === noData));
      valid[i] = fill || (alpha !== null && data[j + alpha] === 0) ? 0 : 1;
    }
    let drawn = false;
    const { mapX, mapY } = map;
    for (let i = 0; i < TILE_SIZE * TILE_SIZE; i++) {
      const sx = (mapX[i] as number) - window.x - 0.5;
      const sy = (mapY[i] as number) - window.y - 0.5;
      const nx = Math.round(sx);
      const ny = Math.round(sy);
      if (nx < 0 || ny < 0 || nx >= window.w || ny >= window.h || !valid[ny * window.w + nx]) continue;
      drawn = true;
      bilinearRgb(display, window.w, window.h, sx, sy, hd, i * 4);
    }
    return drawn;
  }

  /** The analysis boxes that touch a window, in the window's pixels. */
  private boxesIn(window: { x: number; y: number; w: number; h: number }): PixelBox[] {
    const boxes: PixelBox[] = [];
    for (const { tile, analysis } of this.analyses) {
      for (const box of analysis.boxes) {
        const x = tile.x + box.thr_coords.x * analysis.scale.x - window.x;
        const y = tile.y + box.thr_coords.y * analysis.scale.y - window.y;
        const w = box.thr_coords.w * analysis.scale.x;
        const h = box.thr_coords.h * analysis.scale.y;
        if (x + w < 0 || y + h < 0 || x > window.w || y > window.h) continue;
        boxes.push({ x, y, w, h, box });
      }
    }
    return boxes;
  }
}

function isEightBitRgb(raster: OpenRaster): boolean {
  const { info } = raster;
  return (
    info.sampleFormat === 'uint' &&
    info.bitsPerSample === 8 &&
    info.bands.red !== null &&
    info.bands.green !== null &&
    info.bands.blue !== null
  );
}

function bilinearRgb(
  display: Uint8Array,
  width: number,
  height: number,
  sx: number,
  sy: number,
  out: Uint8ClampedArray,
  target: number,
) {
  const x0 = Math.max(0, Math.min(width - 1, Math.floor(sx)));
  const y0 = Math.max(0, Math.min(height - 1, Math.floor(sy)));
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const fx = Math.max(0, Math.min(1, sx - x0));
  const fy = Math.max(0, Math.min(1, sy - y0));
  for (let c = 0; c < 3; c++) {
    const a = display[(y0 * width + x0) * 3 + c] as number;
    const b = display[(y0 * width + x1) * 3 + c] as number;
    const d = display[(y1 * width + x0) * 3 + c] as number;
    const e = display[(y1 * width + x1) * 3 + c] as number;
    const top = a + (b - a) * fx;
    out[target + c] = top + (d + (e - d) * fx - top) * fy;
  }
  out[target + 3] = 255;
}

/** A DSM GeoTIFF (elevation in metres, first band) coloured between its min and max. */
export class SurfaceModel {
  private constructor(
    private readonly raster: OpenRaster,
    readonly min: number,
    readonly max: number,
  ) {}

  static async open(path: string): Promise<SurfaceModel> {
    const raster = await openRaster(path);
    const { info } = raster;
    if (!info.proj4 || !info.geoTransform) {
      await raster.close();
      throw new Error('The DSM is not georeferenced in a supported CRS');
    }
    // Range from a coarse read (a few hundred thousand samples), ignoring nodata.
    const scale = Math.max(1, Math.ceil(Math.max(info.width, info.height) / 512));
    const sample = (await raster.image.readRasters({
      samples: [0],
      width: Math.ceil(info.width / scale),
      height: Math.ceil(info.height / scale),
      interleave: true,
    })) as unknown as ArrayLike<number>;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < sample.length; i++) {
      const value = sample[i] as number;
      if (!Number.isFinite(value) || value === info.noData || value < -1000) continue;
      if (value < min) min = value;
      if (value > max) max = value;
    }
    return new SurfaceModel(raster, min, max);
  }

  close(): Promise<void> {
    return this.raster.close();
  }

  async renderTile(zoom: number, x: number, y: number, canvas: TileCanvas): Promise<boolean> {
    const out = canvas.get('dsm');
    if (!out || !(this.max > this.min)) return false;
    const map = tilePixelMap(this.raster, zoom, x, y);
    const window = clampWindow(this.raster, map.minX, map.minY, map.maxX, map.maxY, 1);
    if (!window) return false;
    const data = (await this.raster.image.readRasters({
      window: [window.x, window.y, window.x + window.w, window.y + window.h],
      samples: [0],
      interleave: true,
    })) as unknown as ArrayLike<number>;
    let drawn = false;
    const span = this.max - this.min;
    for (let i = 0; i < TILE_SIZE * TILE_SIZE; i++) {
      const nx = Math.floor((map.mapX[i] as number) - window.x);
      const ny = Math.floor((map.mapY[i] as number) - window.y);
      if (nx < 0 || ny < 0 || nx >= window.w || ny >= window.h) continue;
      const value = data[ny * window.w + nx] as number;
      if (!Number.isFinite(value) || value === this.raster.info.noData || value < -1000) continue;
      const colour = DSM_PALETTE[1 + Math.round(Math.min(1, Math.max(0, (value - this.min) / span)) * 254)];
      if (!colour) continue;
      const target = i * 4;
      out[target] = colour[0];
      out[target + 1] = colour[1];
      out[target + 2] = colour[2];
      out[target + 3] = 255;
      drawn = true;
    }
    return drawn;
  }
}
