import 'maplibre-gl/dist/maplibre-gl.css';
import './map-overlays.css';
import maplibreWorkerUrl from 'virtual:maplibre-worker-url';
import { MAP } from '@ampelos/domain';
import { Box, type BoxProps } from '@mantine/core';
import {
  type LngLatBoundsLike,
  Map as MapLibreMap,
  NavigationControl,
  ScaleControl,
  setWorkerUrl,
} from 'maplibre-gl';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../lib/public-config.ts';
import { ImageryNotice, type ImageryNoticePlacement, useImageryWatch } from './imagery-watch.tsx';
import { baseMapStyle } from './map-style.ts';

// The worker is a module of our own origin (the CSP allows 'self' workers), built with the app: it
// imports the chunk of MapLibre it shares with this page (scripts/maplibre-source-plugin.ts).
setWorkerUrl(maplibreWorkerUrl);

/** Where a map opens when nothing else is known: Greece at the starting zoom of spec section 9. */

/** Below this width the attribution and the scale bar do not fit side by side. */
const NARROW_MAP_PX = 480;

const IMAGERY_PADDING_MOVE = { imageryNoticePadding: true };

/**
 * Whether a map move is the no-imagery notice taking its room out of the view (BaseMap sets the map's
 * padding): a map that fitted its field may fit it again into what is left.
 */
function isImageryPaddingMove(event: object): boolean {
  return 'imageryNoticePadding' in event;
}

/**
 * Fits a map's field again (`fit`) when the no-imagery notice takes its room out of the view, unless
 * the user has moved the map since: the padding alone shifts the picture by half the notice's height,
 * which on a short map (a phone) pushes the outline under the scale bar and the attribution.
 */
export function refitOnImageryPadding(map: MapLibreMap, fit: () => void) {
  let movedByUser = false;
  map.on('movestart', (event) => {
    if (event.originalEvent) movedByUser = true;
  });
  map.on('moveend', (event) => {
    if (isImageryPaddingMove(event) && !movedByUser) fit();
  });
}

export const DEFAULT_MAP_VIEW = { center: [22.9, 39.3] as [number, number], zoom: MAP.initialZoom };

export interface BaseMapProps extends Omit<BoxProps, 'children'> {
  /** Starting camera (default: Greece at zoom 5). */
  initialView?: { center: [number, number]; zoom: number };
  /** Starting area, fitted to the map's size (wins over `initialView`): [[west, south], [east, north]]. */
  initialBounds?: [[number, number], [number, number]] | null;
  /**
   * Called once the style has loaded (`data-map-ready` is set then): add sources, layers and controls here.
   * `data-map-settled` marks the map idle: no camera movement, every tile loaded or failed.
   */
  onReady?: (map: MapLibreMap) => void;
  /** Deepest zoom the user may reach (21 by default; report layers go to 23). */
  maxZoom?: number;
  /** Where the notice goes when the base imagery cannot load: top (default) or above the scale bar. */
  imageryNotice?: ImageryNoticePlacement;
  /** A map the user draws on: the no-imagery notice says drawing still works. */
  drawing?: boolean;
  'data-testid'?: string;
  [data: `data-${string}`]: string | boolean | undefined;
}

/**
 * The one MapLibre map of the app: satellite base from the server configuration (or a plain background),
 * attribution shown, drawing buffer kept for PNG snapshots. Tile and style errors are swallowed: with
 * no network the map shows its background and our own layers, never an error dialog.
 */
