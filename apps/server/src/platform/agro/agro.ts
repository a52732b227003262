import type {
  AgroProvider,
  CurrentWeatherView,
  SatelliteEntryView,
  SoilView,
  WeatherForecastView,
} from '@ampelos/domain';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createAgromonitoring } from './agromonitoring.ts';
import { createTtlCache } from './cache.ts';
import { createOpenMeteo } from './open-meteo.ts';
import {
  type AgroField,
  AgroRequestError,
  type GeoPoint,
  type SatelliteSource,
  type SoilSource,
  type WeatherSource,
} from './types.ts';

const MINUTE = 60_000;
const TTL = { current: 10 * MINUTE, forecast: 30 * MINUTE, soil: 30 * MINUTE, failure: MINUTE };

/** About a kilometre: weather models are coarser than that, and neighbours share one call. */
const pointKey = ({ lat, lng }: GeoPoint) => `${lat.toFixed(2)},${lng.toFixed(2)}`;

/**
 * Reports a provider failure once while it lasts (and once more when it recovers), so an operator
 * sees "weather from open-meteo unavailable: timeout" instead of one line per page view.
 */
export function createFailureLog(logger: Logger) {
  const failing = new Set<string>();
  return {
    failed(provider: string, operation: string, error: unknown) {
      const key = `${provider}:${operation}`;
      if (failing.has(key)) return;
      failing.add(key);
      const kind = error instanceof AgroRequestError ? error.kind : 'error';
      logger.warn(
        { provider, operation, kind, reason: (error as Error).message },
        'agro data not available; users see "Information not available"',
      );
    },
    succeeded(provider: string, operation: string) {
      if (failing.delete(`${provider}:${operation}`))
        logger.info({ provider, operation }, 'agro data available again');
    },
  };
}

export interface AgroData {
  providers: { weather: AgroProvider | null; soil: AgroProvider | null; satellite: AgroProvider | null };
  currentWeather(point: GeoPoint): Promise<CurrentWeatherView | null>;
  forecast(point: GeoPoint): Promise<WeatherForecastView | null>;
  currentSoil(field: AgroField): Promise<SoilView | null>;
  /** Null when no satellite provider is configured (no Agromonitoring key). */
  satellite: SatelliteSource | null;
  satelliteImages(agroId: string, from: Date, to: Date): Promise<SatelliteEntryView[] | null>;
}

/**
 * Weather, soil and satellite data behind one facade: the providers chosen by configuration, answers
 * cached, every failure (network, timeout, bad key, rate limit, malformed answer, missing key)
 * turned into `null` (the page says "Information not available") and logged once.
 */
export function createAgroData(config: Config['agro'], logger: Logger): AgroData {
  const log = createFailureLog(logger);
  const openMeteo = createOpenMeteo({
    baseUrl: config.openMeteoUrl,
    apiKey: config.openMeteoApiKey,
    timeoutMs: config.timeoutMs,
  });
  const agromonitoring = config.agromonitoringApiKey
    ? createAgromonitoring({
        baseUrl: config.agromonitoringUrl,
        apiKey: config.agromonitoringApiKey,
        timeoutMs: config.timeoutMs,
      })
    : null;
  const pick = (choice: 'open-meteo' | 'agromonitoring' | 'none', what: string) => {
    if (choice === 'open-meteo') return openMeteo;
    if (choice === 'agromonitoring') {
      if (!agromonitoring) {
        logger.warn(
          `AGRO_${what.toUpperCase()}_PROVIDER is agromonitoring but AGROMONITORING_API_KEY is not set: no ${what} data`,
        );
      }
      return agromonitoring;
    }
    return null;
  };
  const weather: WeatherSource | null = pick(config.weatherProvider, 'weather');
  const soil: SoilSource | null = pick(config.soilProvider, 'soil');
  const cache = createTtlCache<{ value: unknown } | { failed: true }>();

  async function cached<T>(
    key: string,
    ttlMs: number,
    provider: string,
    operation: string,
    load: () => Promise<T>,
  ) {
    const hit = cache.get(key);
    if (hit) return 'failed' in hit ? null : (hit.value as T);
    try {
      const value = await load();
      log.succeeded(provider, operation);
      cache.set(key, { value }, ttlMs);
      return value;
    } catch (error) {
      log.failed(provider, operation, error);
      cache.set(key, { failed: true }, TTL.failure);
      return null;
    }
  }

  return {
    providers: {
      weather: weather?.name ?? null,
      soil: soil?.name ?? null,
      satellite: agromonitoring?.name ?? null,
    },
    async currentWeather(point) {
      if (!weather) return null;
      return cached(`current:${pointKey(point)}`, TTL.current, weather.name, 'current weather', () =>
        weather.currentWeather(point),
      );
    },
    async forecast(point) {
      if (!weather) return null;
      return cached(`forecast:${pointKey(point)}`, TTL.forecast, weather.name, 'forecast', () =>
        weather.forecast(point),
      );
    },
    async currentSoil(field) {
      if (!soil) return null;
      return cached(`soil:${field.uuid}:${field.agroId ?? ''}`, TTL.soil, soil.name, 'soil', () =>
        soil.currentSoil(field),
      );
    },
    satellite: agromonitoring,
    async satelliteImages(agroId, from, to) {
      if (!agromonitoring) return null;
      const day = (date: Date) => date.toISOString().slice(0, 10);
      return cached(
        `images:${agroId}:${day(from)}:${day(to)}`,
        TTL.forecast,
        agromonitoring.name,
        'satellite',
        () => agromonitoring.images(agroId, from, to),
      );
    },
  };
}
