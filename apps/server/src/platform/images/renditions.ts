import sharp, { type ResizeOptions, type Sharp } from 'sharp';
import { badRequest } from '../http/errors.ts';

export const NOT_AN_IMAGE = 'The file is not an image we can read. Please choose a JPEG, PNG or WebP image.';

/** The formats we take from users, told by their first bytes (never by the name or the declared type). */
export function uploadedImageFormat(input: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg';
  if (input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    input.subarray(0, 4).toString('latin1') === 'RIFF' &&
    input.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/**
 * Decodes an upload (so a renamed non-image is refused; only JPEG, PNG and WebP reach a decoder:
 * SVG, TIFF, HEIF… are one more parser open to the internet), applies EXIF orientation, drops metadata
 * such as GPS position, and writes one WebP rendition per requested size.
 */
export async function renderWebpRenditions<Size extends string>(
  input: Buffer,
  sizes: Record<Size, ResizeOptions>,
  quality = 85,
): Promise<Record<Size, Buffer>> {
  const format = uploadedImageFormat(input);
  if (!format) throw badRequest(NOT_AN_IMAGE);
  let image: Sharp;
  try {
    image = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
    if ((await image.metadata()).format !== format) throw new Error('decoded as another format');
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
