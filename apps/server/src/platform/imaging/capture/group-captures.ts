import type { PhotoInput, PhotoMetadata } from '../types.ts';

/**
 * One `PhotoInput` per capture: band files of one multispectral trigger (same CaptureId, or the
 * same `IMG_nnnn_` prefix in one folder) become one input; every other photo is its own input.
 */
export function groupCaptures(_photos: { path: string; metadata: PhotoMetadata }[]): PhotoInput[] {
  throw new Error('not implemented');
}
