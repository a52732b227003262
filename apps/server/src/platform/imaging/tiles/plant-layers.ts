import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import type { AnalysisCacheSlot } from '../analysis/analysis-cache.ts';
import type { PlantFields } from '../analysis/plant-fields.ts';
import { type ScoreMaps, scoreFields } from '../analysis/scores.ts';
import { resolveOptions } from '../analysis/working-size.ts';
import type { DatasetStatistics, DetectOptions, PhotoInput, PlantLayers } from '../types.ts';

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
export function zToCode(z: number): number {
  const t = (Math.min(Z_MAX, Math.max(Z_MIN, z)) - Z_MIN) / (Z_MAX - Z_MIN);
  return 1 + Math.round(t * 254);
}

/** The layers from fields already scored (the fallback path of the tiles scores them itself). */
export function plantLayersFromScores(fields: PlantFields, scores: ScoreMaps): PlantLayers {
  // z holds one value per domain pixel, in the domain's scan order: so do the codes.
  const codes = (z: Float32Array | null) => {
    if (!z) return null;
    const out = new Uint8Array(fields.domainCount);
    for (let k = 0; k < out.length; k++) out[k] = zToCode(z[k] as number);
    return out;
  };
  return {
    width: fields.width,
    height: fields.height,
    domain: fields.domain.words,
    canopy: fields.canopy.words,
    domainCount: fields.domainCount,
    comb: codes(scores.chlorophyll),
    water: codes(scores.water),
  };
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

/** A photo's layers from its plant fields and the dataset's statistics (phase 2's inputs). */
export function plantLayers(
  fields: PlantFields,
  statistics: DatasetStatistics,
  detect: DetectOptions = {},
): PlantLayers {
  return plantLayersFromScores(fields, scoreFields(fields, statistics, detect));
}

interface Header {
  width: number;
  height: number;
  domainCount: number;
  comb: boolean;
  water: boolean;
}

const bytesOf = (array: Int32Array | Uint8Array) =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/**
 * Length-prefixed JSON header, then the two masks and the codes deflated together: a few hundred KB
 * for a 3 MP photo.
 */
export async function encodePlantLayers(layers: PlantLayers): Promise<Buffer> {
  const header: Header = {
    width: layers.width,
    height: layers.height,
    domainCount: layers.domainCount,
    comb: layers.comb !== null,
    water: layers.water !== null,
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const parts = [layers.domain, layers.canopy, layers.comb, layers.water].filter((part) => part !== null);
  const body = await deflate(Buffer.concat(parts.map(bytesOf)), { level: 1 });
  return Buffer.concat([length, json, body]);
}

/** The layers of `encodePlantLayers`; throws on a file that is not one. */
export async function decodePlantLayers(file: Buffer): Promise<PlantLayers> {
  const length = file.readUInt32LE(0);
  const header = JSON.parse(file.subarray(4, 4 + length).toString()) as Header;
  const { width, height, domainCount } = header;
  const words = Math.ceil(width / 32) * height;
  const body = await inflate(file.subarray(4 + length));
  const expected = 8 * words + domainCount * (Number(header.comb) + Number(header.water));
  if (!(words > 0) || !(domainCount >= 0) || body.length !== expected)
    throw new Error('Not a plant-layers file');
  // Copied into fresh (aligned) arrays: the inflated buffer may start anywhere in Node's pool.
  const copy = new Uint8Array(body);
  const codes = (index: number) =>
    copy.subarray(8 * words + index * domainCount, 8 * words + (index + 1) * domainCount);
  return {
    width,
    height,
    domain: new Int32Array(copy.buffer, 0, words),
    canopy: new Int32Array(copy.buffer, 4 * words, words),
    domainCount,
    comb: header.comb ? codes(0) : null,
    water: header.water ? codes(header.comb ? 1 : 0) : null,
  };
}
