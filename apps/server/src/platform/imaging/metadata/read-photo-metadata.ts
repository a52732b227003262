import { open, stat } from 'node:fs/promises';
import exifr from 'exifr';
import sharp, { type Metadata } from 'sharp';
import { ImageTooLargeError, photoPixelLimit } from '../pixel-limit.ts';
import type { ImageFormat, PhotoGps, PhotoMetadata, SpectralBand } from '../types.ts';
import { pixelStatsOf } from './pixel-stats.ts';
import { firstNumber, firstString, type TagGroups } from './tag-values.ts';

/** JPEG or TIFF from the leading bytes, or null for anything else (a PNG renamed .jpg is null). */
export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const tiffLittle = head[0] === 0x49 && head[1] === 0x49 && head[2] === 0x2a && head[3] === 0x00;
  const tiffBig = head[0] === 0x4d && head[1] === 0x4d && head[2] === 0x00 && head[3] === 0x2a;
  const bigTiffLittle = head[0] === 0x49 && head[1] === 0x49 && head[2] === 0x2b && head[3] === 0x00;
  const bigTiffBig = head[0] === 0x4d && head[1] === 0x4d && head[2] === 0x00 && head[3] === 0x2b;
  if (head.length >= 4 && (tiffLittle || tiffBig || bigTiffLittle || bigTiffBig)) return 'tiff';
  return null;
}

export class UnsupportedImageError extends Error {}

// JPEG metadata lives in the first APP segments; TIFF tags may point anywhere in the file, so small
// TIFFs are read whole (exifr's chunked reader misses far-away strings such as Make in MicaSense files).
const JPEG_HEAD_BYTES = 512 * 1024;
const TIFF_WHOLE_FILE_LIMIT = 256 * 1024 * 1024;

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * EXIF + XMP of a JPEG or TIFF photo. Throws `UnsupportedImageError` when the bytes are neither
 * JPEG nor TIFF, or the image cannot be decoded. `gps` is null when the photo carries no position.
 */
export async function readPhotoMetadata(filePath: string): Promise<PhotoMetadata> {
  const format = sniffImageFormat(await readHead(filePath, 8));
  if (!format) throw new UnsupportedImageError('Not a JPEG or TIFF image');
  const size = (await stat(filePath)).size;
  const bytes =
    format === 'jpeg'
      ? await readHead(filePath, Math.min(size, JPEG_HEAD_BYTES))
      : await readHead(filePath, Math.min(size, TIFF_WHOLE_FILE_LIMIT));

  let pixels: Metadata;
  try {
    pixels = await sharp(filePath, { limitInputPixels: photoPixelLimit() }).metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) {
      throw new ImageTooLargeError('The image is larger than the analysis reads');
    }
    throw new UnsupportedImageError('The image cannot be decoded');
  }
  let tags: TagGroups = {};
  try {
    tags =
      (await exifr.parse(bytes, {
        tiff: true,
        ifd0: {},
        exif: true,
        gps: true,
        xmp: true,
        mergeOutput: false,
        translateValues: false,
        reviveValues: true,
      } as Parameters<typeof exifr.parse>[1])) ?? {};
  } catch {
    // A photo without readable EXIF is still a photo; it simply has no position.
    tags = {};
  }
  const metadata = buildMetadata(format, pixels, tags);
  // Only colour photos: single-band files (multispectral) say what they are in their XMP.
  if ((pixels.channels ?? 1) >= 3) metadata.pixelStats = await pixelStatsOf(filePath).catch(() => null);
  return metadata;
}

// XMP groups exifr returns besides the EXIF segments: their prefixes name the writing software.
const NON_XMP_GROUPS = new Set([
  'ifd0',
  'ifd1',
  'exif',
  'gps',
  'interop',
  'thumbnail',
  'iptc',
  'icc',
  'jfif',
  'ihdr',
  'xmp',
]);

