import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { bandSetMetadata, type CapturePlanes, loadCapture } from '../capture/load-capture.ts';
import { photoFootprint, photoGeoreference } from '../geometry/footprint.ts';
import { photoPixelLimit } from '../pixel-limit.ts';
import type { DatasetStatistics, DetectOptions, PhotoAnalysis, PhotoInput, PhotoMetadata } from '../types.ts';
import { planesGsdM } from './measure.ts';
import { computePlantFields, type PlantFields } from './plant-fields.ts';
import { plantUnits } from './plant-units.ts';
import { plantVigour } from './plant-vigour.ts';
import { decodesOnce, preparePhoto, scratchPlanes } from './prepare-photo.ts';
import { DEFAULT_DETECT } from './scores.ts';
import { unitBoxes } from './stress-boxes.ts';
import {
  analysisMaxSide,
  type CaptureDetectOptions,
  hdJpegOptions,
  hdSize,
  isSinglePhoto,
  resolveOptions,
  withMetadata,
} from './working-size.ts';

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
    .jpeg(hdJpegOptions(quality))
    .toFile(path);
}

export interface PlanesGeoreference {
  /** Ground size of one analysis pixel (m), null when unknown. */
  gsdM: number | null;
  /** Analysis-pixel position → WGS84. */
  pixelToLngLat: ((x: number, y: number) => [number, number]) | null;
  fallbackLngLat: [number, number] | null;
}

/**
 * Canopy → scores → boxes on the analysis planes; boxes are returned in HD pixels (`hd` is the
 * HD derivative's size, written separately by the caller). Shared by photos and raster windows.
 */
export async function detectOnPlanes(
  planes: CapturePlanes,
  georeference: PlanesGeoreference,
  statistics: DatasetStatistics,
  hd: { w: number; h: number },
  imageId: string,
  options: DetectOptions,
) {
  const fields = computePlantFields(planes, georeference.gsdM);
  return detectOnFields(fields, georeference, statistics, hd, imageId, options, planes.display);
}

/** Scores → boxes on computed plant fields (`display`, the working image, feeds a classifier). */
export async function detectOnFields(
  fields: PlantFields,
  georeference: PlanesGeoreference,
  statistics: DatasetStatistics,
  hd: { w: number; h: number },
  imageId: string,
  options: DetectOptions,
  display: Uint8Array | null,
) {
  // Each plant is judged against the plants around it in the same image, never against the
  // dataset: the same photo gives the same boxes whatever is uploaded with it. `statistics`
  // (the field's distribution) still colours the map layers.
  void statistics;
  const { units } = plantUnits(fields, georeference.gsdM, options);
  const boxes = await unitBoxes({
    fields,
    units,
    hasWater: fields.roles.water !== null,
    gsdM: georeference.gsdM,
    imageId,
    pixelToLngLat: georeference.pixelToLngLat,
    fallbackLngLat: georeference.fallbackLngLat,
    display,
    options,
  });
  let stressedCanopy = 0;
  for (const unit of units) if (unit.stressed) stressedCanopy += unit.canopyPixels;
  const sx = hd.w / fields.width;
  const sy = hd.h / fields.height;
  for (const box of boxes) {
    const { x, y, w, h } = box.thr_coords;
    const left = Math.floor(x * sx);
    const top = Math.floor(y * sy);
    box.thr_coords = {
      x: left,
      y: top,
      w: Math.min(hd.w, Math.ceil((x + w) * sx)) - left,
      h: Math.min(hd.h, Math.ceil((y + h) * sy)) - top,
    };
  }
  return {
    canopyShare: fields.validCount ? fields.canopyCount / fields.validCount : 0,
    stressedShare: fields.canopyCount ? stressedCanopy / fields.canopyCount : 0,
    boxes,
    plants: plantVigour(units, georeference.pixelToLngLat),
  };
}

/**
 * A single 8-bit photo's fields and HD JPEG: phase 1's, from the cache, or made again from the
 * same decode. Either way the same values, so a missing or evicted entry changes nothing.
 */
async function photoFields(
  complete: PhotoInput & { metadata: PhotoMetadata[] },
  options: CaptureDetectOptions,
  resolved: ReturnType<typeof resolveOptions>,
) {
  const slot = options.classifier ? undefined : options.cache;
  const cached = slot ? await slot.cache.get(slot.key) : null;
  if (cached && cached.optionsKey === resolved.key) {
    return { ...cached, display: null };
  }
  const prepared = await preparePhoto(complete, { ...options, ...resolved }, true);
  // The planes live in reused buffers: used synchronously, only the fields (fresh) are kept.
  const planes = scratchPlanes(prepared);
  const fields = computePlantFields(planes, planesGsdM(planes, complete.heightAboveGroundM));
  return {
    fields,
    sourceWidth: planes.sourceWidth,
    sourceHeight: planes.sourceHeight,
    hd: prepared.hd,
    hdJpeg: await (prepared.hdJpeg as Promise<Buffer>),
    display: prepared.samples,
  };
}

