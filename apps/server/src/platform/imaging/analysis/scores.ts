import type { DatasetStatistics, DetectOptions, IndicatorName } from '../types.ts';
import type { PlantFields } from './plant-fields.ts';

/**
 * Smallest robust sigma per indicator: a very uniform field must not turn sensor noise into stress.
 * Values are a few percent of each index's usual canopy range.
 */
export const SIGMA_FLOOR: Record<IndicatorName, number> = {
  vari: 0.02,
  tgi: 0.005,
  gli: 0.01,
  ndvi: 0.02,
  ndre: 0.01,
  gndvi: 0.01,
  cover: 0.03,
};

export const DEFAULT_DETECT = {
  stressZ: 2.5,
  lowZ: 1.0,
  minAreaM2: 0.15,
  minPixels: 40,
  mergeDistanceM: 0.5,
  maxBoxM: 4,
  hdMaxSize: 2048,
  analysisGsdM: 0.05,
  hdQuality: 85,
};

/**
 * Robust z-scores of each domain pixel against the dataset: (x − median) / max(1.4826·MAD, floor),
 * one per domain pixel in `PlantFields.domainIndex` order (0 where the indicator is undefined).
 */
export interface ScoreMaps {
  vigour: Float32Array;
  cover: Float32Array;
  chlorophyll: Float32Array;
  water: Float32Array | null;
  /** 1 where the plant-scale vigour or cover is below −stressZ (a full-image mask). */
  stressed: Uint8Array;
  stressedCount: number;
}

/** z of an indicator per domain pixel, 0 where unknown; into `out` (zeroed) when given. */
export function zScores(
  fields: PlantFields,
  statistics: DatasetStatistics,
  name: IndicatorName | null,
  out: Float32Array = new Float32Array(fields.domainCount),
): Float32Array | null {
  if (!name) return null;
  const values = fields.values[name];
  const scale = zScale(statistics, name);
  if (!values || !scale) return out;
  const { median, sigma } = scale;
  for (let k = 0; k < out.length; k++) {
    const value = values[k] as number;
    // No pure leaf pixel nearby: no evidence either way (cover judges such places).
    if (!Number.isNaN(value)) out[k] = (value - median) / sigma;
  }
  return out;
}

/** The centre and spread an indicator's z is taken against, null when the dataset has none. */
export function zScale(
  statistics: DatasetStatistics,
  name: IndicatorName,
): { median: number; sigma: number } | null {
  const stats = statistics.indicators[name];
  if (!stats || !Number.isFinite(stats.median)) return null;
  return { median: stats.median, sigma: Math.max(1.4826 * stats.mad, SIGMA_FLOOR[name]) };
}

export function scoreFields(
  fields: PlantFields,
  statistics: DatasetStatistics,
  options: DetectOptions,
): ScoreMaps {
  const stressZ = options.stressZ ?? DEFAULT_DETECT.stressZ;
  const vigour = zScores(fields, statistics, fields.roles.vigour) as Float32Array;
  const cover = zScores(fields, statistics, 'cover') as Float32Array;
  const chlorophyll = zScores(fields, statistics, fields.roles.chlorophyll) as Float32Array;
  const water = zScores(fields, statistics, fields.roles.water);
  const stressed = new Uint8Array(fields.width * fields.height);
  let stressedCount = 0;
  const { domainIndex } = fields;
  for (let k = 0; k < domainIndex.length; k++) {
    if ((vigour[k] as number) < -stressZ || (cover[k] as number) < -stressZ) {
      stressed[domainIndex[k] as number] = 1;
      stressedCount++;
    }
  }
  return { vigour, cover, chlorophyll, water, stressed, stressedCount };
}
