import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { type CapturePlanes, loadCapture } from '../capture/load-capture.ts';
import { photoFootprint, photoGeoreference } from '../geometry/footprint.ts';
import type { DatasetStatistics, DetectOptions, PhotoAnalysis, PhotoInput, PhotoMetadata } from '../types.ts';
import { computePlantFields } from './plant-fields.ts';
import { DEFAULT_DETECT, scoreFields } from './scores.ts';
import { stressBoxes } from './stress-boxes.ts';

export interface DetectOutput {
  /** Where to write the HD JPEG, e.g. `<storage>/reports/{uuid}/{base}-hd.jpg`. */
  hdPath: string;
  /** Prefix of box ids, unique in the dataset (e.g. the photo's base name). */
  imageId: string;
}

export async function writeHdJpeg(
  display: Uint8Array,
  width: number,
  height: number,
  path: string,
  quality: number,
) {
  await mkdir(dirname(path), { recursive: true });
  await sharp(display, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toFile(path);
}

export interface PlanesGeoreference {
  /** Ground size of one working pixel (m), null when unknown. */
  gsdM: number | null;
  pixelToLngLat: ((x: number, y: number) => [number, number]) | null;
  fallbackLngLat: [number, number] | null;
}

/** Canopy → scores → boxes on planes already at HD size, writing the HD JPEG. Shared by photos and rasters. */
export async function detectOnPlanes(
  planes: CapturePlanes,
  georeference: PlanesGeoreference,
  statistics: DatasetStatistics,
  output: DetectOutput,
  options: DetectOptions,
) {
  const fields = computePlantFields(planes, georeference.gsdM);
  const scores = scoreFields(fields, statistics, options);
  await writeHdJpeg(
    planes.display,
    planes.width,
    planes.height,
    output.hdPath,
    options.hdQuality ?? DEFAULT_DETECT.hdQuality,
  );
  const boxes = await stressBoxes({
    fields,
    scores,
    gsdM: georeference.gsdM,
    imageId: output.imageId,
    pixelToLngLat: georeference.pixelToLngLat,
    fallbackLngLat: georeference.fallbackLngLat,
    display: planes.display,
    options,
  });
  return {
    hd: { w: planes.width, h: planes.height },
    canopyShare: fields.validCount ? fields.canopyCount / fields.validCount : 0,
    stressedShare: fields.domainCount ? scores.stressedCount / fields.domainCount : 0,
    boxes,
  };
}

/**
 * Phase 2: stressed canopy → boxes with colours, writing the HD JPEG derivative to `hdPath`.
 * Box ids are `${imageId}-${n}`; `thr_coords` are in HD pixels; lng/lat from the nadir footprint.
 * Pass the same `hdMaxSize` as to `measurePhoto`.
 */
export async function detectStress(
  input: PhotoInput,
  statistics: DatasetStatistics,
  output: DetectOutput,
  options: DetectOptions = {},
): Promise<PhotoAnalysis> {
  const planes = await loadCapture(input, options.hdMaxSize ?? DEFAULT_DETECT.hdMaxSize);
  const metadata = planes.metadata as PhotoMetadata;
  const footprintOptions = { heightAboveGroundM: input.heightAboveGroundM };
  const georeference = photoGeoreference(metadata, footprintOptions);
  const scaleX = planes.sourceWidth / planes.width;
  const scaleY = planes.sourceHeight / planes.height;
  const gps = metadata.gps;
  const result = await detectOnPlanes(
    planes,
    {
      gsdM: georeference ? georeference.gsdM * scaleX : null,
      pixelToLngLat: georeference ? (x, y) => georeference.pixelToLngLat(x * scaleX, y * scaleY) : null,
      fallbackLngLat: gps ? [gps.lng, gps.lat] : null,
    },
    statistics,
    output,
    options,
  );
  return {
    ...result,
    scale: { x: scaleX, y: scaleY },
    groundResolutionM: georeference ? georeference.gsdM : null,
    footprint: photoFootprint(metadata, footprintOptions),
    lng: gps?.lng ?? null,
    lat: gps?.lat ?? null,
  };
}
