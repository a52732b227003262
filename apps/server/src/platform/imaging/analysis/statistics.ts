import type { DatasetStatistics, IndicatorHistogram, IndicatorName, Measurement } from '../types.ts';
import { histogramStatistics, mergeInto } from './histogram.ts';

/**
 * Median and MAD per indicator over the whole dataset (histograms merged across captures or
 * raster tiles), so each plant is scored against its own field.
 */
export function datasetStatistics(measurements: Measurement[]): DatasetStatistics {
  const merged = new Map<IndicatorName, IndicatorHistogram>();
  let canopyPixels = 0;
  let totalPixels = 0;
  for (const measurement of measurements) {
    canopyPixels += measurement.canopyPixels;
    totalPixels += measurement.totalPixels;
    for (const [name, histogram] of Object.entries(measurement.histograms) as [
      IndicatorName,
      IndicatorHistogram,
    ][]) {
      const target = merged.get(name);
      if (target) mergeInto(target, histogram);
      else merged.set(name, { ...histogram, counts: [...histogram.counts] });
    }
  }
  const indicators: DatasetStatistics['indicators'] = {};
  for (const [name, histogram] of merged) {
    const stats = histogramStatistics(histogram);
    if (stats.count > 0) indicators[name] = stats;
  }
  return { indicators, canopyPixels, totalPixels };
}
