import type { CapturePlanes } from '../capture/load-capture.ts';
import type { IndicatorName, Measurement } from '../types.ts';
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
 * One indicator at one pixel:
 * VARI = (G − R)/(G + R − B) (Gitelson et al. 2002); TGI on chromatic coordinates
 * g − 0.39 r − 0.61 b (Hunt et al. 2013); GLI = (2G − R − B)/(2G + R + B) (Louhaichi et al. 2001);
 * NDVI = (NIR − R)/(NIR + R) (Rouse et al. 1974); NDRE = (NIR − RE)/(NIR + RE) (Barnes et al. 2000);
 * GNDVI = (NIR − G)/(NIR + G) (Gitelson et al. 1996).
 */
function indicator(code: number, r: number, g: number, b: number, near: number, edge: number): number {
  switch (code) {
    case 0: {
      const denominator = g + r - b;
      return Math.abs(denominator) > 1e-4 ? clamp((g - r) / denominator) : 0;
    }
    case 1: {
      const sum = r + g + b;
      return sum > 1e-6 ? (g - 0.39 * r - 0.61 * b) / sum : 0;
    }
    case 2: {
      const denominator = 2 * g + r + b;
      return denominator > 1e-6 ? (2 * g - r - b) / denominator : 0;
    }
    case 3:
      return near + r > 1e-6 ? (near - r) / (near + r) : 0;
    case 4:
      return near + edge > 1e-6 ? (near - edge) / (near + edge) : 0;
    default:
      return near + g > 1e-6 ? (near - g) / (near + g) : 0;
  }
}

export interface PlantScaleMasks {
  canopy: Uint8Array;
  /** Canopy pixels whose neighbours are all canopy (unmixed leaf colour). */
  pure: Uint8Array;
  outline: Uint8Array;
  domain: Uint8Array;
}

/** Each role's indicator where it is defined (0 elsewhere), as the averages need them. */
function indicatorPlanes(
  planes: CapturePlanes,
  codes: number[],
  outline: Uint8Array,
  pure: Uint8Array,
): Float32Array[] {
  const { red, green } = planes;
  const n = planes.width * planes.height;
  // Blue reads as 0 when missing; NIR and red edge are only read by the indices the roles pick when
  // those bands exist, so any plane stands in for them.
  const blue = planes.blue ?? scratchFloat32('noBlue', n, true);
  const nir = planes.nir ?? red;
  const redEdge = planes.redEdge ?? red;
  const out = codes.map((_, slot) => scratchFloat32(`indicator${slot}`, n, true));
  const slots = codes.length;
  const [code0, code1, code2] = [codes[0] ?? 0, codes[1] ?? 0, codes[2] ?? 0];
  const out0 = out[0] as Float32Array;
  const out1 = out[1] ?? out0;
  const out2 = out[2] ?? out0;
  for (let i = 0; i < n; i++) {
    if (!outline[i]) continue;
    const r = red[i] as number;
    const g = green[i] as number;
    const b = blue[i] as number;
    const near = nir[i] as number;
    const edge = redEdge[i] as number;
    // The vigour index (slot 0) covers the whole outline; leaf-colour indices only pure leaf pixels.
    out0[i] = indicator(code0, r, g, b, near, edge);
    if (!pure[i]) continue;
    if (slots > 1) out1[i] = indicator(code1, r, g, b, near, edge);
    if (slots > 2) out2[i] = indicator(code2, r, g, b, near, edge);
  }
  return out;
}

/** Adds (sign 1) or removes (sign −1) one row of a mask to per-column counts. */
function addMaskRow(columns: Int32Array, mask: Uint8Array, base: number, sign: number) {
  for (let x = 0; x < columns.length; x++)
    columns[x] = (columns[x] as number) + sign * (mask[base + x] as number);
}

/** Adds (sign 1) or removes (sign −1) one row of a plane to per-column sums. */
function addPlaneRow(columns: Float64Array, plane: Float32Array, base: number, sign: number) {
  for (let x = 0; x < columns.length; x++)
    columns[x] = (columns[x] as number) + sign * (plane[base + x] as number);
}

/** Running sums of 2r+1 consecutive columns: `out[x]` = columns x−r … x+r (x from r to width−r−1). */
function maskWindows(columns: Int32Array, r: number, out: Int32Array) {
  const width = columns.length;
  let sum = 0;
  for (let x = 0; x < 2 * r + 1 && x < width; x++) sum += columns[x] as number;
  for (let x = r; x < width - r; x++) {
    out[x] = sum;
    if (x + r + 1 < width) sum += (columns[x + r + 1] as number) - (columns[x - r] as number);
  }
}

function planeWindows(columns: Float64Array, r: number, out: Float64Array) {
  const width = columns.length;
  let sum = 0;
  for (let x = 0; x < 2 * r + 1 && x < width; x++) sum += columns[x] as number;
  for (let x = r; x < width - r; x++) {
    out[x] = sum;
    if (x + r + 1 < width) sum += (columns[x + r + 1] as number) - (columns[x - r] as number);
  }
}

