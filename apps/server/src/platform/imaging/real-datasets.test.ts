// Real drone imagery from ../shared/datasets (see each folder's SOURCE.md); skipped when absent.
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otsuThreshold } from './analysis/otsu.ts';
import { loadCapture } from './capture/load-capture.ts';
import { rawToReflectance, readRadiometry } from './capture/radiometry.ts';
import {
  datasetStatistics,
  detectStress,
  groupCaptures,
  measurePhoto,
  photoFootprint,
  readPhotoMetadata,
} from './index.ts';
import { distanceM } from './raster/open-raster.ts';
import {
  DJI_PARK_DIR,
  hasDjiPark,
  hasMicasense,
  hasSeneca,
  MICASENSE_DIR,
  SENECA_DIR,
  skipUnlessCi,
  temporaryDir,
} from './test-support/paths.ts';

const SENECA = [
  'IMG_0476.jpg',
  'IMG_0477.jpg',
  'IMG_0478.jpg',
  'IMG_0479.jpg',
  'IMG_0480.jpg',
  'IMG_0481.jpg',
];
const MICASENSE_BANDS = [1, 2, 3, 4, 5].map((band) => join(MICASENSE_DIR, `IMG_0001_${band}.tif`));
// SOURCE.md: GPS altitude of the flight capture minus the ground (panel) capture ≈ 72.7 m.
const MICASENSE_HEIGHT_M = 174.527 - 101.861;

function bearingDeg(from: [number, number], to: [number, number]): number {
  const rad = Math.PI / 180;
  const east = (to[0] - from[0]) * Math.cos(from[1] * rad);
  const north = to[1] - from[1];
  return (((Math.atan2(east, north) / rad) % 360) + 360) % 360;
}

function pointInRing(point: [number, number], ring: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi)
      inside = !inside;
  }
  return inside;
}

describe.skipIf(skipUnlessCi(hasSeneca))('senseFly NIR photos (odm-seneca-nir-farm)', () => {
  it('reads EXIF GPS and senseFly XMP height, heading, pitch and roll', async () => {
    const metadata = await readPhotoMetadata(join(SENECA_DIR, 'IMG_0476.jpg'));
    expect(metadata).toMatchObject({
      format: 'jpeg',
      width: 3600,
      height: 2700,
      model: 'Canon PowerShot ELPH 300 HS',
    });
    expect(metadata.camera).toBe('Canon PowerShot ELPH 300 HS');
    expect(metadata.gps?.source).toBe('exif');
    expect(metadata.gps?.lat).toBeCloseTo(41.0364383, 6);
    expect(metadata.gps?.lng).toBeCloseTo(-83.3059563, 6);
    // EXIF altitude is the ellipsoidal height here, not a height above ground.
    expect(metadata.gps?.altitude).toBeCloseTo(278.708, 2);
    expect(metadata.relativeAltitude).toBeCloseTo(68.3613, 3);
    expect(metadata.yawDeg).toBeCloseTo(62.0501, 3);
    expect(metadata.pitchDeg).toBeCloseTo(9.0322, 3);
    expect(metadata.rollDeg).toBeCloseTo(-2.8449, 3);
    expect(metadata.focalLengthMm).toBe(4.3);
    // FocalPlaneXResolution refers to the 4000-px EXIF width: 4000 / (16393.44 / 25.4) ≈ 6.20 mm.
    expect(metadata.sensorWidthMm).toBeCloseTo(6.1976, 3);
  });

  it('has a plausible nadir footprint: size from height and optics, turned by the heading, overlapping its neighbour', async () => {
    const photos = await Promise.all(SENECA.map((file) => readPhotoMetadata(join(SENECA_DIR, file))));
    const [first, second] = photos as [(typeof photos)[0], (typeof photos)[0]];
    const ring = photoFootprint(first)?.coordinates[0] as [number, number][];
    expect(ring).toHaveLength(5);
    const [topLeft, bottomLeft, bottomRight] = ring as [[number, number], [number, number], [number, number]];
    const expectedWidth = (68.3613 * 6.1976) / 4.3; // ≈ 98.5 m
    expect(distanceM(bottomLeft, bottomRight)).toBeCloseTo(expectedWidth, 0);
    expect(distanceM(bottomLeft, topLeft)).toBeCloseTo((expectedWidth * 2700) / 3600, 0);
    // The image's up direction on the ground is the heading.
    expect(bearingDeg(bottomLeft, topLeft)).toBeCloseTo(62.05, 0);
    // Centred on the GPS position, and the next frame (≈ 30 m on) lies inside this footprint.
    const centre: [number, number] = [(topLeft[0] + bottomRight[0]) / 2, (topLeft[1] + bottomRight[1]) / 2];
    expect(distanceM(centre, [first.gps?.lng as number, first.gps?.lat as number])).toBeLessThan(0.01);
    const next: [number, number] = [second.gps?.lng as number, second.gps?.lat as number];
    expect(distanceM(centre, next)).toBeGreaterThan(15);
    expect(pointInRing(next, ring)).toBe(true);
  });
});

