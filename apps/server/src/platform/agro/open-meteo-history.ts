import { KELVIN_OFFSET, type SoilHistoryEntry, type WeatherHistoryEntry } from '@ampelos/domain';
import {
  type HourlyWeather,
  soilEntriesTwiceADay,
  weatherEntriesFromHours,
  weatherEntryStart,
} from './history-series.ts';
import { at, fetchJson } from './http.ts';
import { AgroRequestError, type GeoPoint } from './types.ts';
import { fromWmoCode } from './weather-codes.ts';

const day = (date: Date) => date.toISOString().slice(0, 10);
const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * Open-Meteo's Historical Forecast API (https://open-meteo.com/en/docs/historical-forecast-api): the
 * forecast models' hourly values archived since 2022, same variables as the forecast (soil at 0, 6
 * and 18 cm included), no key; `start_date`/`end_date` cover a report's whole period in one call.
 * Same terms as the forecast API: non-commercial use only on the free endpoint.
 */
export function createOpenMeteoHistory(options: {
  baseUrl: string;
  timeoutMs: number;
  apiKey?: string | null;
}) {
  async function hourly(point: GeoPoint, from: Date, to: Date, variables: string[]) {
    const url = new URL('/v1/forecast', options.baseUrl);
    url.searchParams.set('latitude', point.lat.toFixed(4));
    url.searchParams.set('longitude', point.lng.toFixed(4));
    url.searchParams.set('start_date', day(from));
    url.searchParams.set('end_date', day(to));
    url.searchParams.set('hourly', variables.join(','));
    url.searchParams.set('timeformat', 'unixtime');
    url.searchParams.set('timezone', 'GMT');
    url.searchParams.set('wind_speed_unit', 'mph');
    if (options.apiKey) url.searchParams.set('apikey', options.apiKey);
    const answer = await fetchJson(url, { timeoutMs: options.timeoutMs });
    const series = (name: string): unknown[] => {
      const values = at(answer, 'hourly', name);
      if (!Array.isArray(values)) throw new AgroRequestError('bad_response', `missing hourly.${name}`);
      return values;
    };
    const time = series('time');
    const columns = Object.fromEntries(variables.map((name) => [name, series(name)]));
    const fromSeconds = from.getTime() / 1000;
    const toSeconds = to.getTime() / 1000;
    // Hours outside the period, and hours the archive has not filled yet (null), are left out.
    return time.flatMap((dt, index) => {
      if (typeof dt !== 'number' || dt < fromSeconds || dt > toSeconds) return [];
      const row: Record<string, number | null> = {};
      for (const name of variables) row[name] = finite(columns[name]?.[index]);
      return [{ dt, row }];
    });
  }

  return {
    name: 'open-meteo' as const,

    async weatherHistory(point: GeoPoint, from: Date, to: Date): Promise<WeatherHistoryEntry[]> {
      const rows = await hourly(point, weatherEntryStart(from), to, [
        'temperature_2m',
        'relative_humidity_2m',
        'precipitation',
        'wind_speed_10m',
        'weather_code',
      ]);
      const hours: HourlyWeather[] = rows.flatMap(({ dt, row }) => {
        const temp = row.temperature_2m;
        if (temp === null || temp === undefined) return [];
        return [
          {
            dt,
            temp_c: temp,
            humidity: row.relative_humidity_2m ?? null,
            wind_mph: row.wind_speed_10m ?? 0,
            rain_mm: row.precipitation ?? 0,
            icon: fromWmoCode(row.weather_code ?? 3).icon,
          },
        ];
      });
      return weatherEntriesFromHours(hours);
    },

    /** Kelvin like Agromonitoring; 10 cm interpolated between 6 and 18 cm as for the current reading. */
    async soilHistory(point: GeoPoint, from: Date, to: Date): Promise<SoilHistoryEntry[]> {
      const rows = await hourly(point, from, to, [
        'soil_temperature_0cm',
        'soil_temperature_6cm',
        'soil_temperature_18cm',
        'soil_moisture_0_to_1cm',
      ]);
      const readings = rows.flatMap(({ dt, row }) => {
        const t0 = row.soil_temperature_0cm;
        const t6 = row.soil_temperature_6cm;
        const t18 = row.soil_temperature_18cm;
        const moisture = row.soil_moisture_0_to_1cm;
        if (t0 == null || t6 == null || t18 == null || moisture == null) return [];
        const t10 = t6 + ((t18 - t6) * (10 - 6)) / (18 - 6);
        return [{ dt, t0: t0 + KELVIN_OFFSET, t10: t10 + KELVIN_OFFSET, moisture }];
      });
      return soilEntriesTwiceADay(readings);
    },
  };
}
export type OpenMeteoHistory = ReturnType<typeof createOpenMeteoHistory>;
