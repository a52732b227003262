import {
  type IndexStats,
  SATELLITE_INDICES,
  type SatelliteEntryView,
  type SatelliteIndex,
  type SatelliteStatsEntry,
} from '@ampelos/domain';

/** A date with imagery of the field: which of our indices it has and their statistics where known. */
export interface SatelliteDay {
  /** `YYYY-MM-DD` (UTC: Sentinel-2 passes over Europe before noon UTC). */
  day: string;
  dt: number;
  cl: number;
  dc: number;
  /** Our indices (ndwi, evi2, ndvi) with imagery or statistics that day. */
  indices: SatelliteIndex[];
  stats: Partial<Record<SatelliteIndex, IndexStats>>;
}

export const dayOfEpoch = (dt: number) => new Date(dt * 1000).toISOString().slice(0, 10);
const isOurs = (name: string): name is SatelliteIndex =>
  (SATELLITE_INDICES as readonly string[]).includes(name);

/**
 * The calendar's days: dates with imagery (the search) merged with the index statistics (the history),
 * one per day, oldest first. A date with imagery but every pixel under cloud has no index: picking it
 * shows the hint.
 */
export function satelliteDays(
  images: readonly SatelliteEntryView[],
  stats: readonly SatelliteStatsEntry[],
): SatelliteDay[] {
  const days = new Map<string, SatelliteDay>();
  for (const image of images) {
    const day = dayOfEpoch(image.dt);
    const known = days.get(day);
    const indices = image.indices.filter(isOurs);
    days.set(day, {
      day,
      dt: image.dt,
      cl: image.cl,
      dc: image.dc,
      indices: [...new Set([...(known?.indices ?? []), ...indices])],
      stats: known?.stats ?? {},
    });
  }
  for (const entry of stats) {
    const day = dayOfEpoch(entry.dt);
    const known = days.get(day);
    const withStats = Object.keys(entry.indices).filter(isOurs);
    days.set(day, {
      day,
      dt: known?.dt ?? entry.dt,
      cl: known?.cl ?? entry.cl,
      dc: known?.dc ?? entry.dc,
      indices: [...new Set([...(known?.indices ?? []), ...withStats])],
      stats: { ...known?.stats, ...entry.indices },
    });
  }
  return [...days.values()].sort((a, b) => a.dt - b.dt);
}

/** One point per date with statistics of the index: the graphs' series. */
export function indexSeries(days: readonly SatelliteDay[], index: SatelliteIndex) {
  return days.flatMap((day) => {
    const stats = day.stats[index];
    return stats ? [{ day: day.day, min: stats.min, mean: stats.mean, max: stats.max }] : [];
  });
}
