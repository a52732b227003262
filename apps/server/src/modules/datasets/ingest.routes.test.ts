import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATASET_MESSAGES, type DatasetFileView } from '@ampelos/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWgs84, proj4ForEpsg } from '../../platform/imaging/raster/crs.ts';
import { writeGeoTiff } from '../../platform/imaging/raster/write-geotiff.ts';
import {
  hasMicasense,
  hasSeneca,
  MICASENSE_DIR,
  SENECA_DIR,
  skipUnlessCi,
} from '../../platform/imaging/test-support/paths.ts';
import { rectangleRing } from '../../test/factories.ts';
import { geotaggedJpeg } from '../../test/geotagged-jpeg.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildZip } from '../../test/zip-writer.ts';
import { customerWithReport, reportData, uploadAndValidate } from './test-support.ts';

let ctx: TestApp;
let scratch: string;
beforeAll(async () => {
  // A low entry cap keeps the too-many-entries case small.
  ctx = await createTestApp({ env: { DATASET_ZIP_MAX_ENTRIES: '40', DATASET_GEOFENCE_BUFFER_M: '30' } });
  scratch = await mkdtemp(path.join(tmpdir(), 'ampelos-ingest-'));
});
afterAll(async () => {
  await ctx?.close();
  await rm(scratch, { recursive: true, force: true });
});

/** About 1 ha near Nemea; the test photos are taken at its centre or 2 km east. */
const RING = rectangleRing(22.71, 37.817, 22.7111, 37.8179);
const INSIDE = { lat: 37.81745, lng: 22.71055, altitude: 380 };
const ELSEWHERE = { lat: 37.81745, lng: 22.73335, altitude: 380 };

const byPath = (files: DatasetFileView[], name: string) => files.find((file) => file.path.endsWith(name));

async function validated(files: { name: string; body: Buffer }[], ring = RING) {
  const customer = await customerWithReport(ctx, { ring });
  const data = await uploadAndValidate(customer, files);
  return { customer, data, files: data.dataset?.files ?? [] };
}

describe('zip safety', () => {
  it('refuses a zip with a path-traversal entry as a whole', async () => {
    const zip = await buildZip([
      { name: 'good.jpg', data: await geotaggedJpeg({ gps: INSIDE }) },
      { name: '../evil.jpg', data: await geotaggedJpeg({ gps: INSIDE }) },
    ]);
    const { data, files } = await validated([{ name: 'flight.zip', body: zip }]);
    expect(files).toEqual([
      expect.objectContaining({ path: 'flight.zip', status: 'rejected', reason: 'unsafe_zip' }),
    ]);
    expect(files[0]?.message).toContain('../evil.jpg');
    expect(data.dataset?.status).toBe('rejected');
    expect(data.dataset?.message).toBe(DATASET_MESSAGES.noValidImage);
    expect(data.report.status).toBe('processing');
  });

  it('refuses absolute paths and backslash traversal', async () => {
    for (const name of ['/etc/evil.jpg', '..\\evil.jpg', 'C:/evil.jpg']) {
      const zip = await buildZip([{ name, data: await geotaggedJpeg({ gps: INSIDE }) }]);
      const { files } = await validated([{ name: 'flight.zip', body: zip }]);
      expect(files[0]?.reason, name).toBe('unsafe_zip');
    }
  });

  it('refuses a zip holding a symbolic link', async () => {
    const zip = await buildZip([
      { name: 'good.jpg', data: await geotaggedJpeg({ gps: INSIDE }) },
      { name: 'link.jpg', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 },
    ]);
    const { files } = await validated([{ name: 'flight.zip', body: zip }]);
    expect(files).toEqual([expect.objectContaining({ reason: 'unsafe_zip' })]);
    expect(files[0]?.message).toContain('symbolic link');
  });

  it('refuses a zip bomb (1 GB of zeros in about 1 MB) from its directory, before extracting', async () => {
    const zip = await buildZip([{ name: 'zeros.jpg', zeros: 1024 ** 3 }]);
    expect(zip.length).toBeLessThan(2 * 1024 * 1024);
    const { files } = await validated([{ name: 'bomb.zip', body: zip }]);
    expect(files).toEqual([expect.objectContaining({ path: 'bomb.zip', reason: 'zip_bomb' })]);
  });

  it('refuses a zip with more entries than the limit', async () => {
    const tiny = Buffer.from('x');
    const zip = await buildZip(Array.from({ length: 41 }, (_, i) => ({ name: `f${i}.jpg`, data: tiny })));
    const { files } = await validated([{ name: 'many.zip', body: zip }]);
    expect(files).toEqual([expect.objectContaining({ reason: 'too_many_entries' })]);
  });
});

