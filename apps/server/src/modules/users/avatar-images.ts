import sharp, { type Sharp } from 'sharp';
import { badRequest } from '../../platform/http/errors.ts';

export const AVATAR_SIZES = { md: 256, xs: 64 } as const;

/**
 * Decodes the upload (so a renamed non-image is refused), drops metadata such as GPS EXIF,
 * and re-encodes square WebP renditions.
 */
export async function renderAvatar(input: Buffer): Promise<{ md: Buffer; xs: Buffer }> {
  let image: Sharp;
  try {
    image = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
    await image.metadata();
    const [md, xs] = await Promise.all(
      (['md', 'xs'] as const).map((size) =>
        image
          .clone()
          .resize(AVATAR_SIZES[size], AVATAR_SIZES[size], { fit: 'cover' })
          .webp({ quality: 85 })
          .toBuffer(),
      ),
    );
    if (!md || !xs) throw new Error('rendition missing');
    return { md, xs };
  } catch {
    throw badRequest('The file is not an image we can read. Please choose a JPEG, PNG or WebP image.');
  }
}
