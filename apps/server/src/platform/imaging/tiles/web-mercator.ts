/** XYZ tile maths for 512-px Web Mercator tiles (spec: raster zoom 0–23, 512 px tiles). */
export const TILE_SIZE = 512;
export const MAX_ZOOM = 23;
const EARTH_RADIUS = 6378137;
const CIRCUMFERENCE = 2 * Math.PI * EARTH_RADIUS;

/** Ground metres per tile pixel at a latitude and zoom. */
export function metresPerPixel(zoom: number, lat: number): number {
  return (CIRCUMFERENCE * Math.cos((lat * Math.PI) / 180)) / (TILE_SIZE * 2 ** zoom);
}

/**
 * The deepest zoom worth rendering for data of `gsdM` pixels: the zoom whose pixel is nearest to
 * the data's in scale (within a factor √2 either way), capped at 23. Each zoom holds four times the
 * pixels of the one above, so the first zoom at least as fine as the data rendered up to 4 × the
 * data's own pixel count for no detail (e.g. 5 cm photos at 41° N: 2.8 cm pixels at zoom 21 vs
 * 5.6 cm at 20); past the deepest zoom the map enlarges its tiles. gdal2tiles stops at the last
 * zoom not finer than the data, which can lose half the resolution; nearest loses at most 29 %.
 */
export function nativeZoom(gsdM: number, lat: number): number {
  const zoom = Math.round(Math.log2((CIRCUMFERENCE * Math.cos((lat * Math.PI) / 180)) / (TILE_SIZE * gsdM)));
  return Math.max(0, Math.min(MAX_ZOOM, zoom));
}

/** Global pixel coordinate (0 … 512·2^z) of a longitude / latitude at a zoom. */
export function lngToPixelX(lng: number, zoom: number): number {
  return ((lng + 180) / 360) * TILE_SIZE * 2 ** zoom;
}

export function latToPixelY(lat: number, zoom: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE_SIZE * 2 ** zoom;
}

export function pixelXToLng(x: number, zoom: number): number {
  return (x / (TILE_SIZE * 2 ** zoom)) * 360 - 180;
}

export function pixelYToLat(y: number, zoom: number): number {
  const n = Math.PI - (2 * Math.PI * y) / (TILE_SIZE * 2 ** zoom);
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}

/** Tiles of a zoom that intersect [west, south, east, north]. */
export function tileRange(bounds: [number, number, number, number], zoom: number) {
  const [west, south, east, north] = bounds;
  const last = 2 ** zoom - 1;
  return {
    minX: Math.max(0, Math.floor(lngToPixelX(west, zoom) / TILE_SIZE)),
    maxX: Math.min(last, Math.floor(lngToPixelX(east, zoom) / TILE_SIZE)),
    minY: Math.max(0, Math.floor(latToPixelY(north, zoom) / TILE_SIZE)),
    maxY: Math.min(last, Math.floor(latToPixelY(south, zoom) / TILE_SIZE)),
  };
}

/** Longitude of each pixel-centre column and latitude of each pixel-centre row of a tile. */
export function tilePixelCentres(zoom: number, x: number, y: number) {
  const lngs = new Float64Array(TILE_SIZE);
  const lats = new Float64Array(TILE_SIZE);
  for (let i = 0; i < TILE_SIZE; i++) {
    lngs[i] = pixelXToLng(x * TILE_SIZE + i + 0.5, zoom);
    lats[i] = pixelYToLat(y * TILE_SIZE + i + 0.5, zoom);
  }
  return { lngs, lats };
}

export function tileBounds(zoom: number, x: number, y: number): [number, number, number, number] {
  return [
    pixelXToLng(x * TILE_SIZE, zoom),
    pixelYToLat((y + 1) * TILE_SIZE, zoom),
    pixelXToLng((x + 1) * TILE_SIZE, zoom),
    pixelYToLat(y * TILE_SIZE, zoom),
  ];
}
