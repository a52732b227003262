import type { StyleSpecification } from 'maplibre-gl';

/** The `map` part of `GET /api/config/public`. */
export interface MapTileConfig {
  /** An XYZ raster template (`…/{z}/{y}/{x}`) for the satellite base layer. */
  satelliteTilesUrl?: string | null;
  satelliteAttribution?: string | null;
  /** A full MapLibre style (a commercial provider); wins over the raster template when set. */
  styleUrl?: string | null;
}

/** The plain colour under everything: what shows when no tile can be fetched (no network). */
export const MAP_BACKGROUND_COLOUR = '#dfe5d6';
export const SATELLITE_SOURCE_ID = 'satellite';

/**
 * The base style: the configured style URL, else a raster satellite layer over a plain background,
 * else (no configuration, or the server does not say) the plain background alone.
 */
export function baseMapStyle(config: MapTileConfig | null | undefined): StyleSpecification | string {
  if (config?.styleUrl) return config.styleUrl;
  const style: StyleSpecification = {
    version: 8,
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': MAP_BACKGROUND_COLOUR } }],
  };
  if (config?.satelliteTilesUrl) {
    style.sources[SATELLITE_SOURCE_ID] = {
      type: 'raster',
      tiles: [config.satelliteTilesUrl],
      tileSize: 256,
      maxzoom: 19,
      ...(config.satelliteAttribution ? { attribution: config.satelliteAttribution } : {}),
    };
    style.layers.push({ id: SATELLITE_SOURCE_ID, type: 'raster', source: SATELLITE_SOURCE_ID });
  }
  return style;
}
