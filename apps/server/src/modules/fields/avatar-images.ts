import sharp, { type Sharp } from 'sharp';
import { badRequest } from '../../platform/http/errors.ts';

/** Widths of the map snapshot renditions; the height follows the snapshot's aspect ratio. */
export const FIELD_AVATAR_WIDTHS = { md: 512, xs: 128 } as const;

/** Decodes the snapshot (a renamed non-image is refused), drops metadata and writes WebP renditions. */
export async function renderFieldAvatar(input: Buffer): Promise<{ md: Buffer; xs: Buffer }> {
  let image: Sharp;
  try {
    image = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
    await image.metadata();
    const [md, xs] = await Promise.all(
      (['md', 'xs'] as const).map((size) =>
        image.clone().resize({ width: FIELD_AVATAR_WIDTHS[size] }).webp({ quality: 82 }).toBuffer(),
      ),
    );
    if (!md || !xs) throw new Error('rendition missing');
    return { md, xs };
  } catch {
    throw badRequest('The file is not an image we can read. Please choose a JPEG, PNG or WebP image.');
  }
}
