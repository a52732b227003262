import sharp from 'sharp';
import { computePlantFields } from '../analysis/plant-fields.ts';
import { scoreFields } from '../analysis/scores.ts';
import { analysisMaxSide } from '../analysis/working-size.ts';
import { loadCapture } from '../capture/load-capture.ts';
import { type PhotoGeoreference, photoGeoreference } from '../geometry/footprint.ts';
import { readPhotoMetadata } from '../metadata/read-photo-metadata.ts';
import type { DatasetStatistics, DetectOptions, MapLayer, PhotoMetadata, TilePhotoSource } from '../types.ts';
import type { TileCanvas } from './canvas.ts';
import {
  CODED_LAYERS,
  type CodedImage,
  type CodedLayer,
  codeLayers,
  PALETTES,
  paintLayers,
} from './layer-codes.ts';
import { MODEL, type PaintedLayer, paintRow, type TileRows } from './tile-rows.ts';
import { TILE_SIZE, tileBounds, tilePixelCentres } from './web-mercator.ts';

interface PlacedPhoto {
  source: TilePhotoSource;
  georeference: PhotoGeoreference;
  /** [west, south, east, north] of the footprint. */
  bounds: [number, number, number, number];
  metresPerDegLng: number;
  metresPerDegLat: number;
  /** Ground size of a pixel of its plant-layer codes, metres (the analysis pixel, or the HD one). */
  codeGsdM: number;
}

const CACHE_SIZE = 6;

/** Metres east/north of a photo's centre to a lng/lat (its local scale). */
function offsetM(photo: PlacedPhoto, lng: number, lat: number): [number, number] {
  const g = photo.georeference;
  return [(lng - g.lng) * photo.metresPerDegLng, (lat - g.lat) * photo.metresPerDegLat];
}

/**
 * Whether a photo's footprint can meet a tile: its bounding box does, and the tile's corners are not
 * all beyond one edge of the photo (the footprint is rotated: its bounding box holds many tiles it
 * does not touch, each a full pass over the tile's pixels for nothing).
 */
function touches(photo: PlacedPhoto, [west, south, east, north]: [number, number, number, number]): boolean {
  const [w, s, e, n] = photo.bounds;
  if (!(w < east && e > west && s < north && n > south)) return false;
  const g = photo.georeference;
  let left = 0;
  let right = 0;
  let above = 0;
  let below = 0;
  for (const [lng, lat] of [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
  ] as const) {
    const [px, py] = g.metresToPixel(...offsetM(photo, lng, lat));
    if (px < 0) left++;
    if (px >= g.widthPx) right++;
    if (py < 0) above++;
    if (py >= g.heightPx) below++;
  }
  return left < 4 && right < 4 && above < 4 && below < 4;
}

/**
 * The photos that can be the nearest one for some pixel of a tile. A photo whose footprint holds
 * the whole tile is within its farthest corner distance of every pixel; any photo whose centre is
 * farther than that from the whole tile never wins there. With the 70–80 % overlap of a survey,
 * this keeps a handful of photos per tile instead of every photo over it (which also thrashed the
 * cache of decoded photos).
 */
function nearestCandidates<T extends { photo: PlacedPhoto }>(
  candidates: T[],
  [west, south, east, north]: [number, number, number, number],
): T[] {
  if (candidates.length <= 2) return candidates;
  const corners: [number, number][] = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
  ];
  let bound = Number.POSITIVE_INFINITY;
  const nearest = candidates.map(({ photo }) => {
    const g = photo.georeference;
    let farthest = 0;
    let holdsTile = true;
    for (const [lng, lat] of corners) {
      const [e, n] = offsetM(photo, lng, lat);
      farthest = Math.max(farthest, e * e + n * n);
      const [px, py] = g.metresToPixel(e, n);
      if (px < 0 || py < 0 || px >= g.widthPx || py >= g.heightPx) holdsTile = false;
    }
    if (holdsTile) bound = Math.min(bound, farthest);
    // Nearest point of the tile to the photo's centre (in the centre's local metres).
    const [e0, n0] = offsetM(photo, west, south);
    const [e1, n1] = offsetM(photo, east, north);
    const de = e0 > 0 ? e0 : Math.min(e1, 0);
    const dn = n0 > 0 ? n0 : Math.min(n1, 0);
    return de * de + dn * dn;
  });
  return candidates.filter((_, i) => (nearest[i] as number) <= bound);
}

/**
 * Photos placed on their nadir ground footprints (a quick footprint mosaic, no bundle adjustment).
 * Where photos overlap, each map pixel takes the photo whose centre is nearest (the least oblique
 * view), so seams fall midway between photo centres.
 */
export class PhotoMosaic {
  private readonly cache = new Map<number, Promise<CodedImage>>();

