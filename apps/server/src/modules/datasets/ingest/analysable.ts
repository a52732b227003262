import type { DatasetFileReason } from '@ampelos/domain';
import type { PhotoMetadata, RasterInfo } from '../../../platform/imaging/index.ts';

/** The pixel caps of ingest (configuration `imaging.photoMaxPixels` / `rasterMaxPixels`). */
export interface IngestLimits {
  photoMaxPixels: number;
  rasterMaxPixels: number;
}

export interface Unanalysable {
  reason: DatasetFileReason;
  message: string;
}

const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;
const size = (width: number, height: number) => `${width} × ${height} px`;

/**
 * Thermal-only cameras: their JPEG/TIFF is a temperature map, not colour, so the vegetation indices
 * are meaningless. Only cameras that never write a visible image are listed (a FLIR Duo also
 * records RGB and passes).
 */
const THERMAL_ONLY = /\b(vue|boson|tau ?2?|lepton)\b/i;

/**
 * Why the analysis could not read this photo, from its header alone (null when it can): declared
 * size over the cap, a single grey channel that is not a multispectral band, a sample depth the
 * decoders do not scale, or a thermal-only camera.
 */
export function photoRefusal(meta: PhotoMetadata, limits: IngestLimits): Unanalysable | null {
  if (meta.width * meta.height > limits.photoMaxPixels) {
    return {
      reason: 'too_many_pixels',
      message: `The photo is ${size(meta.width, meta.height)}; at most ${megapixels(limits.photoMaxPixels)} are analysed`,
    };
  }
  if (/flir/i.test(meta.make ?? '') && THERMAL_ONLY.test(meta.model ?? '')) {
    return {
      reason: 'unsupported_camera',
      message: `${meta.camera ?? 'This camera'} records temperature only; the analysis needs colour or multispectral images`,
    };
  }
  if (meta.band) {
    if (meta.bitsPerSample !== 8 && meta.bitsPerSample !== 16) {
      return {
        reason: 'unsupported_bit_depth',
        message: `The band image has ${meta.bitsPerSample}-bit samples; 8- or 16-bit are analysed`,
      };
    }
    return null;
  }
  if (meta.samplesPerPixel < 3) {
    return {
      reason: 'unsupported_bands',
      message: `The photo has ${meta.samplesPerPixel} band(s) and no red and green bands; colour (RGB) photos or the band files of a multispectral camera are analysed`,
    };
  }
  if (meta.bitsPerSample !== 8 && meta.bitsPerSample !== 16) {
    return {
      reason: 'unsupported_bit_depth',
      message: `The photo has ${meta.bitsPerSample}-bit samples; 8- or 16-bit photos are analysed`,
    };
  }
  return null;
}

/** The same for an orthomosaic (a DSM needs one band of elevations only). */
export function rasterRefusal(
  info: RasterInfo,
  kind: 'orthomosaic' | 'dsm',
  limits: IngestLimits,
): Unanalysable | null {
  if (info.width * info.height > limits.rasterMaxPixels) {
    return {
      reason: 'too_many_pixels',
      message: `The GeoTIFF is ${size(info.width, info.height)}; at most ${megapixels(limits.rasterMaxPixels)} are analysed`,
    };
  }
  const integer = info.sampleFormat !== 'float';
  if (
    (integer && ![8, 16, 32].includes(info.bitsPerSample)) ||
    (!integer && ![32, 64].includes(info.bitsPerSample))
  ) {
    return {
      reason: 'unsupported_bit_depth',
      message: `The GeoTIFF has ${info.bitsPerSample}-bit samples; 8-, 16- or 32-bit integers or floating point are analysed`,
    };
  }
  if (kind === 'orthomosaic' && (info.bands.red === null || info.bands.green === null)) {
    return {
      reason: 'unsupported_bands',
      message: `The GeoTIFF has ${info.bandCount} band(s) and no red and green bands; an RGB or multispectral orthomosaic is analysed`,
    };
  }
  return null;
}
