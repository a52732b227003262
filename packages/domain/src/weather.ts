import { WEATHER_KEEP_EVERY } from './constants.ts';
import { roundOneDecimal } from './units.ts';
import { type ForecastEntryView, WEATHER_ICONS, type WeatherIcon } from './views/agro.ts';

/** One day of the forecast card (spec section 9): maxima of temperature, wind and rain, mean minimum. */
export interface DailyForecast {
  /** `YYYY-MM-DD` in the field's local time. */
  day: string;
  tempMaxC: number;
  tempMinAvgC: number;
  windMaxMph: number;
  rainMaxMm: number;
  /** The most severe weather of the day (thunderstorm over rain over cloud…). */
  icon: WeatherIcon;
}

const dayOf = (epochSeconds: number, offsetSeconds: number) =>
  new Date((epochSeconds + offsetSeconds) * 1000).toISOString().slice(0, 10);

/**
 * Groups forecast steps by local day: the day's highest temperature, wind and rain, and the average
 * of the steps' minimum temperatures. Days come in date order.
 */
export function groupForecastByDay(
  entries: readonly ForecastEntryView[],
  utcOffsetSeconds: number | null = 0,
): DailyForecast[] {
  const days = new Map<string, ForecastEntryView[]>();
  for (const entry of entries) {
    const day = dayOf(entry.dt, utcOffsetSeconds ?? 0);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, steps]) => ({
      day,
      tempMaxC: roundOneDecimal(Math.max(...steps.map((s) => s.temp_max_c))),
      tempMinAvgC: roundOneDecimal(steps.reduce((sum, s) => sum + s.temp_min_c, 0) / steps.length),
      windMaxMph: Math.max(...steps.map((s) => s.wind_mph)),
      rainMaxMm: roundOneDecimal(Math.max(...steps.map((s) => s.rain_mm))),
      icon: steps.reduce<WeatherIcon>(
        (worst, s) => (WEATHER_ICONS.indexOf(s.icon) > WEATHER_ICONS.indexOf(worst) ? s.icon : worst),
        'clear',
      ),
    }));
}

/** Weather history keeps every third entry (spec section 9), starting with the first. */
export function everyThirdEntry<T>(entries: readonly T[]): T[] {
  return entries.filter((_, index) => index % WEATHER_KEEP_EVERY === 0);
}

/** "06:12 AM": a moment as a 12-hour clock time at a UTC offset (WeatherAPI's astronomy format). */
export function clockTime12(epochSeconds: number, utcOffsetSeconds: number): string {
  const date = new Date((epochSeconds + utcOffsetSeconds) * 1000);
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  const hour12 = String(hours % 12 === 0 ? 12 : hours % 12).padStart(2, '0');
  return `${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
