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

export const ON_DOMAIN = 1;
export const ON_CANOPY = 2;

// z from −4 to +2 over codes 1–255.
const Z_MIN = -4;
const Z_MAX = 2;
export function zToCode(z: number): number {
  const t = (Math.min(Z_MAX, Math.max(Z_MIN, z)) - Z_MIN) / (Z_MAX - Z_MIN);
  return 1 + Math.round(t * 254);
}

/** The layers from fields already scored (the fallback path of the tiles scores them itself). */
export function plantLayersFromScores(fields: PlantFields, scores: ScoreMaps): PlantLayers {
  const { width, height, domainIndex, canopy } = fields;
  const plant = new Uint8Array(width * height);
  for (let k = 0; k < domainIndex.length; k++) plant[domainIndex[k] as number] = ON_DOMAIN;
  for (let y = 0; y < height; y++) {
    for (let k = 0; k < canopy.stride; k++) {
      let bits = canopy.words[y * canopy.stride + k] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        const i = y * width + (k << 5) + 31 - Math.clz32(low);
        plant[i] = (plant[i] as number) | ON_CANOPY;
        bits ^= low;
      }
    }
  }
  // z holds one value per domain pixel (domainIndex order).
  const codes = (z: Float32Array | null) => {
    if (!z) return null;
    const out = new Uint8Array(width * height);
    for (let k = 0; k < domainIndex.length; k++) out[domainIndex[k] as number] = zToCode(z[k] as number);
    return out;
  };
  return { width, height, plant, comb: codes(scores.chlorophyll), water: codes(scores.water) };
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
  comb: boolean;
  water: boolean;
}

/**
 * Length-prefixed JSON header, then the planes deflated together: most pixels are 0 off the plants,
 * so a 3 MP photo's layers take a few hundred KB.
 */
export async function encodePlantLayers(layers: PlantLayers): Promise<Buffer> {
  const header: Header = {
    width: layers.width,
    height: layers.height,
    comb: layers.comb !== null,
    water: layers.water !== null,
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const planes = [layers.plant, layers.comb, layers.water].filter((plane) => plane !== null);
  const body = await deflate(
    Buffer.concat(planes.map((plane) => Buffer.from(plane.buffer, plane.byteOffset, plane.byteLength))),
    {
      level: 1,
    },
  );
  return Buffer.concat([length, json, body]);
}

/** The layers of `encodePlantLayers`; throws on a file that is not one. */
export async function decodePlantLayers(file: Buffer): Promise<PlantLayers> {
  const length = file.readUInt32LE(0);
  const header = JSON.parse(file.subarray(4, 4 + length).toString()) as Header;
  const pixels = header.width * header.height;
  const body = await inflate(file.subarray(4 + length));
  const expected = pixels * (1 + Number(header.comb) + Number(header.water));
  if (!Number.isInteger(pixels) || pixels <= 0 || body.length !== expected)
    throw new Error('Not a plant-layers file');
  const plane = (index: number) => new Uint8Array(body.buffer, body.byteOffset + index * pixels, pixels);
  return {
    width: header.width,
    height: header.height,
    plant: plane(0),
    comb: header.comb ? plane(1) : null,
    water: header.water ? plane(header.comb ? 2 : 1) : null,
  };
}
