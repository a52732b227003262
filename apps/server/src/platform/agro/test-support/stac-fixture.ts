import { open, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fromWgs84, proj4ForEpsg, toWgs84 } from '../../imaging/raster/crs.ts';
import { writeGeoTiff } from '../../imaging/raster/write-geotiff.ts';

/**
 * A stand-in for a STAC catalogue and the bucket of its cloud-optimised GeoTIFFs (no internet in
 * tests): `POST /search` answers the items a test sets, `GET /cogs/{file}` serves files of a
 * directory honouring single `Range: bytes=a-b` requests with 206, as S3 does.
 */
export interface RecordedCogRequest {
  file: string;
  range: string | null;
  bytes: number;
}

type SearchAnswer = { status?: number; json?: unknown; text?: string; delayMs?: number };

export async function startStacServer(cogDir: string) {
  let search: (body: unknown) => SearchAnswer = () => ({ json: { type: 'FeatureCollection', features: [] } });
  let ignoreRanges = false;
  const missing = new Set<string>();
  const cogRequests: RecordedCogRequest[] = [];
  const searches: unknown[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stac.local');
    if (req.method === 'POST' && url.pathname === '/v1/search') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      searches.push(body);
      const answer = search(body);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/geo+json' });
      res.end(answer.text ?? JSON.stringify(answer.json));
      return;
    }
    const file = url.pathname.startsWith('/cogs/') ? path.basename(url.pathname) : null;
    const range = req.headers.range ?? null;
    if (!file || missing.has(file)) {
      res.writeHead(404).end('NoSuchKey');
      return;
    }
    const full = path.join(cogDir, file);
    const size = (await stat(full).catch(() => null))?.size;
    if (size === undefined) {
      res.writeHead(404).end('NoSuchKey');
      return;
    }
    const match = range && !ignoreRanges ? /^bytes=(\d+)-(\d+)?$/.exec(range) : null;
    const start = match ? Number(match[1]) : 0;
    const end = match ? Math.min(size - 1, match[2] ? Number(match[2]) : size - 1) : size - 1;
    const length = end - start + 1;
    const handle = await open(full, 'r');
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, start);
    await handle.close();
    cogRequests.push({ file, range, bytes: length });
    const headers: Record<string, string | number> = {
      'Content-Type': 'image/tiff',
      'Content-Length': length,
      'Accept-Ranges': 'bytes',
    };
    if (match) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    res.writeHead(match ? 206 : 200, headers).end(buffer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    /** The STAC API root, as STAC_URL. */
    stacUrl: `${baseUrl}/v1`,
    cogUrl: (file: string) => `${baseUrl}/cogs/${file}`,
    cogRequests,
    searches,
    answerSearch(next: (body: unknown) => SearchAnswer) {
      search = next;
    },
    setIgnoreRanges(value: boolean) {
      ignoreRanges = value;
    },
    setMissing(files: string[]) {
      missing.clear();
      for (const file of files) missing.add(file);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type StacServer = Awaited<ReturnType<typeof startStacServer>>;

/** A synthetic scene on a UTM grid: 10 m bands of `size` pixels, 20 m bands of `size / 2`. */
export interface SceneGrid {
  epsg: number;
  /** Top-left corner of the grid in the CRS. */
  originX: number;
  originY: number;
  size: number;
}

/** A UTM grid of `size` 10 m pixels whose pixel (col0, row0) has its top-left corner near a place. */
export function gridAround(lng: number, lat: number, size: number, col0: number, row0: number): SceneGrid {
  const epsg = 32600 + Math.floor((lng + 180) / 6) + 1;
  const [x, y] = fromWgs84(proj4ForEpsg(epsg) as string)(lng, lat);
  return {
    epsg,
    originX: Math.round(x / 20) * 20 - col0 * 10,
    originY: Math.round(y / 20) * 20 + row0 * 10,
    size,
  };
}

/** The WGS84 ring of a rectangle of whole 10 m pixels (cols c0..c1-1, rows r0..r1-1). */
export function pixelRectRing(grid: SceneGrid, c0: number, r0: number, c1: number, r1: number) {
  const toLngLat = toWgs84(proj4ForEpsg(grid.epsg) as string);
  const corner = (col: number, row: number) => toLngLat(grid.originX + col * 10, grid.originY - row * 10);
  const ring = [corner(c0, r0), corner(c1, r0), corner(c1, r1), corner(c0, r1)];
  return [...ring, ring[0]] as [number, number][];
}

/**
 * Writes one band as a tiled, uncompressed GeoTIFF (uint16, or uint8 for SCL) whose pixel values come
 * from `value(col, row)` on its own grid (10 m or 20 m). Uncompressed so a test can see that only the
 * tiles over the field are fetched.
 */
export async function writeBand(
  file: string,
  grid: SceneGrid,
  resolution: 10 | 20,
  value: (col: number, row: number) => number,
  sampleType: 'uint16' | 'uint8' = 'uint16',
) {
  const size = resolution === 10 ? grid.size : grid.size / 2;
  await writeGeoTiff(file, {
    width: size,
    height: size,
    bands: 1,
    sampleType,
    geoTransform: [grid.originX, resolution, 0, grid.originY, 0, -resolution],
    epsg: grid.epsg,
    noData: 0,
    tileSize: 128,
    compression: 'none',
    renderWindow(x, y, w, h) {
      const out = sampleType === 'uint8' ? new Uint8Array(w * h) : new Uint16Array(w * h);
      for (let row = 0; row < h; row++)
        for (let col = 0; col < w; col++) out[row * w + col] = value(x + col, y + row);
      return out;
    },
  });
}

/** A STAC item in Earth Search v1's `sentinel-2-l2a` shape (the fields we read, and a few others). */
export function earthSearchItem(options: {
  id: string;
  datetime: string;
  grid: SceneGrid;
  cloudCover: number;
  hrefs: { red: string; nir: string; swir16: string; scl: string };
  offsetApplied?: boolean;
}) {
  const reflectance = (href: string, resolution: number) => ({
    href,
    type: 'image/tiff; application=geotiff; profile=cloud-optimized',
    roles: ['data', 'reflectance'],
    'raster:bands': [
      {
        nodata: 0,
        data_type: 'uint16',
        bits_per_sample: 15,
        spatial_resolution: resolution,
        scale: 0.0001,
        offset: -0.1,
      },
    ],
  });
  return {
    type: 'Feature',
    stac_version: '1.0.0',
    id: options.id,
    collection: 'sentinel-2-l2a',
    properties: {
      datetime: options.datetime,
      platform: 'sentinel-2b',
      constellation: 'sentinel-2',
      'eo:cloud_cover': options.cloudCover,
      'proj:epsg': options.grid.epsg,
      'mgrs:utm_zone': options.grid.epsg - 32600,
      's2:processing_baseline': '05.11',
      'earthsearch:boa_offset_applied': options.offsetApplied ?? false,
    },
    assets: {
      red: reflectance(options.hrefs.red, 10),
      nir: reflectance(options.hrefs.nir, 10),
      swir16: reflectance(options.hrefs.swir16, 20),
      scl: {
        href: options.hrefs.scl,
        type: 'image/tiff; application=geotiff; profile=cloud-optimized',
        roles: ['data'],
        'raster:bands': [{ nodata: 0, data_type: 'uint8', spatial_resolution: 20 }],
      },
      thumbnail: { href: `${options.hrefs.red}.jpg`, type: 'image/jpeg', roles: ['thumbnail'] },
    },
    links: [],
  };
}

/**
 * A band of the synthetic scenes: a field of 20 × 20 pixels of 10 m whose first column and row are
 * `first`, `west` on its west half and `east` on its east half, `outside` around it. A 20 m band
 * (`cellScale` 2) covers two 10 m pixels with each of its own.
 */
export function fieldBand(
  first: number,
  values: { outside: number; west: number; east: number },
  cellScale = 1,
): (col: number, row: number) => number {
  return (col, row) => {
    const c = col * cellScale;
    const r = row * cellScale;
    if (c < first || c >= first + 20 || r < first || r >= first + 20) return values.outside;
    return c < first + 10 ? values.west : values.east;
  };
}
