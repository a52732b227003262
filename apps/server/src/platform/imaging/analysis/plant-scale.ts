import type { CapturePlanes } from '../capture/load-capture.ts';
import type { IndicatorName, Measurement } from '../types.ts';
import type { BitMask } from './bit-mask.ts';
import { scratchFloat32 } from './scratch.ts';

const INDICATOR_CODES: Record<Exclude<IndicatorName, 'cover'>, number> = {
  vari: 0,
  tgi: 1,
  gli: 2,
  ndvi: 3,
  ndre: 4,
  gndvi: 5,
};

const clamp = (value: number) => (value < -1 ? -1 : Math.min(value, 1));

/**
 * One indicator over a whole row (pixels `base .. base + width`), written (as float32) to
 * `out[at ..]`: VARI = (G − R)/(G + R − B) (Gitelson et al. 2002); TGI on chromatic coordinates
 * g − 0.39 r − 0.61 b (Hunt et al. 2013); GLI = (2G − R − B)/(2G + R + B) (Louhaichi et al. 2001);
 * NDVI = (NIR − R)/(NIR + R) (Rouse et al. 1974); NDRE = (NIR − RE)/(NIR + RE) (Barnes et al. 2000);
 * GNDVI = (NIR − G)/(NIR + G) (Gitelson et al. 1996). One plain loop per indicator over the whole
 * row: computed only at the row's outline and pure pixels, through a call per pixel that V8 did not
 * inline, phase 1's plant-scale pass took 12–19 % longer. Values outside the masks are never read.
 */
function indicatorRow(
  code: number,
  bands: Bands,
  base: number,
  width: number,
  out: Float32Array,
  at: number,
) {
  const { red, green, blue, nir, redEdge } = bands;
  switch (code) {
    case 0:
      for (let x = 0; x < width; x++) {
        const r = red[base + x] as number;
        const g = green[base + x] as number;
        const denominator = g + r - (blue[base + x] as number);
        out[at + x] = Math.abs(denominator) > 1e-4 ? clamp((g - r) / denominator) : 0;
      }
      return;
    case 1:
      for (let x = 0; x < width; x++) {
        const r = red[base + x] as number;
        const g = green[base + x] as number;
        const b = blue[base + x] as number;
        const sum = r + g + b;
        out[at + x] = sum > 1e-6 ? (g - 0.39 * r - 0.61 * b) / sum : 0;
      }
      return;
    case 2:
      for (let x = 0; x < width; x++) {
        const r = red[base + x] as number;
        const g = green[base + x] as number;
        const b = blue[base + x] as number;
        const denominator = 2 * g + r + b;
        out[at + x] = denominator > 1e-6 ? (2 * g - r - b) / denominator : 0;
      }
      return;
    case 3:
      for (let x = 0; x < width; x++) {
        const r = red[base + x] as number;
        const near = nir[base + x] as number;
        out[at + x] = near + r > 1e-6 ? (near - r) / (near + r) : 0;
      }
      return;
    case 4:
      for (let x = 0; x < width; x++) {
        const near = nir[base + x] as number;
        const edge = redEdge[base + x] as number;
        out[at + x] = near + edge > 1e-6 ? (near - edge) / (near + edge) : 0;
      }
      return;
    default:
      for (let x = 0; x < width; x++) {
        const near = nir[base + x] as number;
        const g = green[base + x] as number;
        out[at + x] = near + g > 1e-6 ? (near - g) / (near + g) : 0;
      }
  }
}

/**
 * Where the values go: fresh arrays (`freshValues`), or buffers kept and reused for the next photo
 * (`reusedValues`) by a caller that runs one measurement at a time and keeps nothing of the fields
 * past it. A Seneca photo's values are ~20–36 MB, which counted as external memory towards V8's
 * next full garbage collection.
 */
export type ValueArrays = (name: string, n: number) => Float32Array;
export const freshValues: ValueArrays = (_name, n) => new Float32Array(n);
// Not zeroed: every domain pixel's value is written (rowMeans).
export const reusedValues: ValueArrays = (name, n) => scratchFloat32(`plantScaleValues-${name}`, n);

export interface PlantScaleMasks {
  canopy: BitMask;
  /** Canopy pixels whose neighbours are all canopy (unmixed leaf colour). */
  pure: BitMask;
  outline: BitMask;
  domain: BitMask;
}

/** Lowest set bit's position in a 32-bit word (the word is not 0). */
const lowestBit = (word: number) => 31 - Math.clz32(word & -word);

/** The bands an indicator may read; a missing one is never read by the indicators the roles pick. */
interface Bands {
  red: Float32Array;
  green: Float32Array;
  blue: Float32Array;
  nir: Float32Array;
  redEdge: Float32Array;
}

/**
 * Per-column window state sliding down the image: counts of canopy, pure and outline pixels and
 * sums of each indicator over the 2r+1 rows around the current one. The indicator values of the
 * rows inside the window are kept in a ring of 2r+2 rows (a row enters before the oldest leaves),
 * so a row's values are computed once, when it enters, and subtracted exactly when it leaves.
 */
