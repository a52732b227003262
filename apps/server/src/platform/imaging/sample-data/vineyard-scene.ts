import { seededRandom } from '@ampelos/domain';
/**
 * A deterministic synthetic vineyard on the ground plane, in metres east/north of an origin:
 * trellised rows of vines on soil, sun shadows, small weeds, slow vigour variation across the
 * field, and a few stressed plants (thinned, chlorotic or wilted). Photos and the orthomosaic
 * sample the same scene, so overlapping photos show the same plants.
 */
export type StressKind = 'thinned' | 'chlorotic' | 'wilted';

export interface ScenePlant {
  id: string;
  row: number;
  index: number;
  kind: StressKind;
  /** Corners of the plant's canopy rectangle, metres east/north of the origin. */
  corners: [number, number][];
  centre: [number, number];
}

export interface SceneOptions {
  seed: number;
  rowAzimuthDeg: number;
  rowSpacingM: number;
  plantSpacingM: number;
  canopyHalfWidthM: number;
  /** Rows −rows..rows and plants within ±halfLengthM along the row. */
  rows: number;
  halfLengthM: number;
  stressedShare: number;
  /** Azimuth the sun shines from; shadows fall the opposite way. */
  sunAzimuthDeg: number;
  shadowLengthM: number;
}

export const DEFAULT_SCENE: SceneOptions = {
  seed: 1,
  rowAzimuthDeg: 25,
  rowSpacingM: 2.4,
  plantSpacingM: 1.2,
  canopyHalfWidthM: 0.36,
  rows: 12,
  halfLengthM: 30,
  stressedShare: 0.07,
  sunAzimuthDeg: 215,
  shadowLengthM: 0.45,
};

