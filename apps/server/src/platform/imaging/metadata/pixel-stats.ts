import sharp from 'sharp';
import type { PixelStats } from '../types.ts';

/** Side of the thumbnail the statistic is taken on: a JPEG decodes to it with shrink-on-load. */
const THUMBNAIL_SIDE = 96;

/** Dominant-colour shares of raw interleaved 8-bit samples (see `PixelStats`). */
export function pixelStatsOfSamples(samples: Uint8Array, channels: number): PixelStats {
  let green = 0;
  let magenta = 0;
  let red = 0;
  let blue = 0;
  let n = 0;
  for (let i = 0; i + 2 < samples.length; i += channels) {
    const r = samples[i] as number;
    const g = samples[i + 1] as number;
    const b = samples[i + 2] as number;
    n++;
    if (g > r * 1.05 && g > b * 1.05) green++;
    if (r > g * 1.15 && b > g * 1.05) magenta++;
    if (r > g * 1.3 && r > b * 1.1) red++;
    if (b > r * 1.2 && b > g * 1.1) blue++;
  }
  const share = (count: number) => (n ? Math.round((count / n) * 1000) / 1000 : 0);
  return { green: share(green), magenta: share(magenta), red: share(red), blue: share(blue) };
}

/** The statistic of a photo file, on a 96-px thumbnail (a few ms for a JPEG). */
export async function pixelStatsOf(filePath: string): Promise<PixelStats> {
  const { data, info } = await sharp(filePath, { limitInputPixels: false })
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return pixelStatsOfSamples(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), info.channels);
}

/**
 * Whether a photo looks false-colour: hardly any green-dominant pixel, and a fair share of
 * magenta (NIR in red) or saturated blue (NIR in blue) ones. An ordinary colour photo of bare
 * winter soil has no green either, but no magenta and little saturated blue.
 */
export function looksFalseColour(stats: PixelStats): boolean {
  return stats.green < 0.02 && (stats.magenta >= 0.05 || stats.red >= 0.1 || stats.blue >= 0.25);
}
