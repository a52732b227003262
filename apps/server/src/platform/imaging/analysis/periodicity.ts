/*
 * Periods of profiles (canopy projected across or along rows): the best whole lag and its strength,
 * and the period refined to a fraction of a bin. Used by row-geometry.ts.
 */

/**
 * High-pass: the profile minus its moving average over two of the longest periods (`half` either
 * side), so the slow trend (more canopy on one side of the image) does not correlate at every lag.
 */
function highPass(profile: Float64Array, half: number): Float64Array {
  const n = profile.length;
  const residual = new Float64Array(n);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < Math.min(n, half); i++) {
    sum += profile[i] as number;
    count++;
  }
  for (let i = 0; i < n; i++) {
    const enter = i + half;
    if (enter < n) {
      sum += profile[enter] as number;
      count++;
    }
    const leave = i - half - 1;
    if (leave >= 0) {
      sum -= profile[leave] as number;
      count--;
    }
    residual[i] = (profile[i] as number) - sum / count;
  }
  return residual;
}

/**
 * Normalised autocorrelation of a profile at every lag up to `maxLag` (mean removed), and the
 * best local maximum between `minLag` and `maxLag`.
 */
export function bestPeriod(
  profile: Float64Array,
  minLag: number,
  maxLag: number,
): { lag: number; strength: number } {
  const n = profile.length;
  if (n < 3 * minLag) return { lag: 0, strength: 0 };
  const residual = highPass(profile, maxLag);
  let variance = 0;
  for (let i = 0; i < n; i++) variance += (residual[i] as number) ** 2;
  if (variance <= 0) return { lag: 0, strength: 0 };
  const correlation = new Float64Array(maxLag + 2);
  for (let lag = 1; lag <= maxLag + 1 && lag < n; lag++) {
    let total = 0;
    for (let i = 0; i + lag < n; i++) total += (residual[i] as number) * (residual[i + lag] as number);
    correlation[lag] = total / variance;
  }
  // Smoothed over three lags (binning makes odd and even lags alternate), then a real period:
  // the profile must swing from anti-correlated (rows against inter-rows, half a period) back to
  // correlated. Strength is half that swing (1 for a perfect square wave, ~0 for texture).
  const smooth = new Float64Array(correlation.length);
  for (let lag = 1; lag < correlation.length; lag++) {
    const before = correlation[lag - 1] as number;
    const after =
      lag + 1 < correlation.length ? (correlation[lag + 1] as number) : (correlation[lag] as number);
    smooth[lag] = (before + (correlation[lag] as number) + after) / 3;
  }
  let best = { lag: 0, strength: 0 };
  let trough = 1;
  for (let lag = 2; lag <= maxLag && lag + 1 < smooth.length; lag++) {
    const value = smooth[lag] as number;
    if (value < (smooth[trough] as number)) trough = lag;
    if (lag < minLag || (smooth[trough] as number) >= 0 || value <= 0) continue;
    if (value > (smooth[lag - 1] as number) && value >= (smooth[lag + 1] as number)) {
      const strength = (value - (smooth[trough] as number)) / 2;
      if (strength > best.strength) best = { lag, strength };
    }
  }
  return best;
}

/** Mean product of the residual with itself `lag` bins on (over the overlap). */
function covarianceAt(residual: Float64Array, lag: number): number {
  const n = residual.length - lag;
  if (n <= 0) return 0;
  let total = 0;
  for (let i = 0; i < n; i++) total += (residual[i] as number) * (residual[i + lag] as number);
  return total / n;
}

/**
 * The period of a profile to a fraction of a bin, from `lag` (its best whole lag): the peak of the
 * correlation near each multiple of the period (parabola through three lags), divided by the
 * multiple, as far as half the profile. A whole-bin period is off by up to half a bin (4 % for
 * vine rows 2.4 m apart in 0.2 m bins), and that error adds up from row to row: ten rows on, the
 * cells sat between the rows.
 */
export function refinePeriod(profile: Float64Array, lag: number, maxLag: number): number {
  const residual = highPass(profile, maxLag);
  const n = residual.length;
  let period = lag;
  for (let k = 1; Math.round(k * period) + 1 <= n / 2; k++) {
    const centre = Math.round(k * period);
    let peak = centre;
    let peakValue = covarianceAt(residual, centre);
    for (const candidate of [centre - 1, centre + 1]) {
      const value = candidate > 0 ? covarianceAt(residual, candidate) : Number.NEGATIVE_INFINITY;
      if (value > peakValue) {
        peak = candidate;
        peakValue = value;
      }
    }
    const before = covarianceAt(residual, peak - 1);
    const after = covarianceAt(residual, peak + 1);
    const curvature = before - 2 * peakValue + after;
    // Not a peak (the correlation fades with distance, e.g. rows that curve): keep what we have.
    if (curvature >= 0 || peakValue <= 0) break;
    const offset = Math.max(-0.5, Math.min(0.5, (0.5 * (before - after)) / curvature));
    period = (peak + offset) / k;
  }
  return period;
}
