import type { Readable } from 'node:stream';
import type { Storage } from '../../storage/storage.ts';
import type { AgroField } from '../types.ts';
import { decodeGrid, encodeGrid, fieldIndexGrid, type IndexGrid, mergeGrids } from './index-image.ts';
import { bboxOf, outlineKey, readSceneBands } from './sentinel2.ts';
import { type StacSearchOptions, searchScenes } from './stac-search.ts';

/** Where a field's index grids are kept: private (served only through the field-checked routes). */
export const INDEX_GRID_PREFIX = 'agro/index-grids';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A field's Sentinel-2 indices on one acquisition day, on the grid the map drapes over the field:
 * read once from the scene's COG windows (range requests), then kept in the storage per field,
 * outline and day (a changed outline is read again). Null when no scene of that day covers the field.
 * Catalogue and band failures throw an `AgroRequestError`.
 */
export function createIndexGrids(options: StacSearchOptions & { storage: Storage }) {
  return {
    async grid(field: AgroField, day: string): Promise<IndexGrid | null> {
      const key = `${INDEX_GRID_PREFIX}/${field.uuid}/${outlineKey(field)}/${day}.bin`;
      const stored = await options.storage.get(key);
      if (stored) {
        const grid = decodeGrid(await readAll(stored.stream));
        if (grid) return grid;
      }
      const from = new Date(`${day}T00:00:00Z`);
      const to = new Date(from.getTime() + 86_400_000 - 1);
      const scenes = await searchScenes(options, bboxOf(field.ring), from, to);
      let merged: IndexGrid | null = null;
      for (const scene of scenes) {
        const grid = fieldIndexGrid(await readSceneBands(field, scene, options.timeoutMs), field.ring);
        merged = merged ? mergeGrids(merged, grid) : grid;
      }
      if (!merged) return null;
      await options.storage.put(key, encodeGrid(merged), 'application/octet-stream');
      return merged;
    },
  };
}
export type IndexGrids = ReturnType<typeof createIndexGrids>;
