import {
  type CurrentWeatherView,
  clockTime12,
  type ForecastEntryView,
  KELVIN_OFFSET,
  roundOneDecimal,
  type SoilView,
  type WeatherForecastView,
} from '@ampelos/domain';
import { at, fetchJson, numberAt } from './http.ts';
import {
  type AgroField,
  AgroRequestError,
  type GeoPoint,
  type SoilSource,
  type WeatherSource,
} from './types.ts';
import { fromWmoCode } from './weather-codes.ts';

/**
 * Open-Meteo (https://open-meteo.com/en/docs): keyless weather and soil from national weather
 * models. Its free API is for non-commercial use only (commercial use needs their paid plan or a
 * self-hosted instance: `OPEN_METEO_URL`).
 */
export function createOpenMeteo(options: {
  baseUrl: string;
  timeoutMs: number;
  /** Commercial plan key (sent as `apikey`); the free API needs none. */
  apiKey?: string | null;
}): WeatherSource & SoilSource {
  const forecastUrl = (point: GeoPoint, params: Record<string, string>) => {
    const url = new URL('/v1/forecast', options.baseUrl);
    url.searchParams.set('latitude', point.lat.toFixed(4));
    url.searchParams.set('longitude', point.lng.toFixed(4));
    url.searchParams.set('timeformat', 'unixtime');
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    if (options.apiKey) url.searchParams.set('apikey', options.apiKey);
    return url;
  };
  const get = (url: URL) => fetchJson(url, { timeoutMs: options.timeoutMs });
  const series = (answer: unknown, block: string, name: string): number[] => {
    const values = at(answer, block, name);
    if (!Array.isArray(values)) throw new AgroRequestError('bad_response', `missing ${block}.${name}`);
    return values as number[];
  };

  return {
    name: 'open-meteo',

    async currentWeather(point): Promise<CurrentWeatherView> {
      const answer = await get(
        forecastUrl(point, {
          current: 'temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code,is_day',
          daily: 'sunrise,sunset',
          wind_speed_unit: 'mph',
          timezone: 'auto',
          forecast_days: '1',
        }),
      );
      const current = (name: string) => at(answer, 'current', name);
      const offsetValue = at(answer, 'utc_offset_seconds');
      const offset = typeof offsetValue === 'number' ? offsetValue : 0;
      const sunrise = numberAt(series(answer, 'daily', 'sunrise')[0], 'daily.sunrise');
      const sunset = numberAt(series(answer, 'daily', 'sunset')[0], 'daily.sunset');
      const code = numberAt(current('weather_code'), 'current.weather_code');
      const { icon, text } = fromWmoCode(code);
      return {
        location: { lat: point.lat, lon: point.lng, utc_offset_seconds: offset },
        current: {
          last_updated_epoch: numberAt(current('time'), 'current.time'),
          temp_c: roundOneDecimal(numberAt(current('temperature_2m'), 'current.temperature_2m')),
          humidity: numberAt(current('relative_humidity_2m'), 'current.relative_humidity_2m'),
          wind_mph: roundOneDecimal(numberAt(current('wind_speed_10m'), 'current.wind_speed_10m')),
          is_day: current('is_day') === 0 ? 0 : 1,
          condition: { text, icon, code },
        },
        astronomy: {
          astro: {
            sunrise: clockTime12(sunrise, offset),
            sunset: clockTime12(sunset, offset),
            sunrise_epoch: sunrise,
            sunset_epoch: sunset,
          },
        },
        provider: 'open-meteo',
      };
    },

    /** Hourly values folded into 3-hour steps, as Agromonitoring's forecast has them. */
    async forecast(point): Promise<WeatherForecastView> {
      const answer = await get(
        forecastUrl(point, {
          hourly: 'temperature_2m,relative_humidity_2m,precipitation,wind_speed_10m,cloud_cover,weather_code',
          wind_speed_unit: 'mph',
          timezone: 'auto',
          forecast_days: '5',
        }),
      );
      const time = series(answer, 'hourly', 'time');
      const temp = series(answer, 'hourly', 'temperature_2m');
      const humidity = series(answer, 'hourly', 'relative_humidity_2m');
      const rain = series(answer, 'hourly', 'precipitation');
      const wind = series(answer, 'hourly', 'wind_speed_10m');
      const clouds = series(answer, 'hourly', 'cloud_cover');
      const codes = series(answer, 'hourly', 'weather_code');
      const entries: ForecastEntryView[] = [];
      for (let start = 0; start + 2 < time.length; start += 3) {
        const hours = [start, start + 1, start + 2];
        const temps = hours.map((i) => numberAt(temp[i], 'hourly.temperature_2m'));
        const worst = Math.max(...hours.map((i) => numberAt(codes[i], 'hourly.weather_code')));
        const { icon, text } = fromWmoCode(worst);
        entries.push({
          dt: numberAt(time[start], 'hourly.time'),
          temp_c: roundOneDecimal(temps[0] as number),
          temp_min_c: roundOneDecimal(Math.min(...temps)),
          temp_max_c: roundOneDecimal(Math.max(...temps)),
          humidity: humidity[start] ?? null,
          wind_mph: roundOneDecimal(
            Math.max(...hours.map((i) => numberAt(wind[i], 'hourly.wind_speed_10m'))),
          ),
          rain_mm: roundOneDecimal(hours.reduce((sum, i) => sum + (rain[i] ?? 0), 0)),
          clouds: clouds[start] ?? null,
          description: text,
          icon,
        });
      }
      const offset = at(answer, 'utc_offset_seconds');
      return {
        utc_offset_seconds: typeof offset === 'number' ? offset : null,
        entries,
        provider: 'open-meteo',
      };
    },

    /**
     * The latest hourly soil values at the field's centre, in Kelvin as Agromonitoring gives them.
     * Open-Meteo models 0, 6 and 18 cm: the 10 cm temperature is interpolated linearly between 6 and
     * 18 cm (docs/AGRO.md).
     */
    async currentSoil(field: AgroField): Promise<SoilView> {
      const answer = await get(
        forecastUrl(field, {
          hourly: 'soil_temperature_0cm,soil_temperature_6cm,soil_temperature_18cm,soil_moisture_0_to_1cm',
          past_days: '1',
          forecast_days: '1',
        }),
      );
      const time = series(answer, 'hourly', 'time');
      const now = Date.now() / 1000;
      let index = -1;
      for (let i = 0; i < time.length; i++) if ((time[i] as number) <= now) index = i;
      if (index < 0) throw new AgroRequestError('bad_response', 'no soil reading before now');
      const at = (name: string) => numberAt(series(answer, 'hourly', name)[index], `hourly.${name}`);
      const t6 = at('soil_temperature_6cm');
      const t10 = t6 + ((at('soil_temperature_18cm') - t6) * (10 - 6)) / (18 - 6);
      return {
        dt: time[index] as number,
        t0: at('soil_temperature_0cm') + KELVIN_OFFSET,
        t10: t10 + KELVIN_OFFSET,
        moisture: at('soil_moisture_0_to_1cm'),
        provider: 'open-meteo',
      };
    },
  };
}
