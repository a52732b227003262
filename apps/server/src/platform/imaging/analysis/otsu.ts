/**
 * Otsu's threshold (Otsu 1979): the cut of a histogram that maximises the between-class variance.
 * Returns the value at the upper edge of the best bin.
 */
export function otsuThreshold(counts: ArrayLike<number>, min: number, max: number): number {
  const bins = counts.length;
  let total = 0;
  let weightedTotal = 0;
  for (let i = 0; i < bins; i++) {
    total += counts[i] as number;
    weightedTotal += i * (counts[i] as number);
  }
  if (total === 0) return (min + max) / 2;
  let background = 0;
  let weightedBackground = 0;
  let bestVariance = -1;
  let best = 0;
  for (let i = 0; i < bins; i++) {
    background += counts[i] as number;
    if (background === 0) continue;
    const foreground = total - background;
    if (foreground === 0) break;
    weightedBackground += i * (counts[i] as number);
    const meanBackground = weightedBackground / background;
    const meanForeground = (weightedTotal - weightedBackground) / foreground;
    const variance = background * foreground * (meanBackground - meanForeground) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = i;
    }
  }
  return min + ((best + 1) / bins) * (max - min);
}
