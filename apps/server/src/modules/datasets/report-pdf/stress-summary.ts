import type { ImagingSetup } from '@ampelos/domain';
import type { PhotoAnalysis, StressBox, StressColour } from '../../../platform/imaging/index.ts';

export interface AnalysedImage {
  /** outputData `file` of the image. */
  file: string;
  /** HD derivative base name. */
  base: string;
  analysis: PhotoAnalysis;
  /** How the photo was read (camera, bands, height source, method), when planned. */
  setup?: ImagingSetup;
}

export const STRESS_COLOURS: StressColour[] = ['yellow', 'magenta', 'blue', 'red'];
export const COLOUR_HEX: Record<StressColour, string> = {
  yellow: '#f2c811',
  magenta: '#d21fd2',
  blue: '#1f6fe0',
  red: '#e0241f',
};

/** Upper bounds (share of canopy) of the distribution bins; the last bin is open. */
const BINS = [0.01, 0.05, 0.1, 0.25];

export interface Hotspot {
  box: StressBox;
  file: string;
}

export interface StressSummary {
  byColour: Record<StressColour, { count: number; areaM2: number }>;
  totalBoxes: number;
  /** Mean canopy cover of the images (0–1). */
  canopyShare: number;
  /** Stressed share of all canopy pixels (0–1), canopy-weighted across images. */
  stressedShare: number;
  distribution: { from: number; to: number | null; images: number }[];
  hotspots: Hotspot[];
}

/** Figures of the PDF's statistics page and hotspot table, from the analyses alone. */
export function summariseStress(images: AnalysedImage[], hotspotCount = 20): StressSummary {
  const byColour = Object.fromEntries(
    STRESS_COLOURS.map((c) => [c, { count: 0, areaM2: 0 }]),
  ) as StressSummary['byColour'];
  const boxes: Hotspot[] = [];
  let canopy = 0;
  let stressed = 0;
  const distribution = [...BINS, null].map((to, i) => ({
    from: i === 0 ? 0 : (BINS[i - 1] as number),
    to,
    images: 0,
  }));
  for (const { analysis, file } of images) {
    canopy += analysis.canopyShare;
    stressed += analysis.canopyShare * analysis.stressedShare;
    const bin = BINS.findIndex((to) => analysis.stressedShare < to);
    const slot = distribution[bin === -1 ? BINS.length : bin];
    if (slot) slot.images += 1;
    for (const box of analysis.boxes) {
      byColour[box.colour].count += 1;
      byColour[box.colour].areaM2 += box.areaM2 ?? 0;
      boxes.push({ box, file });
    }
  }
  const size = (hotspot: Hotspot) =>
    hotspot.box.areaM2 ?? hotspot.box.thr_coords.w * hotspot.box.thr_coords.h * 1e-6;
  boxes.sort((a, b) => size(b) - size(a) || a.box.id.localeCompare(b.box.id));
  return {
    byColour,
    totalBoxes: boxes.length,
    canopyShare: images.length ? canopy / images.length : 0,
    stressedShare: canopy > 0 ? stressed / canopy : 0,
    distribution,
    hotspots: boxes.slice(0, hotspotCount),
  };
}
