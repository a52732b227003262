import type { Storage } from '../../platform/storage/storage.ts';
import { reportKey } from './paths.ts';

/**
 * The zoom levels of a report's tiles are not stored with it: they are read from the storage.
 * Tiles are written only where something is painted, so a level is there when any tile is.
 */
export async function hasTileLevel(storage: Storage, reportUuid: string, layer: string, z: number) {
  for await (const _tile of storage.list(reportKey(reportUuid, `tiles/${layer}/${z}/`))) return true;
  return false;
}

/** The deepest zoom from `from` down to `to` that holds a tile of the layer, or undefined. */
export async function deepestTileLevel(
  storage: Storage,
  reportUuid: string,
  layer: string,
  from: number,
  to: number,
): Promise<number | undefined> {
  for (let z = from; z >= to; z--) if (await hasTileLevel(storage, reportUuid, layer, z)) return z;
  return undefined;
}
