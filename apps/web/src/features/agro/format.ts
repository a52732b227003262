import { kelvinToCelsius, mphToKnots, roundOneDecimal } from '@ampelos/domain';

const localeOf = (lang: string) => (lang === 'el' ? 'el-GR' : 'en-US');

/**
 * A moment as a clock time at the field: at the provider's UTC offset when known, else in the
 * viewer's own time zone (growers are usually where their vineyard is).
 */
export function fieldClock(epochSeconds: number, utcOffsetSeconds: number | null, lang: string): string {
  const shifted = utcOffsetSeconds === null ? epochSeconds : epochSeconds + utcOffsetSeconds;
  return new Intl.DateTimeFormat(localeOf(lang), {
    hour: 'numeric',
    minute: '2-digit',
    ...(utcOffsetSeconds === null ? {} : { timeZone: 'UTC' }),
  }).format(new Date(shifted * 1000));
}

/** "Mon 02/06" for a `YYYY-MM-DD` day of the forecast. */
export function forecastDay(day: string, lang: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = new Intl.DateTimeFormat(localeOf(lang), { weekday: 'short', timeZone: 'UTC' }).format(date);
  return `${weekday} ${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** Wind in knots with one decimal (mph × 0.86898, spec section 9). */
export const knots = (mph: number) => roundOneDecimal(mphToKnots(mph)).toFixed(1);
/** Soil temperatures arrive in Kelvin: °C with one decimal. */
export const celsiusFromKelvin = (kelvin: number) => kelvinToCelsius(kelvin).toFixed(1);
/** Volumetric water content (m³/m³) as a percentage with one decimal. */
export const moisturePercent = (fraction: number) => roundOneDecimal(fraction * 100).toFixed(1);
