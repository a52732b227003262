import type { AgroIndexChangeQuery, AgroIndexImageQuery } from '@ampelos/domain';
import { createFailureLog } from '../../platform/agro/agro.ts';
import type { AgroHistory } from '../../platform/agro/history.ts';
import { changePng, type IndexGrid, indexPng } from '../../platform/agro/stac/index-image.ts';
import type { IndexGrids } from '../../platform/agro/stac/index-images.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { AgroService } from './service.ts';

export interface IndexImage {
  png: Buffer;
  /** West, south, east, north of the image (the field's bounding box). */
  bbox: [number, number, number, number];
  /** The change view's mean change over the pixels both dates have. */
  meanChange?: number | null;
}

/**
 * The keyless source's index images of a field (Sentinel-2, computed by us): one date's index, or
 * the change between two dates. Whoever sees the field (404 otherwise); null when the field's imagery
 * comes from elsewhere (Agromonitoring), no scene covers it that day, or the catalogue fails (logged
 * once, as for every provider).
 */
export function createIndexImageService(deps: {
  agro: Pick<AgroService, 'visibleField'>;
  history: Pick<AgroHistory, 'satelliteSourceFor'>;
  grids: IndexGrids | null;
  logger: Logger;
}) {
  const log = createFailureLog(deps.logger);

  async function grid(field: Awaited<ReturnType<AgroService['visibleField']>>, day: string) {
    if (!deps.grids || deps.history.satelliteSourceFor(field) !== 'sentinel-2-stac') return null;
    try {
      const found = await deps.grids.grid(field, day);
      log.succeeded('sentinel-2-stac', 'index image');
      return found;
    } catch (error) {
      log.failed('sentinel-2-stac', 'index image', error);
      return null;
    }
  }

  return {
    async indexImage(auth: AuthContext, query: AgroIndexImageQuery): Promise<IndexImage | null> {
      const field = await deps.agro.visibleField(auth, query);
      const found = await grid(field, query.date);
      return found ? { png: await indexPng(found, query.index), bbox: found.bbox } : null;
    },

    async changeImage(auth: AuthContext, query: AgroIndexChangeQuery): Promise<IndexImage | null> {
      const field = await deps.agro.visibleField(auth, query);
      const before: IndexGrid | null = await grid(field, query.from);
      const after: IndexGrid | null = before ? await grid(field, query.to) : null;
      if (!before || !after) return null;
      const change = await changePng(before, after, query.index);
      if (change.pixels === 0) return null;
      return { png: change.png, bbox: after.bbox, meanChange: change.meanChange };
    },
  };
}
export type IndexImageService = ReturnType<typeof createIndexImageService>;
