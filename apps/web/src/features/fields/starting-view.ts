import type { FieldView } from '@ampelos/domain';

export type Bounds = [[number, number], [number, number]];

/** Greece, the product's home country: where a new field's map opens when the user has no field yet. */
export const HOME_COUNTRY_BOUNDS: Bounds = [
  [19.4, 34.8],
  [28.3, 41.75],
];

/**
 * Where the map for drawing a new field opens: around the user's fields (their outlines, so a single
 * field opens close in), else over the home country. The caller fits these bounds with a zoom cap.
 */
export function startingBounds(fields: readonly Pick<FieldView, 'polygonPoints' | 'centroid'>[]): Bounds {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const field of fields) {
    const positions =
      field.polygonPoints.length > 0 ? field.polygonPoints : [[field.centroid.lng, field.centroid.lat]];
    for (const [lng, lat] of positions) {
      if (!Number.isFinite(lng) || !Number.isFinite(lat)) continue;
      west = Math.min(west, lng as number);
      east = Math.max(east, lng as number);
      south = Math.min(south, lat as number);
      north = Math.max(north, lat as number);
    }
  }
  if (!Number.isFinite(west)) return HOME_COUNTRY_BOUNDS;
  return [
    [west, south],
    [east, north],
  ];
}
