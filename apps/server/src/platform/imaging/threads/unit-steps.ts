import type { AnalysisCache } from '../analysis/analysis-cache.ts';
import { readOnce } from '../analysis/analysis-cache.ts';
import { detectStress } from '../analysis/detect.ts';
import { measurePhoto } from '../analysis/measure.ts';
import { detectStressInRasterTile, measureRasterTile } from '../raster/raster-analysis.ts';
import { encodePlantLayers, phaseOneFields, plantLayers } from '../tiles/plant-layers.ts';
import type { DatasetStatistics, Measurement, PhotoAnalysis, PhotoInput, RasterTile } from '../types.ts';

/** Phase 1 of one unit: a photo (or band set), or one tile of a GeoTIFF. */
export interface MeasureStep {
  photo: PhotoInput;
  tile?: RasterTile | undefined;
  /** The unit's key in the analysis cache, where phase 1 leaves its work for phase 2. */
  cacheKey: string;
}

/** Phase 2 of one unit: its stress boxes, its HD JPEG written to `output.hdPath`. */
export interface DetectStep extends MeasureStep {
  statistics: DatasetStatistics;
  output: { hdPath: string; imageId: string };
}

export interface DetectResult {
  analysis: PhotoAnalysis;
  /** The map's plant layers from phase 1's fields (null: the tiles derive them from the photo). */
  layers: Buffer | null;
}

export function measureStep(step: MeasureStep, cache: AnalysisCache): Promise<Measurement> {
  const path = step.photo.paths[0] as string;
  return step.tile
    ? measureRasterTile(path, step.tile)
    : // One step at a time in a thread, and nothing of the fields outlives it: buffers are reused.
      measurePhoto(step.photo, { cache: { cache, key: step.cacheKey }, reuseValueBuffers: true });
}

export async function detectStep(step: DetectStep, cache: AnalysisCache): Promise<DetectResult> {
  const { photo, tile, statistics, output } = step;
  if (tile) {
    const analysis = await detectStressInRasterTile(photo.paths[0] as string, tile, statistics, output);
    return { analysis, layers: null };
  }
  // Phase 1's entry read once for both its readers (the layers, then phase 2).
  const slot = readOnce({ cache, key: step.cacheKey });
  const fields = await phaseOneFields(photo, slot);
  const analysis = await detectStress(photo, statistics, output, { cache: slot });
  // The plant layers from the same fields: finalize then reads them instead of decoding the photo
  // and deriving its fields again.
  const layers = fields ? await encodePlantLayers(plantLayers(fields, statistics)) : null;
  return { analysis, layers };
}
