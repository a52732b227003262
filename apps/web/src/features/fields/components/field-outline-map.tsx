import type { FieldView } from '@ampelos/domain';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef } from 'react';
import { BaseMap, fitToRing, setPolygonOutlines } from '../../../components/map/index.ts';

const SOURCE_ID = 'field-outline';

function show(map: MapLibreMap, field: FieldView) {
  setPolygonOutlines(map, SOURCE_ID, [{ ring: field.polygonPoints, properties: { uuid: field.uuid } }]);
  fitToRing(map, field.polygonPoints);
  markOutlineBox(map, field);
}

/**
 * Where the outline is drawn in the map (`left,top,right,bottom` in pixels), on the map's element: a
 * test tells from it that nothing laid over the map (the no-imagery notice) hides the field.
 */
function markOutlineBox(map: MapLibreMap, field: FieldView) {
  const points = field.polygonPoints.map(([lng, lat]) => map.project([lng, lat]));
  const xs = points.map((point) => Math.round(point.x));
  const ys = points.map((point) => Math.round(point.y));
  map
    .getContainer()
    .setAttribute(
      'data-outline-box',
      [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].join(','),
    );
}

/** The field's polygon outline on the satellite map, fitted to its bounds. */
export function FieldOutlineMap({ field, h = 360 }: { field: FieldView; h?: number | string }) {
  const mapRef = useRef<MapLibreMap | null>(null);
  const fieldRef = useRef(field);
  fieldRef.current = field;

  const onReady = useCallback((map: MapLibreMap) => {
    mapRef.current = map;
    map.once('remove', () => {
      if (mapRef.current === map) mapRef.current = null;
    });
    show(map, fieldRef.current);
    map.on('moveend', () => markOutlineBox(map, fieldRef.current));
  }, []);

  useEffect(() => {
    if (mapRef.current) show(mapRef.current, field);
  }, [field]);

  return <BaseMap h={h} onReady={onReady} data-testid="field-map" />;
}
