import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadCapture } from '../capture/load-capture.ts';
import { datasetDir, MICASENSE_DIR, SENECA_DIR, skipUnlessCi } from '../test-support/paths.ts';
import type { PhotoMetadata, PixelStats } from '../types.ts';
import { FALSE_COLOUR_REASON, indicesFor, recogniseCamera } from './camera-model.ts';
import { readPhotoMetadata } from './read-photo-metadata.ts';

const DJI_DIR = datasetDir('dji-phantom3-brighton-beach');
const haveAll = existsSync(DJI_DIR) && existsSync(SENECA_DIR) && existsSync(MICASENSE_DIR);

const COLOUR: PixelStats = { green: 0.62, magenta: 0, red: 0, blue: 0.08 };
const NIR_RED: PixelStats = { green: 0, magenta: 0.38, red: 0.34, blue: 0.35 };

function photo(overrides: Partial<PhotoMetadata>): PhotoMetadata {
  return {
    format: 'jpeg',
    width: 4000,
    height: 3000,
    bitsPerSample: 8,
    samplesPerPixel: 3,
    make: null,
    model: null,
    camera: null,
    capturedAt: null,
    gps: null,
    relativeAltitude: null,
    yawDeg: null,
    gimbalYawDeg: null,
    flightYawDeg: null,
    pitchDeg: null,
    rollDeg: null,
    focalLengthMm: null,
    sensorWidthMm: null,
    sensorHeightMm: null,
    horizontalFovDeg: null,
    band: null,
    ...overrides,
  };
}