describe('each file by its bytes and position', () => {
  it('refuses a PNG renamed .jpg, a photo without GPS and a photo from another field', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const { data, files } = await validated([
      { name: 'renamed.jpg', body: png },
      { name: 'no-gps.jpg', body: await geotaggedJpeg({}) },
      { name: 'neighbour.jpg', body: await geotaggedJpeg({ gps: ELSEWHERE }) },
    ]);
    expect(byPath(files, 'renamed.jpg')).toMatchObject({ status: 'rejected', reason: 'unsupported_type' });
    expect(byPath(files, 'renamed.jpg')?.message).toContain('PNG');
    expect(byPath(files, 'no-gps.jpg')).toMatchObject({ status: 'rejected', reason: 'no_gps' });
    const neighbour = byPath(files, 'neighbour.jpg');
    expect(neighbour).toMatchObject({ status: 'rejected', reason: 'outside_field' });
    expect(neighbour?.message).toMatch(/taken 19\d\d m outside the field/);
    expect(data.dataset?.status).toBe('rejected');
    expect(data.dataset?.message).toBe(DATASET_MESSAGES.noValidImage);
  });

  it('accepts the valid photos of a mixed zip, lists the others, and moves the report to processing_data', async () => {
    const zip = await buildZip([
      { name: 'DCIM/DJI_0001.JPG', data: await geotaggedJpeg({ gps: INSIDE }) },
      // Within the 30 m buffer just outside the east edge.
      { name: 'DCIM/DJI_0002.JPG', data: await geotaggedJpeg({ gps: { ...INSIDE, lng: 22.7112 } }) },
      { name: 'DCIM/DJI_0003.JPG', data: await geotaggedJpeg({}) },
      { name: 'DCIM/notes.txt', data: Buffer.from('flight notes'), deflate: true },
      { name: '__MACOSX/DCIM/._DJI_0001.JPG', data: Buffer.from('resource fork') },
    ]);
    const { data, files, customer } = await validated([{ name: 'flight.zip', body: zip }]);
    expect(data.dataset?.status, JSON.stringify(files)).not.toBe('rejected');
    expect(data.dataset).toMatchObject({ filesAccepted: 2, filesRejected: 2, kind: 'photos' });
    expect(byPath(files, 'DJI_0001.JPG')).toMatchObject({
      status: 'accepted',
      kind: 'photo',
      lat: INSIDE.lat,
    });
    expect(byPath(files, 'DJI_0002.JPG')).toMatchObject({ status: 'accepted' });
    expect(byPath(files, 'DJI_0003.JPG')).toMatchObject({ reason: 'no_gps' });
    expect(byPath(files, 'notes.txt')).toMatchObject({ reason: 'unsupported_type' });
    expect(files.some((file) => file.path.includes('__MACOSX'))).toBe(false);
    // Rejected files come first, so a long list still shows every problem.
    expect(files.slice(0, 2).every((file) => file.status === 'rejected')).toBe(true);
    const after = await reportData(customer.http, customer.report.uuid);
    expect(after.report.status).toBe('processing_data');
    expect(after.canUpload).toBe(false);
  });
});

