import type { RasterInfo } from '../types.ts';

/** Size, bands, CRS, geotransform and WGS84 footprint of a GeoTIFF, read without decoding pixels. */
export async function readRasterInfo(_filePath: string): Promise<RasterInfo> {
  throw new Error('not implemented');
}