describe.skipIf(skipUnlessCi(haveAll))(
  'recogniseCamera on the real captures (metadata read by the project)',
  () => {
    it('DJI Phantom 3 (FC300S): an RGB camera from the catalogue', async () => {
      const camera = recogniseCamera(await readPhotoMetadata(join(DJI_DIR, 'DJI_0024.JPG')));
      expect(camera).toMatchObject({
        kind: 'rgb',
        label: 'DJI Phantom 3',
        method: 'catalogue',
        needsConfirmation: null,
      });
      expect(camera.channels).toEqual({ red: 0, green: 1, blue: 2, nir: null, redEdge: null });
      expect(camera.indices).toEqual(['vari', 'tgi', 'gli']);
    });

    it('the Seneca Canon on a senseFly drone with red vegetation: NIR-modified, NIR in the red channel', async () => {
      for (const name of ['IMG_0476.jpg', 'IMG_0478.jpg', 'IMG_0481.jpg']) {
        const metadata = await readPhotoMetadata(join(SENECA_DIR, name));
        expect(metadata.xmpNamespaces).toContain('sensefly');
        const camera = recogniseCamera(metadata);
        expect(camera).toMatchObject({
          kind: 'nir-modified',
          method: 'catalogue-and-pixels',
          needsConfirmation: null,
        });
        expect(camera.channels).toEqual({ red: 2, green: 1, blue: null, nir: 0, redEdge: null });
        expect(camera.indices).toContain('ndvi');
      }
    });

    it('the analysis reads a NIR-modified photo’s channels by their roles: NDVI from red (NIR) and blue (visible)', async () => {
      const path = join(SENECA_DIR, 'IMG_0478.jpg');
      const planes = await loadCapture({ paths: [path] }, 300);
      expect(planes).toMatchObject({ kind: 'multispectral', radiometry: 'digital-numbers', blue: null });
      const { data } = await sharp(path)
        .resize(planes.width, planes.height, { fit: 'fill' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const i = 1000;
      expect(planes.nir?.[i]).toBeCloseTo((data[i * 3] as number) / 255, 5);
      expect(planes.red[i]).toBeCloseTo((data[i * 3 + 2] as number) / 255, 5);
    });

    it('MicaSense RedEdge band set: multispectral from the XMP band names and wavelengths', async () => {
      const files = await Promise.all(
        [1, 2, 3, 4, 5].map((band) => readPhotoMetadata(join(MICASENSE_DIR, `IMG_0001_${band}.tif`))),
      );
      const camera = recogniseCamera(files);
      expect(camera).toMatchObject({
        kind: 'multispectral',
        label: 'MicaSense RedEdge',
        method: 'band-metadata',
      });
      expect(camera.bandFiles).toEqual({ blue: 1, green: 2, red: 3, nir: 4, redEdge: 5 });
      expect(camera.wavelengthsNm).toEqual({ blue: 475, green: 560, red: 668, nir: 840, redEdge: 717 });
      expect(camera.indices).toEqual(['ndvi', 'ndre', 'gndvi', 'gli']);
      expect(files[0]?.pressureAltitudeM).toBeCloseTo(175.55, 1);
    });
  },
);

describe('recogniseCamera from the catalogue and the pixel statistic', () => {
  it('MAPIR Survey3 filters map NIR to their documented channel', () => {
    const rgn = recogniseCamera(photo({ make: 'MAPIR', model: 'Survey3W_RGN' }));
    expect(rgn).toMatchObject({ kind: 'nir-modified', method: 'catalogue' });
    expect(rgn.channels).toMatchObject({ red: 0, nir: 2 });
    const ngb = recogniseCamera(photo({ make: 'MAPIR', model: 'Survey3N_NGB' }));
    expect(ngb.channels).toMatchObject({ red: 2, nir: 0 });
    expect(recogniseCamera(photo({ make: 'MAPIR', model: 'Survey3W_OCN' })).channels).toMatchObject({
      nir: 2,
    });
  });

  it('the same Canon compact without senseFly XMP or with colour pixels stays RGB', () => {
    const canon = { make: 'Canon', model: 'Canon PowerShot ELPH 300 HS' };
    expect(recogniseCamera(photo({ ...canon, xmpNamespaces: ['sensefly'] }), COLOUR).kind).toBe('rgb');
    // Red pixels but not flown by senseFly: unknown configuration, staff are asked.
    const unflown = recogniseCamera(photo(canon), NIR_RED);
    expect(unflown).toMatchObject({ kind: 'rgb', method: 'unconfirmed-false-colour' });
    expect(unflown.needsConfirmation).toBe(FALSE_COLOUR_REASON);
  });

  it('an unknown camera with false-colour pixels is flagged for staff, never read as RGB silently', () => {
    const camera = recogniseCamera(photo({ make: 'Acme', model: 'X1' }), NIR_RED);
    expect(camera.method).toBe('unconfirmed-false-colour');
    expect(camera.needsConfirmation).toMatch(/confirm which channel holds NIR/);
    expect(recogniseCamera(photo({ make: 'Acme', model: 'X1' }), COLOUR)).toMatchObject({
      kind: 'rgb',
      method: 'assumed-rgb',
      needsConfirmation: null,
    });
  });

  it('a layout confirmed by staff wins over the statistic', () => {
    const camera = recogniseCamera(photo({ make: 'Acme', model: 'X1', confirmedLayout: 'ngb' }), NIR_RED);
    expect(camera).toMatchObject({
      kind: 'nir-modified',
      method: 'staff-confirmed',
      needsConfirmation: null,
    });
    expect(camera.channels?.nir).toBe(0);
  });

  it('DJI P4 Multispectral and Parrot Sequoia band files are mapped by band name', () => {
    const band = (name: string, index: number, nm: number) =>
      photo({ make: 'DJI', model: 'FC6360', band: { name, index, centralWavelengthNm: nm, captureId: 'c' } });
    const p4m = recogniseCamera([
      band('Blue', 1, 450),
      band('Green', 2, 560),
      band('Red', 3, 650),
      band('RedEdge', 4, 730),
      band('NIR', 5, 840),
    ]);
    expect(p4m).toMatchObject({ kind: 'multispectral', label: 'DJI Phantom 4 Multispectral' });
    expect(p4m.bandFiles).toEqual({ blue: 1, green: 2, red: 3, redEdge: 4, nir: 5 });
    const seq = (name: string, index: number, nm: number) =>
      photo({
        make: 'Parrot',
        model: 'Sequoia',
        band: { name, index, centralWavelengthNm: nm, captureId: 'c' },
      });
    const sequoia = recogniseCamera([
      seq('Green', 1, 550),
      seq('Red', 2, 660),
      seq('Red edge', 3, 735),
      seq('NIR', 4, 790),
    ]);
    expect(sequoia.label).toBe('Parrot Sequoia');
    expect(sequoia.indices).toEqual(['ndvi', 'ndre', 'gndvi']);
  });

  it('indices follow the bands', () => {
    expect(indicesFor(['red', 'green', 'nir'])).toEqual(['ndvi', 'gndvi']);
    expect(indicesFor(['red', 'green', 'blue'])).toEqual(['vari', 'tgi', 'gli']);
  });
});
