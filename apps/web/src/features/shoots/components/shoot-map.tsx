import type { ShootFieldView } from '@ampelos/domain';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef } from 'react';
import {
  BaseMap,
  fitToRing,
  refitOnImageryPadding,
  setPolygonOutlines,
} from '../../../components/map/index.ts';

const SOURCE_ID = 'shoot-field-outline';

function show(map: MapLibreMap, field: ShootFieldView) {
  setPolygonOutlines(map, SOURCE_ID, [{ ring: field.polygonPoints, properties: { uuid: field.uuid } }]);
  fitToRing(map, field.polygonPoints);
}

/** The shoot's field polygon on the satellite (or plain) base map, fitted to its bounds. */
export function ShootMap({ field, h = 300 }: { field: ShootFieldView; h?: number | string }) {
  const mapRef = useRef<MapLibreMap | null>(null);
  const fieldRef = useRef(field);
  fieldRef.current = field;

  const onReady = useCallback((map: MapLibreMap) => {
    mapRef.current = map;
    map.once('remove', () => {
      if (mapRef.current === map) mapRef.current = null;
    });
    show(map, fieldRef.current);
    // Under the no-imagery banner the field is fitted again into the view that is left.
    refitOnImageryPadding(map, () => fitToRing(map, fieldRef.current.polygonPoints));
  }, []);

  useEffect(() => {
    if (mapRef.current) show(mapRef.current, field);
  }, [field]);

  return <BaseMap h={h} onReady={onReady} data-testid="shoot-map" />;
}