function rowHasDomain(domain: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (domain[i]) return true;
  return false;
}

/** The averages and cover of one row's domain pixels from its window sums. */
function rowMeans(
  domain: Uint8Array,
  base: number,
  r: number,
  windows: {
    canopy: Int32Array;
    pure: Int32Array;
    outline: Int32Array;
    sum0: Float64Array;
    sum1: Float64Array;
    sum2: Float64Array;
  },
  slots: number,
  into: { out0: Float32Array; out1: Float32Array; out2: Float32Array; cover: Float32Array },
) {
  const { canopy, pure, outline, sum0, sum1, sum2 } = windows;
  const { out0, out1, out2, cover } = into;
  const width = canopy.length;
  for (let x = r; x < width - r; x++) {
    const i = base + x;
    if (!domain[i]) continue;
    const outlineCount = outline[x] as number;
    const pureCount = pure[x] as number;
    cover[i] = Math.min(1, (canopy[x] as number) / Math.max(1, outlineCount));
    out0[i] = outlineCount >= 1 ? (sum0[x] as number) / outlineCount : Number.NaN;
    if (slots > 1) out1[i] = pureCount >= 1 ? (sum1[x] as number) / pureCount : Number.NaN;
    if (slots > 2) out2[i] = pureCount >= 1 ? (sum2[x] as number) / pureCount : Number.NaN;
  }
}

/**
 * The plant-scale averages on the domain: each role's indicator over the (2r+1)² window, the vigour
 * index over the whole outline and the leaf-colour indices over the pure leaf pixels (NaN where the
 * window has none), and `cover`, the canopy share of the outline in the window. The window slides
 * down the image with per-column sums (a row in, a row out), then across each row with a running
 * sum, so the working set stays a few rows wide. Domain pixels lie at least r inside the border,
 * so their windows are whole.
 */
export function plantScaleValues(
  planes: CapturePlanes,
  roles: Measurement['roles'],
  masks: PlantScaleMasks,
  r: number,
): Partial<Record<IndicatorName, Float32Array>> {
  const { width, height } = planes;
  const n = width * height;
  const names = [roles.vigour, roles.chlorophyll, roles.water].filter(
    (name): name is Exclude<IndicatorName, 'cover'> => name !== null && name !== 'cover',
  );
  const { canopy, pure, outline, domain } = masks;
  const raw = indicatorPlanes(
    planes,
    names.map((name) => INDICATOR_CODES[name]),
    outline,
    pure,
  );
  const slots = raw.length;
  const empty = new Float32Array(0);
  const [raw0, raw1, raw2] = [raw[0] as Float32Array, raw[1] ?? empty, raw[2] ?? empty];
  const columns = {
    canopy: new Int32Array(width),
    pure: new Int32Array(width),
    outline: new Int32Array(width),
    sum0: new Float64Array(width),
    sum1: new Float64Array(width),
    sum2: new Float64Array(width),
  };
  const windows = {
    canopy: new Int32Array(width),
    pure: new Int32Array(width),
    outline: new Int32Array(width),
    sum0: new Float64Array(width),
    sum1: new Float64Array(width),
    sum2: new Float64Array(width),
  };
  const out0 = new Float32Array(n);
  const out1 = new Float32Array(slots > 1 ? n : 0);
  const out2 = new Float32Array(slots > 2 ? n : 0);
  const cover = new Float32Array(n);
  const slide = (row: number, sign: number) => {
    const base = row * width;
    addMaskRow(columns.canopy, canopy, base, sign);
    addMaskRow(columns.pure, pure, base, sign);
    addMaskRow(columns.outline, outline, base, sign);
    addPlaneRow(columns.sum0, raw0, base, sign);
    if (slots > 1) addPlaneRow(columns.sum1, raw1, base, sign);
    if (slots > 2) addPlaneRow(columns.sum2, raw2, base, sign);
  };
  for (let y = 0; y < Math.min(2 * r + 1, height); y++) slide(y, 1);
  for (let y = r; y < height - r; y++) {
    const base = y * width;
    if (rowHasDomain(domain, base + r, base + width - r)) {
      maskWindows(columns.canopy, r, windows.canopy);
      maskWindows(columns.pure, r, windows.pure);
      maskWindows(columns.outline, r, windows.outline);
      planeWindows(columns.sum0, r, windows.sum0);
      if (slots > 1) planeWindows(columns.sum1, r, windows.sum1);
      if (slots > 2) planeWindows(columns.sum2, r, windows.sum2);
      rowMeans(domain, base, r, windows, slots, { out0, out1, out2, cover });
    }
    if (y + r + 1 < height) slide(y + r + 1, 1);
    slide(y - r, -1);
  }
  const out = [out0, out1, out2];
  const values: Partial<Record<IndicatorName, Float32Array>> = {};
  names.forEach((name, slot) => {
    values[name] = out[slot] as Float32Array;
  });
  values.cover = cover;
  return values;
}
