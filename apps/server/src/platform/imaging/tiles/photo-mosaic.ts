import { computePlantFields } from '../analysis/plant-fields.ts';
import { scoreFields } from '../analysis/scores.ts';
import { loadCapture } from '../capture/load-capture.ts';
import { type PhotoGeoreference, photoGeoreference } from '../geometry/footprint.ts';
import { readPhotoMetadata } from '../metadata/read-photo-metadata.ts';
import type { DatasetStatistics, DetectOptions, MapLayer, TilePhotoSource } from '../types.ts';
import type { TileCanvas } from './canvas.ts';
import { CODED_LAYERS, type CodedImage, codeLayers, PALETTES } from './layer-codes.ts';
import { TILE_SIZE, tileBounds, tilePixelCentres } from './web-mercator.ts';

interface PlacedPhoto {
  source: TilePhotoSource;
  georeference: PhotoGeoreference;
  /** [west, south, east, north] of the footprint. */
  bounds: [number, number, number, number];
  metresPerDegLng: number;
  metresPerDegLat: number;
}

const CACHE_SIZE = 6;

/** Metres east/north of a photo's centre to a lng/lat (its local scale). */
function offsetM(photo: PlacedPhoto, lng: number, lat: number): [number, number] {
  const g = photo.georeference;
  return [(lng - g.lng) * photo.metresPerDegLng, (lat - g.lat) * photo.metresPerDegLat];
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
    const sizes = this.photos
      .map((p) => ({
        gsd: (p.georeference.gsdM * p.georeference.widthPx) / p.source.analysis.hd.w,
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
    const planes = await loadCapture(input, Math.max(analysis.hd.w, analysis.hd.h));
    const gsdM = (photo.georeference.gsdM * planes.sourceWidth) / planes.width;
    const wanted = new Set(this.layers);
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
      codes,
    };
  }

  /** Paints the photos over the tile; false when no photo touches it. */
  async renderTile(zoom: number, x: number, y: number, canvas: TileCanvas): Promise<boolean> {
    const [west, south, east, north] = tileBounds(zoom, x, y);
    const candidates = nearestCandidates(
      this.photos
        .map((photo, index) => ({ photo, index }))
        .filter(
          ({ photo: p }) =>
            p.bounds[0] < east && p.bounds[2] > west && p.bounds[1] < north && p.bounds[3] > south,
        ),
      [west, south, east, north],
    );
    if (!candidates.length) return false;
    const images = await Promise.all(candidates.map(({ index }) => this.coded(index)));
    const { lngs, lats } = tilePixelCentres(zoom, x, y);
    const hd = canvas.get('no_pseu');
    // Per candidate, the constants of its camera model and the east offset of every tile column:
    // the same arithmetic as `metresToPixel`, without a tuple per pixel.
    const count = candidates.length;
    const photos = candidates.map(({ photo }) => photo);
    const eastOf = new Float64Array(count * TILE_SIZE);
    photos.forEach((photo, c) => {
      for (let col = 0; col < TILE_SIZE; col++)
        eastOf[c * TILE_SIZE + col] =
          ((lngs[col] as number) - photo.georeference.lng) * photo.metresPerDegLng;
    });
    const northOf = new Float64Array(count);
    const outs = CODED_LAYERS.map((layer) => canvas.get(layer) ?? null);
    const palettes = CODED_LAYERS.map((layer) => PALETTES[layer]);
    const codesOf = images.map((image) => CODED_LAYERS.map((layer) => image.codes[layer] ?? null));
    let drawn = false;
    for (let row = 0; row < TILE_SIZE; row++) {
      const lat = lats[row] as number;
      for (let c = 0; c < count; c++) {
        const photo = photos[c] as PlacedPhoto;
        northOf[c] = (lat - photo.georeference.lat) * photo.metresPerDegLat;
      }
      for (let col = 0; col < TILE_SIZE; col++) {
        let best = -1;
        let bestDistance = Number.POSITIVE_INFINITY;
        let bestX = 0;
        let bestY = 0;
        for (let c = 0; c < count; c++) {
          const g = (photos[c] as PlacedPhoto).georeference;
          const eastM = eastOf[c * TILE_SIZE + col] as number;
          const northM = northOf[c] as number;
          const distance = eastM * eastM + northM * northM;
          if (distance >= bestDistance) continue;
          const { rightE, rightN, upE, upN } = g.axes;
          const px = (eastM * rightE + northM * rightN) / g.gsdM + g.widthPx / 2;
          const py = g.heightPx / 2 - (eastM * upE + northM * upN) / g.gsdM;
          if (px < 0 || py < 0 || px >= g.widthPx || py >= g.heightPx) continue;
          best = c;
          bestDistance = distance;
          bestX = px;
          bestY = py;
        }
        if (best < 0) continue;
        const image = images[best] as CodedImage;
        const photo = photos[best] as PlacedPhoto;
        const hx = Math.min(image.width - 1, Math.floor((bestX * image.width) / photo.georeference.widthPx));
        const hy = Math.min(
          image.height - 1,
          Math.floor((bestY * image.height) / photo.georeference.heightPx),
        );
        const source = hy * image.width + hx;
        if (!image.valid[source]) continue;
        const target = (row * TILE_SIZE + col) * 4;
        drawn = true;
        if (hd) {
          hd[target] = image.display[source * 3] as number;
          hd[target + 1] = image.display[source * 3 + 1] as number;
          hd[target + 2] = image.display[source * 3 + 2] as number;
          hd[target + 3] = 255;
        }
        const codes = codesOf[best] as (Uint8Array | null)[];
        for (let layer = 0; layer < outs.length; layer++) {
          const layerCodes = codes[layer];
          const out = outs[layer];
          if (!layerCodes || !out) continue;
          const colour = (palettes[layer] as (typeof palettes)[number])[layerCodes[source] as number];
          if (!colour || colour[3] === 0) continue;
          out[target] = colour[0];
          out[target + 1] = colour[1];
          out[target + 2] = colour[2];
          out[target + 3] = colour[3];
        }
      }
    }
    return drawn;
  }
}
