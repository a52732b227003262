import { photoGeoreference } from '../geometry/footprint.ts';
import { readPhotoMetadata } from '../metadata/read-photo-metadata.ts';
import type { PhotoInput, PhotoMetadata } from '../types.ts';
import { DEFAULT_DETECT } from './scores.ts';

export interface AnalysisOptions {
  hdMaxSize?: number;
  analysisGsdM?: number;
}

/** The input with every file's metadata read (each phase needs it; callers may pass it in). */
export async function withMetadata(input: PhotoInput): Promise<PhotoInput & { metadata: PhotoMetadata[] }> {
  if (input.metadata && input.metadata.length === input.paths.length)
    return { ...input, metadata: input.metadata };
  return { ...input, metadata: await Promise.all(input.paths.map((path) => readPhotoMetadata(path))) };
}

export function isSinglePhoto(input: PhotoInput & { metadata: PhotoMetadata[] }): boolean {
  return input.paths.length === 1 && !input.metadata[0]?.band;
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
