import type { RenderTilesOptions, TileSetSummary } from '../types.ts';

/**
 * 512-px XYZ PNG tiles of every layer the data allows, from `minZoom` to the native resolution,
 * handed to `onTile` (the caller writes `reports/{uuid}/tiles/{layer}/{z}/{x}/{y}.png`).
 * Rasters are read in windows, so a 20,000 × 20,000 GeoTIFF is never held in memory.
 */
export async function renderTiles(_options: RenderTilesOptions): Promise<TileSetSummary> {
  throw new Error('not implemented');
}
