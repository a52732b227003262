import sharp from 'sharp';
import { type CapturePlanes, rgbPlanes } from '../capture/load-capture.ts';
import type { PhotoInput, PhotoMetadata } from '../types.ts';
import { type AnalysisOptions, analysisMaxSide, hdSize, isSinglePhoto } from './working-size.ts';

/** A single 8-bit photo decoded once: its analysis planes and, when asked, its HD JPEG. */
export interface PreparedPhoto {
  planes: CapturePlanes;
  hd: { w: number; h: number };
  hdJpeg: Buffer | null;
}

/**
 * Whether a capture takes the decode-once path: one 8-bit photo (JPEG or 8-bit TIFF). Band sets,
 * 16-bit photos and raster windows are loaded by `loadCapture` as before.
 */
export function decodesOnce(input: PhotoInput & { metadata: PhotoMetadata[] }): boolean {
  return isSinglePhoto(input) && input.metadata[0]?.bitsPerSample !== 16;
}

/**
 * Decodes the photo once, to the HD size (libvips: decode, resize, colour), then derives from those
 * pixels the HD JPEG (when `withJpeg`) and the analysis planes (a second, small resize). Both phases
 * and every retry take this same path, so a photo's planes never depend on which phase made them.
 */
export async function preparePhoto(
  input: PhotoInput & { metadata: PhotoMetadata[] },
  options: AnalysisOptions & { hdQuality: number; hdMaxSize: number },
  withJpeg: boolean,
): Promise<PreparedPhoto> {
  const metadata = input.metadata[0] as PhotoMetadata;
  const hd = hdSize(metadata, options.hdMaxSize);
  const decoded = await sharp(input.paths[0] as string, { limitInputPixels: false })
    .resize(hd.w, hd.h, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
  const side = analysisMaxSide(input, options);
  const scale = Math.min(1, side / Math.max(hd.w, hd.h));
  const size = { w: Math.max(1, Math.round(hd.w * scale)), h: Math.max(1, Math.round(hd.h * scale)) };
  const [hdJpeg, analysis] = await Promise.all([
    withJpeg ? sharp(decoded.data, { raw }).jpeg({ quality: options.hdQuality }).toBuffer() : null,
    size.w === hd.w && size.h === hd.h
      ? decoded
      : sharp(decoded.data, { raw })
          .resize(size.w, size.h, { fit: 'fill' })
          .raw()
          .toBuffer({ resolveWithObject: true }),
  ]);
  const samples = new Uint8Array(analysis.data.buffer, analysis.data.byteOffset, analysis.data.byteLength);
  return { planes: rgbPlanes(samples, analysis.info, metadata), hd, hdJpeg };
}
