import sharp from 'sharp';

/**
 * The image work of the modules' documents and exports (report PDF thumbnails and field map,
 * annotation crops, an HD photo's size): the modules describe what to draw, this adapter decodes
 * and encodes, so no module depends on the image library.
 */

export interface PixelRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Width and height of an image (its bytes or a file path), read from its header; null when unknown. */
export async function imageSize(image: Buffer | string): Promise<{ width: number; height: number } | null> {
  const { width, height } = await sharp(image).metadata();
  return width && height ? { width, height } : null;
}

/** A region of an image as a JPEG. */
export function cropToJpeg(image: Buffer, region: PixelRegion, quality: number): Promise<Buffer> {
  return sharp(image).extract(region).jpeg({ quality }).toBuffer();
}

/** An image stretched to `width` × `height` with an SVG of the same size drawn over it, as a JPEG. */
export function resizeWithOverlay(
  image: Buffer,
  size: { width: number; height: number },
  svg: string,
  quality: number,
): Promise<Buffer> {
  return sharp(image)
    .resize(size.width, size.height, { fit: 'fill' })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality })
    .toBuffer();
}

export interface Composition {
  /** The canvas, filled with `background` (a CSS colour). */
  width: number;
  height: number;
  background: string;
  /** Images placed on the canvas at non-negative offsets, bottom first. */
  images: { image: Buffer; left: number; top: number }[];
  /** Drawn over everything, at the canvas's origin. */
  svg: string;
  /** The part of the canvas kept. */
  crop: PixelRegion;
  quality: number;
}

/**
 * Images and an SVG composited on an opaque canvas, cropped and encoded once as a JPEG with full
 * chroma (4:4:4), so thin lines and small numbers stay crisp.
 */
export async function composeJpeg(input: Composition): Promise<Buffer> {
  const canvas = await sharp({
    create: { width: input.width, height: input.height, channels: 3, background: input.background },
  })
    .composite([
      ...input.images.map(({ image, left, top }) => ({ input: image, left, top })),
      { input: Buffer.from(input.svg), left: 0, top: 0 },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(canvas.data, { raw: canvas.info })
    .extract(input.crop)
    .jpeg({ quality: input.quality, chromaSubsampling: '4:4:4' })
    .toBuffer();
}
