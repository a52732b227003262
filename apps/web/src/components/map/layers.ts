import { MAP } from '@ampelos/domain';
import type { FeatureCollection } from 'geojson';
import type {
  GeoJSONSource,
  LngLatBoundsLike,
  Map as MapLibreMap,
  RasterSourceSpecification,
} from 'maplibre-gl';
import { type Position, type Ring, ringBounds } from './geometry.ts';

/** The colours of our own layers (they must read on satellite imagery and on the plain background). */
export const MAP_COLOURS = {
  outline: '#ffd43b',
  fill: '#ffd43b',
  cluster: ['#51bbd6', '#f1f075', '#f28cb1'] as const,
  marker: '#be4bdb',
} as const;

function removeLayerIfAny(map: MapLibreMap, id: string) {
  if (map.getLayer(id)) map.removeLayer(id);
}

/** Removes a group of layers added by the helpers below and their source. */
export function removeMapGroup(map: MapLibreMap, id: string) {
  for (const suffix of ['-fill', '-line', '-clusters', '-cluster-count', '-points', '']) {
    removeLayerIfAny(map, `${id}${suffix}`);
  }
  if (map.getSource(id)) map.removeSource(id);
}

export interface OutlineFeature {
  ring: Ring;
  properties?: Record<string, unknown>;
}

export interface OutlineOptions {
  colour?: string;
  width?: number;
  /** 0 for an outline only. */
  fillOpacity?: number;
}

const polygonCollection = (features: readonly OutlineFeature[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: features.map(({ ring, properties }) => ({
    type: 'Feature',
    properties: properties ?? {},
    geometry: { type: 'Polygon', coordinates: [ring] },
  })),
});

/** Polygon outlines (field boundaries): one GeoJSON source `id`, layers `id-fill` and `id-line`. */
export function setPolygonOutlines(
  map: MapLibreMap,
  id: string,
  features: readonly OutlineFeature[],
  { colour = MAP_COLOURS.outline, width = 3, fillOpacity = 0.15 }: OutlineOptions = {},
) {
  const data = polygonCollection(features);
  const source = map.getSource<GeoJSONSource>(id);
  if (source) {
    source.setData(data);
    return;
  }
  map.addSource(id, { type: 'geojson', data });
  map.addLayer({
    id: `${id}-fill`,
    type: 'fill',
    source: id,
    paint: { 'fill-color': colour, 'fill-opacity': fillOpacity },
  });
  map.addLayer({
    id: `${id}-line`,
    type: 'line',
    source: id,
    paint: { 'line-color': colour, 'line-width': width },
  });
}

export interface MarkerPoint {
  lng: number;
  lat: number;
  properties?: Record<string, unknown>;
}

/**
 * Clustered markers with MapLibre's GeoJSON clustering: radius 50, colour steps at 100 and 750 points
 * (spec section 9). Layers `id-clusters`, `id-cluster-count` (only when the style has glyphs) and
 * `id-points`. `clusterMaxZoom` is 14 on the dashboard, 30 on the report map.
 */
