import {
  INTEGER_CLAMP,
  KELVIN_OFFSET,
  MPH_TO_KNOTS,
  PARSE_INT_CAP,
  SHOOT_EVENT_HOURS_PER_HECTARE,
  SQUARE_METRES_PER_HECTARE,
} from './constants.ts';

/**
 * Rounds half away from zero to `decimals` places. The scaled value is first cut to 15 significant
 * digits, which absorbs binary noise: 1.005 → 1.01 and 263.1 - 273.15 (-10.049999…) → -10.1.
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  return value < 0 ? -rounded : rounded;
}

/** Decimal inputs are rounded to one place. */
export function roundOneDecimal(value: number): number {
  return roundTo(value, 1);
}

/** Soil temperatures arrive in Kelvin and are shown in Celsius with one decimal. */
export function kelvinToCelsius(kelvin: number): number {
  return roundOneDecimal(kelvin - KELVIN_OFFSET);
}

/** Wind speed in miles per hour to knots (factor 0.86898, not rounded). */
export function mphToKnots(mph: number): number {
  return mph * MPH_TO_KNOTS;
}

/**
 * Integer inputs are clamped to 1..2000 by default. Decimals are truncated toward zero first;
 * a value that is not a finite number gives the minimum.
 */
export function clampInteger(
  value: number,
  min: number = INTEGER_CLAMP.min,
  max: number = INTEGER_CLAMP.max,
): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/**
 * Parses a base-10 integer the way an input does (leading digits, `parseInt`) and caps it at 2000
 * by default. Returns null when nothing parses, so the caller decides what an empty input means.
 */
export function parseIntCapped(input: string | number, cap: number = PARSE_INT_CAP): number | null {
  const parsed = Number.parseInt(String(input), 10);
  if (Number.isNaN(parsed)) return null;
  return Math.min(parsed, cap);
}

/** Shoot calendar event length in hours: 0.25 h per hectare (area / 1000 / 10 × 0.25). */
export function shootEventHours(areaSquareMetres: number): number {
  return (areaSquareMetres / SQUARE_METRES_PER_HECTARE) * SHOOT_EVENT_HOURS_PER_HECTARE;
}
