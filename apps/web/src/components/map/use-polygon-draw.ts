import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TerraDraw, TerraDrawPolygonMode, TerraDrawSelectMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { closeRing, type Ring, ringAreaSquareMetres } from './geometry.ts';
import { MAP_COLOURS } from './layers.ts';

/** Terra Draw keeps at most this many decimals (about 0.1 mm); imported rings are rounded to it. */
const COORDINATE_PRECISION = 9;

export interface PolygonDrawing {
  /** The finished (or imported) closed ring, null while nothing is finished. */
  ring: Ring | null;
  /** Square metres of the polygon on the map, live while drawing and editing. */
  area: number | null;
  /** True while a polygon is being drawn (points placed, not yet closed). */
  drawing: boolean;
  /** Removes the polygon and starts drawing anew. */
  clear: () => void;
  /** Puts a ring (an imported boundary) on the map, ready for vertex editing. */
  setRing: (ring: Ring) => void;
  /** True once drawing is possible (Terra Draw started on the loaded map). */
  ready: boolean;
  /** Pass to BaseMap's onReady. */
  attach: (map: MapLibreMap) => void;
}

const round = (value: number) => Number(value.toFixed(COORDINATE_PRECISION));

/**
 * One polygon drawn with Terra Draw on a MapLibre map: polygon mode to draw (click the first point to
 * close it), then select mode to drag vertices, insert midpoints and move it.
 */
export function usePolygonDraw(): PolygonDrawing {
  const drawRef = useRef<TerraDraw | null>(null);
  const [ring, setRingState] = useState<Ring | null>(null);
  const [area, setArea] = useState<number | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [ready, setReady] = useState(false);

  const read = useCallback(() => {
    const draw = drawRef.current;
    if (!draw) return;
    const polygon = draw.getSnapshot().find((feature) => feature.geometry.type === 'Polygon');
    const coordinates = polygon?.geometry.type === 'Polygon' ? polygon.geometry.coordinates[0] : undefined;
    const current = coordinates ? closeRing(coordinates) : null;
    setArea(current ? ringAreaSquareMetres(current) : null);
    const finished = Boolean(polygon) && draw.getMode() === 'select';
    setDrawing(Boolean(polygon) && !finished);
    setRingState(finished ? current : null);
  }, []);

  const start = useCallback(
    (map: MapLibreMap) => {
      const draw = new TerraDraw({
        adapter: new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: COORDINATE_PRECISION }),
        modes: [
          new TerraDrawPolygonMode({
            styles: {
              fillColor: MAP_COLOURS.fill,
              fillOpacity: 0.2,
              outlineColor: MAP_COLOURS.outline,
              outlineWidth: 3,
              closingPointColor: '#ffffff',
              closingPointWidth: 7,
              closingPointOutlineColor: MAP_COLOURS.outline,
              closingPointOutlineWidth: 2,
            },
          }),
          new TerraDrawSelectMode({
            flags: {
              polygon: {
                feature: {
                  draggable: true,
                  coordinates: { draggable: true, midpoints: true, deletable: true },
                },
              },
            },
            styles: {
              selectedPolygonColor: MAP_COLOURS.fill,
              selectedPolygonFillOpacity: 0.2,
              selectedPolygonOutlineColor: MAP_COLOURS.outline,
              selectedPolygonOutlineWidth: 3,
              selectionPointColor: '#ffffff',
              selectionPointOutlineColor: MAP_COLOURS.outline,
              selectionPointWidth: 6,
              midPointColor: MAP_COLOURS.outline,
            },
          }),
        ],
      });
      draw.start();
      draw.setMode('polygon');
      draw.on('change', read);
      draw.on('finish', (id, context) => {
        if (context.mode !== 'polygon') return;
        draw.setMode('select');
        draw.selectFeature(id);
        read();
      });
      drawRef.current = draw;
      setReady(true);
      map.once('remove', () => {
        if (drawRef.current === draw) {
          drawRef.current = null;
          setReady(false);
        }
      });
    },
    [read],
  );

  const attach = useCallback(
    (map: MapLibreMap) => {
      // Terra Draw wants a fully loaded map (its adapter adds sources and listeners on start).
      if (map.loaded()) start(map);
      else map.once('load', () => start(map));
    },
    [start],
  );

  useEffect(
    () => () => {
      drawRef.current = null;
    },
    [],
  );

  const clear = useCallback(() => {
    const draw = drawRef.current;
    if (!draw) return;
    if (draw.getMode() !== 'polygon') draw.setMode('polygon');
    draw.clear();
    read();
  }, [read]);

  const setRing = useCallback(
    (next: Ring) => {
      const draw = drawRef.current;
      if (!draw) return;
      draw.clear();
      draw.setMode('select');
      const [result] = draw.addFeatures([
        {
          type: 'Feature',
          properties: { mode: 'polygon' },
          geometry: { type: 'Polygon', coordinates: [next.map(([lng, lat]) => [round(lng), round(lat)])] },
        },
      ]);
      if (result?.valid && result.id !== undefined) draw.selectFeature(result.id);
      read();
    },
    [read],
  );

  return { ring, area, drawing, ready, clear, setRing, attach };
}
