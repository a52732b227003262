import {
  PLANT_CLASS_HEX,
  plantClass,
  type ReportResultsView,
  VIGOUR_CLASS_HEX,
  type VigourLayerFile,
} from '@ampelos/domain';
import type { FeatureCollection, Polygon } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';

/**
 * A polygon overlay (fill and outline) over the raster layer and under the field outline; removed
 * when `data` is null. Opacity follows the layer's opacity slider.
 */
function setFill(
  map: MapLibreMap,
  id: string,
  data: FeatureCollection<Polygon> | null,
  colour: unknown,
  opacity: number,
  beforeId?: string,
) {
  if (!data) {
    for (const layer of [`${id}-fill`, `${id}-line`]) if (map.getLayer(layer)) map.removeLayer(layer);
    if (map.getSource(id)) map.removeSource(id);
    return;
  }
  const source = map.getSource<GeoJSONSource>(id);
  if (source) source.setData(data);
  else {
    map.addSource(id, { type: 'geojson', data });
    const before = beforeId && map.getLayer(beforeId) ? beforeId : undefined;
    map.addLayer(
      // biome-ignore lint/suspicious/noExplicitAny: a MapLibre data expression
      { id: `${id}-fill`, type: 'fill', source: id, paint: { 'fill-color': colour as any } },
      before,
    );
    map.addLayer(
      {
        id: `${id}-line`,
        type: 'line',
        source: id,
        // biome-ignore lint/suspicious/noExplicitAny: a MapLibre data expression
        paint: { 'line-color': colour as any, 'line-width': 1 },
      },
      before,
    );
  }
  map.setPaintProperty(`${id}-fill`, 'fill-opacity', 0.75 * (opacity / 100));
  map.setPaintProperty(`${id}-line`, 'line-opacity', opacity / 100);
}

const byProperty = (property: string, colours: Readonly<Record<string, string>>) => [
  'match',
  ['get', property],
  ...Object.entries(colours).flat(),
  '#888888',
];

/** The vigour layer: each plant unit filled in its class's colour. */
export function setVigourOverlay(
  map: MapLibreMap,
  id: string,
  layer: VigourLayerFile | null,
  opacity: number,
  beforeId?: string,
) {
  const data = layer as FeatureCollection<Polygon> | null;
  setFill(map, id, data, byProperty('vigour', VIGOUR_CLASS_HEX), opacity, beforeId);
}

/** Plants a person assessed, as the outline of their box on the ground, with their class. */
export function personAssessedPlants(results: ReportResultsView): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: results.photos.flatMap((photo) =>
      photo.boxes.flatMap((box) => {
        const found = plantClass(box);
        if (!found.byPerson || !box.ring) return [];
        return [
          {
            type: 'Feature' as const,
            properties: { plantClass: found.key, boxId: box.id },
            geometry: { type: 'Polygon' as const, coordinates: [box.ring] },
          },
        ];
      }),
    ),
  };
}

/**
 * On the Classification layer, a plant a person assessed takes its class's colour over the tiles
 * (which the analysis painted before anyone looked at the plant).
 */
export function setClassOverlay(
  map: MapLibreMap,
  id: string,
  data: FeatureCollection<Polygon> | null,
  opacity: number,
  beforeId?: string,
) {
  setFill(map, id, data, byProperty('plantClass', PLANT_CLASS_HEX), opacity, beforeId);
}
