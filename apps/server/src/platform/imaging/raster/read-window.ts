import { type CapturePlanes, resample, stretchedComposite } from '../capture/load-capture.ts';
import type { RasterInfo } from '../types.ts';
import type { OpenRaster } from './open-raster.ts';

export interface PixelWindow {
  x: number;
  y: number;
  w: number;
  h: number;
}

function fullScale(info: RasterInfo): number {
  if (info.sampleFormat === 'float') return 1;
  return 2 ** info.bitsPerSample - 1;
}

/**
 * Reads one window of a GeoTIFF (only the strips/tiles it touches) as float planes at
 * `outWidth × outHeight` (area-averaged). Integer samples are scaled to 0–1; float samples
 * (reflectance orthomosaics) are kept. Pixels that are nodata, transparent, or black in every
 * band (the usual outside-the-mosaic fill) are invalid.
 */
export async function readWindowPlanes(
  raster: OpenRaster,
  window: PixelWindow,
  outWidth: number,
  outHeight: number,
): Promise<CapturePlanes> {
  const { info } = raster;
  const roles = info.bands;
  const wanted = [roles.red, roles.green, roles.blue, roles.nir, roles.redEdge, roles.alpha];
  const samples = [...new Set(wanted.filter((band): band is number => band !== null))];
  if (roles.red === null || roles.green === null) throw new Error('The raster has no red and green bands');
  const data = await raster.image.readRasters({
    window: [window.x, window.y, window.x + window.w, window.y + window.h],
    samples,
    interleave: false,
  });
  const scale = fullScale(info);
  const bandPlane = (band: number | null): Float32Array | null => {
    if (band === null) return null;
    const source = data[samples.indexOf(band)] as ArrayLike<number>;
    const plane = new Float32Array(window.w * window.h);
    for (let i = 0; i < plane.length; i++) plane[i] = (source[i] as number) / scale;
    return plane;
  };
  const n = window.w * window.h;
  const validFull = new Uint8Array(n).fill(1);
  const colourBands = [roles.red, roles.green, roles.blue, roles.nir].filter((b): b is number => b !== null);
  const sources = colourBands.map((band) => data[samples.indexOf(band)] as ArrayLike<number>);
  const alpha = roles.alpha === null ? null : (data[samples.indexOf(roles.alpha)] as ArrayLike<number>);
  for (let i = 0; i < n; i++) {
    let allZero = true;
    for (const source of sources) {
      const value = source[i] as number;
      if (info.noData !== null && value === info.noData) validFull[i] = 0;
      if (value !== 0) allZero = false;
    }
    if (allZero || (alpha && alpha[i] === 0)) validFull[i] = 0;
  }
  const resize = (plane: Float32Array | null) =>
    plane ? resample(plane, window.w, window.h, outWidth, outHeight) : null;
  const red = resize(bandPlane(roles.red)) as Float32Array;
  const green = resize(bandPlane(roles.green)) as Float32Array;
  const blue = resize(bandPlane(roles.blue));
  const nir = resize(bandPlane(roles.nir));
  const valid = new Uint8Array(outWidth * outHeight);
  const validFraction = resample(Float32Array.from(validFull), window.w, window.h, outWidth, outHeight);
  for (let i = 0; i < valid.length; i++) valid[i] = (validFraction[i] as number) > 0.99 ? 1 : 0;
  const display =
    blue && info.sampleFormat !== 'float' && info.bitsPerSample === 8
      ? interleave8([red, green, blue], valid)
      : stretchedComposite(blue ? [red, green, blue] : [nir ?? red, red, green], valid);
  return {
    kind: nir ? 'multispectral' : 'rgb',
    width: outWidth,
    height: outHeight,
    sourceWidth: window.w,
    sourceHeight: window.h,
    red,
    green,
    blue,
    nir,
    redEdge: resize(bandPlane(roles.redEdge)),
    valid,
    display,
    metadata: null,
  };
}

function interleave8(planes: Float32Array[], valid: Uint8Array): Uint8Array {
  const n = valid.length;
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    if (!valid[i]) continue;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(((planes[c] as Float32Array)[i] as number) * 255);
  }
  return out;
}