/** Phase 2 of a single 8-bit photo (decoded once, or phase 1's work reused). */
async function detectInPhoto(
  complete: PhotoInput & { metadata: PhotoMetadata[] },
  statistics: DatasetStatistics,
  output: DetectOutput,
  options: CaptureDetectOptions,
): Promise<PhotoAnalysis> {
  const resolved = resolveOptions(complete, options);
  const made = await photoFields(complete, options, resolved);
  return detectWithFields(complete, complete.metadata[0] as PhotoMetadata, made, statistics, output, options);
}

/**
 * Phase 2 from a capture's plant fields and HD JPEG (made here or left by phase 1); `metadata`
 * georeferences the capture (a band set's reference band).
 */
async function detectWithFields(
  complete: PhotoInput & { metadata: PhotoMetadata[] },
  metadata: PhotoMetadata,
  made: Awaited<ReturnType<typeof photoFields>>,
  statistics: DatasetStatistics,
  output: DetectOutput,
  options: CaptureDetectOptions,
): Promise<PhotoAnalysis> {
  // The HD JPEG is written while the boxes are computed; awaited before returning.
  const written = mkdir(dirname(output.hdPath), { recursive: true }).then(() =>
    writeFile(output.hdPath, made.hdJpeg),
  );
  written.catch(() => undefined);
  const footprintOptions = { heightAboveGroundM: complete.heightAboveGroundM };
  const georeference = photoGeoreference(metadata, footprintOptions);
  const scaleX = made.sourceWidth / made.fields.width;
  const scaleY = made.sourceHeight / made.fields.height;
  const gps = metadata.gps;
  const result = await detectOnFields(
    made.fields,
    {
      gsdM: georeference ? georeference.gsdM * scaleX : null,
      pixelToLngLat: georeference ? (x, y) => georeference.pixelToLngLat(x * scaleX, y * scaleY) : null,
      fallbackLngLat: gps ? [gps.lng, gps.lat] : null,
    },
    statistics,
    made.hd,
    output.imageId,
    options,
    made.display,
  );
  await written;
  if (options.cache) await options.cache.cache.delete(options.cache.key).catch(() => undefined);
  return {
    ...result,
    hd: made.hd,
    scale: { x: made.sourceWidth / made.hd.w, y: made.sourceHeight / made.hd.h },
    groundResolutionM: georeference ? georeference.gsdM : null,
    footprint: photoFootprint(metadata, footprintOptions),
    lng: gps?.lng ?? null,
    lat: gps?.lat ?? null,
  };
}

/**
 * Phase 2: stressed canopy → boxes with colours, writing the HD JPEG derivative to `hdPath`.
 * Box ids are `${imageId}-${n}`; `thr_coords` are in HD pixels; lng/lat from the nadir footprint.
 * Pass the same `hdMaxSize` / `analysisGsdM` as to `measurePhoto`.
 */
export async function detectStress(
  input: PhotoInput,
  statistics: DatasetStatistics,
  output: DetectOutput,
  options: CaptureDetectOptions = {},
): Promise<PhotoAnalysis> {
  const complete = await withMetadata(input);
  if (decodesOnce(complete)) return detectInPhoto(complete, statistics, output, options);
  const slot = options.classifier ? undefined : options.cache;
  if (slot && !isSinglePhoto(complete)) {
    // A band set whose phase 1 left its fields: no band is read, calibrated or registered again.
    const cached = await slot.cache.get(slot.key);
    if (cached && cached.optionsKey === resolveOptions(complete, options).key) {
      const metadata = bandSetMetadata(complete.paths, complete.metadata);
      const made = { ...cached, display: null };
      return detectWithFields(complete, metadata, made, statistics, output, options);
    }
  }
  const hdMaxSize = options.hdMaxSize ?? DEFAULT_DETECT.hdMaxSize;
  const quality = options.hdQuality ?? DEFAULT_DETECT.hdQuality;
  const planes = await loadCapture(complete, analysisMaxSide(complete, options));
  const metadata = planes.metadata as PhotoMetadata;
  let hd: { w: number; h: number };
  if (isSinglePhoto(complete)) {
    // The HD derivative comes straight from the photo (decode, resize, encode in libvips).
    hd = hdSize(metadata, hdMaxSize);
    await mkdir(dirname(output.hdPath), { recursive: true });
    await sharp(complete.paths[0] as string, { limitInputPixels: photoPixelLimit() })
      .resize(hd.w, hd.h, { fit: 'fill' })
      .removeAlpha()
      .toColourspace('srgb')
      .jpeg(hdJpegOptions(quality))
      .toFile(output.hdPath);
  } else {
    hd = { w: planes.width, h: planes.height };
    await writeHdJpeg(planes.display, planes.width, planes.height, output.hdPath, quality);
  }
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
    hd,
    output.imageId,
    options,
  );
  return {
    ...result,
    hd,
    scale: { x: planes.sourceWidth / hd.w, y: planes.sourceHeight / hd.h },
    groundResolutionM: georeference ? georeference.gsdM : null,
    footprint: photoFootprint(metadata, footprintOptions),
    lng: gps?.lng ?? null,
    lat: gps?.lat ?? null,
  };
}