function hash(ix: number, iy: number, seed: number): number {
  let h = Math.imul(ix | 0, 374761393) + Math.imul(iy | 0, 668265263) + Math.imul(seed, 2147483647);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in [0, 1) with cells of `cell` metres. */
function valueNoise(x: number, y: number, cell: number, seed: number): number {
  const fx = x / cell;
  const fy = y / cell;
  const ix = Math.floor(fx);
  const iy = Math.floor(fy);
  const tx = fx - ix;
  const ty = fy - iy;
  const sx = tx * tx * (3 - 2 * tx);
  const sy = ty * ty * (3 - 2 * ty);
  const a = hash(ix, iy, seed);
  const b = hash(ix + 1, iy, seed);
  const c = hash(ix, iy + 1, seed);
  const d = hash(ix + 1, iy + 1, seed);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

function cellKey(x: number, y: number): number {
  return (x + 5000) * 10000 + (y + 5000);
}

const HEALTHY: [number, number, number] = [62, 110, 40];
const CHLOROTIC: [number, number, number] = [168, 160, 62];
const WILTED: [number, number, number] = [104, 112, 88];
const SOIL: [number, number, number] = [152, 122, 90];

export class VineyardScene {
  readonly options: SceneOptions;
  readonly plants: ScenePlant[] = [];
  private readonly stressed = new Map<string, ScenePlant>();
  private readonly ux: number;
  private readonly uy: number;
  private readonly shadowE: number;
  private readonly shadowN: number;
  /** Weeds bucketed in 1 m cells: key → [east, north, radius][]. */
  private readonly weeds = new Map<number, [number, number, number][]>();

  constructor(options: Partial<SceneOptions> = {}) {
    this.options = { ...DEFAULT_SCENE, ...options };
    const o = this.options;
    const azimuth = (o.rowAzimuthDeg * Math.PI) / 180;
    this.ux = Math.sin(azimuth);
    this.uy = Math.cos(azimuth);
    const sun = (o.sunAzimuthDeg * Math.PI) / 180;
    this.shadowE = Math.sin(sun) * o.shadowLengthM;
    this.shadowN = Math.cos(sun) * o.shadowLengthM;
    const rng = seededRandom(o.seed);
    const kinds: StressKind[] = ['thinned', 'chlorotic', 'wilted'];
    const plantsPerRow = Math.floor((2 * o.halfLengthM) / o.plantSpacingM);
    for (let row = -o.rows; row <= o.rows; row++) {
      let lastStressed = -10;
      for (let index = 1; index < plantsPerRow - 1; index++) {
        if (rng() >= o.stressedShare || index - lastStressed < 4) continue;
        lastStressed = index;
        const kind = kinds[Math.floor(rng() * kinds.length)] as StressKind;
        const plant = this.plantAt(row, index, kind);
        this.plants.push(plant);
        this.stressed.set(`${row}:${index}`, plant);
      }
    }
    const area = (2 * o.rows + 1) * o.rowSpacingM * 2 * o.halfLengthM;
    for (let i = 0; i < area / 25; i++) {
      const a = (rng() * 2 - 1) * o.halfLengthM;
      const row = Math.round((rng() * 2 - 1) * o.rows);
      const c = (row + 0.5) * o.rowSpacingM + (rng() - 0.5) * 0.6;
      const weed: [number, number, number] = [
        a * this.ux + c * this.uy,
        a * this.uy - c * this.ux,
        0.05 + rng() * 0.08,
      ];
      for (let x = Math.floor(weed[0] - weed[2]); x <= Math.floor(weed[0] + weed[2]); x++) {
        for (let y = Math.floor(weed[1] - weed[2]); y <= Math.floor(weed[1] + weed[2]); y++) {
          const key = cellKey(x, y);
          const bucket = this.weeds.get(key);
          if (bucket) bucket.push(weed);
          else this.weeds.set(key, [weed]);
        }
      }
    }
  }

  private alongStart(index: number): number {
    return -this.options.halfLengthM + index * this.options.plantSpacingM;
  }

  private plantAt(row: number, index: number, kind: StressKind): ScenePlant {
    const o = this.options;
    const a0 = this.alongStart(index);
    const a1 = a0 + o.plantSpacingM;
    const c = row * o.rowSpacingM;
    const w = o.canopyHalfWidthM * 1.15;
    const toMetres = (a: number, cc: number): [number, number] => [
      a * this.ux + cc * this.uy,
      a * this.uy - cc * this.ux,
    ];
    return {
      id: `r${row}p${index}`,
      row,
      index,
      kind,
      corners: [toMetres(a0, c - w), toMetres(a1, c - w), toMetres(a1, c + w), toMetres(a0, c + w)],
      centre: toMetres((a0 + a1) / 2, c),
    };
  }

  /**
   * Canopy at a ground point: 0 for none, else a leaf with its stress weight in `stressOut`
   * ([kind index + 1, strength 0–1]).
   */
  private canopyAt(east: number, north: number, stressOut: number[]): boolean {
    const o = this.options;
    const a = east * this.ux + north * this.uy;
    const c = east * this.uy - north * this.ux;
    if (a < -o.halfLengthM || a > o.halfLengthM) return false;
    const row = Math.round(c / o.rowSpacingM);
    if (row < -o.rows || row > o.rows) return false;
    const dc = c - row * o.rowSpacingM;
    const halfWidth = o.canopyHalfWidthM * (0.85 + 0.3 * valueNoise(a, row * 7.3, 0.5, o.seed + 11));
    if (Math.abs(dc) > halfWidth) return false;
    const index = Math.floor((a + o.halfLengthM) / o.plantSpacingM);
    const plant = this.stressed.get(`${row}:${index}`);
    let density = 0.93;
    stressOut[0] = 0;
    stressOut[1] = 0;
    if (plant) {
      const along = (a - this.alongStart(index)) / o.plantSpacingM;
      // Full strength in the plant's middle, fading over its outer 15% towards healthy neighbours.
      const strength = Math.min(1, Math.min(along, 1 - along) / 0.15);
      stressOut[0] = plant.kind === 'thinned' ? 1 : plant.kind === 'chlorotic' ? 2 : 3;
      stressOut[1] = strength;
      if (plant.kind === 'thinned') {
        density -= 0.55 * strength;
        if (Math.abs(dc) > halfWidth * (1 - 0.25 * strength)) return false;
      }
      if (plant.kind === 'wilted') density -= 0.15 * strength;
    }
    return hash(Math.floor(east / 0.035), Math.floor(north / 0.035), o.seed + 3) < density;
  }

  private weedAt(east: number, north: number): boolean {
    for (const [x, y, r] of this.weeds.get(cellKey(Math.floor(east), Math.floor(north))) ?? []) {
      const dx = east - x;
      const dy = north - y;
      if (dx * dx + dy * dy < r * r) return true;
    }
    return false;
  }

  /** sRGB colour (0–255) of the ground point, written to `out`. */
  colourAt(east: number, north: number, out: number[], stress: number[] = [0, 0]): void {
    const o = this.options;
    const fine = hash(Math.floor(east / 0.02), Math.floor(north / 0.02), o.seed + 5) - 0.5;
    if (this.canopyAt(east, north, stress)) {
      const vigour = 0.92 + 0.16 * valueNoise(east, north, 9, o.seed + 7);
      const shade = 0.72 + 0.5 * hash(Math.floor(east / 0.05), Math.floor(north / 0.05), o.seed + 9);
      let [r, g, b] = HEALTHY;
      const kind = stress[0] as number;
      const strength = stress[1] as number;
      if (kind === 2 || kind === 3) {
        const target = kind === 2 ? CHLOROTIC : WILTED;
        const t = 0.75 * strength;
        r += (target[0] - r) * t;
        g += (target[1] - g) * t;
        b += (target[2] - b) * t;
      }
      const light = shade * (1 + fine * 0.12);
      out[0] = r * light * (2 - vigour);
      out[1] = g * light * vigour;
      out[2] = b * light;
      return;
    }
    if (this.weedAt(east, north)) {
      out[0] = 70 * (1 + fine * 0.2);
      out[1] = 120 * (1 + fine * 0.2);
      out[2] = 45;
      return;
    }
    const tone = 0.86 + 0.28 * valueNoise(east, north, 3, o.seed + 13) + fine * 0.12;
    let r = SOIL[0] * tone;
    let g = SOIL[1] * tone;
    let b = SOIL[2] * tone;
    if (this.canopyAt(east + this.shadowE, north + this.shadowN, stress)) {
      r *= 0.42;
      g *= 0.45;
      b *= 0.55;
    }
    out[0] = r;
    out[1] = g;
    out[2] = b;
  }
}
