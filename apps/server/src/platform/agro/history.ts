import type {
  AgroProvider,
  SatelliteEntryView,
  SatelliteSource,
  SatelliteStatsEntry,
  SoilHistoryEntry,
  WeatherHistoryEntry,
} from '@ampelos/domain';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createFailureLog } from './agro.ts';
import { createAgromonitoringHistory } from './agromonitoring-history.ts';
import { createOpenMeteoHistory } from './open-meteo-history.ts';
import { acquisitionDay, createSentinel2Stac } from './stac/sentinel2.ts';
import { type AgroField, AgroRequestError } from './types.ts';

export interface HistoryList<P, T> {
  provider: P;
  entries: T[];
}

export interface SatelliteHistory {
  source: SatelliteSource;
  images: SatelliteEntryView[];
  stats: SatelliteStatsEntry[];
}

/** What a report's file already has, so only new acquisitions are read. */
export interface KnownSatellite {
  source: SatelliteSource | null;
  imageDts: number[];
  statsDts: number[];
}

export interface AgroHistory {
  /** The configured soil and weather providers (null: none, or Agromonitoring without a key). */
  providers: { soil: AgroProvider | null; weather: AgroProvider | null };
  /** Which satellite source serves this field (Agromonitoring needs the field's polygon id). */
  satelliteSourceFor(field: AgroField): SatelliteSource | null;
  soil(field: AgroField, from: Date, to: Date): Promise<HistoryList<AgroProvider, SoilHistoryEntry> | null>;
  weather(
    field: AgroField,
    from: Date,
    to: Date,
  ): Promise<HistoryList<AgroProvider, WeatherHistoryEntry> | null>;
  /**
   * Imagery dates and index statistics. `withStats: false` spares Agromonitoring's per-image
   * statistics calls; the keyless source computes statistics either way (dates come from them).
   */
  satellite(
    field: AgroField,
    from: Date,
    to: Date,
    known: KnownSatellite,
    options?: { withStats: boolean },
  ): Promise<SatelliteHistory | null>;
}

/**
 * The history of a field over a period, for the report files (`front_agro_weather.json`): soil and
 * weather from the configured provider, satellite imagery and index statistics from Agromonitoring
 * (with a key) or computed by us from Sentinel-2 (keyless). As everywhere in platform/agro, a failure
 * gives null and one log line while it lasts.
 */
export function createAgroHistory(config: Config['agro'], logger: Logger): AgroHistory {
  const log = createFailureLog(logger);
  const openMeteo = createOpenMeteoHistory({
    baseUrl: config.openMeteoHistoryUrl,
    apiKey: config.openMeteoApiKey,
    timeoutMs: Math.max(config.timeoutMs, 15_000),
  });
  const agromonitoring = config.agromonitoringApiKey
    ? createAgromonitoringHistory({
        baseUrl: config.agromonitoringUrl,
        apiKey: config.agromonitoringApiKey,
        timeoutMs: Math.max(config.timeoutMs, 15_000),
      })
    : null;
  const stac =
    config.satelliteSource === 'auto' || config.satelliteSource === 'sentinel-2-stac'
      ? createSentinel2Stac({
          baseUrl: config.stac.url,
          collection: config.stac.collection,
          maxCloud: config.stac.maxCloud,
          timeoutMs: config.stac.timeoutMs,
        })
      : null;

  async function attempt<T>(provider: string, operation: string, load: () => Promise<T>): Promise<T | null> {
    try {
      const value = await load();
      log.succeeded(provider, operation);
      return value;
    } catch (error) {
      log.failed(provider, operation, error);
      return null;
    }
  }
  const notConfigured = (what: string) => {
    throw new AgroRequestError('not_configured', `${what} needs AGROMONITORING_API_KEY`);
  };

  function satelliteSourceFor(field: AgroField): SatelliteSource | null {
    const keyed = agromonitoring !== null && field.agroId !== null;
    if (config.satelliteSource === 'agromonitoring') return agromonitoring ? 'agromonitoring' : null;
    if (config.satelliteSource === 'auto' && keyed) return 'agromonitoring';
    return stac ? 'sentinel-2-stac' : null;
  }

  const usable = (choice: 'open-meteo' | 'agromonitoring' | 'none'): AgroProvider | null =>
    choice === 'none' || (choice === 'agromonitoring' && !agromonitoring) ? null : choice;

  return {
    providers: { soil: usable(config.soilProvider), weather: usable(config.weatherProvider) },
    satelliteSourceFor,

    async soil(field, from, to) {
      const choice = config.soilProvider;
      if (choice === 'none') return null;
      return attempt(choice, 'soil history', async () => {
        if (choice === 'open-meteo')
          return { provider: choice, entries: await openMeteo.soilHistory(field, from, to) };
        if (!agromonitoring) return notConfigured('soil history');
        if (!field.agroId)
          throw new AgroRequestError('not_registered', `field ${field.uuid} has no polygon id yet`);
        return { provider: choice, entries: await agromonitoring.soilHistory(field.agroId, from, to) };
      });
    },

    async weather(field, from, to) {
      const choice = config.weatherProvider;
      if (choice === 'none') return null;
      return attempt(choice, 'weather history', async () => {
        if (choice === 'open-meteo')
          return { provider: choice, entries: await openMeteo.weatherHistory(field, from, to) };
        if (!agromonitoring) return notConfigured('weather history');
        return { provider: choice, entries: await agromonitoring.weatherHistory(field, from, to) };
      });
    },

    async satellite(field, from, to, known, options = { withStats: true }) {
      const source = satelliteSourceFor(field);
      if (source === 'agromonitoring') {
        return attempt(source, 'satellite history', async () => {
          if (!agromonitoring) return notConfigured('satellite history');
          if (!field.agroId)
            throw new AgroRequestError('not_registered', `field ${field.uuid} has no polygon id yet`);
          const knownDts = new Set(known.source === source ? known.statsDts : []);
          // Without statistics, every image counts as known: only the search is asked.
          const result = await agromonitoring.satellite(
            field.agroId,
            from,
            to,
            options.withStats ? knownDts : { has: () => true },
          );
          if (result.failedImages > 0)
            logger.warn(
              { field: field.uuid, failedImages: result.failedImages },
              'satellite statistics missing for some images',
            );
          return { source, images: result.images, stats: result.stats };
        });
      }
      if (source === 'sentinel-2-stac' && stac) {
        return attempt(source, 'satellite statistics', async () => {
          const knownDays = new Set(known.source === source ? known.imageDts.map(acquisitionDay) : []);
          const result = await stac.fieldStats(field, from, to, knownDays);
          if (result.failedScenes > 0) log.failed(source, 'scene reading', result.firstFailure);
          else log.succeeded(source, 'scene reading');
          return {
            source,
            images: result.entries.map((entry) => ({
              dt: entry.dt,
              type: 'Sentinel-2',
              dc: entry.dc,
              cl: entry.cl,
              indices: Object.keys(entry.indices),
            })),
            stats: result.entries.filter((entry) => Object.keys(entry.indices).length > 0),
          };
        });
      }
      return null;
    },
  };
}
