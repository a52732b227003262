import { at, fetchJson } from '../http.ts';
import { AgroRequestError } from '../types.ts';

/** One band file of a scene and how its integers become reflectance. */
export interface SceneBand {
  href: string;
  scale: number;
  offset: number;
  noData: number | null;
}

export const SCENE_BANDS = ['red', 'nir', 'swir16', 'scl'] as const;
export type SceneBandName = (typeof SCENE_BANDS)[number];

/** A Sentinel-2 L2A scene (one MGRS tile on one acquisition) with the bands we read. */
export interface StacScene {
  id: string;
  /** Unix seconds of the acquisition. */
  dt: number;
  /** Cloud cover of the whole tile, % (the field's own cloud cover is measured from SCL). */
  sceneCloud: number | null;
  /** The CRS the item declares; the GeoTIFF's own geokeys win when present. */
  epsg: number | null;
  bands: Record<SceneBandName, SceneBand>;
}

/**
 * Asset keys of Earth Search v1 first (red, nir, swir16, scl), then the band names older catalogues
 * use as keys (B04, B08, B11, SCL).
 */
const ASSET_KEYS: Record<SceneBandName, string[]> = {
  red: ['red', 'B04'],
  nir: ['nir', 'B08'],
  swir16: ['swir16', 'B11'],
  scl: ['scl', 'SCL'],
};

const PAGE_LIMIT = 100;
/** A year of a tile's revisits (every 2–5 days, two tiles where tiles overlap) fits comfortably. */
const MAX_PAGES = 6;

const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function epsgOf(properties: unknown): number | null {
  const epsg = finite(at(properties, 'proj:epsg'));
  if (epsg !== null) return epsg;
  // STAC projection extension 2.0 replaced proj:epsg with proj:code ("EPSG:32634").
  const code = at(properties, 'proj:code');
  const match = typeof code === 'string' ? /^EPSG:(\d+)$/i.exec(code) : null;
  return match ? Number(match[1]) : null;
}

/**
 * Reflectance = DN × scale + offset, per the asset's `raster:bands`. Since processing baseline 04.00
 * (25 January 2022) L2A integers carry a +1000 offset, declared as offset −0.1; Earth Search marks
 * items whose pixels it already corrected with `earthsearch:boa_offset_applied: true`, and for those
 * the declared offset must not be applied a second time.
 */
function bandOf(asset: unknown, offsetApplied: boolean, isMask: boolean): SceneBand | null {
  const href = at(asset, 'href');
  if (typeof href !== 'string' || !/^https?:\/\//i.test(href)) return null;
  const raster = at(asset, 'raster:bands', 0);
  if (isMask) return { href, scale: 1, offset: 0, noData: finite(at(raster, 'nodata')) ?? 0 };
  return {
    href,
    scale: finite(at(raster, 'scale')) ?? 0.0001,
    offset: offsetApplied ? 0 : (finite(at(raster, 'offset')) ?? 0),
    noData: finite(at(raster, 'nodata')) ?? 0,
  };
}

/** A STAC item as a scene, or null when it lacks a band we need (then it is skipped). */
export function sceneOfItem(item: unknown): StacScene | null {
  const id = at(item, 'id');
  const properties = at(item, 'properties');
  const datetime = at(properties, 'datetime');
  const time = typeof datetime === 'string' ? Date.parse(datetime) : Number.NaN;
  if (typeof id !== 'string' || !Number.isFinite(time)) return null;
  const offsetApplied = at(properties, 'earthsearch:boa_offset_applied') === true;
  const assets = at(item, 'assets');
  const bands = {} as Record<SceneBandName, SceneBand>;
  for (const name of SCENE_BANDS) {
    const key = ASSET_KEYS[name].find((candidate) => at(assets, candidate) !== undefined);
    const band = key ? bandOf(at(assets, key), offsetApplied, name === 'scl') : null;
    if (!band) return null;
    bands[name] = band;
  }
  return {
    id,
    dt: Math.floor(time / 1000),
    sceneCloud: finite(at(properties, 'eo:cloud_cover')),
    epsg: epsgOf(properties),
    bands,
  };
}

export interface StacSearchOptions {
  baseUrl: string;
  collection: string;
  /** Tiles cloudier than this (%) are not read at all. */
  maxCloud: number;
  timeoutMs: number;
}

/**
 * `POST {STAC_URL}/search` (STAC API item search with the query extension) for the scenes over a
 * bounding box in a period, following `next` links. Answers oldest first.
 */
export async function searchScenes(
  options: StacSearchOptions,
  bbox: [number, number, number, number],
  from: Date,
  to: Date,
): Promise<StacScene[]> {
  const searchUrl = new URL(`${options.baseUrl.replace(/\/$/, '')}/search`);
  let body: unknown = {
    collections: [options.collection],
    bbox,
    datetime: `${from.toISOString()}/${to.toISOString()}`,
    limit: PAGE_LIMIT,
    query: { 'eo:cloud_cover': { lte: options.maxCloud } },
  };
  let url = searchUrl;
  let method: 'GET' | 'POST' = 'POST';
  const scenes: StacScene[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await fetchJson(url, {
      timeoutMs: options.timeoutMs,
      method,
      body: method === 'POST' ? body : undefined,
    });
    const features = at(answer, 'features');
    if (!Array.isArray(features)) throw new AgroRequestError('bad_response', 'STAC search without features');
    for (const feature of features) {
      const scene = sceneOfItem(feature);
      if (scene) scenes.push(scene);
    }
    const links = at(answer, 'links');
    const next = Array.isArray(links) ? links.find((link) => at(link, 'rel') === 'next') : undefined;
    const href = at(next, 'href');
    if (typeof href !== 'string' || features.length === 0) break;
    url = new URL(href, searchUrl);
    // A POST search's next link carries the body to send, whole or to merge (STAC API item search).
    method = at(next, 'method') === 'POST' ? 'POST' : 'GET';
    const nextBody = at(next, 'body');
    if (nextBody && typeof nextBody === 'object') {
      body = at(next, 'merge') === true ? { ...(body as object), ...nextBody } : nextBody;
    }
  }
  return scenes.sort((a, b) => a.dt - b.dt);
}
