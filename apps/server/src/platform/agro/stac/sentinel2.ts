import { createHash } from 'node:crypto';
import type { SatelliteStatsEntry } from '@ampelos/domain';
import { fromWgs84, type PointTransform, proj4ForEpsg } from '../../imaging/raster/crs.ts';
import { createTtlCache } from '../cache.ts';
import type { AgroField } from '../types.ts';
import { AgroRequestError } from '../types.ts';
import { type BandGrid, type OpenCog, openCog, readWindow } from './cog-window.ts';
import { type FieldSceneInput, type FieldSceneStats, fieldSceneStats } from './field-stats.ts';
import { type StacScene, type StacSearchOptions, searchScenes } from './stac-search.ts';

const DAY_SECONDS = 86_400;
/** Computed statistics of a field on a scene do not change: kept a week (bounded by entries). */
const SCENE_CACHE_MS = 7 * DAY_SECONDS * 1000;

/** The day an acquisition belongs to (the unit we dedupe and skip by). */
export const acquisitionDay = (dt: number) => Math.floor(dt / DAY_SECONDS);

export interface StacStatsResult {
  /** One entry per acquisition day, oldest first; days without usable pixels have no indices. */
  entries: SatelliteStatsEntry[];
  /** Scenes that could not be read this time (they are tried again on the next run). */
  failedScenes: number;
  firstFailure: unknown;
}

/** A polygon edit must not reuse the old outline's statistics. */
export const outlineKey = (field: AgroField) =>
  createHash('sha1').update(JSON.stringify(field.ring)).digest('hex').slice(0, 16);

export function bboxOf(ring: [number, number][]): [number, number, number, number] {
  const xs = ring.map((point) => point[0]);
  const ys = ring.map((point) => point[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The four bands of a scene over a field's window, and the field's ring in the scene's CRS. */
export interface SceneBands extends FieldSceneInput {
  /** WGS84 longitude/latitude to the scene's CRS. */
  toCrs: PointTransform;
}

/**
 * Opens a scene's red, NIR, SWIR 1.6 µm and SCL cloud-optimised GeoTIFFs and reads only the window
 * around the field (HTTP range requests). Throws an `AgroRequestError` when a band cannot be read.
 */
export async function readSceneBands(
  field: AgroField,
  scene: StacScene,
  timeoutMs: number,
): Promise<SceneBands> {
  const opened = await Promise.allSettled(
    [scene.bands.red, scene.bands.nir, scene.bands.swir16, scene.bands.scl].map((band) =>
      openCog(band.href, timeoutMs),
    ),
  );
  const cogs = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  try {
    const refused = opened.find((result) => result.status === 'rejected');
    if (refused) throw refused.reason;
    const [red, nir, swir16, scl] = cogs as [OpenCog, OpenCog, OpenCog, OpenCog];
    const epsg = red.epsg ?? scene.epsg;
    const definition = epsg === null ? null : proj4ForEpsg(epsg);
    if (!definition) throw new AgroRequestError('bad_response', `scene ${scene.id}: unsupported CRS ${epsg}`);
    const toCrs = fromWgs84(definition);
    const ring = field.ring.map(([lng, lat]) => toCrs(lng, lat));
    const [minX, minY, maxX, maxY] = bboxOf(ring);
    const box = { minX, minY, maxX, maxY };
    const [redGrid, nirGrid, swirGrid, sclGrid] = (await Promise.all(
      [red, nir, swir16, scl].map((cog) => readWindow(cog, box)),
    )) as [BandGrid, BandGrid, BandGrid, BandGrid];
    const band = (name: 'red' | 'nir' | 'swir16', grid: BandGrid) => ({
      grid,
      scale: scene.bands[name].scale,
      offset: scene.bands[name].offset,
      noData: scene.bands[name].noData,
    });
    return {
      ring,
      toCrs,
      red: band('red', redGrid),
      nir: band('nir', nirGrid),
      swir16: band('swir16', swirGrid),
      scl: sclGrid,
    };
  } finally {
    await Promise.all(cogs.map((cog) => cog.close().catch(() => {})));
  }
}

/**
 * The keyless satellite source: Sentinel-2 L2A scenes from a public STAC catalogue (Earth Search by
 * default), whose cloud-optimised GeoTIFFs are read by HTTP range requests over the field only, and
 * whose NDVI, EVI2 and NDWI statistics we compute over the field's polygon (docs/AGRO.md).
 */
export function createSentinel2Stac(options: StacSearchOptions) {
  const cache = createTtlCache<FieldSceneStats>(20_000);

  async function sceneStats(field: AgroField, scene: StacScene): Promise<FieldSceneStats> {
    const key = `${scene.id}:${outlineKey(field)}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const bands = await readSceneBands(field, scene, options.timeoutMs);
    const stats = fieldSceneStats(bands);
    cache.set(key, stats, SCENE_CACHE_MS);
    return stats;
  }

  return {
    name: 'sentinel-2-stac' as const,

    /**
     * Statistics of the field for each acquisition in the period. Days in `knownDays` are not read
     * again (the report's file has them). Throws when the catalogue fails, or when every scene did.
     */
    async fieldStats(
      field: AgroField,
      from: Date,
      to: Date,
      knownDays: ReadonlySet<number> = new Set(),
    ): Promise<StacStatsResult> {
      const scenes = await searchScenes(options, bboxOf(field.ring), from, to);
      const byDay = new Map<number, SatelliteStatsEntry & { pixels: number }>();
      let failedScenes = 0;
      let firstFailure: unknown = null;
      let read = 0;
      for (const scene of scenes) {
        const day = acquisitionDay(scene.dt);
        if (knownDays.has(day)) continue;
        read += 1;
        let stats: FieldSceneStats;
        try {
          stats = await sceneStats(field, scene);
        } catch (error) {
          failedScenes += 1;
          firstFailure ??= error;
          continue;
        }
        // Outside this tile, or no data over the field: not a date with imagery of it.
        if (stats.pixels === 0 || stats.dc === 0) continue;
        const entry = { dt: scene.dt, source: 'sentinel-2-stac' as const, ...stats };
        // Where two tiles overlap, one acquisition comes twice: keep the better-covered one.
        const previous = byDay.get(day);
        if (!previous || entry.dc > previous.dc || (entry.dc === previous.dc && entry.cl < previous.cl))
          byDay.set(day, entry);
      }
      if (read > 0 && failedScenes === read) throw firstFailure;
      const entries = [...byDay.values()]
        .sort((a, b) => a.dt - b.dt)
        .map(({ pixels: _pixels, ...entry }) => entry);
      return { entries, failedScenes, firstFailure };
    },
  };
}
export type Sentinel2Stac = ReturnType<typeof createSentinel2Stac>;
