import sharp from 'sharp';
import { type CapturePlanes, rgbPlanes } from '../capture/load-capture.ts';
import { photoPixelLimit } from '../pixel-limit.ts';
import type { PhotoInput, PhotoMetadata } from '../types.ts';
import { scratchFloat32, scratchUint8 } from './scratch.ts';
import {
  type AnalysisOptions,
  analysisMaxSide,
  hdJpegOptions,
  hdSize,
  isSinglePhoto,
} from './working-size.ts';

/** A single 8-bit photo decoded once: its analysis pixels and, when asked, its HD JPEG. */
export interface PreparedPhoto {
  /** The analysis image, 8-bit interleaved RGB (also the display image a classifier crops). */
  samples: Uint8Array;
  info: { width: number; height: number; channels: number };
  metadata: PhotoMetadata;
  hd: { w: number; h: number };
  /**
   * The HD JPEG, still being encoded by libvips on its own thread while the caller analyses the
   * pixels (null when not asked for). A failure is reported when it is awaited.
   */
  hdJpeg: Promise<Buffer> | null;
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
 * pixels the HD JPEG (when `withJpeg`) and the analysis pixels (a second, small resize). Both phases
 * and every retry take this same path, so a photo's planes never depend on which phase made them.
 * Resolves as soon as the analysis pixels are there; the JPEG keeps encoding meanwhile.
 */
export async function preparePhoto(
  input: PhotoInput & { metadata: PhotoMetadata[] },
  options: AnalysisOptions & { hdQuality: number; hdMaxSize: number },
  withJpeg: boolean,
): Promise<PreparedPhoto> {
  const metadata = input.metadata[0] as PhotoMetadata;
  const hd = hdSize(metadata, options.hdMaxSize);
  const decoded = await sharp(input.paths[0] as string, { limitInputPixels: photoPixelLimit() })
    .resize(hd.w, hd.h, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
  const side = analysisMaxSide(input, options);
  const scale = Math.min(1, side / Math.max(hd.w, hd.h));
  const size = { w: Math.max(1, Math.round(hd.w * scale)), h: Math.max(1, Math.round(hd.h * scale)) };
  const hdJpeg = withJpeg
    ? sharp(decoded.data, { raw }).jpeg(hdJpegOptions(options.hdQuality)).toBuffer()
    : null;
  // Handled here so that a failure while the caller is still computing is not "unhandled"; the
  // caller's own await still throws it.
  hdJpeg?.catch(() => undefined);
  const analysis =
    size.w === hd.w && size.h === hd.h
      ? decoded
      : await sharp(decoded.data, { raw })
          .resize(size.w, size.h, { fit: 'fill' })
          .raw()
          .toBuffer({ resolveWithObject: true });
  const samples = new Uint8Array(analysis.data.buffer, analysis.data.byteOffset, analysis.data.byteLength);
  const info = { width: analysis.info.width, height: analysis.info.height, channels: analysis.info.channels };
  return { samples, info, metadata, hd, hdJpeg };
}

/**
 * The analysis planes of a prepared photo, in working buffers reused from photo to photo (see
 * scratch.ts): use them synchronously, before any await, and keep nothing that points into them.
 */
export function scratchPlanes(prepared: PreparedPhoto): CapturePlanes {
  const n = prepared.info.width * prepared.info.height;
  return rgbPlanes(prepared.samples, prepared.info, prepared.metadata, {
    red: scratchFloat32('photoRed', n),
    green: scratchFloat32('photoGreen', n),
    blue: scratchFloat32('photoBlue', n),
    valid: scratchUint8('photoValid', n),
  });
}
