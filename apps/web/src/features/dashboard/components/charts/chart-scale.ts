/**
 * Axis ticks from 0 to a round number at or above `max`: steps of 1, 2 or 5 times a power of ten,
 * about `count` of them. `integers` keeps the step at 1 or more (counts of orders, shoots).
 */
export function niceTicks(max: number, { count = 4, integers = false } = {}): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  let step = (residual > 5 ? 10 : residual > 2 ? 5 : residual > 1 ? 2 : 1) * magnitude;
  if (integers) step = Math.max(1, Math.round(step));
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step / 1e6; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/** Every `n`-th index, so that at most `max` labels show on an axis. */
export function labelIndexes(length: number, max: number): Set<number> {
  const every = Math.max(1, Math.ceil(length / max));
  const shown = new Set<number>();
  for (let i = 0; i < length; i += every) shown.add(i);
  return shown;
}

/**
 * The drawing box every chart shares; `width` is only the first guess, before the container's width
 * (which the viewBox then takes) is known.
 */
export const CHART_BOX = { width: 720, height: 280, top: 16, bottom: 34, left: 60, right: 60 } as const;

/** How many x-axis labels fit in a plot this wide (about 56 px each), at most `max`. */
export const labelsThatFit = (plotWidth: number, max: number) =>
  Math.max(2, Math.min(max, Math.floor(plotWidth / 56)));
