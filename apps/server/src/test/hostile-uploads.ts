import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatasetFileReason } from '@ampelos/domain';
import { fromWgs84, proj4ForEpsg } from '../platform/imaging/raster/crs.ts';
import { writeGeoTiff } from '../platform/imaging/raster/write-geotiff.ts';
import { rectangleRing } from './factories.ts';
import { geotaggedJpeg, pixelFloodJpeg } from './geotagged-jpeg.ts';
import { buildZip } from './zip-writer.ts';

/** About 1 ha near Nemea; every hostile file is placed at its centre, so only the damage refuses it. */
export const HOSTILE_RING = rectangleRing(22.71, 37.817, 22.7111, 37.8179);
export const HOSTILE_SPOT = { lat: 37.81745, lng: 22.71055, altitude: 380 };

/** One upload as a customer (or an attacker) would send it, and the verdict each of its files gets. */
export interface HostileUpload {
  label: string;
  name: string;
  body: Buffer;
  /** Path (the upload name, or `upload/entry`) → the reason it is refused, or 'accepted'. */
  verdicts: Record<string, DatasetFileReason | 'accepted'>;
}

/** A single-band 16-bit GeoTIFF over the spot (a thermal or elevation export, not an orthomosaic). */
export async function singleBandGeoTiff(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ampelos-hostile-'));
  try {
    const epsg = 32634;
    const [x, y] = fromWgs84(proj4ForEpsg(epsg) as string)(HOSTILE_SPOT.lng, HOSTILE_SPOT.lat);
    const file = path.join(dir, 'grey.tif');
    await writeGeoTiff(file, {
      width: 200,
      height: 200,
      bands: 1,
      sampleType: 'uint16',
      geoTransform: [x - 50, 0.5, 0, y + 50, 0, -0.5],
      epsg,
      renderWindow: (_x, _y, w, h) => new Uint16Array(w * h).fill(30_000),
    });
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Every hostile upload of issue 15: damaged zips (corrupt deflate, a size that lies, truncated,
 * overlapping entries, a zip64 size that lies), the older unsafe ones (slip, symlink, bomb), a pixel
 * flood and a single-band GeoTIFF. A good photo rides along in each zip the dataset should go on with.
 */
export async function hostileUploads(): Promise<HostileUpload[]> {
  const good = await geotaggedJpeg({ gps: HOSTILE_SPOT });
  const goodEntry = { name: 'good.jpg', data: good, deflate: true };
  const truncated = await buildZip([goodEntry, { name: 'more.jpg', data: good }]);
  return [
    {
      label: 'corrupt deflate',
      name: 'corrupt.zip',
      body: await buildZip([{ name: 'broken.jpg', data: good, deflate: true, corruptData: true }, goodEntry]),
      verdicts: { 'corrupt.zip/broken.jpg': 'corrupt', 'corrupt.zip/good.jpg': 'accepted' },
    },
    {
      label: 'lying sizes',
      name: 'lying.zip',
      body: await buildZip([
        { name: 'liar.jpg', zeros: 30_000_000, lie: { localSize: 1000, centralSize: 1000 } },
        goodEntry,
      ]),
      verdicts: { 'lying.zip/liar.jpg': 'corrupt', 'lying.zip/good.jpg': 'accepted' },
    },
    {
      label: 'truncated archive',
      name: 'truncated.zip',
      body: truncated.subarray(0, Math.floor(truncated.length * 0.6)),
      verdicts: { 'truncated.zip': 'corrupt' },
    },
    {
      label: 'overlapping entries',
      name: 'overlap.zip',
      body: await buildZip([goodEntry, { name: 'again.jpg', data: good, deflate: true, overlapWith: 0 }]),
      verdicts: { 'overlap.zip': 'unsafe_zip' },
    },
    {
      label: 'zip64 size lie',
      name: 'zip64.zip',
      body: await buildZip([
        { name: 'huge.jpg', data: good, deflate: true, zip64: { size: 2 ** 42, compressedSize: 2 ** 20 } },
        goodEntry,
      ]),
      verdicts: { 'zip64.zip': 'zip_bomb' },
    },
    {
      label: 'zip slip',
      name: 'slip.zip',
      body: await buildZip([goodEntry, { name: '../../evil.jpg', data: good }]),
      verdicts: { 'slip.zip': 'unsafe_zip' },
    },
    {
      label: 'symbolic link',
      name: 'symlink.zip',
      body: await buildZip([
        goodEntry,
        { name: 'passwd.jpg', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 },
      ]),
      verdicts: { 'symlink.zip': 'unsafe_zip' },
    },
    {
      label: 'zip bomb',
      name: 'bomb.zip',
      body: await buildZip([{ name: 'zeros.jpg', zeros: 1024 * 1024 * 1024 }]),
      verdicts: { 'bomb.zip': 'zip_bomb' },
    },
    {
      label: 'pixel flood JPEG (60000 × 60000)',
      name: 'flood.jpg',
      body: await pixelFloodJpeg({ gps: HOSTILE_SPOT, width: 60_000, height: 60_000 }),
      verdicts: { 'flood.jpg': 'too_many_pixels' },
    },
    {
      label: 'single-band 16-bit GeoTIFF',
      name: 'grey.tif',
      body: await singleBandGeoTiff(),
      verdicts: { 'grey.tif': 'unsupported_bands' },
    },
  ];
}
