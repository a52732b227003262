import sharp from 'sharp';
import type { MapLayer, RenderTilesOptions, TileImageType, TileSetSummary } from '../types.ts';
import { CanvasPool, type Coverage, coverage, downsampleInto, newCanvas, type TileCanvas } from './canvas.ts';
import { CODED_LAYERS } from './layer-codes.ts';
import { PhotoMosaic } from './photo-mosaic.ts';
import { RasterMosaic, SurfaceModel } from './raster-mosaic.ts';
import { MAX_ZOOM, nativeZoom, TILE_SIZE, tileBounds, tileRange } from './web-mercator.ts';

const ANALYSIS_LAYERS: MapLayer[] = ['no_pseu', 'ai', 'comb', 'water_stress', 'beta'];
const ENCODES_IN_FLIGHT = 6;
/**
 * zlib level of the PNG tiles (lossless either way: the same pixels). Photo tiles barely compress
 * past level 3 (+0.5 % bytes for 20 % less CPU than level 6 on the Seneca photos); the flat-coloured
 * analysis layers take ~20 % less CPU at level 3 than at 4 for ~5 % more bytes (docs/IMAGING.md).
 */
const PNG_LEVEL = 3;
/**
 * A photo tile the photos cover entirely is a JPEG at the HD derivative's own quality: the photos
 * are JPEGs already, so a lossless PNG kept their artefacts at ten times the bytes (650 vs 66 KB a
 * Seneca tile) and four times the encoding CPU. Tiles with transparent pixels (the footprints'
 * edges) stay PNG: JPEG has no alpha.
 */
const PHOTO_JPEG_QUALITY = 85;

/** No photo could be placed on the ground (no height above ground, no footprint) and no raster. */
export class NothingToTileError extends Error {
  constructor() {
    super('Nothing to tile: no georeferenced photo or raster');
    this.name = 'NothingToTileError';
  }
}

interface RenderedTile {
  canvas: TileCanvas;
  painted: Map<MapLayer, Coverage>;
}

interface TileSource {
  renderTile(zoom: number, x: number, y: number, canvas: TileCanvas): Promise<boolean>;
}

function intersects(a: [number, number, number, number], b: [number, number, number, number]) {
  return a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1];
}

/**
 * 512-px XYZ PNG tiles of every layer the data allows, from `minZoom` (the field's zoom) to the
 * native resolution, handed to `onTile` (the caller writes `reports/{uuid}/tiles/{layer}/{z}/{x}/{y}.png`).
 * Depth-first over the quadtree: native-zoom tiles are rendered from the sources, each parent is
 * the 2 × 2 downsample of its children, so memory stays at one tile per level and rasters are only
 * read in windows (a 20,000 × 20,000 GeoTIFF is never held whole). Fully transparent tiles are
 * skipped. Deterministic: the same inputs give the same tiles.
 */
