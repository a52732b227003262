import sharp, { type ResizeOptions, type Sharp } from 'sharp';
import { badRequest } from '../http/errors.ts';

export const NOT_AN_IMAGE = 'The file is not an image we can read. Please choose a JPEG, PNG or WebP image.';

/**
 * Decodes an upload (so a renamed non-image is refused), applies EXIF orientation, drops metadata
 * such as GPS position, and writes one WebP rendition per requested size.
 */
export async function renderWebpRenditions<Size extends string>(
  input: Buffer,
  sizes: Record<Size, ResizeOptions>,
  quality = 85,
): Promise<Record<Size, Buffer>> {
  let image: Sharp;
  try {
    image = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
    await image.metadata();
    const entries = await Promise.all(
      (Object.entries(sizes) as [Size, ResizeOptions][]).map(
        async ([size, resize]) =>
          [size, await image.clone().resize(resize).webp({ quality }).toBuffer()] as const,
      ),
    );
    return Object.fromEntries(entries) as Record<Size, Buffer>;
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
}
