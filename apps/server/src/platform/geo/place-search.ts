import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { GREEK_REGION_NAMES, normalizeForSearch, type PlaceMatch } from '@ampelos/domain';
import { quickSearchForm } from './place-search-form.ts';

/**
 * Offline place search for the field-drawing map, nothing fetched at run time: the first-level regions
 * of the boundary set the server names fields with (region-boundaries.json.gz, their Greek names from
 * the domain catalogue too) and the towns and villages of at least 1000 inhabitants
 * (place-names.tsv.gz, written by scripts/build-place-names.ts). Names match accent-, case- and
 * script-insensitively ("Νεμέα" finds Neméa). Both files are read once, on the first search.
 */
export interface PlaceSearch {
  search(query: string, limit: number): Promise<PlaceMatch[]>;
}

interface IndexedPlace {
  match: PlaceMatch;
  /** Normalised names (English and, for regions, Greek). */
  forms: string[];
  population: number;
}

const REGIONS_FILE = new URL('./region-boundaries.json.gz', import.meta.url);
const PLACES_FILE = new URL('./place-names.tsv.gz', import.meta.url);

/** Better matches first: the whole name, its start, the start of one of its words, anywhere in it. */
function tier(form: string, query: string): number {
  const at = form.indexOf(query);
  if (at < 0) return -1;
  if (at === 0) return form.length === query.length ? 0 : 1;
  return form.includes(` ${query}`) ? 2 : 3;
}

async function loadRegions(): Promise<IndexedPlace[]> {
  const data = JSON.parse(gunzipSync(await readFile(REGIONS_FILE)).toString('utf8')) as {
    scale: number;
    regions: { country: string; name: string; polygons: number[][][] }[];
  };
  return data.regions.map((region) => {
    let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [outer] of region.polygons) {
      let [x, y] = [0, 0];
      for (let i = 0; outer && i + 1 < outer.length; i += 2) {
        x += outer[i] as number;
        y += outer[i + 1] as number;
        west = Math.min(west, x / data.scale);
        east = Math.max(east, x / data.scale);
        south = Math.min(south, y / data.scale);
        north = Math.max(north, y / data.scale);
      }
    }
    const greek = GREEK_REGION_NAMES[region.name];
    return {
      match: {
        kind: 'region',
        name: region.name,
        countryCode: region.country,
        center: { lng: (west + east) / 2, lat: (south + north) / 2 },
        bounds: [west, south, east, north],
      },
      forms: [region.name, ...(greek ? [greek] : [])].map(normalizeForSearch),
      // Regions come before towns of the same match quality.
      population: Number.MAX_SAFE_INTEGER,
    };
  });
}

async function loadPlaces(): Promise<IndexedPlace[]> {
  const text = gunzipSync(await readFile(PLACES_FILE)).toString('utf8');
  const places: IndexedPlace[] = [];
  for (const line of text.split('\n')) {
    const [name, countryCode, lng, lat, population, form] = line.split('\t');
    if (!name || !countryCode) continue;
    places.push({
      match: {
        kind: 'place',
        name,
        countryCode,
        center: { lng: Number(lng), lat: Number(lat) },
        bounds: null,
      },
      forms: [form || quickSearchForm(name)],
      population: Number(population),
    });
  }
  return places;
}

export function createPlaceSearch(): PlaceSearch {
  let index: Promise<IndexedPlace[]> | null = null;
  const load = () => {
    index ??= Promise.all([loadRegions(), loadPlaces()]).then(([regions, places]) => [...regions, ...places]);
    // A failed read is not kept: the next search tries again.
    index.catch(() => {
      index = null;
    });
    return index;
  };

  return {
    async search(query, limit) {
      const normalized = normalizeForSearch(query);
      if (normalized.length < 2) return [];
      const found: { place: IndexedPlace; tier: number }[] = [];
      for (const place of await load()) {
        let best = -1;
        for (const form of place.forms) {
          const t = tier(form, normalized);
          if (t >= 0 && (best < 0 || t < best)) best = t;
        }
        if (best >= 0) found.push({ place, tier: best });
      }
      found.sort((a, b) => a.tier - b.tier || b.place.population - a.place.population);
      return found.slice(0, limit).map(({ place }) => place.match);
    },
  };
}
