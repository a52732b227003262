import type {
  DatasetStatistics,
  DetectOptions,
  Measurement,
  PhotoAnalysis,
  RasterInfo,
  RasterTile,
} from '../types.ts';

/** Splits a GeoTIFF into analysis windows (default 4096 px square), one job each. */
export function planRasterTiles(_info: RasterInfo, _tileSizePx = 4096): RasterTile[] {
  throw new Error('not implemented');
}

/** Phase 1 for one window of a GeoTIFF (windowed read; the file is never loaded whole). */
export async function measureRasterTile(_path: string, _tile: RasterTile): Promise<Measurement> {
  throw new Error('not implemented');
}

/** Phase 2 for one window: writes the window's HD JPEG to `hdPath`; boxes are in its pixels. */
export async function detectStressInRasterTile(
  _path: string,
  _tile: RasterTile,
  _statistics: DatasetStatistics,
  _output: { hdPath: string; imageId: string },
  _options: DetectOptions = {},
): Promise<PhotoAnalysis> {
  throw new Error('not implemented');
}
