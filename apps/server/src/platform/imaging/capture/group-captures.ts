import { basename, dirname } from 'node:path';
import type { PhotoInput, PhotoMetadata } from '../types.ts';

// MicaSense names bands IMG_0001_1.tif … IMG_0001_5.tif (Altum up to _6); Parrot Sequoia
// IMG_…_0001_GRE.TIF / _RED / _REG / _NIR; DJI Mavic 3M DJI_…_0001_MS_G.TIF / _MS_R / _MS_RE / _MS_NIR.
const BAND_FILE = /^(.*?)(?:_MS)?_(\d{1,2}|GRE|RED|REG|NIR|G|R|RE)\.tiff?$/i;

function captureKey(path: string, metadata: PhotoMetadata): string | null {
  if (!metadata.band) return null;
  if (metadata.band.captureId) return `id:${metadata.band.captureId}`;
  const match = BAND_FILE.exec(basename(path));
  return match ? `name:${dirname(path)}/${match[1]}` : null;
}

/**
 * One `PhotoInput` per capture: band files of one multispectral trigger (same XMP CaptureId, else
 * the same `IMG_nnnn_` prefix in one folder) become one input with their metadata; every other
 * photo is its own input. Order follows the first file of each capture.
 */
export function groupCaptures(photos: { path: string; metadata: PhotoMetadata }[]): PhotoInput[] {
  const captures = new Map<string, { paths: string[]; metadata: PhotoMetadata[] }>();
  const inputs: { paths: string[]; metadata: PhotoMetadata[] }[] = [];
  for (const { path, metadata } of photos) {
    const key = captureKey(path, metadata);
    const existing = key ? captures.get(key) : undefined;
    if (existing) {
      existing.paths.push(path);
      existing.metadata.push(metadata);
      continue;
    }
    const input = { paths: [path], metadata: [metadata] };
    if (key) captures.set(key, input);
    inputs.push(input);
  }
  return inputs;
}
