import type { DatasetStatistics, Measurement } from '../types.ts';

/** Median and MAD per indicator over the whole dataset (merged histograms). */
export function datasetStatistics(_measurements: Measurement[]): DatasetStatistics {
  throw new Error('not implemented');
}
