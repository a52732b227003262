import { readFile } from 'node:fs/promises';
import exifr from 'exifr';
import { firstNumber, type TagGroups } from '../metadata/tag-values.ts';

/** What MicaSense (RedEdge/Altum) files state for raw → radiance → reflectance. */
export interface BandRadiometry {
  blackLevel: number;
  /** RadiometricCalibration a1, a2, a3. */
  calibration: [number, number, number] | null;
  vignetteCenter: [number, number] | null;
  vignettePolynomial: number[];
  exposureS: number | null;
  gain: number;
  /** DLS spectral irradiance, W/m²/nm. */
  irradiance: number | null;
  bitsPerPixel: number;
}

function numbers(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number).filter(Number.isFinite);
  if (value && typeof value === 'object') return Object.values(value).map(Number).filter(Number.isFinite);
  if (typeof value === 'string')
    return value
      .split(/[\s,]+/)
      .map(Number)
      .filter(Number.isFinite);
  if (typeof value === 'number') return [value];
  return [];
}

export async function readRadiometry(filePath: string, bitsPerPixel: number): Promise<BandRadiometry> {
  const tags: TagGroups =
    (await exifr
      .parse(await readFile(filePath), {
        tiff: true,
        ifd0: {},
        exif: true,
        xmp: true,
        mergeOutput: false,
        translateValues: false,
      } as Parameters<typeof exifr.parse>[1])
      .catch(() => null)) ?? {};
  const black = numbers(tags.ifd0?.BlackLevel);
  const calibration = numbers(tags.MicaSense?.RadiometricCalibration);
  const centre = numbers(tags.Camera?.VignettingCenter);
  const iso = firstNumber(tags, [
    ['exif', 'ISOSpeed'],
    ['exif', 'ISO'],
  ]);
  return {
    blackLevel: black.length ? black.reduce((s, v) => s + v, 0) / black.length : 0,
    calibration: calibration.length === 3 ? (calibration as [number, number, number]) : null,
    vignetteCenter: centre.length === 2 ? (centre as [number, number]) : null,
    vignettePolynomial: numbers(tags.Camera?.VignettingPolynomial),
    exposureS: firstNumber(tags, [['exif', 'ExposureTime']]),
    gain: iso ? iso / 100 : 1,
    irradiance: firstNumber(tags, [['Camera', 'Irradiance']]),
    bitsPerPixel,
  };
}

/** Whether `rawToReflectance` gives reflectance (calibration, exposure and DLS irradiance known). */
export function isReflectance(r: BandRadiometry): boolean {
  return (
    r.calibration !== null &&
    r.exposureS !== null &&
    r.exposureS > 0 &&
    r.irradiance !== null &&
    r.irradiance > 0
  );
}

/**
 * MicaSense radiometric model (micasense/imageprocessing, `Image.radiance`): vignetting
 * V = 1 / (1 + k0·r + k1·r² + …), row-gradient R = 1 / (1 + a2·y/te − a3·y),
 * L = V·R·(p − black) / (gain·te) · a1 / 2^bits, then reflectance ≈ π·L / E with E the DLS
 * irradiance. Without calibration tags the raw values are only black-level corrected and scaled.
 */
export function rawToReflectance(raw: ArrayLike<number>, width: number, height: number, r: BandRadiometry) {
  const out = new Float32Array(width * height);
  const fullScale = 2 ** r.bitsPerPixel;
  if (!r.calibration || !r.exposureS) {
    for (let i = 0; i < out.length; i++) out[i] = Math.max(0, (raw[i] as number) - r.blackLevel) / fullScale;
    return out;
  }
  const [a1, a2, a3] = r.calibration;
  const te = r.exposureS;
  const [cx, cy] = r.vignetteCenter ?? [width / 2, height / 2];
  const k = r.vignettePolynomial;
  const scale = (a1 / (r.gain * te) / fullScale) * (r.irradiance ? Math.PI / r.irradiance : 1);
  const row: ReflectanceRow = { raw, out, width, cx, k, blackLevel: r.blackLevel, scale };
  for (let y = 0; y < height; y++) {
    const rowGradient = 1 / (1 + (a2 * y) / te - a3 * y);
    reflectanceRow(row, y, rowGradient, (y - cy) * (y - cy));
  }
  return out;
}

/** What `reflectanceRow` reads: one shape for every band, so V8 keeps one optimised function. */
interface ReflectanceRow {
  raw: ArrayLike<number>;
  out: Float32Array;
  width: number;
  cx: number;
  k: number[];
  blackLevel: number;
  scale: number;
}

/**
 * Row `y` of `rawToReflectance`. A function of its own: as the inner loop of a function called once
 * a band it ran on-stack-replaced and V8 dropped that code at every row's end.
 */
function reflectanceRow(row: ReflectanceRow, y: number, rowGradient: number, dy2: number) {
  const { raw, out, width, cx, k, blackLevel, scale } = row;
  for (let x = 0; x < width; x++) {
    const radius = Math.sqrt((x - cx) * (x - cx) + dy2);
    // Horner: 1 + r·(k0 + r·(k1 + …)).
    let polynomial = 0;
    for (let c = k.length - 1; c >= 0; c--) polynomial = polynomial * radius + (k[c] as number);
    polynomial = 1 + polynomial * radius;
    const i = y * width + x;
    const value = (rowGradient * Math.max(0, (raw[i] as number) - blackLevel)) / polynomial;
    out[i] = value * scale;
  }
}
