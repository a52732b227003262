import type { AgroHistoryFile } from '@ampelos/domain';
import type { Storage } from '../../platform/storage/storage.ts';
import { reportKey } from '../datasets/paths.ts';

/** Spec section 7: `reports/{reportUuid}/data_files/front_agro_weather.json`. */
export const HISTORY_FILE = 'data_files/front_agro_weather.json';
export const historyKey = (reportUuid: string) => reportKey(reportUuid, HISTORY_FILE);

export function emptyHistoryFile(): AgroHistoryFile {
  return {
    generatedAt: new Date(0).toISOString(),
    sample: false,
    providers: { soil: null, weather: null, satellite: null },
    soil_data: [],
    satellite_data: [],
    weather_data: [],
    satellite_stats: [],
  };
}

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** A stored file, with lists a hand-written or older file lacks filled in; null when there is none. */
export async function readHistoryFile(storage: Storage, reportUuid: string): Promise<AgroHistoryFile | null> {
  const file = await storage.get(historyKey(reportUuid));
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  let parsed: Partial<AgroHistoryFile>;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<AgroHistoryFile>;
  } catch {
    // A damaged file is rewritten by the next run rather than breaking the field page.
    return null;
  }
  const empty = emptyHistoryFile();
  return {
    generatedAt: typeof parsed.generatedAt === 'string' ? parsed.generatedAt : empty.generatedAt,
    sample: parsed.sample === true,
    providers: { ...empty.providers, ...(parsed.providers ?? {}) },
    soil_data: listOf(parsed.soil_data),
    satellite_data: listOf(parsed.satellite_data),
    weather_data: listOf(parsed.weather_data),
    satellite_stats: listOf(parsed.satellite_stats),
  };
}

export async function writeHistoryFile(storage: Storage, reportUuid: string, file: AgroHistoryFile) {
  await storage.put(historyKey(reportUuid), Buffer.from(JSON.stringify(file)), 'application/json');
}

/**
 * Entries of both lists by time, the newer answer winning for the same time (a run replaces the last
 * incomplete weather entry, for instance). Oldest first.
 */
export function mergeByTime<T extends { dt: number }>(
  existing: T[],
  incoming: T[],
  keyOf: (entry: T) => string = (entry) => String(entry.dt),
): T[] {
  const byKey = new Map<string, T>();
  for (const entry of existing) byKey.set(keyOf(entry), entry);
  for (const entry of incoming) byKey.set(keyOf(entry), entry);
  return [...byKey.values()].sort((a, b) => a.dt - b.dt);
}
