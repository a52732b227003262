import { MAP, type ReportResultsView, type StressGrid, type VigourLayerFile } from '@ampelos/domain';
import { type Map as MapLibreMap, Popup } from 'maplibre-gl';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import {
  BaseMap,
  fitToRing,
  markOutlineBox,
  refitOnImageryPadding,
  setPolygonOutlines,
  setRasterOpacity,
  setRasterOverlay,
} from '../../../components/map/index.ts';
import { installPlantMarkers, type PlantRef, plantCollection } from './plant-markers.ts';
import { personAssessedPlants, setClassOverlay, setVigourOverlay } from './plant-overlays.ts';
import { setStressGrid } from './stress-grid-layer.ts';
import { SwipeCompare, type SwipeSide } from './swipe-compare.tsx';
import { tileBounds } from './use-compare-side.ts';
import { tileLayerOf, type ViewLayer } from './view-layer.ts';

const OUTLINE = 'results-field';
const LAYER = 'results-layer';
const GRID = 'results-grid';
const VIGOUR = 'results-vigour';
const CLASSES = 'results-classes';

export interface MapPopup {
  at: [number, number];
  content: ReactNode;
  onClose: () => void;
}

interface ResultsMapProps {
  results: ReportResultsView;
  layer: ViewLayer | null;
  opacity: number;
  /** The vigour layer's plants, drawn while the vigour layer is chosen (null until loaded). */
  vigour?: VigourLayerFile | null;
  onPlant: (plant: PlantRef) => void;
  onCluster: (plants: PlantRef[], at: [number, number]) => void;
  /** Rendered in a MapLibre popup at `at` (the marker popup of the spec). */
  popup: MapPopup | null;
  /** The stress-density grid, drawn over the layer and under the outline; null hides it. */
  grid?: StressGrid | null;
  /** The swipe comparison's right side and the left side's name; null shows one map. */
  compare?: { right: SwipeSide; leftLabel: string } | null;
  h?: string | number;
}

/**
 * The report's map: the chosen raster layer (512-px tiles, opacity 0–100) under the field outline,
 * and the stressed plants as clustered markers coloured by their box colour.
 */