export function BaseMap({
  initialView = DEFAULT_MAP_VIEW,
  initialBounds = null,
  onReady,
  maxZoom = 21,
  imageryNotice = 'top',
  drawing = false,
  h = 400,
  ...boxProps
}: BaseMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const config = usePublicConfig();
  const [settled, setSettled] = useState(false);
  const [ready, setReady] = useState(false);
  const mapRef = useRef<MapLibreMap | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const readyRef = useRef(onReady);
  readyRef.current = onReady;
  const viewRef = useRef(initialView);
  const boundsRef = useRef(initialBounds);
  const imagery = useImageryWatch();
  const watchImagery = imagery.watch;
  const maxZoomRef = useRef(maxZoom);
  const { t } = useTranslation();
  // MapLibre names its canvas and buttons for screen readers in English only unless told otherwise.
  const localeRef = useRef<Record<string, string>>({});
  localeRef.current = {
    'Map.Title': t('map.title'),
    'NavigationControl.ZoomIn': t('map.zoomIn'),
    'NavigationControl.ZoomOut': t('map.zoomOut'),
    'AttributionControl.ToggleAttribution': t('map.toggleAttribution'),
    'Marker.Title': t('map.marker'),
    'Popup.Close': t('map.popupClose'),
  };

  // Wait for the configuration (or its failure) so the map is created once, with its final base style.
  useEffect(() => {
    if (!config.isPending) setSettled(true);
  }, [config.isPending]);
  const mapConfig = config.data?.map ?? null;

  useEffect(() => {
    if (!settled || !container.current) return;
    const map = new MapLibreMap({
      container: container.current,
      style: baseMapStyle(mapConfig),
      center: viewRef.current.center,
      zoom: viewRef.current.zoom,
      ...(boundsRef.current
        ? {
            bounds: boundsRef.current as LngLatBoundsLike,
            fitBoundsOptions: { padding: 40, maxZoom: 16 },
          }
        : {}),
      attributionControl: { compact: false },
      canvasContextAttributes: { preserveDrawingBuffer: true },
      maxZoom: maxZoomRef.current,
      locale: localeRef.current,
    });
    mapRef.current = map;
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    // A scale bar on every map: distances read without imagery too (issue 20, items 12 and 13).
    map.addControl(new ScaleControl({ unit: 'metric', maxWidth: 120 }), 'bottom-left');
    // `data-map-settled` is there while nothing moves or loads (MapLibre's 'idle'): tests and screenshots
    // wait for it instead of for a time. Set on the element directly so it changes within the event.
    const element = container.current;
    // On a narrow map (a phone) the provider's attribution runs under the scale bar: the bar, and a
    // notice at the bottom, go up a line (map-overlays.css).
    const markNarrow = () => element.toggleAttribute('data-map-narrow', element.clientWidth < NARROW_MAP_PX);
    markNarrow();
    map.on('resize', markNarrow);
    map.on('movestart', () => element.removeAttribute('data-map-settled'));
    map.on('dataloading', () => element.removeAttribute('data-map-settled'));
    map.on('idle', () => element.setAttribute('data-map-settled', ''));
    // Counts finished camera moves, so a test can tell that the move it caused is over.
    let moves = 0;
    map.on('moveend', () => element.setAttribute('data-map-moves', String(++moves)));
    // Tiles that cannot be fetched (offline, provider down) raise no error dialog: the watch below
    // shows a plain notice over the map instead, with the coordinates of the view.
    // A configured style that cannot be fetched leaves no map at all: fall back to the plain base.
    let styleLoaded = false;
    map.once('style.load', () => {
      styleLoaded = true;
    });
    map.on('error', () => {
      if (!styleLoaded && mapConfig?.styleUrl && !map.isStyleLoaded()) {
        styleLoaded = true;
        map.setStyle(baseMapStyle(null));
      }
    });
    const stopWatching = watchImagery(map);
    // Our layers need the style only: waiting for 'load' would also wait for every base tile (offline:
    // for each request to fail) before the field outline appears.
    map.once('style.load', () => {
      try {
        readyRef.current?.(map);
      } catch (error) {
        // MapLibre swallows errors thrown in this listener: make them visible.
        console.error(error);
      }
      setReady(true);
    });
    return () => {
      stopWatching();
      setReady(false);
      element.removeAttribute('data-map-settled');
      mapRef.current = null;
      map.remove();
    };
  }, [settled, mapConfig, watchImagery]);

  // The notice takes its height out of the camera's view: the map's padding shifts the picture away
  // from it by half of it at once, and every later fit (fitBounds adds the map's padding) keeps the
  // field clear of it. With a fit padding of 40 px the fitted outline stays whole for a banner of up
  // to 80 px (two lines on a phone are about 45). At the bottom (the results) the padding also covers
  // the scale bar under the notice.
  const failed = imagery.failed;
  useLayoutEffect(() => {
    const map = mapRef.current;
    const notice = noticeRef.current;
    if (!map) return;
    const pad = (top: number, bottom: number) => {
      const now = map.getPadding();
      if (now.top !== top || now.bottom !== bottom)
        map.setPadding({ top, bottom, left: 0, right: 0 }, IMAGERY_PADDING_MOVE);
    };
    if (!failed || !notice) {
      pad(0, 0);
      return;
    }
    const clear = () => {
      if (imageryNotice === 'top') pad(Math.ceil(notice.offsetTop + notice.offsetHeight + 8), 0);
      else pad(0, Math.ceil((notice.parentElement?.clientHeight ?? 0) - notice.offsetTop + 8));
    };
    clear();
    if (typeof ResizeObserver === 'undefined') return;
    // The banner wraps to another line when the map narrows (a phone turned, the side menu opened).
    const observer = new ResizeObserver(clear);
    observer.observe(notice);
    return () => observer.disconnect();
  }, [failed, imageryNotice]);

  return (
    <Box
      ref={container}
      h={h}
      pos="relative"
      style={{ borderRadius: 8, overflow: 'hidden' }}
      data-map-ready={ready || undefined}
      {...boxProps}
    >
      {imagery.failed && (
        <ImageryNotice ref={noticeRef} center={imagery.center} placement={imageryNotice} drawing={drawing} />
      )}
    </Box>
  );
}
