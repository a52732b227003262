import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import type { AnalysisCacheSlot } from '../analysis/analysis-cache.ts';
import type { PlantFields } from '../analysis/plant-fields.ts';
import { round } from '../analysis/round.ts';
import { type ScoreMaps, zScale } from '../analysis/scores.ts';
import { resolveOptions } from '../analysis/working-size.ts';
import type { DatasetStatistics, DetectOptions, IndicatorName, PhotoInput, PlantLayers } from '../types.ts';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/**
 * A photo's plant layers (`PlantLayers`): phase 2 has the fields (phase 1 left them) and the
 * dataset statistics, so the pipeline keeps these for the tiles, and finalize then neither decodes
 * the photo nor derives its fields a second time. The boxes are painted on at finalize, after the
 * overlapping photos' boxes are merged.
 */
export type { PlantLayers };

// z from −4 to +2 over codes 1–255.
const Z_MIN = -4;
const Z_MAX = 2;
/** A z's palette code (small enough for V8 to inline in the per-pixel loops below). */
function codeOfZ(z: number): number {
  return z <= Z_MIN ? 1 : z >= Z_MAX ? 255 : 1 + round(((z - Z_MIN) / (Z_MAX - Z_MIN)) * 254);
}

/** The layers from fields already scored (the fallback path of the tiles scores them itself). */
export function plantLayersFromScores(fields: PlantFields, scores: ScoreMaps): PlantLayers {
  const codes = (z: Float32Array | null) => {
    if (!z) return null;
    const out = new Uint8Array(fields.domainCount);
    codesOfZ(z, out);
    return out;
  };
  return layersWith(fields, codes(scores.chlorophyll), codes(scores.water));
}

function layersWith(fields: PlantFields, comb: Uint8Array | null, water: Uint8Array | null): PlantLayers {
  return {
    width: fields.width,
    height: fields.height,
    domain: fields.domain.words,
    canopy: fields.canopy.words,
    domainCount: fields.domainCount,
    comb,
    water,
  };
}

// z holds one value per domain pixel, in the domain's scan order: so do the codes.
function codesOfZ(z: Float32Array, out: Uint8Array): void {
  for (let k = 0; k < out.length; k++) out[k] = codeOfZ(z[k] as number);
}

/**
 * `codesOfZ(zScores(…))` in one pass, without the z array: the z rounded to 32 bits as that array
 * held it (NaN, no evidence, is z 0 there).
 */
function codesOfValues(values: Float32Array, median: number, sigma: number, out: Uint8Array): void {
  for (let k = 0; k < out.length; k++) {
    const value = values[k] as number;
    out[k] = codeOfZ(Number.isNaN(value) ? 0 : Math.fround((value - median) / sigma));
  }
}

/**
 * Phase 1's plant fields of a single photo, read before phase 2 (`detectStress`) uses its cache
 * entry and drops it: the same fields phase 2 judges, so the layers kept from them match its boxes.
 * Null without an entry (another worker ran phase 1, a restart) or for a band set (whose invalid
 * borders the fields do not record): the tiles then derive the layers from the files.
 */
export async function phaseOneFields(
  input: PhotoInput,
  slot: AnalysisCacheSlot,
  options: DetectOptions = {},
): Promise<PlantFields | null> {
  if (input.paths.length !== 1 || input.metadata?.[0]?.band) return null;
  const cached = await slot.cache.get(slot.key).catch(() => null);
  return cached && cached.optionsKey === resolveOptions(input, options).key ? cached.fields : null;
}

/**
 * A photo's layers from its plant fields and the dataset's statistics (phase 2's inputs). Only the
 * two colour indicators are coded (vigour, cover and the stressed mask are not shown), straight
 * from their values: the z arrays of `zScores` were written, zeroed and read again for nothing.
 */
export function plantLayers(fields: PlantFields, statistics: DatasetStatistics): PlantLayers {
  const codes = (name: IndicatorName | null) => {
    if (!name) return null;
    const out = new Uint8Array(fields.domainCount);
    const values = fields.values[name];
    const scale = zScale(statistics, name);
    if (values && scale) codesOfValues(values, scale.median, scale.sigma, out);
    else out.fill(codeOfZ(0));
    return out;
  };
  return layersWith(fields, codes(fields.roles.chlorophyll), codes(fields.roles.water));
}

interface Header {
  width: number;
  height: number;
  domainCount: number;
  comb: boolean;
  water: boolean;
  /** Bytes of the deflated masks; the codes follow as they are. */
  masksBytes: number;
}

const bytesOf = (array: Int32Array | Uint8Array) =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/**
 * Length-prefixed JSON header, the two masks deflated (mostly runs: a few dozen KB), then the codes
 * as they are (per-plant noise that deflate barely shrinks, at a third of the step's CPU): 1–2 MB
 * for a 3 MP photo.
 */
export async function encodePlantLayers(layers: PlantLayers): Promise<Buffer> {
  const masks = await deflate(Buffer.concat([bytesOf(layers.domain), bytesOf(layers.canopy)]), { level: 1 });
  const header: Header = {
    width: layers.width,
    height: layers.height,
    domainCount: layers.domainCount,
    comb: layers.comb !== null,
    water: layers.water !== null,
    masksBytes: masks.length,
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const codes = [layers.comb, layers.water].filter((part) => part !== null).map(bytesOf);
  return Buffer.concat([length, json, masks, ...codes]);
}

/** The layers of `encodePlantLayers`; throws on a file that is not one. */
export async function decodePlantLayers(file: Buffer): Promise<PlantLayers> {
  const length = file.readUInt32LE(0);
  const header = JSON.parse(file.subarray(4, 4 + length).toString()) as Header;
  const { width, height, domainCount, masksBytes } = header;
  const words = Math.ceil(width / 32) * height;
  const start = 4 + length + masksBytes;
  const codeCount = Number(header.comb) + Number(header.water);
  if (!(words > 0) || !(domainCount >= 0) || file.length !== start + codeCount * domainCount)
    throw new Error('Not a plant-layers file');
  const masks = await inflate(file.subarray(4 + length, start));
  if (masks.length !== 8 * words) throw new Error('Not a plant-layers file');
  // Copied into fresh (aligned) arrays: a Buffer may start anywhere in Node's pool.
  const bits = new Int32Array(2 * words);
  new Uint8Array(bits.buffer).set(masks);
  const codes = (index: number) =>
    new Uint8Array(file.subarray(start + index * domainCount, start + (index + 1) * domainCount));
  return {
    width,
    height,
    domain: bits.subarray(0, words),
    canopy: bits.subarray(words),
    domainCount,
    comb: header.comb ? codes(0) : null,
    water: header.water ? codes(header.comb ? 1 : 0) : null,
  };
}
