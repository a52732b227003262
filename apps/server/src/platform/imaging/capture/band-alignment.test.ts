import { seededRandom } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { type BandTransform, estimateBandTransform, warpToReference } from './band-alignment.ts';

type Similarity = { scale: number; angle: number; tx: number; ty: number };

/** A textured scene (blobs and stripes) sampled through q = s·R(θ)·p + t, with inverted contrast. */
function scene(width: number, height: number, transform: Similarity, invert: boolean) {
  const rng = seededRandom(7);
  const blobs = Array.from({ length: 60 }, () => [rng() * width, rng() * height, 6 + rng() * 20, rng()]);
  const image = new Float32Array(width * height);
  const cos = Math.cos(transform.angle) * transform.scale;
  const sin = Math.sin(transform.angle) * transform.scale;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Position in the reference frame of this band's pixel (inverse of q = A·p + t).
      const dx = x - transform.tx;
      const dy = y - transform.ty;
      const det = cos * cos + sin * sin;
      const px = (cos * dx + sin * dy) / det;
      const py = (-sin * dx + cos * dy) / det;
      let value = 0.3 + 0.1 * Math.sin(px / 9) * Math.cos(py / 13);
      for (const [bx, by, r, v] of blobs) {
        if ((px - (bx as number)) ** 2 + (py - (by as number)) ** 2 < (r as number) ** 2)
          value = 0.2 + 0.6 * (v as number);
      }
      image[y * width + x] = invert ? 1 - value : value;
    }
  }
  return image;
}

/** The estimate maps each point within half a pixel of where the true similarity does. */
function expectMapping(t: BandTransform, truth: Similarity, points: [number, number][]) {
  for (const [x, y] of points) {
    const expectedX = truth.scale * (Math.cos(truth.angle) * x - Math.sin(truth.angle) * y) + truth.tx;
    const expectedY = truth.scale * (Math.sin(truth.angle) * x + Math.cos(truth.angle) * y) + truth.ty;
    expect(Math.abs(t.a * x - t.b * y + t.tx - expectedX)).toBeLessThan(0.5);
    expect(Math.abs(t.b * x + t.a * y + t.ty - expectedY)).toBeLessThan(0.5);
  }
}

describe('estimateBandTransform', () => {
  it('recovers a lens offset, scale and rotation between bands of opposite contrast to a fraction of a pixel', () => {
    const width = 640;
    const height = 512;
    const truth = { scale: 1.004, angle: 0.003, tx: 12.4, ty: -7.7 };
    const reference = scene(width, height, { scale: 1, angle: 0, tx: 0, ty: 0 }, false);
    const band = scene(width, height, truth, true);
    const t = estimateBandTransform(reference, band, width, height);
    expect(t.blocks).toBeGreaterThanOrEqual(3);
    // Where the reference's pixels land in the band: compare with the true mapping.
    expectMapping(t, truth, [
      [320, 256],
      [60, 60],
      [580, 450],
    ]);
    const valid = new Uint8Array(width * height).fill(1);
    const warped = warpToReference(band, width, height, t, valid);
    // After warping, the inverted band matches the reference where both are defined.
    let error = 0;
    let count = 0;
    for (let i = 0; i < warped.length; i++) {
      if (!valid[i]) continue;
      error += Math.abs(1 - (warped[i] as number) - (reference[i] as number));
      count++;
    }
    expect(error / count).toBeLessThan(0.03);
    expect(count / warped.length).toBeGreaterThan(0.9);
  });

  it('uses blocks across the whole band when the lenses are tens of pixels apart', () => {
    // Blocks laid over the whole side do not fit inside the band at the far column and row once the
    // band is shifted (the Fresno lenses sit 2–15 px apart; a few pixels were enough to drop them).
    const width = 768;
    const height = 640;
    const truth = { scale: 1.003, angle: -0.002, tx: 41.3, ty: -28.6 };
    const reference = scene(width, height, { scale: 1, angle: 0, tx: 0, ty: 0 }, false);
    const band = scene(width, height, truth, true);
    const t = estimateBandTransform(reference, band, width, height);
    expect(t.blocks).toBeGreaterThanOrEqual(7);
    expectMapping(t, truth, [
      [0, 0],
      [width - 1, 0],
      [0, height - 1],
      [width - 1, height - 1],
    ]);
  });
});