class ColumnWindows {
  readonly canopy: Int32Array;
  readonly pure: Int32Array;
  readonly outline: Int32Array;
  readonly sums: [Float64Array, Float64Array, Float64Array];
  private readonly ring: [Float32Array, Float32Array, Float32Array];
  private readonly ringRows: number;

  constructor(
    private readonly width: number,
    r: number,
    private readonly codes: [number, number, number],
    private readonly slots: number,
    private readonly masks: PlantScaleMasks,
    private readonly bands: Bands,
  ) {
    this.canopy = new Int32Array(width);
    this.pure = new Int32Array(width);
    this.outline = new Int32Array(width);
    this.sums = [new Float64Array(width), new Float64Array(width), new Float64Array(width)];
    this.ringRows = 2 * r + 2;
    const ringSize = this.ringRows * width;
    // Zeroed scratch (as fresh arrays would be): the windows live only inside plantScaleValues.
    this.ring = [
      scratchFloat32('plantScaleRing0', ringSize, true),
      scratchFloat32('plantScaleRing1', slots > 1 ? ringSize : 0, true),
      scratchFloat32('plantScaleRing2', slots > 2 ? ringSize : 0, true),
    ];
  }

  /** Adds row `y`: counts at its set mask bits, indicator values at its outline / pure pixels. */
  enter(y: number) {
    const { width, masks, bands, slots } = this;
    const [code0, code1, code2] = this.codes;
    const [sum0, sum1, sum2] = this.sums;
    const [ring0, ring1, ring2] = this.ring;
    const stride = masks.canopy.stride;
    const row = y * stride;
    const base = y * width;
    const ringBase = (y % this.ringRows) * width;
    if (rowHasBits(masks.outline, y)) {
      indicatorRow(code0, bands, base, width, ring0, ringBase);
      if (slots > 1) indicatorRow(code1, bands, base, width, ring1, ringBase);
      if (slots > 2) indicatorRow(code2, bands, base, width, ring2, ringBase);
    }
    for (let k = 0; k < stride; k++) {
      const first = k << 5;
      let canopy = masks.canopy.words[row + k] as number;
      while (canopy !== 0) {
        const x = first + lowestBit(canopy);
        this.canopy[x] = (this.canopy[x] as number) + 1;
        canopy &= canopy - 1;
      }
      // The vigour index (slot 0) covers the whole outline; leaf-colour indices only pure pixels.
      let outline = masks.outline.words[row + k] as number;
      while (outline !== 0) {
        const x = first + lowestBit(outline);
        this.outline[x] = (this.outline[x] as number) + 1;
        sum0[x] = (sum0[x] as number) + (ring0[ringBase + x] as number);
        outline &= outline - 1;
      }
      // Pure pixels are canopy, inside the outline (the mask is intersected all the same).
      let pure = (masks.pure.words[row + k] as number) & (masks.outline.words[row + k] as number);
      while (pure !== 0) {
        const x = first + lowestBit(pure);
        this.pure[x] = (this.pure[x] as number) + 1;
        if (slots > 1) sum1[x] = (sum1[x] as number) + (ring1[ringBase + x] as number);
        if (slots > 2) sum2[x] = (sum2[x] as number) + (ring2[ringBase + x] as number);
        pure &= pure - 1;
      }
    }
  }

  /** Removes row `y` (entered earlier), subtracting exactly the values it added. */
  leave(y: number) {
    const { width, masks, slots } = this;
    const [sum0, sum1, sum2] = this.sums;
    const [ring0, ring1, ring2] = this.ring;
    const stride = masks.canopy.stride;
    const row = y * stride;
    const ringBase = (y % this.ringRows) * width;
    for (let k = 0; k < stride; k++) {
      const first = k << 5;
      let canopy = masks.canopy.words[row + k] as number;
      while (canopy !== 0) {
        const x = first + lowestBit(canopy);
        this.canopy[x] = (this.canopy[x] as number) - 1;
        canopy &= canopy - 1;
      }
      let outline = masks.outline.words[row + k] as number;
      while (outline !== 0) {
        const x = first + lowestBit(outline);
        this.outline[x] = (this.outline[x] as number) - 1;
        sum0[x] = (sum0[x] as number) - (ring0[ringBase + x] as number);
        outline &= outline - 1;
      }
      let pure = (masks.pure.words[row + k] as number) & (masks.outline.words[row + k] as number);
      while (pure !== 0) {
        const x = first + lowestBit(pure);
        this.pure[x] = (this.pure[x] as number) - 1;
        if (slots > 1) sum1[x] = (sum1[x] as number) - (ring1[ringBase + x] as number);
        if (slots > 2) sum2[x] = (sum2[x] as number) - (ring2[ringBase + x] as number);
        pure &= pure - 1;
      }
    }
  }
}

interface Outputs {
  out0: Float32Array;
  out1: Float32Array;
  out2: Float32Array;
  cover: Float32Array;
}

/**
 * Row `y`'s domain pixels from the column windows: a running sum across the row gives each
 * (2r+1)² window, and the averages and cover are written at the domain pixels, from `k` on (the
 * domain's scan order). Returns the next `k`.
 */
