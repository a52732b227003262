/**
 * Imaging analysis engine: metadata, footprints, canopy and stress detection, XYZ map tiles.
 * A library only (no HTTP, no database): the job code decides where files live and what is stored.
 *
 * Typical job flow for a dataset (see types.ts for the data shapes):
 * 1. `readPhotoMetadata(path)` for each photo (geolocation check, camera, grouping), or
 *    `readRasterInfo(path)` for a GeoTIFF (footprint in WGS84 for the overlap check).
 * 2. `groupCaptures(photos)` → one `PhotoInput` per capture (a MicaSense band set is one capture);
 *    `planCaptures(inputs, { fieldAltitudeM })` → per capture its camera (`recogniseCamera`), its
 *    height above ground from evidence (`decideHeight`) and whether it is a ground capture, plus
 *    what staff must confirm first; `plannedInput(input, plan)` gives the analysis its height.
 *    For a GeoTIFF, `planRasterTiles(info)` → one `RasterTile` per job.
 * 3. Phase 1, one job each: `measurePhoto(input, opts?)` / `measureRasterTile(path, tile, opts?)` →
 *    `Measurement` (opts: `hdMaxSize`, `analysisGsdM`; use the same values in phase 2). With
 *    `cache: { cache, key }` (e.g. `createDiskAnalysisCache`) a photo's work is left for phase 2,
 *    which then neither decodes it nor recomputes its fields (same result either way).
 * 4. Once: `datasetStatistics(measurements)`.
 * 5. Phase 2, one job each: `detectStress(input, stats, { hdPath, imageId })` /
 *    `detectStressInRasterTile(path, tile, stats, { hdPath, imageId })` → `PhotoAnalysis` (writes the HD JPEG).
 * 6. Once: `renderTiles({ photos: [{ input, analysis }] | raster: { path, analyses: [{ tile, analysis }] },
 *    dsmPath?, statistics, minZoom, onTile })` → `TileSetSummary`.
 * Errors: `readPhotoMetadata` throws `UnsupportedImageError` for bytes that are not JPEG/TIFF and
 * `ImageTooLargeError` past the photo pixel limit (`setPhotoMaxPixels`, applied to every decode).
 * Formulas, thresholds and the georeferencing error model: docs/IMAGING.md.
 * The pipeline runs phases 1 and 2 in worker threads: `createAnalysisThreads` (`threads/`) takes a
 * `MeasureStep` / `DetectStep` and runs the functions above there, with the disk cache.
 * Every function is deterministic for the same inputs, so a retried job produces the same output.
 */

export {
  type AnalysisCache,
  type AnalysisCacheSlot,
  createDiskAnalysisCache,
  readOnce,
} from './analysis/analysis-cache.ts';
export { detectStress } from './analysis/detect.ts';
export { measurePhoto } from './analysis/measure.ts';
export { mergeOverlappingBoxes } from './analysis/merge-overlaps.ts';
export { datasetStatistics } from './analysis/statistics.ts';
export { groupCaptures } from './capture/group-captures.ts';
export {
  type CapturePlan,
  type DatasetPlan,
  type PlanOptions,
  planCaptures,
  plannedInput,
  setupOf,
} from './capture/plan-captures.ts';
export { type FootprintOptions, photoFootprint } from './geometry/footprint.ts';
export {
  decideHeight,
  findGroundCaptures,
  type GroundReference,
  type HeightDecision,
} from './geometry/height-source.ts';
export { type CameraModel, indicesFor, recogniseCamera } from './metadata/camera-model.ts';
export { looksFalseColour, pixelStatsOf } from './metadata/pixel-stats.ts';
export {
  readPhotoMetadata,
  sniffImageFormat,
  UnsupportedImageError,
} from './metadata/read-photo-metadata.ts';
export {
  DEFAULT_PHOTO_MAX_MEGAPIXELS,
  ImageTooLargeError,
  photoPixelLimit,
  setPhotoMaxPixels,
} from './pixel-limit.ts';
export { detectStressInRasterTile, measureRasterTile, planRasterTiles } from './raster/raster-analysis.ts';
export { readRasterInfo } from './raster/raster-info.ts';
export {
  type AnalysisThreads,
  createAnalysisThreads,
  type StepBudget,
} from './threads/analysis-threads.ts';
export { StepTimeoutError, withinBudget } from './threads/step-budget.ts';
export type { DetectResult, DetectStep, MeasureStep } from './threads/unit-steps.ts';
export {
  decodePlantLayers,
  encodePlantLayers,
  phaseOneFields,
  plantLayers,
} from './tiles/plant-layers.ts';
export { NothingToTileError, renderTiles } from './tiles/render-tiles.ts';
export * from './types.ts';