  private constructor(
    private readonly photos: PlacedPhoto[],
    private readonly statistics: DatasetStatistics,
    private readonly detectOptions: DetectOptions,
    private readonly layers: MapLayer[],
  ) {}

  static async open(
    sources: TilePhotoSource[],
    statistics: DatasetStatistics,
    detectOptions: DetectOptions,
    layers: MapLayer[],
  ): Promise<PhotoMosaic> {
    const placed: PlacedPhoto[] = [];
    for (const source of sources) {
      const metadata =
        source.input.metadata?.[0] ?? (await readPhotoMetadata(source.input.paths[0] as string));
      const georeference = photoGeoreference(metadata, {
        heightAboveGroundM: source.input.heightAboveGroundM,
      });
      if (!georeference) continue;
      const corners = [
        georeference.pixelToLngLat(0, 0),
        georeference.pixelToLngLat(georeference.widthPx, 0),
        georeference.pixelToLngLat(georeference.widthPx, georeference.heightPx),
        georeference.pixelToLngLat(0, georeference.heightPx),
      ];
      const [e1, n1] = georeference.frame.toMetres(georeference.lng + 1e-3, georeference.lat + 1e-3);
      placed.push({
        source,
        georeference,
        bounds: [
          Math.min(...corners.map((c) => c[0])),
          Math.min(...corners.map((c) => c[1])),
          Math.max(...corners.map((c) => c[0])),
          Math.max(...corners.map((c) => c[1])),
        ],
        metresPerDegLng: e1 / 1e-3,
        metresPerDegLat: n1 / 1e-3,
        codeGsdM: codeGsdM(source, metadata, georeference, detectOptions),
      });
    }
    return new PhotoMosaic(placed, statistics, detectOptions, layers);
  }

  get count(): number {
    return this.photos.length;
  }

  bounds(): [number, number, number, number] | null {
    if (!this.photos.length) return null;
    return [
      Math.min(...this.photos.map((p) => p.bounds[0])),
      Math.min(...this.photos.map((p) => p.bounds[1])),
      Math.max(...this.photos.map((p) => p.bounds[2])),
      Math.max(...this.photos.map((p) => p.bounds[3])),
    ];
  }

  /**
   * The ground size of an HD pixel over most of the mapped ground (median weighted by footprint
   * area), metres: it sets the deepest zoom. Not the finest photo's: one photo taken near the
   * ground (a take-off shot, a MicaSense calibration-panel capture at 2 m) would otherwise push the
   * whole pyramid several zooms deeper, each zoom four times the tiles.
   */
  typicalGsdM(): number | null {
    return this.typical((p) => (p.georeference.gsdM * p.georeference.widthPx) / p.source.analysis.hd.w);
  }

  /** The same for the plant layers' codes: the deepest zoom of the coded layers. */
  typicalCodeGsdM(): number | null {
    return this.typical((p) => p.codeGsdM);
  }

  private typical(gsdOf: (photo: PlacedPhoto) => number): number | null {
    const sizes = this.photos
      .map((p) => ({
        gsd: gsdOf(p),
        area: p.georeference.widthPx * p.georeference.heightPx * p.georeference.gsdM ** 2,
      }))
      .sort((a, b) => a.gsd - b.gsd);
    const total = sizes.reduce((sum, size) => sum + size.area, 0);
    let covered = 0;
    for (const size of sizes) {
      covered += size.area;
      if (covered >= total / 2) return size.gsd;
    }
    return null;
  }