describe.skipIf(skipUnlessCi(hasMicasense))('MicaSense RedEdge capture (micasense-rededge-fresno)', () => {
  let out: { path: string; remove: () => Promise<void> };
  beforeAll(async () => {
    out = await temporaryDir();
  });
  afterAll(async () => {
    await out.remove();
  });

  it('reads the band of each lens, the capture id and the EXIF position', async () => {
    const metadata = await Promise.all(MICASENSE_BANDS.map((path) => readPhotoMetadata(path)));
    expect(metadata.map((m) => m.band?.name)).toEqual(['Blue', 'Green', 'Red', 'NIR', 'Red edge']);
    expect(metadata.map((m) => m.band?.index)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(metadata.map((m) => m.band?.captureId)).size).toBe(1);
    expect(metadata[0]).toMatchObject({
      format: 'tiff',
      width: 1280,
      height: 960,
      bitsPerSample: 16,
      relativeAltitude: null,
    });
    expect(metadata[0]?.camera).toBe('MicaSense RedEdge');
    expect(metadata[0]?.gps?.lat).toBeCloseTo(36.5760815, 6);
    expect(metadata[0]?.gps?.lng).toBeCloseTo(-119.4352604, 6);
    const groups = groupCaptures(
      MICASENSE_BANDS.map((path, i) => ({ path, metadata: metadata[i] as (typeof metadata)[0] })),
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]?.paths).toHaveLength(5);
    // Without RelativeAltitude the footprint needs the height above ground: ≈ 5 cm pixels at 72.7 m.
    expect(photoFootprint(metadata[3] as (typeof metadata)[0])).toBeNull();
    const ring = photoFootprint(metadata[3] as (typeof metadata)[0], {
      heightAboveGroundM: MICASENSE_HEIGHT_M,
    })?.coordinates[0] as [number, number][];
    expect(distanceM(ring[1] as [number, number], ring[2] as [number, number]) / 1280).toBeCloseTo(0.0496, 3);
  });

  it('aligns the five lenses so that NDVI separates the vine rows from the soil', async () => {
    const capture = await loadCapture({ paths: MICASENSE_BANDS }, 2048);
    const ndvi = (x: number, y: number) => {
      const i = y * capture.width + x;
      const nir = (capture.nir as Float32Array)[i] as number;
      const red = capture.red[i] as number;
      return (nir - red) / (nir + red);
    };
    const mean = (x0: number, y0: number, x1: number, y1: number) => {
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += ndvi(x, y);
      return sum / ((x1 - x0) * (y1 - y0));
    };
    // Left half: trellised rows; the dirt road runs down the middle (SOURCE.md).
    const rows = mean(20, 20, 520, 800);
    const road = mean(590, 350, 640, 500);
    expect(rows).toBeGreaterThan(0.65);
    expect(road).toBeLessThan(0.35);

    // Separability of NDVI (Otsu's between-class / total variance) is higher after alignment
    // than with the raw, mis-registered red and NIR frames.
    const separability = (values: number[]) => {
      const counts = new Float64Array(256);
      for (const v of values) {
        const bin = Math.max(0, Math.min(255, Math.floor((v + 1) * 128)));
        counts[bin] = (counts[bin] as number) + 1;
      }
      const t = otsuThreshold(counts, -1, 1);
      const all = values.reduce((s, v) => s + v, 0) / values.length;
      const high = values.filter((v) => v > t);
      const low = values.filter((v) => v <= t);
      const m = (list: number[]) => list.reduce((s, v) => s + v, 0) / list.length;
      const total = values.reduce((s, v) => s + (v - all) ** 2, 0);
      return (high.length * (m(high) - all) ** 2 + low.length * (m(low) - all) ** 2) / total;
    };
    const band = async (path: string) => {
      const { data } = await sharp(path)
        .toColourspace('grey16')
        .raw({ depth: 'ushort' })
        .toBuffer({ resolveWithObject: true });
      const raw = new Uint16Array(data.buffer, data.byteOffset, data.byteLength / 2);
      return rawToReflectance(raw, 1280, 960, await readRadiometry(path, 16));
    };
    const [red, nir] = await Promise.all([
      band(MICASENSE_BANDS[2] as string),
      band(MICASENSE_BANDS[3] as string),
    ]);
    const aligned: number[] = [];
    const unaligned: number[] = [];
    for (let i = 0; i < red.length; i += 3) {
      if (!capture.valid[i]) continue;
      aligned.push(ndvi(i % 1280, Math.floor(i / 1280)));
      unaligned.push(((nir[i] as number) - (red[i] as number)) / ((nir[i] as number) + (red[i] as number)));
    }
    const [withAlignment, without] = [separability(aligned), separability(unaligned)];
    console.log(
      `NDVI rows ${rows.toFixed(2)} vs road ${road.toFixed(2)}; separability aligned ${withAlignment.toFixed(3)} vs unaligned ${without.toFixed(3)}`,
    );
    expect(withAlignment).toBeGreaterThan(without + 0.03);
  });

  it('puts every stress box on vegetation', async () => {
    const input = { paths: MICASENSE_BANDS, heightAboveGroundM: MICASENSE_HEIGHT_M };
    const statistics = datasetStatistics([await measurePhoto(input)]);
    expect(statistics.indicators.ndvi?.median).toBeGreaterThan(0.6);
    const analysis = await detectStress(input, statistics, {
      hdPath: join(out.path, 'IMG_0001-hd.jpg'),
      imageId: 'IMG_0001',
    });
    expect(analysis.hd).toEqual({ w: 1280, h: 960 });
    expect(await sharp(join(out.path, 'IMG_0001-hd.jpg')).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1280,
      height: 960,
    });
    expect(analysis.boxes.length).toBeGreaterThan(0);
    const capture = await loadCapture(input, 2048);
    for (const box of analysis.boxes) {
      const { x, y, w, h } = box.thr_coords;
      let sum = 0;
      for (let row = y; row < y + h; row++) {
        for (let col = x; col < x + w; col++) {
          const i = row * capture.width + col;
          const nir = (capture.nir as Float32Array)[i] as number;
          sum += (nir - (capture.red[i] as number)) / (nir + (capture.red[i] as number));
        }
      }
      // Bare soil and road are ≈ 0.24 in this capture; vegetation ≥ 0.5.
      expect(sum / (w * h)).toBeGreaterThan(0.4);
      expect(distanceM([box.lng, box.lat], [-119.4352604, 36.5760815])).toBeLessThan(50);
      expect(box.classification.label).toBe('Not Classified');
    }
  });
});

