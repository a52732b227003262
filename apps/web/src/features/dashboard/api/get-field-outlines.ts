import type { FieldOutlinesAnswer } from '@ampelos/domain';
import { api } from '../../../lib/api-client.ts';

/** [west, south, east, north] in degrees. */
export type Bbox = [number, number, number, number];

/**
 * `GET /api/analytics/fields-map/polygons?bbox=`: the outlines of the fields centred in the box. Called
 * by the map as it moves (a superseded call is aborted), so it is not a cached query.
 */
export const getFieldOutlines = (bbox: Bbox, signal?: AbortSignal) =>
  api.get<FieldOutlinesAnswer>(
    `/analytics/fields-map/polygons?bbox=${bbox.map((n) => n.toFixed(5)).join(',')}`,
    {
      signal,
    },
  );