function buildMetadata(format: ImageFormat, pixels: Metadata, tags: TagGroups): PhotoMetadata {
  const width = pixels.width ?? 0;
  const height = pixels.height ?? 0;
  const make = firstString(tags, [['ifd0', 'Make']]);
  const model = firstString(tags, [['ifd0', 'Model']]);
  const gimbalYawDeg = firstNumber(tags, [['drone-dji', 'GimbalYawDegree']]);
  const flightYawDeg = firstNumber(tags, [['drone-dji', 'FlightYawDegree']]);
  const dlsYawRad = firstNumber(tags, [['DLS', 'Yaw']]);
  const yaw =
    gimbalYawDeg ??
    flightYawDeg ??
    firstNumber(tags, [['sensefly', 'Heading']]) ??
    (dlsYawRad === null ? null : (dlsYawRad * 180) / Math.PI);
  const gimbalPitch = firstNumber(tags, [['drone-dji', 'GimbalPitchDegree']]);
  const dlsPitch = firstNumber(tags, [['DLS', 'Pitch']]);
  const dlsRoll = firstNumber(tags, [['DLS', 'Roll']]);
  const { sensorWidthMm, sensorHeightMm } = sensorSize(tags, width, height);
  const focal35 = firstNumber(tags, [['exif', 'FocalLengthIn35mmFormat']]);
  return {
    format,
    width,
    height,
    bitsPerSample: depthBits(pixels.depth),
    samplesPerPixel: pixels.channels ?? 1,
    make,
    model,
    camera: cameraName(make, model),
    capturedAt: captureTime(tags),
    gps: readGps(tags),
    relativeAltitude: firstNumber(tags, [
      ['drone-dji', 'RelativeAltitude'],
      ['sensefly', 'Height'],
    ]),
    yawDeg: yaw === null ? null : normaliseDegrees(yaw),
    gimbalYawDeg,
    flightYawDeg,
    pitchDeg:
      gimbalPitch !== null
        ? gimbalPitch + 90
        : (firstNumber(tags, [['sensefly', 'PitchAngle']]) ??
          (dlsPitch === null ? null : (dlsPitch * 180) / Math.PI)),
    rollDeg:
      firstNumber(tags, [
        ['drone-dji', 'GimbalRollDegree'],
        ['sensefly', 'RollAngle'],
      ]) ?? (dlsRoll === null ? null : (dlsRoll * 180) / Math.PI),
    focalLengthMm: firstNumber(tags, [['exif', 'FocalLength']]),
    sensorWidthMm,
    sensorHeightMm,
    horizontalFovDeg: focal35 ? (2 * Math.atan(36 / (2 * focal35)) * 180) / Math.PI : null,
    band: readBand(tags),
    xmpNamespaces: Object.keys(tags)
      .filter((group) => !NON_XMP_GROUPS.has(group.toLowerCase()) && tags[group])
      .sort(),
    pressureAltitudeM: firstNumber(tags, [['MicaSense', 'PressureAlt']]),
  };
}

// Canon writes the make again in the model ("Canon" / "Canon PowerShot ELPH 300 HS").
function cameraName(make: string | null, model: string | null): string | null {
  if (make && model?.toLowerCase().startsWith(make.toLowerCase())) return model;
  return [make, model].filter(Boolean).join(' ') || null;
}

function depthBits(depth: string | undefined): number {
  if (depth === 'ushort' || depth === 'short') return 16;
  if (depth === 'uint' || depth === 'int' || depth === 'float') return 32;
  if (depth === 'double') return 64;
  return 8;
}

function normaliseDegrees(value: number): number {
  return ((value % 360) + 360) % 360;
}

function captureTime(tags: TagGroups): string | null {
  const value = tags.exif?.DateTimeOriginal ?? tags.exif?.CreateDate ?? tags.ifd0?.ModifyDate;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  if (typeof value === 'string' && value.trim()) return value.trim();
  return null;
}

