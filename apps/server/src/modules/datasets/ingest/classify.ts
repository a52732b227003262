import type { DatasetFileReason } from '@ampelos/domain';
import {
  ImageTooLargeError,
  type PhotoMetadata,
  type RasterInfo,
  readPhotoMetadata,
  readRasterInfo,
} from '../../../platform/imaging/index.ts';
import { type IngestLimits, photoRefusal, rasterRefusal } from './analysable.ts';
import { distanceOutsideM, type LngLat, ringsOverlap } from './geofence.ts';
import { describeType, sniffFile } from './sniff.ts';

export interface FileVerdict {
  status: 'accepted' | 'rejected';
  kind: 'photo' | 'band' | 'orthomosaic' | 'dsm' | null;
  format: string;
  reason: DatasetFileReason | null;
  message: string | null;
  lat: number | null;
  lng: number | null;
  metadata: Record<string, unknown> | null;
}

export interface FieldArea {
  ring: LngLat[];
  bufferM: number;
}

const rejected = (
  format: string,
  reason: DatasetFileReason,
  message: string,
  extra: Partial<FileVerdict> = {},
): FileVerdict => ({
  status: 'rejected',
  kind: null,
  format,
  reason,
  message,
  lat: null,
  lng: null,
  metadata: null,
  ...extra,
});

const asJson = (value: object) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

/** A georeferenced TIFF: orthomosaic or DSM, accepted when its footprint meets the field. */
function classifyRaster(info: RasterInfo, field: FieldArea, limits: IngestLimits): FileVerdict {
  // A DSM is one band of elevations, stored as floating point (GDAL's and ODM's output).
  const kind = info.bandCount === 1 && info.sampleFormat === 'float' ? 'dsm' : 'orthomosaic';
  const metadata = asJson(info);
  const refusal = rasterRefusal(info, kind, limits);
  if (refusal) return rejected('geotiff', refusal.reason, refusal.message, { kind, metadata });
  if (!info.footprint || !info.proj4) {
    return rejected('geotiff', 'not_georeferenced', 'The GeoTIFF has no coordinate system we can read', {
      kind,
      metadata,
    });
  }
  const outline = info.footprint.coordinates[0] as LngLat[];
  const centre = outline.reduce<[number, number]>(
    (sum, [lng, lat]) => [sum[0] + lng / outline.length, sum[1] + lat / outline.length],
    [0, 0],
  );
  if (!ringsOverlap(outline, field.ring, field.bufferM)) {
    return rejected('geotiff', 'outside_field', 'The GeoTIFF does not cover the field', {
      kind,
      metadata,
      lng: centre[0],
      lat: centre[1],
    });
  }
  return {
    status: 'accepted',
    kind,
    format: 'geotiff',
    reason: null,
    message: null,
    lng: centre[0],
    lat: centre[1],
    metadata,
  };
}

function classifyPhoto(meta: PhotoMetadata, field: FieldArea, limits: IngestLimits): FileVerdict {
  const metadata = asJson(meta);
  const kind = meta.band ? 'band' : 'photo';
  const refusal = photoRefusal(meta, limits);
  if (refusal) return rejected(meta.format, refusal.reason, refusal.message, { kind, metadata });
  if (!meta.gps) {
    return rejected(meta.format, 'no_gps', 'The photo has no GPS position', { kind, metadata });
  }
  const position = { lat: meta.gps.lat, lng: meta.gps.lng };
  const outside = distanceOutsideM([meta.gps.lng, meta.gps.lat], field.ring);
  if (outside > field.bufferM) {
    return rejected(
      meta.format,
      'outside_field',
      `The photo was taken ${Math.round(outside)} m outside the field`,
      { kind, metadata, ...position },
    );
  }
  return {
    status: 'accepted',
    kind,
    format: meta.format,
    reason: null,
    message: null,
    ...position,
    metadata,
  };
}

/**
 * Decides one file from its bytes: the type by signature, a GeoTIFF by its geokeys, a photo by its
 * EXIF/XMP, whether the analysis can read it (size, bands, bit depth, camera: `analysable.ts`),
 * and the geolocation rule against the paid field.
 */
export async function classifyFile(
  file: string,
  field: FieldArea,
  limits: IngestLimits,
): Promise<FileVerdict> {
  let type: Awaited<ReturnType<typeof sniffFile>>;
  try {
    type = await sniffFile(file);
  } catch {
    return rejected('unknown', 'corrupt', 'The file cannot be read');
  }
  if (type === 'zip') {
    return rejected('zip', 'unsupported_type', 'A zip inside a zip is not opened: upload it on its own');
  }
  if (type !== 'jpeg' && type !== 'tiff') {
    return rejected(
      type,
      'unsupported_type',
      `This file is ${describeType(type)}: upload JPEG or TIFF photos, a zip of them, or a GeoTIFF`,
    );
  }
  if (type === 'tiff') {
    const info = await readRasterInfo(file).catch(() => null);
    if (info?.geoTransform) return classifyRaster(info, field, limits);
  }
  let meta: PhotoMetadata;
  try {
    meta = await readPhotoMetadata(file);
  } catch (error) {
    if (error instanceof ImageTooLargeError) {
      const most = Math.round(limits.photoMaxPixels / 1_000_000);
      return rejected(type, 'too_many_pixels', `${error.message}: at most ${most} megapixels are analysed`);
    }
    return rejected(type, 'corrupt', `The image cannot be read (${(error as Error).message})`);
  }
  return classifyPhoto(meta, field, limits);
}