describe('GeoTIFF orthomosaics', () => {
  /** A 200 × 200 px RGB GeoTIFF in UTM 34N (EPSG:32634), 0.5 m pixels, centred on a WGS84 point. */
  async function utmGeoTiff(name: string, centre: { lng: number; lat: number }) {
    const epsg = 32634;
    const [x, y] = fromWgs84(proj4ForEpsg(epsg) as string)(centre.lng, centre.lat);
    const file = path.join(scratch, name);
    await writeGeoTiff(file, {
      width: 200,
      height: 200,
      bands: 3,
      sampleType: 'uint8',
      geoTransform: [x - 50, 0.5, 0, y + 50, 0, -0.5],
      epsg,
      renderWindow: (_x, _y, w, h) => new Uint8Array(w * h * 3).fill(90),
    });
    return readFile(file);
  }

  it('accepts one whose footprint (reprojected from UTM) overlaps the field, refuses one elsewhere', async () => {
    const overlapping = await validated([{ name: 'ortho.tif', body: await utmGeoTiff('a.tif', INSIDE) }]);
    expect(overlapping.files).toEqual([
      expect.objectContaining({ path: 'ortho.tif', status: 'accepted', kind: 'orthomosaic' }),
    ]);
    expect(overlapping.data.dataset?.kind).toBe('raster');

    const away = await validated([{ name: 'ortho.tif', body: await utmGeoTiff('b.tif', ELSEWHERE) }]);
    expect(away.files).toEqual([expect.objectContaining({ status: 'rejected', reason: 'outside_field' })]);
    expect(away.data.dataset?.status).toBe('rejected');
  });
});

describe('real drone imagery (../shared/datasets)', () => {
  const seneca = SENECA_DIR;
  const micasense = MICASENSE_DIR;

  it.skipIf(skipUnlessCi(hasSeneca))(
    'accepts the senseFly NIR JPEGs for a polygon drawn around them and refuses them elsewhere',
    async () => {
      const names = ['IMG_0476.jpg', 'IMG_0477.jpg', 'IMG_0478.jpg'];
      const zip = await buildZip(
        await Promise.all(
          names.map(async (name) => ({ name, data: await readFile(path.join(seneca, name)) })),
        ),
      );
      // SOURCE.md: lat 41.036438 … 41.037175 N, lon −83.305956 … −83.304511.
      const around = rectangleRing(-83.3065, 41.036, -83.304, 41.0376);
      const accepted = await validated([{ name: 'seneca.zip', body: zip }], around);
      expect(accepted.data.dataset?.filesAccepted).toBe(3);
      expect(accepted.files.every((file) => file.status === 'accepted')).toBe(true);

      const elsewhere = rectangleRing(22.71, 37.817, 22.7111, 37.8179);
      const refused = await validated([{ name: 'seneca.zip', body: zip }], elsewhere);
      expect(refused.files.map((file) => file.reason)).toEqual([
        'outside_field',
        'outside_field',
        'outside_field',
      ]);
      expect(refused.data.dataset?.status).toBe('rejected');
    },
  );

  it.skipIf(skipUnlessCi(hasMicasense))(
    'accepts the MicaSense RedEdge band TIFFs (EXIF GPS, no geotransform) as band files',
    async () => {
      const files = await Promise.all(
        [1, 2, 3, 4, 5].map(async (band) => ({
          name: `IMG_0001_${band}.tif`,
          body: await readFile(path.join(micasense, `IMG_0001_${band}.tif`)),
        })),
      );
      // SOURCE.md: 36.5760815 N, −119.4352604.
      const around = rectangleRing(-119.4362, 36.5754, -119.4344, 36.5768);
      const { data, files: verdicts } = await validated(files, around);
      expect(data.dataset?.filesAccepted).toBe(5);
      expect(verdicts.every((file) => file.kind === 'band')).toBe(true);
    },
  );
});
