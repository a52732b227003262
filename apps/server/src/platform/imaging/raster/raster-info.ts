import type { RasterInfo } from '../types.ts';
import { openRaster } from './open-raster.ts';

/** Size, bands, CRS, geotransform and WGS84 footprint of a GeoTIFF, read without decoding pixels. */
export async function readRasterInfo(filePath: string): Promise<RasterInfo> {
  const raster = await openRaster(filePath);
  await raster.close();
  return raster.info;
}
