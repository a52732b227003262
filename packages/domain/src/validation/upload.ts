import { z } from 'zod';
import { DATASET_MAX_BYTES, IMAGE_MAX_BYTES } from '../constants.ts';
import { MESSAGES } from './messages.ts';

/** Image types accepted for avatars and field snapshots (not stated by the spec; a safe set). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/** Image size in bytes: at most 2 MB. */
export const imageSizeSchema = z
  .number({ error: MESSAGES.imageTooLarge })
  .int()
  .min(0)
  .max(IMAGE_MAX_BYTES, MESSAGES.imageTooLarge);

/** Dataset size in bytes: strictly under 1 terabyte (1000 GB). */
export const datasetSizeSchema = z
  .number({ error: MESSAGES.datasetTooLarge })
  .int()
  .min(0)
  .lt(DATASET_MAX_BYTES, MESSAGES.datasetTooLarge);

export const imageTypeSchema = z.enum(IMAGE_MIME_TYPES, { error: MESSAGES.imageType });

/** The message to show for an image of `bytes`, or null when it may be uploaded. */
export function imageSizeError(bytes: number): string | null {
  return bytes <= IMAGE_MAX_BYTES ? null : MESSAGES.imageTooLarge;
}

/** The message to show for a dataset of `bytes`, or null when it may be uploaded. */
export function datasetSizeError(bytes: number): string | null {
  return bytes < DATASET_MAX_BYTES ? null : MESSAGES.datasetTooLarge;
}

export function isAllowedImageType(mimeType: string): mimeType is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(mimeType);
}
