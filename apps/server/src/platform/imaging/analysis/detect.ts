import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { loadCapture } from '../capture/load-capture.ts';
import { photoFootprint, photoGeoreference } from '../geometry/footprint.ts';
import type { DatasetStatistics, DetectOptions, PhotoAnalysis, PhotoInput } from '../types.ts';
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
    .jpeg({ quality, mozjpeg: false })
    .toFile(path);
}

/**
 * Phase 2: stressed canopy → boxes with colours, writing the HD JPEG derivative to `hdPath`.
 * Box ids are `${imageId}-${n}`; `thr_coords` are in HD pixels; lng/lat from the nadir footprint.
 */
export async function detectStress(
  input: PhotoInput,
  statistics: DatasetStatistics,
  output: DetectOutput,
  options: DetectOptions = {},
): Promise<PhotoAnalysis> {
  const planes = await loadCapture(input, options.hdMaxSize ?? DEFAULT_DETECT.hdMaxSize);
  const footprintOptions = { heightAboveGroundM: input.heightAboveGroundM };
  const georeference = photoGeoreference(planes.metadata, footprintOptions);
  const scaleX = planes.sourceWidth / planes.width;
  const scaleY = planes.sourceHeight / planes.height;
  const gsdM = georeference ? georeference.gsdM * scaleX : null;
  const fields = computePlantFields(planes, gsdM);
  const scores = scoreFields(fields, statistics, options);
  await writeHdJpeg(
    planes.display,
    planes.width,
    planes.height,
    output.hdPath,
    options.hdQuality ?? DEFAULT_DETECT.hdQuality,
  );
  const gps = planes.metadata.gps;
  const boxes = await stressBoxes({
    fields,
    scores,
    gsdM,
    imageId: output.imageId,
    pixelToLngLat: georeference ? (x, y) => georeference.pixelToLngLat(x * scaleX, y * scaleY) : null,
    fallbackLngLat: gps ? [gps.lng, gps.lat] : null,
    display: planes.display,
    options,
  });
  return {
    hd: { w: planes.width, h: planes.height },
    scale: { x: scaleX, y: scaleY },
    canopyShare: fields.validCount ? fields.canopyCount / fields.validCount : 0,
    stressedShare: fields.domainCount ? scores.stressedCount / fields.domainCount : 0,
    groundResolutionM: georeference ? georeference.gsdM : null,
    footprint: photoFootprint(planes.metadata, footprintOptions),
    lng: gps?.lng ?? null,
    lat: gps?.lat ?? null,
    boxes,
  };
}
