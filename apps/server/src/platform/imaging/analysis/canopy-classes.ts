import type { CapturePlanes } from '../capture/load-capture.ts';
import { type BitMask, emptyMask, scratchMask } from './bit-mask.ts';
import { RGB_CANOPY, type RgbLight, type shadowBands } from './rgb-canopy.ts';

// The canopy classes of one capture's pixels, the first use of its index planes (plant-fields.ts).

/** The cuts between the classes, from the photo's own histograms (plant-fields.ts). */
export interface ClassCuts {
  threshold: number;
  vegetationThreshold: number;
  shadowCut: number;
  paleShadowCut: number;
  shadeCut: number;
  nirShadeCut: number;
  /** RGB: the sunlit soil's linear light and where the shadow cuts end (rgb-canopy.ts). */
  shadowBands: ReturnType<typeof shadowBands>;
  /** RGB: the least chroma of a leaf (grey, white and black surfaces are below it); unused without chroma. */
  minChroma: number;
}

/**
 * Canopy (index above the cut; on RGB coloured and not black) and pale vegetation (between the
 * two thresholds, lit), written straight into packed masks (a word per 32 pixels of a row), and the
 * shaded canopy (darker than `shadeCut` in the visible, or than `nirShadeCut` in NIR).
 */
export function classify(
  planes: CapturePlanes,
  canopyIndex: Float32Array,
  chroma: Float32Array | null,
  rgbLight: RgbLight | null,
  brightness: Float32Array,
  cuts: ClassCuts,
): { canopy: BitMask; pale: BitMask; shaded: BitMask; canopyCount: number } {
  const { width, height } = planes;
  const canopy = emptyMask(width, height);
  const pass: ClassifyPass = {
    width,
    valid: planes.valid,
    nir: planes.nir ?? null,
    canopyIndex,
    chroma,
    rgbLight,
    brightness,
    ...cuts,
    minChroma: chroma ? cuts.minChroma : -1,
    canopy,
    // Every word is written below, and pale is read only by computePlantFields: scratch.
    pale: scratchMask(canopy, 'paleVegetation'),
    shaded: emptyMask(width, height),
  };
  let canopyCount = 0;
  // One call per row: a row's loops run as one optimised function. Nested in this one, V8 compiled
  // the innermost loop alone (on-stack replacement) and fell back to the interpreter at the end of
  // every 32-pixel word, hundreds of times a photo.
  for (let y = 0; y < height; y++) canopyCount += classifyRow(pass, y);
  return { canopy, pale: pass.pale, shaded: pass.shaded, canopyCount };
}

interface ClassifyPass extends ClassCuts {
  width: number;
  valid: Uint8Array;
  nir: Float32Array | null;
  canopyIndex: Float32Array;
  chroma: Float32Array | null;
  rgbLight: RgbLight | null;
  brightness: Float32Array;
  canopy: BitMask;
  pale: BitMask;
  shaded: BitMask;
}

/** Row `y` of `classify`: its canopy, pale and shaded words; returns its canopy pixels. */
function classifyRow(pass: ClassifyPass, y: number): number {
  const { width, valid, nir, canopyIndex, chroma, rgbLight, brightness, minChroma } = pass;
  const { threshold, vegetationThreshold, shadowCut, paleShadowCut, shadeCut, nirShadeCut } = pass;
  const bands = pass.shadowBands;
  const { castShadow, deepShade } = bands;
  const { deepShadeCut, castShadowCut } = RGB_CANOPY;
  const { canopy, pale, shaded } = pass;
  const stride = canopy.stride;
  const base = y * width;
  const row = y * stride;
  let canopyCount = 0;
  for (let k = 0; k < stride; k++) {
    let canopyWord = 0;
    let paleWord = 0;
    let shadedWord = 0;
    const from = base + (k << 5);
    const to = base + Math.min(width, (k + 1) << 5);
    for (let i = from; i < to; i++) {
      const light = brightness[i] as number;
      if (!valid[i] || light < shadowCut) continue;
      if (chroma && (chroma[i] as number) < minChroma) continue;
      // Red and blue both brighter than the sunlit soil: nothing absorbs them, so not a leaf.
      if (rgbLight && (rgbLight.redBlueMin[i] as number) > bands.sunlit) continue;
      const index = canopyIndex[i] as number;
      // The green-dominance cut for the pixel's linear light: `threshold` unless in cast
      // shadow or deep shade (rgb-canopy.ts). Inline: as a call it boxed its numbers per pixel.
      let cut = threshold;
      if (rgbLight) {
        const linearLight = rgbLight.light[i] as number;
        if (!(linearLight >= castShadow)) cut = linearLight < deepShade ? deepShadeCut : castShadowCut;
      }
      if (index > cut) {
        canopyWord |= 1 << (i - from);
        canopyCount++;
        const dark = nir ? (nir[i] as number) < nirShadeCut : light < shadeCut;
        if (dark) shadedWord |= 1 << (i - from);
      } else if (index > vegetationThreshold && light >= paleShadowCut) {
        paleWord |= 1 << (i - from);
      }
    }
    canopy.words[row + k] = canopyWord;
    pale.words[row + k] = paleWord;
    shaded.words[row + k] = shadedWord;
  }
  return canopyCount;
}
