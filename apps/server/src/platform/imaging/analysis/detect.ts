import type { DatasetStatistics, DetectOptions, PhotoAnalysis, PhotoInput } from '../types.ts';

/**
 * Phase 2: stressed canopy → boxes with colours, writing the HD JPEG derivative to `hdPath`
 * (the caller picks `reports/{uuid}/{base}-hd.jpg`). Box ids are `${imageId}-${n}`.
 */
export async function detectStress(
  _input: PhotoInput,
  _statistics: DatasetStatistics,
  _output: { hdPath: string; imageId: string },
  _options: DetectOptions = {},
): Promise<PhotoAnalysis> {
  throw new Error('not implemented');
}
