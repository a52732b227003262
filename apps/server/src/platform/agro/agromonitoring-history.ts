import {
  KELVIN_OFFSET,
  SATELLITE_INDICES,
  type SatelliteEntryView,
  type SatelliteIndex,
  type SatelliteStatsEntry,
  type SoilHistoryEntry,
  type WeatherHistoryEntry,
} from '@ampelos/domain';
import { type HourlyWeather, weatherEntriesFromHours, weatherEntryStart } from './history-series.ts';
import { at, fetchJson, numberAt } from './http.ts';
import { AgroRequestError, type GeoPoint } from './types.ts';
import { fromOpenWeatherId } from './weather-codes.ts';

const MPH_PER_METRE_PER_SECOND = 2.236936;
const seconds = (date: Date) => String(Math.floor(date.getTime() / 1000));
const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const list = (answer: unknown, what: string): unknown[] => {
  if (!Array.isArray(answer)) throw new AgroRequestError('bad_response', `${what} is not a list`);
  return answer;
};

/**
 * Agromonitoring's history endpoints (https://agromonitoring.com/api): hourly weather history, soil
 * every 12 hours (since 2019), and the index statistics of each satellite image. The statistics URLs
 * of an image search carry our key: they are fetched here, on the server, and only numbers go on.
 */
export function createAgromonitoringHistory(options: { baseUrl: string; apiKey: string; timeoutMs: number }) {
  const get = (path: string, params: Record<string, string>) => {
    const url = new URL(path, options.baseUrl);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    url.searchParams.set('appid', options.apiKey);
    return fetchJson(url, { timeoutMs: options.timeoutMs });
  };

  /**
   * A statistics URL of the search answer, asked of the configured host only: the answer's own host
   * is not trusted with our key.
   */
  async function indexStats(statsUrl: string) {
    const given = new URL(statsUrl);
    const answer = await get(given.pathname, {});
    return {
      min: numberAt(at(answer, 'min'), 'stats.min'),
      max: numberAt(at(answer, 'max'), 'stats.max'),
      mean: numberAt(at(answer, 'mean'), 'stats.mean'),
    };
  }

  return {
    name: 'agromonitoring' as const,

    async weatherHistory(point: GeoPoint, from: Date, to: Date): Promise<WeatherHistoryEntry[]> {
      const answer = await get('/agro/1.0/weather/history', {
        lat: point.lat.toFixed(4),
        lon: point.lng.toFixed(4),
        start: seconds(weatherEntryStart(from)),
        end: seconds(to),
      });
      const kelvin = (value: unknown, what: string) => numberAt(value, what) - KELVIN_OFFSET;
      const hours: HourlyWeather[] = list(answer, 'weather history').map((entry) => ({
        dt: numberAt(at(entry, 'dt'), 'dt'),
        temp_c: kelvin(at(entry, 'main', 'temp'), 'main.temp'),
        temp_min_c: kelvin(at(entry, 'main', 'temp_min') ?? at(entry, 'main', 'temp'), 'main.temp_min'),
        temp_max_c: kelvin(at(entry, 'main', 'temp_max') ?? at(entry, 'main', 'temp'), 'main.temp_max'),
        humidity: finite(at(entry, 'main', 'humidity')),
        wind_mph: (finite(at(entry, 'wind', 'speed')) ?? 0) * MPH_PER_METRE_PER_SECOND,
        rain_mm: finite(at(entry, 'rain', '1h')) ?? finite(at(entry, 'rain', '3h')) ?? 0,
        icon: fromOpenWeatherId(numberAt(at(entry, 'weather', 0, 'id'), 'weather[0].id')),
      }));
      return weatherEntriesFromHours(hours);
    },

    async soilHistory(agroId: string, from: Date, to: Date): Promise<SoilHistoryEntry[]> {
      const answer = await get('/agro/1.0/soil/history', {
        polyid: agroId,
        start: seconds(from),
        end: seconds(to),
      });
      return list(answer, 'soil history')
        .map((entry) => ({
          dt: numberAt(at(entry, 'dt'), 'dt'),
          t0: numberAt(at(entry, 't0'), 't0'),
          t10: numberAt(at(entry, 't10'), 't10'),
          moisture: numberAt(at(entry, 'moisture'), 'moisture'),
        }))
        .sort((a, b) => a.dt - b.dt);
    },

    /**
     * Dates with imagery and, for images not in `knownDts`, the NDVI, EVI2 and NDWI statistics
     * (one call per index and image; images with no data over the field are not asked).
     */
    async satellite(
      agroId: string,
      from: Date,
      to: Date,
      knownDts: { has(dt: number): boolean },
    ): Promise<{ images: SatelliteEntryView[]; stats: SatelliteStatsEntry[]; failedImages: number }> {
      const answer = await get('/agro/1.0/image/search', {
        polyid: agroId,
        start: seconds(from),
        end: seconds(to),
      });
      const images: SatelliteEntryView[] = [];
      const stats: SatelliteStatsEntry[] = [];
      let failedImages = 0;
      for (const entry of list(answer, 'image search')) {
        const urls = at(entry, 'stats');
        const image = {
          dt: numberAt(at(entry, 'dt'), 'dt'),
          type: typeof at(entry, 'type') === 'string' ? (at(entry, 'type') as string) : '',
          dc: numberAt(at(entry, 'dc'), 'dc'),
          cl: numberAt(at(entry, 'cl'), 'cl'),
          indices: Object.keys(urls ?? {}).filter((key) => typeof at(urls, key) === 'string'),
        };
        images.push(image);
        if (knownDts.has(image.dt) || image.dc <= 0) continue;
        const indices: SatelliteStatsEntry['indices'] = {};
        try {
          for (const index of SATELLITE_INDICES) {
            const url = at(urls, index);
            if (typeof url === 'string') indices[index as SatelliteIndex] = await indexStats(url);
          }
        } catch (error) {
          // A refused key or rate limiting stops here; one bad image is asked again next run.
          const kind = error instanceof AgroRequestError ? error.kind : null;
          if (kind === 'unauthorized' || kind === 'rate_limited' || kind === 'timeout') throw error;
          failedImages += 1;
          continue;
        }
        if (Object.keys(indices).length > 0)
          stats.push({ dt: image.dt, source: 'agromonitoring', cl: image.cl, dc: image.dc, indices });
      }
      const byTime = (a: { dt: number }, b: { dt: number }) => a.dt - b.dt;
      return { images: images.sort(byTime), stats: stats.sort(byTime), failedImages };
    },
  };
}
export type AgromonitoringHistory = ReturnType<typeof createAgromonitoringHistory>;
