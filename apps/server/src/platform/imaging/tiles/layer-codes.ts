import type { PlantFields } from '../analysis/plant-fields.ts';
import type { ScoreMaps } from '../analysis/scores.ts';
import { type MapLayer, STRESS_CLASSES, type StressBox, type StressColour } from '../types.ts';
import { type PlantLayers, plantLayersFromScores } from './plant-layers.ts';

/**
 * Analysis layers are kept as one byte per pixel (a code into a palette) so several photos' layers
 * fit in memory while the mosaic is built; `no_pseu` is the 8-bit RGB HD image itself.
 */
export type CodedLayer = 'ai' | 'comb' | 'water_stress' | 'beta';
export const CODED_LAYERS: CodedLayer[] = ['ai', 'comb', 'water_stress', 'beta'];

export interface CodedImage {
  /** The HD image, RGB, and which of its pixels hold data (null: all of them). */
  width: number;
  height: number;
  display: Uint8Array;
  valid: Uint8Array | null;
  /** Size of the code planes: the HD size, or the analysis size of plant layers kept by phase 2. */
  codeWidth: number;
  codeHeight: number;
  codes: Partial<Record<CodedLayer, Uint8Array>>;
}

type Rgba = [number, number, number, number];

const STRESS_RGBA: Record<StressColour, Rgba> = {
  yellow: [255, 214, 0, 235],
  magenta: [226, 0, 190, 235],
  blue: [30, 100, 255, 235],
  red: [225, 20, 20, 235],
};
const COLOUR_CODE: Record<StressColour, number> = { yellow: 2, magenta: 3, blue: 4, red: 5 };

/** ai: 0 none, 1 healthy canopy (faint green), 2–5 the four stress colours of spec section 4. */
export const AI_PALETTE: Rgba[] = [
  [0, 0, 0, 0],
  [40, 160, 60, 90],
  STRESS_RGBA.yellow,
  STRESS_RGBA.magenta,
  STRESS_RGBA.blue,
  STRESS_RGBA.red,
];

/** beta: 0 none, 1 "Not Classified" (grey), 2–6 the five classes in `STRESS_CLASSES` order. */
export const BETA_PALETTE: Rgba[] = [
  [0, 0, 0, 0],
  [150, 150, 150, 220],
  [128, 0, 128, 235],
  [120, 70, 20, 235],
  [255, 120, 0, 235],
  [0, 120, 255, 235],
  [200, 0, 60, 235],
];

function ramp(stops: [number, number, number][]): Rgba[] {
  const palette: Rgba[] = [[0, 0, 0, 0]];
  for (let code = 1; code <= 255; code++) {
    const t = ((code - 1) / 254) * (stops.length - 1);
    const i = Math.min(stops.length - 2, Math.floor(t));
    const f = t - i;
    const a = stops[i] as [number, number, number];
    const b = stops[i + 1] as [number, number, number];
    palette.push([
      Math.round(a[0] + (b[0] - a[0]) * f),
      Math.round(a[1] + (b[1] - a[1]) * f),
      Math.round(a[2] + (b[2] - a[2]) * f),
      220,
    ]);
  }
  return palette;
}

/** Chlorophyll: red (far below the field) → yellow → green (above). */
export const COMB_PALETTE = ramp([
  [215, 48, 39],
  [252, 141, 89],
  [254, 224, 139],
  [145, 207, 96],
  [26, 152, 80],
]);
/** Leaf water: brown (drier than the field) → sand → teal → blue (wetter). */
export const WATER_PALETTE = ramp([
  [140, 81, 10],
  [216, 179, 101],
  [199, 234, 229],
  [90, 180, 172],
  [1, 102, 94],
]);
/** Surface model: low green → yellow → brown → white high. */
export const DSM_PALETTE = ramp([
  [26, 150, 65],
  [166, 217, 106],
  [255, 255, 191],
  [253, 174, 97],
  [150, 90, 60],
  [250, 250, 250],
]);

export const PALETTES: Record<CodedLayer, Rgba[]> = {
  ai: AI_PALETTE,
  comb: COMB_PALETTE,
  water_stress: WATER_PALETTE,
  beta: BETA_PALETTE,
};

/** Box geometry in the coded image's pixels. */
export interface PixelBox {
  x: number;
  y: number;
  w: number;
  h: number;
  box: StressBox;
}

/**
 * The layers' palette codes of one photo: the plant layers with its boxes painted on (a box is one
 * plant unit: its canopy takes the box's colour and class).
 */
export function paintLayers(
  plant: PlantLayers,
  boxes: PixelBox[],
  layers: Set<MapLayer>,
): Partial<Record<CodedLayer, Uint8Array>> {
  const { width, height, domain, canopy } = plant;
  const stride = Math.ceil(width / 32);
  const n = width * height;
  const wantAi = layers.has('ai') || layers.has('beta');
  const ai = wantAi ? new Uint8Array(n) : null;
  const comb = layers.has('comb') && plant.comb ? new Uint8Array(n) : null;
  const water = layers.has('water_stress') && plant.water ? new Uint8Array(n) : null;
  // The domain's pixels in scan order: the k-th carries the k-th codes.
  let k = 0;
  for (let y = 0; y < height; y++) {
    for (let w = 0; w < stride; w++) {
      let bits = domain[y * stride + w] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        const i = y * width + (w << 5) + 31 - Math.clz32(low);
        if (ai) ai[i] = 1;
        if (comb) comb[i] = (plant.comb as Uint8Array)[k] as number;
        if (water) water[i] = (plant.water as Uint8Array)[k] as number;
        k++;
        bits ^= low;
      }
    }
  }
  const out: Partial<Record<CodedLayer, Uint8Array>> = {};
  if (ai) {
    const beta = new Uint8Array(n);
    for (const { x, y, w, h, box } of boxes) {
      const classCode = STRESS_CLASSES.indexOf(box.classification.label as (typeof STRESS_CLASSES)[number]);
      const colourCode = COLOUR_CODE[box.colour];
      for (let row = Math.max(0, Math.floor(y)); row < Math.min(height, Math.ceil(y + h)); row++) {
        for (let col = Math.max(0, Math.floor(x)); col < Math.min(width, Math.ceil(x + w)); col++) {
          // The box is one plant unit: its canopy takes the box's colour.
          if ((((canopy[row * stride + (col >> 5)] as number) >>> (col & 31)) & 1) === 0) continue;
          const i = row * width + col;
          ai[i] = colourCode;
          beta[i] = classCode >= 0 ? classCode + 2 : 1;
        }
      }
    }
    if (layers.has('ai')) out.ai = ai;
    if (layers.has('beta')) out.beta = beta;
  }
  if (comb) out.comb = comb;
  if (water) out.water_stress = water;
  return out;
}

/** The same from a photo's fields and scores (made here when no plant layers were kept). */
export function codeLayers(
  fields: PlantFields,
  scores: ScoreMaps,
  boxes: PixelBox[],
  layers: Set<MapLayer>,
): Partial<Record<CodedLayer, Uint8Array>> {
  return paintLayers(plantLayersFromScores(fields, scores), boxes, layers);
}