export async function renderTiles(options: RenderTilesOptions): Promise<TileSetSummary> {
  const detect = options.detect ?? {};
  const wanted = options.layers ?? [...ANALYSIS_LAYERS, 'dsm'];
  const dataLayers = ANALYSIS_LAYERS.filter((layer) => wanted.includes(layer));
  const sources: TileSource[] = [];
  const closers: (() => Promise<void>)[] = [];
  const boundsList: [number, number, number, number][] = [];
  const gsds: number[] = [];
  let codeGsd: number | null = null;
  let surface: SurfaceModel | null = null;
  try {
    if (options.photos?.length) {
      const mosaic = await PhotoMosaic.open(options.photos, options.statistics, detect, dataLayers);
      const bounds = mosaic.bounds();
      const gsd = mosaic.typicalGsdM();
      if (bounds && gsd) {
        sources.push(mosaic);
        boundsList.push(bounds);
        gsds.push(gsd);
        codeGsd = mosaic.typicalCodeGsdM();
      }
    }
    if (options.raster) {
      const mosaic = await RasterMosaic.open(
        options.raster.path,
        options.raster.analyses,
        options.statistics,
        detect,
        dataLayers,
      );
      closers.push(() => mosaic.close());
      sources.push(mosaic);
      boundsList.push(mosaic.bounds());
      const gsd = mosaic.gsdM();
      if (gsd) gsds.push(gsd);
    }
    const layers: MapLayer[] = sources.length ? [...dataLayers] : [];
    if (options.dsmPath && wanted.includes('dsm')) {
      surface = await SurfaceModel.open(options.dsmPath);
      const model = surface;
      closers.push(() => model.close());
      sources.push(model);
      layers.push('dsm');
    }
    if (!sources.length || !boundsList.length) throw new NothingToTileError();
    const bounds: [number, number, number, number] = [
      Math.min(...boundsList.map((b) => b[0])),
      Math.min(...boundsList.map((b) => b[1])),
      Math.max(...boundsList.map((b) => b[2])),
      Math.max(...boundsList.map((b) => b[3])),
    ];
    const lat = (bounds[1] + bounds[3]) / 2;
    const maxZoom = Math.min(MAX_ZOOM, options.maxZoom ?? nativeZoom(Math.min(...gsds, 1), lat));
    const minZoom = Math.max(0, Math.min(options.minZoom, maxZoom));
    // The plant layers stop at the zoom of their own pixels (the analysis's, often coarser than the
    // HD photo's): deeper tiles would only enlarge them, four times the tiles per zoom; the map
    // enlarges the last level instead. Photos only: a raster's layers share its pixels.
    const codedZoom =
      codeGsd && sources.length === 1 && !options.maxZoom
        ? Math.max(minZoom, Math.min(maxZoom, nativeZoom(codeGsd, lat)))
        : maxZoom;
    const deepest = (layer: MapLayer) => ((CODED_LAYERS as MapLayer[]).includes(layer) ? codedZoom : maxZoom);

    let tileCount = 0;
    const layersWithTiles = new Set<MapLayer>();
    const inFlight = new Set<Promise<void>>();
    const pool = new CanvasPool();
    /** Each buffer's encoding: it goes back to the pool once encoded and downsampled. */
    const encoding = new Map<Uint8ClampedArray, Promise<void>>();
    const release = (buffer: Uint8ClampedArray) => {
      const job = encoding.get(buffer);
      encoding.delete(buffer);
      if (job) void job.then(() => pool.give(buffer));
      else pool.give(buffer);
    };
    const emit = async (
      layer: MapLayer,
      z: number,
      x: number,
      y: number,
      rgba: Uint8ClampedArray,
      painted: Coverage,
    ) => {
      tileCount++;
      layersWithTiles.add(layer);
      const raw = sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
        raw: { width: TILE_SIZE, height: TILE_SIZE, channels: 4 },
      });
      const type: TileImageType = layer === 'no_pseu' && painted === 'full' ? 'image/jpeg' : 'image/png';
      const encoded =
        type === 'image/jpeg'
          ? // No Huffman optimisation: a second pass for ~2 % of a tile's bytes.
            raw.removeAlpha().jpeg({ quality: PHOTO_JPEG_QUALITY, optimiseCoding: false })
          : raw.png({ compressionLevel: PNG_LEVEL });
      const job = encoded.toBuffer().then((image) => options.onTile(layer, z, x, y, image, type));
      const tracked = job.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      encoding.set(
        rgba,
        tracked.catch(() => undefined),
      );
      if (inFlight.size >= ENCODES_IN_FLIGHT) await Promise.race(inFlight);
    };

    /** A tile's non-empty layers (empty ones go back to the pool) with their coverage, or null. */
    const render = async (z: number, x: number, y: number): Promise<RenderedTile | null> => {
      const canvas: TileCanvas = new Map();
      // Layers deeper than z are their children's downsample; layers whose deepest zoom is z are
      // painted from the sources here.
      if (layers.some((layer) => deepest(layer) > z)) {
        for (let dy = 0; dy < 2; dy++) {
          for (let dx = 0; dx < 2; dx++) {
            const cx = 2 * x + dx;
            const cy = 2 * y + dy;
            if (!intersects(tileBounds(z + 1, cx, cy), bounds)) continue;
            const child = await render(z + 1, cx, cy);
            if (!child) continue;
            downsampleInto(
              canvas,
              child.canvas,
              dx,
              dy,
              () => pool.take(),
              (layer) => child.painted.get(layer) === 'full',
            );
            for (const buffer of child.canvas.values()) release(buffer);
          }
        }
      }
      const native = layers.filter((layer) => deepest(layer) === z);
      if (native.length) {
        const painting = newCanvas(native, pool);
        let drawn = false;
        for (const source of sources) drawn = (await source.renderTile(z, x, y, painting)) || drawn;
        for (const [layer, buffer] of painting) {
          if (drawn) canvas.set(layer, buffer);
          else pool.give(buffer);
        }
      }
      const painted = new Map<MapLayer, Coverage>();
      for (const [layer, rgba] of [...canvas]) {
        const covered = coverage(rgba);
        if (covered === 'empty') {
          canvas.delete(layer);
          pool.give(rgba);
          continue;
        }
        painted.set(layer, covered);
        await emit(layer, z, x, y, rgba, covered);
      }
      return canvas.size ? { canvas, painted } : null;
    };

    const range = tileRange(bounds, minZoom);
    for (let y = range.minY; y <= range.maxY; y++) {
      for (let x = range.minX; x <= range.maxX; x++) {
        const top = await render(minZoom, x, y);
        if (top) for (const buffer of top.canvas.values()) release(buffer);
      }
    }
    await Promise.all(inFlight);
    return {
      // Only layers that received at least one tile (e.g. no water layer without a blue band).
      layers: layers.filter((layer) => layersWithTiles.has(layer)),
      minZoom,
      maxZoom,
      layerMaxZoom: Object.fromEntries(
        layers.filter((layer) => layersWithTiles.has(layer)).map((layer) => [layer, deepest(layer)]),
      ),
      bounds,
      tileSize: TILE_SIZE,
      tileCount,
      surfaceMin: surface ? surface.min : null,
      surfaceMax: surface ? surface.max : null,
    };
  } finally {
    for (const close of closers) await close();
  }
}
