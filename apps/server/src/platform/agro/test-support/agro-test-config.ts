import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';

/** A logger that keeps what it was told. */
export function recordingLogger() {
  const lines: { level: string; message: string; data: unknown }[] = [];
  const record =
    (level: string) =>
    (data: unknown, message?: string): void => {
      lines.push({ level, message: typeof data === 'string' ? data : (message ?? ''), data });
    };
  const logger = {
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    debug: record('debug'),
  };
  return { logger: logger as unknown as Logger, lines };
}

/** Agro settings pointing every provider at the fixture server (`stacUrl` for the Sentinel-2 catalogue). */
export function agroTestConfig(
  serverUrl: string,
  stacUrl: string,
  overrides: Partial<Config['agro']> = {},
): Config['agro'] {
  return {
    weatherProvider: 'open-meteo',
    soilProvider: 'open-meteo',
    agromonitoringApiKey: null,
    agromonitoringUrl: serverUrl,
    openMeteoUrl: serverUrl,
    openMeteoApiKey: null,
    timeoutMs: 500,
    openMeteoHistoryUrl: serverUrl,
    satelliteSource: 'auto',
    stac: { url: stacUrl, collection: 'sentinel-2-l2a', maxCloud: 60, timeoutMs: 500 },
    historyDaysBefore: 30,
    dailyRefreshCron: null,
    ...overrides,
  };
}
