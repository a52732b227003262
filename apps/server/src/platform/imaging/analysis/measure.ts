import { loadCapture } from '../capture/load-capture.ts';
import { photoGeoreference } from '../geometry/footprint.ts';
import type { IndicatorHistogram, IndicatorName, Measurement, PhotoInput, PhotoMetadata } from '../types.ts';
import { emptyHistogram } from './histogram.ts';
import type { PlantFields } from './plant-fields.ts';
import { computePlantFields } from './plant-fields.ts';
import { type AnalysisOptions, analysisMaxSide, withMetadata } from './working-size.ts';

/** Histograms of every plant-scale indicator over the plants' outline pixels. */
export function measureFields(fields: PlantFields, sensor: Measurement['sensor']): Measurement {
  const histograms: Partial<Record<IndicatorName, IndicatorHistogram>> = {};
  for (const [name, values] of Object.entries(fields.values) as [IndicatorName, Float32Array][]) {
    const histogram = emptyHistogram(name);
    const bins = new Float64Array(histogram.counts.length);
    const last = bins.length - 1;
    const scale = bins.length / (histogram.max - histogram.min);
    const { domain } = fields;
    for (let i = 0; i < values.length; i++) {
      const value = values[i] as number;
      if (!domain[i] || Number.isNaN(value)) continue;
      const bin = Math.floor((value - histogram.min) * scale);
      const clamped = bin < 0 ? 0 : Math.min(bin, last);
      bins[clamped] = (bins[clamped] as number) + 1;
    }
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

/**
 * Phase 1: canopy segmentation and indicator histograms of one capture, at the analysis
 * resolution `detectStress` uses (pass the same `hdMaxSize` / `analysisGsdM` to both).
 */
export async function measurePhoto(input: PhotoInput, options: AnalysisOptions = {}): Promise<Measurement> {
  const complete = await withMetadata(input);
  const planes = await loadCapture(complete, analysisMaxSide(complete, options));
  const metadata = planes.metadata as PhotoMetadata;
  const georeference = photoGeoreference(metadata, { heightAboveGroundM: input.heightAboveGroundM });
  const gsdM = georeference ? (georeference.gsdM * planes.sourceWidth) / planes.width : null;
  return measureFields(computePlantFields(planes, gsdM), planes.kind);
}
