import type { CapturePlanes } from './load-capture.ts';

/**
 * The range Otsu's NDVI canopy threshold may take on these planes. Calibrated reflectance keeps
 * the engine's [0.2, 0.6]; on digital numbers (NIR-modified JPEGs) NDVI is compressed towards 0 —
 * Otsu's cut on the Seneca NGB photos lies at 0.03–0.18 — so the lower bound is 0. Measured with
 * bench:imaging-eval: Seneca canopy within 0.2 points of (R − B)/(R + B) with [0, 0.6], up to 47
 * points off with [0.2, 0.6].
 */
export function ndviThresholdBounds(planes: Pick<CapturePlanes, 'radiometry'>): [number, number] {
  return planes.radiometry === 'digital-numbers' ? [0, 0.6] : [0.2, 0.6];
}