export function setClusteredMarkers(
  map: MapLibreMap,
  id: string,
  points: readonly MarkerPoint[],
  { clusterMaxZoom = MAP.clusterMaxZoomDashboard }: { clusterMaxZoom?: number } = {},
) {
  const data: FeatureCollection = {
    type: 'FeatureCollection',
    features: points.map(({ lng, lat, properties }) => ({
      type: 'Feature',
      properties: properties ?? {},
      geometry: { type: 'Point', coordinates: [lng, lat] },
    })),
  };
  const source = map.getSource<GeoJSONSource>(id);
  if (source) {
    source.setData(data);
    return;
  }
  const [low, high] = MAP.clusterColourSteps;
  map.addSource(id, {
    type: 'geojson',
    data,
    cluster: true,
    clusterRadius: MAP.clusterRadius,
    clusterMaxZoom,
  });
  map.addLayer({
    id: `${id}-clusters`,
    type: 'circle',
    source: id,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': [
        'step',
        ['get', 'point_count'],
        MAP_COLOURS.cluster[0],
        low,
        MAP_COLOURS.cluster[1],
        high,
        MAP_COLOURS.cluster[2],
      ],
      'circle-radius': ['step', ['get', 'point_count'], 20, low, 30, high, 40],
      'circle-stroke-width': 1,
      'circle-stroke-color': '#ffffff',
    },
  });
  // Text needs glyphs; the keyless default style has none (and no network may reach them).
  if (map.getStyle().glyphs) {
    map.addLayer({
      id: `${id}-cluster-count`,
      type: 'symbol',
      source: id,
      filter: ['has', 'point_count'],
      layout: { 'text-field': '{point_count_abbreviated}', 'text-size': 12 },
    });
  }
  map.addLayer({
    id: `${id}-points`,
    type: 'circle',
    source: id,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': MAP_COLOURS.marker,
      'circle-radius': 7,
      'circle-stroke-width': 2,
      'circle-stroke-color': '#ffffff',
    },
  });
}

export interface RasterOverlay {
  tiles: string[];
  /** [west, south, east, north] */
  bounds?: [number, number, number, number];
  attribution?: string;
  /** Zooms the tiles exist for (default 0–23); past `maxZoom` the map overzooms the last level. */
  minZoom?: number;
  maxZoom?: number;
  /** Insert under this layer (e.g. a field outline that must stay on top). */
  beforeId?: string;
}

/** Layer opacity is given 0–100 (spec section 9) and MapLibre wants 0–1. */
export const opacityFraction = (percent: number) =>
  Math.min(MAP.layerOpacityMax, Math.max(MAP.layerOpacityMin, percent)) / 100;

/** A raster overlay (report layers): zoom 0–23, 512 px tiles, opacity 0–100 (default 100). */
export function setRasterOverlay(
  map: MapLibreMap,
  id: string,
  overlay: RasterOverlay,
  opacity: number = MAP.layerOpacityDefault,
) {
  removeMapGroup(map, id);
  const source: RasterSourceSpecification = {
    type: 'raster',
    tiles: overlay.tiles,
    tileSize: MAP.rasterTileSize,
    minzoom: overlay.minZoom ?? MAP.rasterMinZoom,
    maxzoom: overlay.maxZoom ?? MAP.rasterMaxZoom,
    ...(overlay.bounds ? { bounds: overlay.bounds } : {}),
    ...(overlay.attribution ? { attribution: overlay.attribution } : {}),
  };
  map.addSource(id, source);
  const beforeId = overlay.beforeId && map.getLayer(overlay.beforeId) ? overlay.beforeId : undefined;
  map.addLayer(
    { id, type: 'raster', source: id, paint: { 'raster-opacity': opacityFraction(opacity) } },
    beforeId,
  );
}

export function setRasterOpacity(map: MapLibreMap, id: string, opacity: number) {
  if (map.getLayer(id)) map.setPaintProperty(id, 'raster-opacity', opacityFraction(opacity));
}

/** Moves the camera to show a ring (and everything in it) at once. */
export function fitToRing(map: MapLibreMap, ring: readonly Position[], padding = 40) {
  const bounds = ringBounds(ring);
  if (!bounds) return;
  map.fitBounds(bounds as LngLatBoundsLike, { padding, animate: false, maxZoom: 19 });
}

/**
 * Where a field's outline is drawn in the map (`left,top,right,bottom` in pixels), kept on the map's
 * element as `data-outline-box` after every move (a padding change too): a browser test tells from it
 * that nothing laid over the map (the no-imagery notice) hides the field.
 */
export function markOutlineBox(map: MapLibreMap, ring: readonly Position[]) {
  const points = ring.map(([lng = 0, lat = 0]) => map.project([lng, lat]));
  const xs = points.map((point) => Math.round(point.x));
  const ys = points.map((point) => Math.round(point.y));
  map
    .getContainer()
    .setAttribute(
      'data-outline-box',
      [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].join(','),
    );
}
