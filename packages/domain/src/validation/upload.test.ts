import { describe, expect, it } from 'vitest';
import { DATASET_MAX_BYTES, IMAGE_MAX_BYTES } from '../constants.ts';
import { firstMessage } from './test-helpers.ts';
import {
  datasetSizeError,
  datasetSizeSchema,
  imageSizeError,
  imageSizeSchema,
  imageTypeSchema,
  isAllowedImageType,
} from './upload.ts';

describe('image upload (at most 2 MB)', () => {
  it('accepts up to exactly 2 MB', () => {
    expect(firstMessage(imageSizeSchema, IMAGE_MAX_BYTES)).toBeUndefined();
    expect(imageSizeError(IMAGE_MAX_BYTES)).toBeNull();
    expect(imageSizeError(0)).toBeNull();
  });
  it('rejects one byte more', () => {
    expect(firstMessage(imageSizeSchema, IMAGE_MAX_BYTES + 1)).toBe('Please choose an image less than 2 MB');
    expect(imageSizeError(IMAGE_MAX_BYTES + 1)).toBe('Please choose an image less than 2 MB');
  });
  it('accepts PNG, JPEG and WebP only', () => {
    expect(isAllowedImageType('image/png')).toBe(true);
    expect(isAllowedImageType('image/svg+xml')).toBe(false);
    expect(firstMessage(imageTypeSchema, 'image/gif')).toBe('Please choose a PNG, JPEG or WebP image');
  });
});

describe('dataset upload (under 1000 GB)', () => {
  const message = 'Upload Dataset must be less than 1 terabyte (= 1000 GB) in size';
  it('accepts just under the limit', () => {
    expect(firstMessage(datasetSizeSchema, DATASET_MAX_BYTES - 1)).toBeUndefined();
    expect(datasetSizeError(DATASET_MAX_BYTES - 1)).toBeNull();
  });
  it('rejects the limit itself and above', () => {
    expect(firstMessage(datasetSizeSchema, DATASET_MAX_BYTES)).toBe(message);
    expect(datasetSizeError(DATASET_MAX_BYTES)).toBe(message);
    expect(datasetSizeError(DATASET_MAX_BYTES * 2)).toBe(message);
  });
});
