import sharp from 'sharp';
import { type CapturePlanes, loadCapture } from '../capture/load-capture.ts';
import { photoGeoreference } from '../geometry/footprint.ts';
import type { IndicatorHistogram, IndicatorName, Measurement, PhotoInput, PhotoMetadata } from '../types.ts';
import { emptyHistogram } from './histogram.ts';
import type { PlantFields } from './plant-fields.ts';
import { computePlantFields } from './plant-fields.ts';
import { freshValues, reusedValues } from './plant-scale.ts';
import { decodesOnce, preparePhoto, scratchPlanes } from './prepare-photo.ts';
import {
  type AnalysisOptions,
  analysisMaxSide,
  hdJpegOptions,
  isSinglePhoto,
  resolveOptions,
  withMetadata,
} from './working-size.ts';

/**
 * Counts `values` into `bins` over [min, min + bins.length / scale), NaN skipped, out-of-range
 * values in the end bins. A monomorphic loop of its own: inside the per-indicator loop V8 kept it
 * generic (~20 ns a value). Truncation equals the floor here: a negative position is clamped to 0.
 * Integer counts: consecutive values often share a bin, and each count waits for the last store.
 */
function countInto(bins: Int32Array, values: Float32Array, min: number, scale: number): void {
  const last = bins.length - 1;
  for (let k = 0; k < values.length; k++) {
    const value = values[k] as number;
    if (Number.isNaN(value)) continue;
    const position = (value - min) * scale;
    const bin = position <= 0 ? 0 : position >= last ? last : position | 0;
    bins[bin] = (bins[bin] as number) + 1;
  }
}

/** Histograms of every plant-scale indicator over the plants' outline pixels. */
export function measureFields(fields: PlantFields, sensor: Measurement['sensor']): Measurement {
  const histograms: Partial<Record<IndicatorName, IndicatorHistogram>> = {};
  for (const [name, values] of Object.entries(fields.values) as [IndicatorName, Float32Array][]) {
    const histogram = emptyHistogram(name);
    const bins = new Int32Array(histogram.counts.length);
    // Values are per domain pixel already (see PlantFields).
    countInto(bins, values, histogram.min, bins.length / (histogram.max - histogram.min));
    histogram.counts = Array.from(bins);
    histograms[name] = histogram;
  }
  return {
    sensor,
    roles: fields.roles,
    histograms,
    canopyPixels: fields.canopyCount,
    totalPixels: fields.validCount,
  };
}

/** Ground size of one analysis pixel of a photo's planes (m), null when not georeferenced. */
export function planesGsdM(planes: CapturePlanes, heightAboveGroundM: number | undefined): number | null {
  const georeference = photoGeoreference(planes.metadata as PhotoMetadata, { heightAboveGroundM });
  return georeference ? (georeference.gsdM * planes.sourceWidth) / planes.width : null;
}

/**
 * Phase 1: canopy segmentation and indicator histograms of one capture, at the analysis
 * resolution `detectStress` uses (pass the same `hdMaxSize` / `analysisGsdM` to both). With a
 * `cache` slot, a single 8-bit photo's fields and HD JPEG are left there for phase 2.
 */
export async function measurePhoto(input: PhotoInput, options: AnalysisOptions = {}): Promise<Measurement> {
  const complete = await withMetadata(input);
  const values = options.reuseValueBuffers ? reusedValues : freshValues;
  if (decodesOnce(complete)) {
    const resolved = resolveOptions(input, options);
    const slot = options.cache;
    const prepared = await preparePhoto(complete, { ...options, ...resolved }, slot !== undefined);
    // Synchronous from here to the measurement: the planes live in reused buffers.
    const planes = scratchPlanes(prepared);
    const fields = computePlantFields(planes, planesGsdM(planes, input.heightAboveGroundM), values);
    const measurement = measureFields(fields, planes.kind);
    if (slot && prepared.hdJpeg) {
      const entry = {
        fields,
        sourceWidth: planes.sourceWidth,
        sourceHeight: planes.sourceHeight,
        hd: prepared.hd,
        hdJpeg: await prepared.hdJpeg,
        optionsKey: resolved.key,
      };
      // Best effort: phase 2 recomputes the same fields when the entry is missing.
      await slot.cache.set(slot.key, entry).catch(() => undefined);
    }
    return measurement;
  }
  const planes = await loadCapture(complete, analysisMaxSide(complete, options));
  const fields = computePlantFields(planes, planesGsdM(planes, input.heightAboveGroundM), values);
  const measurement = measureFields(fields, planes.kind);
  const slot = options.cache;
  if (slot && !isSinglePhoto(complete)) {
    // A band set: phase 2 would read, calibrate and register every band again and recompute the
    // same fields, so they and the HD JPEG of its composite (phase 2's HD image) are left too.
    const resolved = resolveOptions(input, options);
    const entry = {
      fields,
      sourceWidth: planes.sourceWidth,
      sourceHeight: planes.sourceHeight,
      hd: { w: planes.width, h: planes.height },
      hdJpeg: await sharp(planes.display, {
        raw: { width: planes.width, height: planes.height, channels: 3 },
      })
        .jpeg(hdJpegOptions(resolved.hdQuality))
        .toBuffer(),
      optionsKey: resolved.key,
    };
    await slot.cache.set(slot.key, entry).catch(() => undefined);
  }
  return measurement;
}
