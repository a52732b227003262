import {
  roundOneDecimal,
  type SoilHistoryEntry,
  WEATHER_ICONS,
  type WeatherHistoryEntry,
  type WeatherIcon,
} from '@ampelos/domain';

/** One hour of a provider's weather history, already in °C, mph and mm. */
export interface HourlyWeather {
  /** Unix seconds, on the hour. */
  dt: number;
  temp_c: number;
  /** The provider's own minimum and maximum of the hour when it has them (Agromonitoring). */
  temp_min_c?: number;
  temp_max_c?: number;
  humidity: number | null;
  wind_mph: number;
  rain_mm: number;
  icon: WeatherIcon;
}

const HOUR = 3600;
/** Three 3-hour steps: the file keeps every third step of the forecast's kind (spec section 7). */
export const WEATHER_ENTRY_SECONDS = 9 * HOUR;

/**
 * The start of the entry containing a time: a history fetched from here fills whole entries, so a
 * refresh never overwrites a complete entry with a partial one.
 */
export const weatherEntryStart = (date: Date) =>
  new Date(Math.floor(date.getTime() / 1000 / WEATHER_ENTRY_SECONDS) * WEATHER_ENTRY_SECONDS * 1000);

const severity = (icon: WeatherIcon) => WEATHER_ICONS.indexOf(icon);

/**
 * The weather history as the file keeps it: of the 3-hour steps (as the forecast has them) every
 * third is kept, and a kept entry stands for its own step and the two dropped after it, so nothing
 * is lost: temperature at its start, minimum and maximum of its 9 hours, rain summed, highest wind,
 * the worst weather. Entries start at multiples of 9 hours since the Unix epoch, so the same hours
 * always make the same entry and a later run replaces an entry instead of shifting them all.
 */
export function weatherEntriesFromHours(hours: HourlyWeather[]): WeatherHistoryEntry[] {
  const windows = new Map<number, HourlyWeather[]>();
  for (const hour of [...hours].sort((a, b) => a.dt - b.dt)) {
    const start = Math.floor(hour.dt / WEATHER_ENTRY_SECONDS) * WEATHER_ENTRY_SECONDS;
    const window = windows.get(start);
    if (window) window.push(hour);
    else windows.set(start, [hour]);
  }
  return [...windows.entries()].map(([dt, window]) => {
    const first = window[0] as HourlyWeather;
    return {
      dt,
      temp_c: roundOneDecimal(first.temp_c),
      temp_min_c: roundOneDecimal(Math.min(...window.map((h) => h.temp_min_c ?? h.temp_c))),
      temp_max_c: roundOneDecimal(Math.max(...window.map((h) => h.temp_max_c ?? h.temp_c))),
      humidity: first.humidity,
      wind_mph: roundOneDecimal(Math.max(...window.map((h) => h.wind_mph))),
      rain_mm: roundOneDecimal(window.reduce((sum, h) => sum + h.rain_mm, 0)),
      icon: window.reduce((worst, h) => (severity(h.icon) > severity(worst) ? h.icon : worst), first.icon),
    };
  });
}

/**
 * Soil readings twice a day, at 00:00 and 12:00 UTC: Agromonitoring's cadence (a reading every 12
 * hours), so the history has the same density whichever provider filled it.
 */
export function soilEntriesTwiceADay(readings: SoilHistoryEntry[]): SoilHistoryEntry[] {
  return readings.filter((reading) => reading.dt % (12 * HOUR) === 0).sort((a, b) => a.dt - b.dt);
}
