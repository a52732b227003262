import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { feature } from '@rapideditor/country-coder';

/** Where a point lies; every part is null over the sea or where the data has nothing. */
export interface GeoLocation {
  country: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode: string | null;
  /** First-level region (e.g. Peloponnese, California) when the dataset has one. */
  region: string | null;
}

export interface ReverseGeocoder {
  reverseGeocode(lng: number, lat: number): Promise<GeoLocation>;
}

type Ring = Float64Array; // x0, y0, x1, y1, … in degrees
type Polygon = Ring[];
interface RegionShape {
  name: string;
  polygons: Polygon[];
  bbox: [number, number, number, number];
}
/** The file written by scripts/build-region-boundaries.ts. */
interface RegionBoundaries {
  scale: number;
  regions: { country: string; name: string; polygons: number[][][] }[];
}

const BOUNDARIES_FILE = new URL('./region-boundaries.json.gz', import.meta.url);
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Offline reverse geocoding, nothing fetched at run time: the country from
 * @rapideditor/country-coder, the first-level region from the compact boundary set beside this
 * file (simplified to about 500 m: a field within that distance of a regional border may be named
 * after its neighbour). The set is read once, on first use; each country's rings are decoded when
 * a point first falls in that country.
 */
export function createOfflineGeocoder(): ReverseGeocoder {
  let boundaries: Promise<{ scale: number; byCountry: Map<string, RegionBoundaries['regions']> }> | null =
    null;
  const shapesByCountry = new Map<string, RegionShape[]>();

  function loadBoundaries() {
    boundaries ??= readFile(BOUNDARIES_FILE).then((gzipped) => {
      const data = JSON.parse(gunzipSync(gzipped).toString('utf8')) as RegionBoundaries;
      const byCountry = new Map<string, RegionBoundaries['regions']>();
      for (const region of data.regions) {
        byCountry.set(region.country, [...(byCountry.get(region.country) ?? []), region]);
      }
      return { scale: data.scale, byCountry };
    });
    // A failed read is not kept: the next call tries again.
    boundaries.catch(() => {
      boundaries = null;
    });
    return boundaries;
  }

  async function regionsOf(countryCode: string): Promise<RegionShape[]> {
    const cached = shapesByCountry.get(countryCode);
    if (cached) return cached;
    const { scale, byCountry } = await loadBoundaries();
    const shapes = (byCountry.get(countryCode) ?? []).map((region) => {
      const polygons = region.polygons.map((polygon) => polygon.map((ring) => decodeRing(ring, scale)));
      return { name: region.name, polygons, bbox: boundingBox(polygons) };
    });
    shapesByCountry.set(countryCode, shapes);
    return shapes;
  }

  return {
    async reverseGeocode(lng, lat) {
      const country = feature([lng, lat], { level: 'country' });
      const countryCode = country?.properties.iso1A2 ?? null;
      if (!countryCode) return { country: null, countryCode: null, region: null };
      const name = countryNames.of(countryCode) ?? country?.properties.nameEn ?? null;
      let region: string | null = null;
      try {
        const shapes = await regionsOf(countryCode);
        region = shapes.find((shape) => containsPoint(shape, lng, lat))?.name ?? null;
      } catch {
        region = null;
      }
      return { country: name, countryCode, region };
    },
  };
}

/** Integer deltas at 1/scale degree back to absolute degrees. */
function decodeRing(deltas: number[], scale: number): Ring {
  const ring = new Float64Array(deltas.length);
  let [x, y] = [0, 0];
  for (let i = 0; i + 1 < deltas.length; i += 2) {
    x += deltas[i] as number;
    y += deltas[i + 1] as number;
    ring[i] = x / scale;
    ring[i + 1] = y / scale;
  }
  return ring;
}

function boundingBox(polygons: Polygon[]): [number, number, number, number] {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons) {
    const outer = polygon[0] ?? new Float64Array();
    for (let i = 0; i + 1 < outer.length; i += 2) {
      west = Math.min(west, outer[i] as number);
      east = Math.max(east, outer[i] as number);
      south = Math.min(south, outer[i + 1] as number);
      north = Math.max(north, outer[i + 1] as number);
    }
  }
  return [west, south, east, north];
}

function containsPoint(shape: RegionShape, x: number, y: number): boolean {
  const [west, south, east, north] = shape.bbox;
  if (x < west || x > east || y < south || y > north) return false;
  return shape.polygons.some(
    ([outer, ...holes]) =>
      outer !== undefined && inRing(outer, x, y) && !holes.some((hole) => inRing(hole, x, y)),
  );
}

/** Even-odd ray casting. */
function inRing(ring: Ring, x: number, y: number): boolean {
  let inside = false;
  const n = ring.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[2 * i] as number;
    const yi = ring[2 * i + 1] as number;
    const xj = ring[2 * j] as number;
    const yj = ring[2 * j + 1] as number;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
