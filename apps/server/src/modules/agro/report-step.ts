import type { AgroHistoryFile, AgroJobKind, SatelliteEntryView, SatelliteStatsEntry } from '@ampelos/domain';
import type { AgroHistory } from '../../platform/agro/history.ts';
import type { AgroField } from '../../platform/agro/types.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { emptyHistoryFile, mergeByTime, readHistoryFile, writeHistoryFile } from './history-file.ts';
import type { RunReport } from './runs-repository.ts';

export type StepOutcome = 'updated' | 'unchanged' | 'failed';
type Part = 'soil' | 'weather' | 'images' | 'stats' | 'clearSoil' | 'clearImages';

const DAY_MS = 86_400_000;
/** A refresh asks again for the last two days, which providers may still be completing. */
const OVERLAP_MS = 2 * DAY_MS;

/**
 * What each job does to a report's file. Our shoot days live on the shoot and every report view reads
 * them there, so there is nothing to copy onto reports: `populateReportsShootDays` fills the weather
 * history of the report's period, which spans its shoot days (docs/AGRO.md).
 */
const PARTS: Record<AgroJobKind, Part[]> = {
  populateReportsSoilData: ['soil'],
  populateReportsSatelliteImgs: ['images'],
  populateReportsSatelliteStats: ['stats'],
  populateReportsShootDays: ['weather'],
  deleteReportsSoilData: ['clearSoil'],
  deleteReportsSatelliteImgs: ['clearImages'],
  refreshReports: ['soil', 'weather', 'stats'],
};

export const deletesData = (kind: AgroJobKind) => PARTS[kind].some((part) => part.startsWith('clear'));

/** The report's validity so far, with some days before it for context. */
export function historyPeriod(report: RunReport, daysBefore: number, now: Date) {
  const from = new Date(report.validFrom.getTime() - daysBefore * DAY_MS);
  const to = report.validTo && report.validTo < now ? report.validTo : now;
  return { from, to };
}

/** From where a list needs asking again: its last entry (less the overlap), or the period's start. */
function resumeFrom(periodFrom: Date, entries: { dt: number }[]): Date {
  const last = entries.at(-1);
  if (!last) return periodFrom;
  const resume = last.dt * 1000 - OVERLAP_MS;
  return resume > periodFrom.getTime() ? new Date(resume) : periodFrom;
}

const snapshot = (file: AgroHistoryFile) =>
  JSON.stringify([
    file.providers,
    file.soil_data,
    file.weather_data,
    file.satellite_data,
    file.satellite_stats,
  ]);

/**
 * One report of a run: reads its `front_agro_weather.json`, fills or clears the lists the job is about
 * and writes the file when something changed. Running it twice changes nothing more (merges by time),
 * so a retried run is harmless. Demo files (`sample: true`) are left alone.
 */
export async function runReportStep(
  deps: {
    history: AgroHistory;
    storage: Storage;
    daysBefore: number;
    now: () => Date;
    /** Told after the file was written (the report's PDF is then written again with it). */
    onWritten?: (report: RunReport, generatedAt: string) => Promise<void>;
  },
  kind: AgroJobKind,
  report: RunReport,
): Promise<StepOutcome> {
  const existing = await readHistoryFile(deps.storage, report.uuid);
  if (existing?.sample) return 'unchanged';
  const file: AgroHistoryFile = existing ? structuredClone(existing) : emptyHistoryFile();
  const before = snapshot(file);
  const { from, to } = historyPeriod(report, deps.daysBefore, deps.now());
  const hasPeriod = from < to;
  const field: AgroField = {
    uuid: report.field.uuid,
    title: report.field.title,
    ring: report.field.polygon,
    lat: report.field.centroidLat,
    lng: report.field.centroidLng,
    agroId: report.field.agroId,
  };
  const parts = new Set(PARTS[kind]);
  let failed = false;

  if (parts.has('soil') && hasPeriod && deps.history.providers.soil) {
    const same = file.providers.soil === deps.history.providers.soil;
    const result = await deps.history.soil(field, same ? resumeFrom(from, file.soil_data) : from, to);
    if (!result) failed = true;
    else if (same || result.entries.length > 0) {
      file.soil_data = same ? mergeByTime(file.soil_data, result.entries) : result.entries;
      file.providers.soil = result.provider;
    }
  }

  if (parts.has('weather') && hasPeriod && deps.history.providers.weather) {
    const same = file.providers.weather === deps.history.providers.weather;
    const result = await deps.history.weather(field, same ? resumeFrom(from, file.weather_data) : from, to);
    if (!result) failed = true;
    else if (same || result.entries.length > 0) {
      file.weather_data = same ? mergeByTime(file.weather_data, result.entries) : result.entries;
      file.providers.weather = result.provider;
    }
  }

  const source = deps.history.satelliteSourceFor(field);
  if ((parts.has('images') || parts.has('stats')) && hasPeriod && source) {
    const same = file.providers.satellite === source;
    const result = await deps.history.satellite(
      field,
      from,
      to,
      {
        source: file.providers.satellite,
        imageDts: file.satellite_data.map((entry) => entry.dt),
        statsDts: file.satellite_stats.map((entry) => entry.dt),
      },
      { withStats: parts.has('stats') },
    );
    if (!result) failed = true;
    else {
      const imageKey = (entry: SatelliteEntryView) => `${entry.dt}:${entry.type}`;
      const statsKey = (entry: SatelliteStatsEntry) => `${entry.dt}:${entry.source}`;
      // Another source's dates and values do not mix with these: its lists are replaced.
      file.satellite_data = mergeByTime(same ? file.satellite_data : [], result.images, imageKey);
      file.satellite_stats = mergeByTime(same ? file.satellite_stats : [], result.stats, statsKey);
      file.providers.satellite = source;
    }
  }

  if (parts.has('clearSoil')) {
    file.soil_data = [];
    file.providers.soil = null;
  }
  if (parts.has('clearImages')) file.satellite_data = [];
  if (file.satellite_data.length === 0 && file.satellite_stats.length === 0) file.providers.satellite = null;

  const changed = snapshot(file) !== before;
  // No file and nothing to put in one: none is created (the field page then says so).
  if (changed && (existing || snapshot(file) !== snapshot(emptyHistoryFile()))) {
    file.generatedAt = deps.now().toISOString();
    await writeHistoryFile(deps.storage, report.uuid, file);
    await deps.onWritten?.(report, file.generatedAt);
  }
  if (failed) return 'failed';
  return changed ? 'updated' : 'unchanged';
}
