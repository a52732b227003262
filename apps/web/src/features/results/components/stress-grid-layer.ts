import type { StressGrid } from '@ampelos/domain';
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';

/** Light → deep red with the share of the densest square; the squares stay see-through. */
export const STRESS_GRID_RAMP = ['#fee5d9', '#fcae91', '#fb6a4a', '#cb181d'] as const;

function gridCollection(grid: StressGrid): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: grid.cells.map((cell) => ({
      type: 'Feature',
      properties: { count: cell.count, share: grid.maxCount > 0 ? cell.count / grid.maxCount : 0 },
      geometry: { type: 'Polygon', coordinates: [cell.ring] },
    })),
  };
}

/** The stress-density grid under the field outline (or removed when `grid` is null). */
export function setStressGrid(map: MapLibreMap, id: string, grid: StressGrid | null, beforeId?: string) {
  if (!grid) {
    for (const layer of [`${id}-fill`, `${id}-line`]) if (map.getLayer(layer)) map.removeLayer(layer);
    if (map.getSource(id)) map.removeSource(id);
    return;
  }
  const data = gridCollection(grid);
  const source = map.getSource<GeoJSONSource>(id);
  if (source) {
    source.setData(data);
    return;
  }
  map.addSource(id, { type: 'geojson', data });
  const before = beforeId && map.getLayer(beforeId) ? beforeId : undefined;
  const [c0, c1, c2, c3] = STRESS_GRID_RAMP;
  map.addLayer(
    {
      id: `${id}-fill`,
      type: 'fill',
      source: id,
      paint: {
        'fill-color': ['interpolate', ['linear'], ['get', 'share'], 0, c0, 0.33, c1, 0.66, c2, 1, c3],
        'fill-opacity': 0.55,
      },
    },
    before,
  );
  map.addLayer(
    { id: `${id}-line`, type: 'line', source: id, paint: { 'line-color': '#ffffff', 'line-width': 0.5 } },
    before,
  );
}
