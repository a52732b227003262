import { loadCapture } from '../capture/load-capture.ts';
import { photoGeoreference } from '../geometry/footprint.ts';
import type { IndicatorHistogram, IndicatorName, Measurement, PhotoInput, PhotoMetadata } from '../types.ts';
import { binOf, emptyHistogram } from './histogram.ts';
import type { PlantFields } from './plant-fields.ts';
import { computePlantFields } from './plant-fields.ts';
import { DEFAULT_DETECT } from './scores.ts';

/** Histograms of every plant-scale indicator over the plants' outline pixels. */
export function measureFields(fields: PlantFields, sensor: Measurement['sensor']): Measurement {
  const histograms: Partial<Record<IndicatorName, IndicatorHistogram>> = {};
  for (const [name, values] of Object.entries(fields.values) as [IndicatorName, Float32Array][]) {
    const histogram = emptyHistogram(name);
    const { counts } = histogram;
    for (let i = 0; i < values.length; i++) {
      const value = values[i] as number;
      if (!fields.domain[i] || Number.isNaN(value)) continue;
      const bin = binOf(histogram, value);
      counts[bin] = (counts[bin] as number) + 1;
    }
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

/**
 * Phase 1: canopy segmentation and indicator histograms of one capture, at the same working
 * resolution `detectStress` uses (pass the same `hdMaxSize` to both).
 */
export async function measurePhoto(
  input: PhotoInput,
  options: { hdMaxSize?: number } = {},
): Promise<Measurement> {
  const planes = await loadCapture(input, options.hdMaxSize ?? DEFAULT_DETECT.hdMaxSize);
  const metadata = planes.metadata as PhotoMetadata;
  const georeference = photoGeoreference(metadata, { heightAboveGroundM: input.heightAboveGroundM });
  const gsdM = georeference ? (georeference.gsdM * planes.sourceWidth) / planes.width : null;
  return measureFields(computePlantFields(planes, gsdM), planes.kind);
}