export function ResultsMap({
  results,
  layer,
  opacity,
  onPlant,
  onCluster,
  popup,
  grid = null,
  compare = null,
  vigour = null,
  h = '100%',
}: ResultsMapProps) {
  const { t } = useTranslation();
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const handlers = useRef({ onPlant, onCluster, t });
  handlers.current = { onPlant, onCluster, t };
  const plants = useMemo(
    () => plantCollection(results, layer === 'beta' ? 'class' : 'stress'),
    [results, layer],
  );
  const markersRef = useRef<ReturnType<typeof installPlantMarkers> | null>(null);
  const firstPlants = useRef(plants);

  const onReady = useCallback(
    (ready: MapLibreMap) => {
      const ring = results.field.polygonPoints;
      // Tiles start at the field's own zoom: a narrow screen that fits the field further out
      // would show none of them, so it opens at that zoom instead (the user zooms out if they like).
      const minTileZoom = results.tileZoom?.min;
      const frame = () => {
        if (ring) fitToRing(ready, ring);
        if (minTileZoom !== undefined && results.layers.length > 0 && ready.getZoom() < minTileZoom) {
          ready.setZoom(minTileZoom);
        }
      };
      if (ring) {
        setPolygonOutlines(ready, OUTLINE, [{ ring }], { fillOpacity: 0, width: 2 });
      }
      frame();
      // The no-imagery notice at the bottom takes its room out of the view: the field is fitted again
      // into what is left, so its outline is not under the notice.
      refitOnImageryPadding(ready, frame);
      if (ring) {
        markOutlineBox(ready, ring);
        ready.on('moveend', () => markOutlineBox(ready, ring));
      }
      markersRef.current = installPlantMarkers(ready, firstPlants.current, {
        onPlant: (plant) => handlers.current.onPlant(plant),
        onCluster: (list, at) => handlers.current.onCluster(list, at),
        plantLabel: handlers.current.t('results.marker'),
        personPlantLabel: handlers.current.t('results.markerByPerson'),
        clusterLabel: (count) => handlers.current.t('results.clusterTitle', { count }),
      });
      ready.once('remove', () => setMap(null));
      setMap(ready);
    },
    [results.field.polygonPoints, results.tileZoom, results.layers],
  );

  useEffect(() => {
    if (map && plants !== firstPlants.current) markersRef.current?.setData(plants);
  }, [map, plants]);

  // The layer changes the source; the opacity only a paint property (no tile refetch).
  const opacityRef = useRef(opacity);
  opacityRef.current = opacity;
  const { tileUrlTemplate, tileZoom } = results;
  const bounds = useMemo(() => tileBounds(results.field.polygonPoints), [results.field.polygonPoints]);
  const tileLayer = tileLayerOf(layer, results.layers);
  useEffect(() => {
    if (!map) return;
    if (!tileLayer || !tileZoom) {
      if (map.getLayer(LAYER)) map.removeLayer(LAYER);
      if (map.getSource(LAYER)) map.removeSource(LAYER);
      return;
    }
    setRasterOverlay(
      map,
      LAYER,
      {
        // Absolute (tiles load in a worker) with the {z}/{x}/{y} placeholders left as they are.
        tiles: [`${window.location.origin}${tileUrlTemplate.replace('{layer}', tileLayer)}`],
        minZoom: tileZoom.min,
        maxZoom: Math.min(tileZoom.maxByLayer[tileLayer] ?? tileZoom.max, MAP.rasterMaxZoom),
        beforeId: `${OUTLINE}-fill`,
        ...(bounds ? { bounds } : {}),
      },
      opacityRef.current,
    );
  }, [map, tileLayer, tileUrlTemplate, tileZoom, bounds]);
  useEffect(() => {
    // Under the vigour layer the HD photos stay fully visible; the slider fades the plants instead.
    if (map) setRasterOpacity(map, LAYER, layer === 'vigour' ? 100 : opacity);
  }, [map, opacity, layer]);
  useEffect(() => {
    if (map) setVigourOverlay(map, VIGOUR, layer === 'vigour' ? vigour : null, opacity, `${OUTLINE}-fill`);
  }, [map, layer, vigour, opacity]);
  const assessed = useMemo(() => personAssessedPlants(results), [results]);
  useEffect(() => {
    if (!map) return;
    const shown = layer === 'beta' && assessed.features.length > 0 ? assessed : null;
    setClassOverlay(map, CLASSES, shown, opacity, `${OUTLINE}-fill`);
  }, [map, layer, assessed, opacity]);
  useEffect(() => {
    if (map) setStressGrid(map, GRID, grid, `${OUTLINE}-fill`);
  }, [map, grid]);

  return (
    <>
      <BaseMap
        // The layers panel holds the top-left corner.
        imageryNotice="bottom"
        h={h}
        maxZoom={MAP.rasterMaxZoom}
        onReady={onReady}
        data-testid="results-map"
        data-layer={layer ?? ''}
        data-vigour-plants={layer === 'vigour' && vigour ? String(vigour.features.length) : undefined}
        data-opacity={String(opacity)}
        data-grid={grid ? String(grid.cells.length) : undefined}
      />
      {map && compare && (
        <SwipeCompare
          main={map}
          right={compare.right}
          leftLabel={compare.leftLabel}
          ring={results.field.polygonPoints}
        />
      )}
      {map && popup && <MapPopupPortal map={map} popup={popup} />}
    </>
  );
}

const POPUP_MARGIN_PX = 12;

/** Pans the map so that `element` (a popup) lies inside the map with a margin, if it can. */
export function panIntoView(map: MapLibreMap, element: HTMLElement | undefined) {
  if (!element) return;
  const frame = map.getContainer().getBoundingClientRect();
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return;
  const overflow = (start: number, end: number, min: number, max: number) => {
    if (end - start > max - min - 2 * POPUP_MARGIN_PX) return start - (min + POPUP_MARGIN_PX);
    if (start < min + POPUP_MARGIN_PX) return start - (min + POPUP_MARGIN_PX);
    if (end > max - POPUP_MARGIN_PX) return end - (max - POPUP_MARGIN_PX);
    return 0;
  };
  const dx = overflow(box.left, box.right, frame.left, frame.right);
  const dy = overflow(box.top, box.bottom, frame.top, frame.bottom);
  if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) map.panBy([dx, dy], { duration: 0 });
}

/** A MapLibre popup whose content React renders (through a portal, so it keeps the app's providers). */
function MapPopupPortal({ map, popup }: { map: MapLibreMap; popup: MapPopup }) {
  const [container] = useState(() => document.createElement('div'));
  const closeRef = useRef(popup.onClose);
  closeRef.current = popup.onClose;
  const [lng, lat] = popup.at;
  useEffect(() => {
    const instance = new Popup({ maxWidth: 'min(360px, calc(100vw - 30px))', focusAfterOpen: false })
      .setLngLat([lng, lat])
      .setDOMContent(container)
      .addTo(map);
    const onClose = () => closeRef.current();
    instance.on('close', onClose);
    // On a phone the popup (photo, close and Navigate) may open past the map's edge: pan it into
    // view once laid out, and again when its photo loads and it grows.
    const element = instance.getElement();
    const fit = () => panIntoView(map, element);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(container);
    fit();
    return () => {
      observer?.disconnect();
      // Moving or unmounting the popup is not the user closing it.
      instance.off('close', onClose);
      instance.remove();
    };
  }, [map, container, lng, lat]);
  return createPortal(popup.content, container);
}
