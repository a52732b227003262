import {
  type AgroFieldQuery,
  type AgroProvider,
  growingSeason,
  type ViticultureView,
  viticultureSummary,
  type WeatherHistoryEntry,
} from '@ampelos/domain';
import { createTtlCache } from '../../platform/agro/cache.ts';
import type { AgroHistory } from '../../platform/agro/history.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { HistoryService } from './history-service.ts';
import type { AgroService } from './service.ts';

/** A season's history changes by a day at a time: asked again at most every three hours per field. */
const CACHE_MS = 3 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Growing degree days, the Winkler index and region and the downy mildew 3-10 rule for a field's
 * current (or last) growing season (docs/AGRO.md). The weather comes from the configured provider's
 * history from the season's first day; when that fails, from the field's latest report file (which
 * may cover only part of the season); with neither, null ("Information not available").
 */
export function createViticultureService(deps: {
  agro: Pick<AgroService, 'visibleField'>;
  history: Pick<AgroHistory, 'weather'>;
  fieldHistory: Pick<HistoryService, 'fieldHistory'>;
}) {
  const cache = createTtlCache<{ source: AgroProvider; entries: WeatherHistoryEntry[] }>(500);

  return {
    async viticulture(
      auth: AuthContext,
      query: AgroFieldQuery,
      now = new Date(),
    ): Promise<ViticultureView | null> {
      const field = await deps.agro.visibleField(auth, query);
      const today = isoDay(now);
      const season = growingSeason(field.lat, today);
      const end = new Date(Math.min(now.getTime(), Date.parse(`${season.end}T23:59:59Z`)));
      const key = `${field.uuid}:${today}`;
      let weather = cache.get(key);
      if (!weather) {
        const answer = await deps.history.weather(field, new Date(`${season.start}T00:00:00Z`), end);
        if (answer && answer.entries.length > 0) {
          weather = { source: answer.provider, entries: answer.entries };
          cache.set(key, weather, CACHE_MS);
        }
      }
      if (weather) return { ...viticultureSummary(weather.entries, field, today), source: weather.source };
      const file = await deps.fieldHistory.fieldHistory(auth, query);
      if (!file || file.weather_data.length === 0) return null;
      const summary = viticultureSummary(file.weather_data, field, today);
      return summary.days.length > 0 ? { ...summary, source: 'report-file' } : null;
    },
  };
}
export type ViticultureService = ReturnType<typeof createViticultureService>;