/** EXIF GPS first (what cameras record), then DJI XMP (incl. the misspelt `GpsLongtitude`), then senseFly XMP. */
function readGps(tags: TagGroups): PhotoGps | null {
  const altitude = exifAltitude(tags);
  const lat = numberOrNull(tags.gps?.latitude);
  const lng = numberOrNull(tags.gps?.longitude);
  if (lat !== null && lng !== null && isPlausiblePosition(lat, lng))
    return { lat, lng, altitude, source: 'exif' };
  const djiLat = firstNumber(tags, [['drone-dji', 'GpsLatitude']]);
  const djiLng = firstNumber(tags, [
    ['drone-dji', 'GpsLongitude'],
    ['drone-dji', 'GpsLongtitude'],
  ]);
  if (djiLat !== null && djiLng !== null && isPlausiblePosition(djiLat, djiLng)) {
    return {
      lat: djiLat,
      lng: djiLng,
      altitude: altitude ?? firstNumber(tags, [['drone-dji', 'AbsoluteAltitude']]),
      source: 'xmp-dji',
    };
  }
  const sfLat = firstNumber(tags, [['sensefly', 'Latitude']]);
  const sfLng = firstNumber(tags, [['sensefly', 'Longitude']]);
  if (sfLat !== null && sfLng !== null && isPlausiblePosition(sfLat, sfLng)) {
    return {
      lat: sfLat,
      lng: sfLng,
      altitude: altitude ?? firstNumber(tags, [['sensefly', 'AltitudeWGS84']]),
      source: 'xmp-sensefly',
    };
  }
  return null;
}

function exifAltitude(tags: TagGroups): number | null {
  const altitude = numberOrNull(tags.gps?.GPSAltitude);
  if (altitude === null) return null;
  const ref = tags.gps?.GPSAltitudeRef;
  const below =
    ref === 1 || (ref instanceof Uint8Array && ref[0] === 1) || (Array.isArray(ref) && ref[0] === 1);
  return below ? -altitude : altitude;
}

// (0, 0) is what many cameras write when the receiver has no fix.
function isPlausiblePosition(lat: number, lng: number): boolean {
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

// EXIF FocalPlaneResolutionUnit: 2 inch, 3 cm, 4 mm, 5 µm.
const MM_PER_UNIT: Record<number, number> = { 1: 25.4, 2: 25.4, 3: 10, 4: 1, 5: 0.001 };

/**
 * Physical sensor size covered by the stored pixels. The focal-plane resolution refers to the
 * width in `ExifImageWidth` (4000 px for the Canon of the Seneca set, stored 3600 px); the stored
 * image is assumed to be a resize of that frame (same field of view), so the sensor width is
 * `ExifImageWidth / resolution` whatever the stored width.
 */
function sensorSize(tags: TagGroups, width: number, height: number) {
  const resolution = numberOrNull(tags.exif?.FocalPlaneXResolution);
  const unit = numberOrNull(tags.exif?.FocalPlaneResolutionUnit) ?? 2;
  const mmPerUnit = MM_PER_UNIT[unit] ?? 25.4;
  if (!resolution || !width || !height) return { sensorWidthMm: null, sensorHeightMm: null };
  const pixelsPerMm = resolution / mmPerUnit;
  const referenceWidth =
    numberOrNull(tags.exif?.ExifImageWidth) ?? numberOrNull(tags.exif?.PixelXDimension) ?? width;
  const sensorWidthMm = referenceWidth / pixelsPerMm;
  return { sensorWidthMm, sensorHeightMm: (sensorWidthMm * height) / width };
}

function readBand(tags: TagGroups): SpectralBand | null {
  const name = firstString(tags, [['Camera', 'BandName']]);
  if (!name) return null;
  const rigIndex = firstNumber(tags, [['Camera', 'RigCameraIndex']]);
  return {
    name,
    index: rigIndex === null ? 0 : rigIndex + 1,
    centralWavelengthNm: firstNumber(tags, [['Camera', 'CentralWavelength']]),
    // MicaSense `CaptureId`; DJI multispectral (P4M, Mavic 3M) `CaptureUUID`; Sequoia's Camera namespace.
    captureId: firstString(tags, [
      ['MicaSense', 'CaptureId'],
      ['drone-dji', 'CaptureUUID'],
      ['Camera', 'CaptureUUID'],
    ]),
  };
}
