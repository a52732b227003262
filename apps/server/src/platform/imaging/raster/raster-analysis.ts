import { detectOnPlanes, writeHdJpeg } from '../analysis/detect.ts';
import { measureFields } from '../analysis/measure.ts';
import { computePlantFields } from '../analysis/plant-fields.ts';
import { DEFAULT_DETECT } from '../analysis/scores.ts';
import type {
  DatasetStatistics,
  DetectOptions,
  Measurement,
  PhotoAnalysis,
  RasterInfo,
  RasterTile,
} from '../types.ts';
import { toWgs84 } from './crs.ts';
import { type OpenRaster, openRaster, pixelToCrs } from './open-raster.ts';
import { readWindowPlanes } from './read-window.ts';

/**
 * Splits a GeoTIFF into analysis windows (default 4096 px square, read and analysed at up to
 * `hdMaxSize`), one job each. Row-major, ids `${col}_${row}`.
 */
export function planRasterTiles(info: RasterInfo, tileSizePx = 4096): RasterTile[] {
  const tiles: RasterTile[] = [];
  for (let row = 0; row * tileSizePx < info.height; row++) {
    for (let col = 0; col * tileSizePx < info.width; col++) {
      const x = col * tileSizePx;
      const y = row * tileSizePx;
      tiles.push({
        id: `${col}_${row}`,
        x,
        y,
        w: Math.min(tileSizePx, info.width - x),
        h: Math.min(tileSizePx, info.height - y),
      });
    }
  }
  return tiles;
}

function workingSize(tile: RasterTile, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(tile.w, tile.h));
  return { width: Math.max(1, Math.round(tile.w * scale)), height: Math.max(1, Math.round(tile.h * scale)) };
}

async function withRaster<T>(path: string, use: (raster: OpenRaster) => Promise<T>): Promise<T> {
  const raster = await openRaster(path);
  try {
    return await use(raster);
  } finally {
    await raster.close();
  }
}

/** Phase 1 for one window of a GeoTIFF (windowed read; the file is never loaded whole). */
export async function measureRasterTile(
  path: string,
  tile: RasterTile,
  options: { hdMaxSize?: number } = {},
): Promise<Measurement> {
  return withRaster(path, async (raster) => {
    const size = workingSize(tile, options.hdMaxSize ?? DEFAULT_DETECT.hdMaxSize);
    const planes = await readWindowPlanes(raster, tile, size.width, size.height);
    const gsdM = raster.info.groundResolutionM ? (raster.info.groundResolutionM * tile.w) / size.width : null;
    return measureFields(computePlantFields(planes, gsdM), planes.kind);
  });
}

/**
 * Phase 2 for one window: writes the window's HD JPEG to `hdPath`; boxes are in its pixels and
 * their lng/lat come from the geotransform and CRS.
 */
export async function detectStressInRasterTile(
  path: string,
  tile: RasterTile,
  statistics: DatasetStatistics,
  output: { hdPath: string; imageId: string },
  options: DetectOptions = {},
): Promise<PhotoAnalysis> {
  return withRaster(path, async (raster) => {
    const { info } = raster;
    const size = workingSize(tile, options.hdMaxSize ?? DEFAULT_DETECT.hdMaxSize);
    const planes = await readWindowPlanes(raster, tile, size.width, size.height);
    const scaleX = tile.w / size.width;
    const scaleY = tile.h / size.height;
    const geoTransform = info.geoTransform;
    const transform = info.proj4 && geoTransform ? toWgs84(info.proj4) : null;
    const pixelToLngLat =
      transform && geoTransform
        ? (x: number, y: number) =>
            transform(...pixelToCrs(geoTransform, tile.x + x * scaleX, tile.y + y * scaleY))
        : null;
    const centre = pixelToLngLat ? pixelToLngLat(size.width / 2, size.height / 2) : null;
    const result = await detectOnPlanes(
      planes,
      {
        gsdM: info.groundResolutionM ? info.groundResolutionM * scaleX : null,
        pixelToLngLat,
        fallbackLngLat: centre,
      },
      statistics,
      { w: size.width, h: size.height },
      output.imageId,
      options,
    );
    await writeHdJpeg(
      planes.display,
      size.width,
      size.height,
      output.hdPath,
      options.hdQuality ?? DEFAULT_DETECT.hdQuality,
    );
    const corners = pixelToLngLat
      ? [
          pixelToLngLat(0, 0),
          pixelToLngLat(0, size.height),
          pixelToLngLat(size.width, size.height),
          pixelToLngLat(size.width, 0),
        ]
      : null;
    return {
      ...result,
      hd: { w: size.width, h: size.height },
      scale: { x: scaleX, y: scaleY },
      groundResolutionM: info.groundResolutionM,
      footprint: corners
        ? { type: 'Polygon', coordinates: [[...corners, corners[0] as [number, number]]] }
        : null,
      lng: centre?.[0] ?? null,
      lat: centre?.[1] ?? null,
    };
  });
}
