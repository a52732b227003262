import {
  type CurrentWeatherView,
  clockTime12,
  type ForecastEntryView,
  KELVIN_OFFSET,
  roundOneDecimal,
  type SatelliteEntryView,
  type SoilView,
  type WeatherForecastView,
} from '@ampelos/domain';
import { at, fetchJson, numberAt } from './http.ts';
import { sunTimes } from './sun.ts';
import {
  type AgroField,
  AgroRequestError,
  type GeoPoint,
  type SatelliteSource,
  type SoilSource,
  type WeatherSource,
} from './types.ts';
import { fromOpenWeatherId } from './weather-codes.ts';

const MPH_PER_METRE_PER_SECOND = 2.236936;

const celsius = (kelvin: unknown, what: string) => roundOneDecimal(numberAt(kelvin, what) - KELVIN_OFFSET);
const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const mph = (metresPerSecond: unknown) =>
  roundOneDecimal((finite(metresPerSecond) ?? 0) * MPH_PER_METRE_PER_SECOND);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** OpenWeather's rain block: `{ "3h": mm }` (forecast) or `{ "1h": mm }` (current). */
const rainOf = (entry: unknown) => finite(at(entry, 'rain', '3h')) ?? finite(at(entry, 'rain', '1h')) ?? 0;

/**
 * Agromonitoring (https://agromonitoring.com/api): weather, soil and satellite imagery per polygon,
 * with an API key (`AGROMONITORING_API_KEY`). Temperatures arrive in Kelvin, wind in m/s.
 */
export function createAgromonitoring(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}): WeatherSource & SoilSource & SatelliteSource {
  const url = (path: string, params: Record<string, string>) => {
    const target = new URL(path, options.baseUrl);
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    target.searchParams.set('appid', options.apiKey);
    return target;
  };
  const get = (path: string, params: Record<string, string>) =>
    fetchJson(url(path, params), { timeoutMs: options.timeoutMs });
  const place = (point: GeoPoint) => ({ lat: point.lat.toFixed(4), lon: point.lng.toFixed(4) });

  return {
    name: 'agromonitoring',

    async currentWeather(point): Promise<CurrentWeatherView> {
      const answer = await get('/agro/1.0/weather', place(point));
      const code = numberAt(at(answer, 'weather', 0, 'id'), 'weather[0].id');
      const dt = numberAt(at(answer, 'dt'), 'dt');
      const sun = sunTimes(new Date(dt * 1000), point.lat, point.lng);
      const sunrise = sun?.sunrise ?? dt;
      const sunset = sun?.sunset ?? dt;
      // The answer carries no time zone: the clock texts are UTC, and the web shows the epochs in
      // the viewer's own time zone (utc_offset_seconds null).
      return {
        location: { lat: point.lat, lon: point.lng, utc_offset_seconds: null },
        current: {
          last_updated_epoch: dt,
          temp_c: celsius(at(answer, 'main', 'temp'), 'main.temp'),
          humidity: numberAt(at(answer, 'main', 'humidity'), 'main.humidity'),
          wind_mph: mph(at(answer, 'wind', 'speed')),
          is_day: dt >= sunrise && dt < sunset ? 1 : 0,
          condition: {
            text: text(at(answer, 'weather', 0, 'description')),
            icon: fromOpenWeatherId(code),
            code,
          },
        },
        astronomy: {
          astro: {
            sunrise: clockTime12(sunrise, 0),
            sunset: clockTime12(sunset, 0),
            sunrise_epoch: sunrise,
            sunset_epoch: sunset,
          },
        },
        provider: 'agromonitoring',
      };
    },

    async forecast(point): Promise<WeatherForecastView> {
      const answer = await get('/agro/1.0/weather/forecast', place(point));
      if (!Array.isArray(answer)) throw new AgroRequestError('bad_response', 'forecast is not a list');
      const entries: ForecastEntryView[] = answer.map((entry: unknown) => ({
        dt: numberAt(at(entry, 'dt'), 'dt'),
        temp_c: celsius(at(entry, 'main', 'temp'), 'main.temp'),
        temp_min_c: celsius(at(entry, 'main', 'temp_min'), 'main.temp_min'),
        temp_max_c: celsius(at(entry, 'main', 'temp_max'), 'main.temp_max'),
        humidity: finite(at(entry, 'main', 'humidity')),
        wind_mph: mph(at(entry, 'wind', 'speed')),
        rain_mm: roundOneDecimal(rainOf(entry)),
        clouds: finite(at(entry, 'clouds', 'all')),
        description: text(at(entry, 'weather', 0, 'description')),
        icon: fromOpenWeatherId(numberAt(at(entry, 'weather', 0, 'id'), 'weather[0].id')),
      }));
      return { utc_offset_seconds: null, entries, provider: 'agromonitoring' };
    },

    async currentSoil(field: AgroField): Promise<SoilView> {
      if (!field.agroId) {
        throw new AgroRequestError('not_registered', `field ${field.uuid} has no polygon id yet`);
      }
      const answer = await get('/agro/1.0/soil', { polyid: field.agroId });
      return {
        dt: numberAt(at(answer, 'dt'), 'dt'),
        t0: numberAt(at(answer, 't0'), 't0'),
        t10: numberAt(at(answer, 't10'), 't10'),
        moisture: numberAt(at(answer, 'moisture'), 'moisture'),
        provider: 'agromonitoring',
      };
    },

    async registerField(field: AgroField): Promise<string> {
      const answer = await fetchJson(url('/agro/1.0/polygons', { duplicated: 'true' }), {
        timeoutMs: options.timeoutMs,
        method: 'POST',
        body: {
          name: field.title.slice(0, 100),
          geo_json: {
            type: 'Feature',
            properties: {},
            geometry: { type: 'Polygon', coordinates: [field.ring] },
          },
        },
      });
      const id = at(answer, 'id');
      if (typeof id !== 'string' || !id) throw new AgroRequestError('bad_response', 'polygon without id');
      return id;
    },

    /** Dates with imagery; the tile and stats URLs carry our key, so they are not passed on. */
    async images(agroId, from, to): Promise<SatelliteEntryView[]> {
      const answer = await get('/agro/1.0/image/search', {
        polyid: agroId,
        start: String(Math.floor(from.getTime() / 1000)),
        end: String(Math.floor(to.getTime() / 1000)),
      });
      if (!Array.isArray(answer)) throw new AgroRequestError('bad_response', 'image search is not a list');
      return answer.map((entry: unknown) => {
        const stats = at(entry, 'stats');
        return {
          dt: numberAt(at(entry, 'dt'), 'dt'),
          type: text(at(entry, 'type')),
          dc: numberAt(at(entry, 'dc'), 'dc'),
          cl: numberAt(at(entry, 'cl'), 'cl'),
          indices: Object.keys(stats ?? {}).filter((key) => typeof at(stats, key) === 'string'),
        };
      });
    },
  };
}
