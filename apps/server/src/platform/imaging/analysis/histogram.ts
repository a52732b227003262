import type { IndicatorHistogram, IndicatorName, IndicatorStatistics } from '../types.ts';

/** Value range of each indicator's histogram; 1000 bins keep median/MAD to a few thousandths. */
export const INDICATOR_RANGE: Record<IndicatorName, [number, number]> = {
  vari: [-1, 1],
  gli: [-1, 1],
  tgi: [-0.5, 0.5],
  ndvi: [-1, 1],
  ndre: [-1, 1],
  gndvi: [-1, 1],
  cover: [0, 1],
};
export const HISTOGRAM_BINS = 1000;

export function emptyHistogram(name: IndicatorName): IndicatorHistogram {
  const [min, max] = INDICATOR_RANGE[name];
  return { min, max, counts: new Array(HISTOGRAM_BINS).fill(0) };
}

export function binOf(histogram: IndicatorHistogram, value: number): number {
  const bins = histogram.counts.length;
  const bin = Math.floor(((value - histogram.min) / (histogram.max - histogram.min)) * bins);
  return bin < 0 ? 0 : bin >= bins ? bins - 1 : bin;
}

export function mergeInto(target: IndicatorHistogram, source: IndicatorHistogram): void {
  if (
    source.counts.length !== target.counts.length ||
    source.min !== target.min ||
    source.max !== target.max
  ) {
    throw new Error('Histograms with different ranges cannot be merged');
  }
  for (let i = 0; i < target.counts.length; i++) {
    target.counts[i] = (target.counts[i] as number) + (source.counts[i] as number);
  }
}

function quantileOfCounts(counts: ArrayLike<number>, total: number, q: number): number {
  const target = q * total;
  let cumulative = 0;
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i] as number;
    if (cumulative + count >= target && count > 0) return i + (target - cumulative) / count;
    cumulative += count;
  }
  return counts.length;
}

/** Median and MAD from a histogram (linear interpolation inside bins). */
export function histogramStatistics(histogram: IndicatorHistogram): IndicatorStatistics {
  const { counts, min, max } = histogram;
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return { median: Number.NaN, mad: Number.NaN, count: 0 };
  const binWidth = (max - min) / counts.length;
  const medianPosition = quantileOfCounts(counts, total, 0.5);
  const median = min + medianPosition * binWidth;
  // Distribution of |x − median| in bin units, at half-bin resolution.
  const deviations = new Float64Array(counts.length * 2 + 2);
  for (let i = 0; i < counts.length; i++) {
    const distance = Math.abs(i + 0.5 - medianPosition);
    const bin = Math.min(deviations.length - 1, Math.floor(distance * 2));
    deviations[bin] = (deviations[bin] as number) + (counts[i] as number);
  }
  const madPosition = quantileOfCounts(deviations, total, 0.5) / 2;
  return { median, mad: madPosition * binWidth, count: total };
}
