import { photoGeoreference } from '../geometry/footprint.ts';
import { readPhotoMetadata } from '../metadata/read-photo-metadata.ts';
import type { DetectOptions, PhotoInput, PhotoMetadata } from '../types.ts';
import type { AnalysisCacheSlot } from './analysis-cache.ts';
import { DEFAULT_DETECT } from './scores.ts';

export interface AnalysisOptions {
  hdMaxSize?: number;
  analysisGsdM?: number;
  /** JPEG quality of the HD derivative (phase 1 makes it too when it hands its work to phase 2). */
  hdQuality?: number;
  /** Where phase 1 leaves its work for phase 2 (single 8-bit photos), keyed by unit. */
  cache?: AnalysisCacheSlot;
  /**
   * Phase 1 computes the plant-scale values into buffers it reuses for the next photo (see
   * `reusedValues`): only for a caller that measures one photo at a time (an analysis thread).
   */
  reuseValueBuffers?: boolean;
}

/**
 * Phase 2's options for one capture: `cache`, where phase 1 left its work (see `measurePhoto`; not
 * used with a classifier). Kept out of types.ts, which imports nothing from the engine.
 */
export type CaptureDetectOptions = DetectOptions & { cache?: AnalysisCacheSlot };

/**
 * sharp's JPEG options for the HD derivative. Huffman-table optimisation (sharp's default) costs a
 * second pass, about 4 × the encode's CPU (~40 ms of a 3 MP photo), for ~2 % fewer bytes; the
 * decoded pixels are the same either way.
 */
export const hdJpegOptions = (quality: number) => ({ quality, optimiseCoding: false });

/** The options with their defaults, and a key that tells whether two runs computed the same thing. */
export function resolveOptions(input: PhotoInput, options: AnalysisOptions) {
  const hdMaxSize = options.hdMaxSize ?? DEFAULT_DETECT.hdMaxSize;
  const hdQuality = options.hdQuality ?? DEFAULT_DETECT.hdQuality;
  const analysisGsdM = options.analysisGsdM ?? DEFAULT_DETECT.analysisGsdM;
  const key = JSON.stringify([
    'plant-units-2',
    hdMaxSize,
    hdQuality,
    analysisGsdM,
    input.heightAboveGroundM ?? null,
  ]);
  return { hdMaxSize, hdQuality, analysisGsdM, key };
}

/** The input with every file's metadata read (each phase needs it; callers may pass it in). */
export async function withMetadata(input: PhotoInput): Promise<PhotoInput & { metadata: PhotoMetadata[] }> {
  if (input.metadata && input.metadata.length === input.paths.length)
    return { ...input, metadata: input.metadata };
  return { ...input, metadata: await Promise.all(input.paths.map((path) => readPhotoMetadata(path))) };
}

/**
 * One photo, not a band set. Counted by its metadata (one entry per file): the tiles size a kept
 * photo's layers without its files at hand.
 */
export function isSinglePhoto(input: PhotoInput & { metadata: PhotoMetadata[] }): boolean {
  return input.metadata.length === 1 && !input.metadata[0]?.band;
}

export function hdSize(metadata: PhotoMetadata, hdMaxSize: number) {
  const scale = Math.min(1, hdMaxSize / Math.max(metadata.width, metadata.height));
  return {
    w: Math.max(1, Math.round(metadata.width * scale)),
    h: Math.max(1, Math.round(metadata.height * scale)),
  };
}

/**
 * Longest side of the analysis image. Single photos are analysed at about `analysisGsdM` per pixel
 * (never finer than the HD derivative, never coarser than 512 px); band sets keep their own
 * (small) resolution up to the HD size.
 */
export function analysisMaxSide(
  input: PhotoInput & { metadata: PhotoMetadata[] },
  options: AnalysisOptions,
): number {
  const hdMaxSize = options.hdMaxSize ?? DEFAULT_DETECT.hdMaxSize;
  const reference = input.metadata[0] as PhotoMetadata;
  const longest = Math.max(reference.width, reference.height);
  const hdSide = Math.min(hdMaxSize, longest);
  if (!isSinglePhoto(input)) return hdSide;
  const georeference = photoGeoreference(reference, { heightAboveGroundM: input.heightAboveGroundM });
  if (!georeference) return hdSide;
  const side = Math.ceil(
    (longest * georeference.gsdM) / (options.analysisGsdM ?? DEFAULT_DETECT.analysisGsdM),
  );
  return Math.max(Math.min(512, hdSide), Math.min(hdSide, side));
}
