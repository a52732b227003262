import type { ImageFormat, PhotoMetadata } from '../types.ts';

/** JPEG or TIFF from the leading bytes, or null for anything else (a PNG renamed .jpg is null). */
export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 4 && head[0] === 0x49 && head[1] === 0x49 && head[2] === 0x2a && head[3] === 0x00)
    return 'tiff';
  if (head.length >= 4 && head[0] === 0x4d && head[1] === 0x4d && head[2] === 0x00 && head[3] === 0x2a)
    return 'tiff';
  return null;
}

/**
 * EXIF + XMP of a JPEG or TIFF photo. Rejects (throws) when the bytes are neither JPEG nor TIFF.
 * `gps` is null when the photo carries no position.
 */
export async function readPhotoMetadata(_filePath: string): Promise<PhotoMetadata> {
  throw new Error('not implemented');
}