describe.skipIf(skipUnlessCi(hasDjiPark))('DJI Phantom 3 park frames (dji-phantom3-brighton-beach)', () => {
  let out: { path: string; remove: () => Promise<void> };
  beforeAll(async () => {
    out = await temporaryDir();
  });
  afterAll(async () => {
    await out.remove();
  });

  // Scattered park trees once read as "rows" 7.5–8 m apart (strength 0.26–0.35) at 5.1 cm
  // pixels: cells across their crowns, boxes up to 3.8 m reaching onto the road.
  it('finds no planted rows among park trees, so boxes stay plant-sized at pixel sizes near the default', async () => {
    const inputs = ['DJI_0024.JPG', 'DJI_0025.JPG', 'DJI_0026.JPG'].map((file) => ({
      paths: [join(DJI_PARK_DIR, file)],
    }));
    for (const analysisGsdM of [0.051, 0.052]) {
      const options = { analysisGsdM };
      const statistics = datasetStatistics(
        await Promise.all(inputs.map((input) => measurePhoto(input, options))),
      );
      for (const [i, input] of inputs.entries()) {
        const imageId = `DJI_${i}`;
        const analysis = await detectStress(
          input,
          statistics,
          { hdPath: join(out.path, `${imageId}-${analysisGsdM}.jpg`), imageId },
          options,
        );
        const ground = analysis.groundResolutionM as number;
        for (const { thr_coords: box } of analysis.boxes)
          expect(Math.max(box.w * analysis.scale.x, box.h * analysis.scale.y) * ground).toBeLessThan(3);
      }
    }
  });
});
