import { describe, expect, it } from 'vitest';
import { packMask } from './bit-mask.ts';
import { refinePeriod } from './periodicity.ts';
import { acrossRow, findRows } from './row-geometry.ts';

/**
 * A canopy mask of straight rows `spacing` pixels apart and `rowWidth` wide, across the image at
 * `angleDeg`: 70 % of the row pixels canopy, 15 % of the inter-row (weeds), seeded.
 */
function rowsMask(
  size: [number, number],
  angleDeg: number,
  spacing: number,
  rowWidth: number,
  phase: number,
) {
  const [width, height] = size;
  const angle = (angleDeg * Math.PI) / 180;
  const bytes = new Uint8Array(width * height);
  let state = 7;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const v = acrossRow(angle, x, y) - phase;
      const inRow = Math.abs(v - Math.round(v / spacing) * spacing) <= rowWidth / 2;
      bytes[y * width + x] = next() < (inRow ? 0.7 : 0.15) ? 1 : 0;
    }
  return packMask(bytes, width, height);
}

describe('row geometry', () => {
  it('refines a period to a fraction of a bin', () => {
    const period = 11.55;
    const profile = Float64Array.from({ length: 180 }, (_, i) => ((i % period) / period < 0.45 ? 10 : 2));
    expect(Math.abs(refinePeriod(profile, 12, 40) - period)).toBeLessThan(0.05);
    expect(Math.abs(refinePeriod(profile, 11, 40) - period)).toBeLessThan(0.05);
  });

  // Vine rows 2.4 m apart at 5.2 cm pixels (46.2 px) in 4-px bins: the whole-bin period was 44 or
  // 48 px, and ten rows on the cells sat between the rows (synthetic recall 0.86 at 5.2 cm).
  it('finds the spacing and phase of rows precisely enough to stay on the far rows', () => {
    const spacing = 46.2;
    const phase = 17.3;
    const rows = findRows(rowsMask([722, 481], 0, spacing, 20, phase), 23, 160);
    expect(rows).not.toBeNull();
    if (!rows) return;
    // The direction is found to about a degree (a known limit, docs/IMAGING.md).
    expect(Math.abs((rows.angle * 180) / Math.PI)).toBeLessThanOrEqual(1);
    expect(Math.abs(rows.spacingPx - spacing) / spacing).toBeLessThan(0.01);
    // Every row centre down the middle of the image (ten rows) predicted within a tenth of a spacing.
    for (let y = phase; y < 481; y += spacing) {
      const v = acrossRow(rows.angle, 361, y) - rows.phasePx;
      expect(Math.abs(v - Math.round(v / rows.spacingPx) * rows.spacingPx)).toBeLessThan(spacing / 10);
    }
    expect(Math.abs(rows.widthPx - 21) / 21).toBeLessThan(0.35);
  });
});