  private coded(index: number): Promise<CodedImage> {
    const cached = this.cache.get(index);
    if (cached) {
      this.cache.delete(index);
      this.cache.set(index, cached);
      return cached;
    }
    const promise = this.codePhoto(this.photos[index] as PlacedPhoto);
    this.cache.set(index, promise);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as number);
    return promise;
  }

  private async codePhoto(photo: PlacedPhoto): Promise<CodedImage> {
    const { analysis, input } = photo.source;
    const wanted = new Set(this.layers);
    const prepared = photo.source.prepared ? await photo.source.prepared() : null;
    if (prepared) {
      // Phase 2's work: the HD JPEG as the photo layer, the plant layers with the boxes painted on.
      const { data, info } = await sharp(prepared.hdJpeg)
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { layers } = prepared;
      const sx = layers.width / analysis.hd.w;
      const sy = layers.height / analysis.hd.h;
      const boxes = analysis.boxes.map((box) => ({
        x: box.thr_coords.x * sx,
        y: box.thr_coords.y * sy,
        w: box.thr_coords.w * sx,
        h: box.thr_coords.h * sy,
        box,
      }));
      return {
        width: info.width,
        height: info.height,
        display: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        valid: null,
        codeWidth: layers.width,
        codeHeight: layers.height,
        codes: paintLayers(layers, boxes, wanted),
      };
    }
    const planes = await loadCapture(input, Math.max(analysis.hd.w, analysis.hd.h));
    const gsdM = (photo.georeference.gsdM * planes.sourceWidth) / planes.width;
    let codes: CodedImage['codes'] = {};
    if (CODED_LAYERS.some((layer) => wanted.has(layer))) {
      const fields = computePlantFields(planes, gsdM);
      const scores = scoreFields(fields, this.statistics, this.detectOptions);
      const boxes = analysis.boxes.map((box) => ({ ...box.thr_coords, box }));
      codes = codeLayers(fields, scores, boxes, wanted);
    }
    return {
      width: planes.width,
      height: planes.height,
      display: planes.display,
      valid: planes.valid,
      codeWidth: planes.width,
      codeHeight: planes.height,
      codes,
    };
  }

  /** Paints the photos over the tile; false when no photo touches it. */
  async renderTile(zoom: number, x: number, y: number, canvas: TileCanvas): Promise<boolean> {
    const [west, south, east, north] = tileBounds(zoom, x, y);
    const candidates = nearestCandidates(
      this.photos
        .map((photo, index) => ({ photo, index }))
        .filter(({ photo }) => touches(photo, [west, south, east, north])),
      [west, south, east, north],
    );
    if (!candidates.length) return false;
    const images = await Promise.all(candidates.map(({ index }) => this.coded(index)));
    const { lngs, lats } = tilePixelCentres(zoom, x, y);
    const count = candidates.length;
    // Per candidate, its camera model as plain numbers (the arithmetic of `metresToPixel`, in the
    // coded image's pixels): this loop runs for every pixel of every native tile.
    const model = new Float64Array(count * MODEL);
    candidates.forEach(({ photo }, c) => {
      const g = photo.georeference;
      const image = images[c] as CodedImage;
      const sx = image.width / g.widthPx / g.gsdM;
      const sy = image.height / g.heightPx / g.gsdM;
      model.set(
        [
          g.lng,
          g.lat,
          photo.metresPerDegLng,
          photo.metresPerDegLat,
          g.axes.rightE * sx,
          g.axes.rightN * sx,
          -g.axes.upE * sy,
          -g.axes.upN * sy,
          image.width / 2,
          image.height / 2,
          image.width,
          image.height,
          image.codeWidth / image.width,
          image.codeHeight / image.height,
        ],
        c * MODEL,
      );
    });
    const eastOf = new Float64Array(count * TILE_SIZE);
    for (let c = 0; c < count; c++) {
      const m = c * MODEL;
      for (let col = 0; col < TILE_SIZE; col++)
        eastOf[c * TILE_SIZE + col] =
          ((lngs[col] as number) - (model[m] as number)) * (model[m + 2] as number);
    }
    const northOf = new Float64Array(count);
    const hd = canvas.get('no_pseu');
    const layers: PaintedLayer[] = [];
    CODED_LAYERS.forEach((layer) => {
      const out = canvas.get(layer);
      if (out)
        layers.push({
          out: new Uint32Array(out.buffer, out.byteOffset, TILE_SIZE * TILE_SIZE),
          palette: PACKED_PALETTES[layer],
          codes: images.map((image) => image.codes[layer] ?? null),
        });
    });
    const rows: TileRows = { count, model, eastOf, northOf, images, hd, layers };
    let drawn = false;
    for (let row = 0; row < TILE_SIZE; row++) {
      const lat = lats[row] as number;
      for (let c = 0; c < count; c++)
        northOf[c] = (lat - (model[c * MODEL + 1] as number)) * (model[c * MODEL + 3] as number);
      if (paintRow(row, rows)) drawn = true;
    }
    return drawn;
  }
}

/** Each palette as RGBA packed in the platform's byte order: one store per pixel. */
const PACKED_PALETTES = Object.fromEntries(
  CODED_LAYERS.map((layer) => {
    const bytes = new Uint8Array(256 * 4);
    for (const [code, colour] of PALETTES[layer].entries()) bytes.set(colour, code * 4);
    return [layer, new Uint32Array(bytes.buffer)];
  }),
) as Record<CodedLayer, Uint32Array>;

/**
 * A photo's code pixel, metres: kept plant layers are at the analysis size (`analysisMaxSide`, the
 * size phase 2 analysed and kept them at); without them the codes are derived at the HD size.
 */
function codeGsdM(
  source: TilePhotoSource,
  metadata: PhotoMetadata,
  georeference: PhotoGeoreference,
  detectOptions: DetectOptions,
): number {
  const longest = Math.max(georeference.widthPx, georeference.heightPx);
  const side = source.prepared
    ? analysisMaxSide({ ...source.input, metadata: source.input.metadata ?? [metadata] }, detectOptions)
    : Math.max(source.analysis.hd.w, source.analysis.hd.h);
  return (georeference.gsdM * longest) / side;
}
