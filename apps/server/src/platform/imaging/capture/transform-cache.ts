import { stat } from 'node:fs/promises';
import type { BandTransform } from './band-alignment.ts';

/**
 * Band registrations of recent captures, per process: phase 1 and phase 2 of a capture (and the
 * map tiles) load the same band set, and registration is the costliest step of loading it. Keyed
 * by both files' path, size and modification time, so a changed file is registered again; the
 * result is the same either way (registration is deterministic).
 */
const MAX_ENTRIES = 256;
const transforms = new Map<string, BandTransform>();

async function fileKey(path: string): Promise<string> {
  const info = await stat(path);
  return `${path}\u0000${info.size}\u0000${info.mtimeMs}`;
}

export async function registeredTransform(
  referencePath: string,
  bandPath: string,
  estimate: () => BandTransform,
): Promise<BandTransform> {
  const key = `${await fileKey(referencePath)}\u0001${await fileKey(bandPath)}`;
  const known = transforms.get(key);
  if (known) {
    // Most recently used last.
    transforms.delete(key);
    transforms.set(key, known);
    return known;
  }
  const transform = estimate();
  transforms.set(key, transform);
  if (transforms.size > MAX_ENTRIES) transforms.delete(transforms.keys().next().value as string);
  return transform;
}