function rowMeans(windows: ColumnWindows, domain: BitMask, y: number, r: number, k: number, out: Outputs) {
  const { canopy, pure, outline } = windows;
  const [sum0, sum1, sum2] = windows.sums;
  const { out0, out1, out2, cover } = out;
  const width = canopy.length;
  const words = domain.words;
  const row = y * domain.stride;
  let canopyWindow = 0;
  let pureWindow = 0;
  let outlineWindow = 0;
  let window0 = 0;
  let window1 = 0;
  let window2 = 0;
  for (let x = 0; x < 2 * r + 1 && x < width; x++) {
    canopyWindow += canopy[x] as number;
    pureWindow += pure[x] as number;
    outlineWindow += outline[x] as number;
    window0 += sum0[x] as number;
    window1 += sum1[x] as number;
    window2 += sum2[x] as number;
  }
  const hasOut1 = out1.length > 0;
  const hasOut2 = out2.length > 0;
  for (let x = r; x < width - r; x++) {
    if ((((words[row + (x >> 5)] as number) >>> (x & 31)) & 1) !== 0) {
      cover[k] = Math.min(1, canopyWindow / Math.max(1, outlineWindow));
      out0[k] = outlineWindow >= 1 ? window0 / outlineWindow : Number.NaN;
      if (hasOut1) out1[k] = pureWindow >= 1 ? window1 / pureWindow : Number.NaN;
      if (hasOut2) out2[k] = pureWindow >= 1 ? window2 / pureWindow : Number.NaN;
      k++;
    }
    if (x + r + 1 < width) {
      canopyWindow += (canopy[x + r + 1] as number) - (canopy[x - r] as number);
      pureWindow += (pure[x + r + 1] as number) - (pure[x - r] as number);
      outlineWindow += (outline[x + r + 1] as number) - (outline[x - r] as number);
      window0 += (sum0[x + r + 1] as number) - (sum0[x - r] as number);
      window1 += (sum1[x + r + 1] as number) - (sum1[x - r] as number);
      window2 += (sum2[x + r + 1] as number) - (sum2[x - r] as number);
    }
  }
  return k;
}

function rowHasBits(mask: BitMask, y: number): boolean {
  const row = y * mask.stride;
  for (let k = 0; k < mask.stride; k++) if (mask.words[row + k] !== 0) return true;
  return false;
}

/**
 * The plant-scale averages on the domain: each role's indicator over the (2r+1)² window, the vigour
 * index over the whole outline and the leaf-colour indices over the pure leaf pixels (NaN where the
 * window has none), and `cover`, the canopy share of the outline in the window. Each array holds
 * one value per domain pixel, in scan order (`PlantFields.domainIndex`). The window slides down
 * the image with per-column sums (a row in, a row out, visiting only the set bits of the packed
 * masks), then across each row with a running sum, so the working set stays a few rows wide.
 * Domain pixels lie at least r inside the border, so their windows are whole.
 */
export function plantScaleValues(
  planes: CapturePlanes,
  roles: Measurement['roles'],
  masks: PlantScaleMasks,
  r: number,
  domainCount: number,
  arrays: ValueArrays = freshValues,
): Partial<Record<IndicatorName, Float32Array>> {
  const { width, height, red } = planes;
  const names = [roles.vigour, roles.chlorophyll, roles.water].filter(
    (name): name is Exclude<IndicatorName, 'cover'> => name !== null && name !== 'cover',
  );
  const slots = names.length;
  const codes = names.map((name) => INDICATOR_CODES[name]);
  // Blue reads as 0 when missing (GLI and TGI use it); NIR and red edge are only read by the
  // indices the roles pick when those bands exist, so any plane stands in for them.
  const bands: Bands = {
    red,
    green: planes.green,
    blue: planes.blue ?? scratchFloat32('plantScaleNoBlue', width * height, true),
    nir: planes.nir ?? red,
    redEdge: planes.redEdge ?? red,
  };
  const windows = new ColumnWindows(
    width,
    r,
    [codes[0] ?? 0, codes[1] ?? 0, codes[2] ?? 0],
    slots,
    masks,
    bands,
  );
  const out: Outputs = {
    out0: arrays('0', domainCount),
    out1: arrays('1', slots > 1 ? domainCount : 0),
    out2: arrays('2', slots > 2 ? domainCount : 0),
    cover: arrays('cover', domainCount),
  };
  for (let y = 0; y < Math.min(2 * r + 1, height); y++) windows.enter(y);
  let k = 0;
  for (let y = r; y < height - r; y++) {
    if (rowHasBits(masks.domain, y)) k = rowMeans(windows, masks.domain, y, r, k, out);
    if (y + r + 1 < height) windows.enter(y + r + 1);
    windows.leave(y - r);
  }
  const byslot = [out.out0, out.out1, out.out2];
  const values: Partial<Record<IndicatorName, Float32Array>> = {};
  names.forEach((name, slot) => {
    values[name] = byslot[slot] as Float32Array;
  });
  values.cover = out.cover;
  return values;
}
