import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPhotoMetadata } from '../metadata/read-photo-metadata.ts';
import { datasetDir, MICASENSE_DIR, skipUnlessCi } from '../test-support/paths.ts';
import type { PhotoMetadata } from '../types.ts';
import { decideHeight, findGroundCaptures } from './height-source.ts';

const DJI_DIR = datasetDir('dji-phantom3-brighton-beach');
const have = existsSync(DJI_DIR) && existsSync(MICASENSE_DIR);
// SOURCE.md: flight GPS altitude 174.527 m, panel (ground) capture 101.861 m.
const FRESNO_HEIGHT_M = 174.527 - 101.861;

describe.skipIf(skipUnlessCi(have))('height above ground of the real captures', () => {
  const read = (dir: string, name: string) => readPhotoMetadata(join(dir, name));

  it('DJI: the relative altitude, whatever the field altitude', async () => {
    const dji = await read(DJI_DIR, 'DJI_0024.JPG');
    const decision = decideHeight(dji, { fieldAltitudeM: 0 });
    expect(decision).toMatchObject({ heightM: 39.9, source: 'relative-altitude', needsConfirmation: null });
    expect(decision.gsdM).toBeGreaterThan(0.01);
  });

  it('MicaSense: the panel capture is the ground reference; a field altitude of 0 is not used', async () => {
    const panel = await read(MICASENSE_DIR, 'IMG_0000_4.tif');
    const flight = await read(MICASENSE_DIR, 'IMG_0001_4.tif');
    const { groundIndices, reference } = findGroundCaptures([panel, flight]);
    expect(groundIndices).toEqual([0]);
    const decision = decideHeight(flight, { ground: reference, fieldAltitudeM: 0 });
    expect(decision.source).toBe('ground-capture');
    expect(decision.heightM).toBeCloseTo(FRESNO_HEIGHT_M, 3);
    expect(decision.gsdM).toBeCloseTo(0.0496, 3);
  });

  it('MicaSense flight capture alone: field altitude 0 implies 174.5 m, so staff are asked; the right one is used', async () => {
    const flight = await read(MICASENSE_DIR, 'IMG_0001_4.tif');
    expect(findGroundCaptures([flight]).reference).toBeNull();
    const zero = decideHeight(flight, { fieldAltitudeM: 0 });
    expect(zero).toMatchObject({ heightM: null, source: 'field-altitude' });
    expect(zero.needsConfirmation).toMatch(/174\.5 m, outside the plausible 5–150 m/);
    expect(zero.impliedHeightM).toBeCloseTo(174.527, 3);
    const typed = decideHeight(flight, { fieldAltitudeM: 100 });
    expect(typed).toMatchObject({ source: 'field-altitude', needsConfirmation: null });
    expect(typed.heightM).toBeCloseTo(74.527, 3);
    const confirmed = decideHeight(flight, { fieldAltitudeM: 0, confirmedHeightM: 72 });
    expect(confirmed).toMatchObject({ heightM: 72, source: 'staff-confirmed', needsConfirmation: null });
  });
});

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
    gps: { lat: 38, lng: 22, altitude: 300, source: 'exif' },
    relativeAltitude: null,
    yawDeg: null,
    gimbalYawDeg: null,
    flightYawDeg: null,
    pitchDeg: null,
    rollDeg: null,
    focalLengthMm: 8.8,
    sensorWidthMm: 13.2,
    sensorHeightMm: 8.8,
    horizontalFovDeg: null,
    band: null,
    ...overrides,
  };
}

describe('decideHeight', () => {
  it('refuses an implausible relative altitude and a ground pixel out of range', () => {
    expect(decideHeight(photo({ relativeAltitude: 400 })).needsConfirmation).toMatch(/400 m, outside/);
    // 140 m with a 1 mm focal length: a 46 cm pixel.
    const wide = decideHeight(photo({ relativeAltitude: 140, focalLengthMm: 1 }));
    expect(wide.needsConfirmation).toMatch(/ground pixels of 46\.2 cm/);
  });

  it('asks when GPS and barometric heights above the ground capture disagree', () => {
    const flight = photo({ pressureAltitudeM: 340 });
    const decision = decideHeight(flight, { ground: { gpsAltitudeM: 250, pressureAltitudeM: 300 } });
    expect(decision.needsConfirmation).toMatch(/disagree/);
    const pressureOnly = decideHeight(
      photo({ gps: { lat: 38, lng: 22, altitude: null, source: 'exif' }, pressureAltitudeM: 340 }),
      {
        ground: { gpsAltitudeM: null, pressureAltitudeM: 300 },
      },
    );
    expect(pressureOnly).toMatchObject({ heightM: 40, source: 'pressure-ground-capture' });
  });

  it('asks when there is no evidence at all', () => {
    const decision = decideHeight(photo({ gps: { lat: 38, lng: 22, altitude: null, source: 'exif' } }));
    expect(decision).toMatchObject({ heightM: null, source: 'unknown' });
    expect(decision.needsConfirmation).toMatch(/no height above ground/);
  });

  it('a take-off shot with a relative altitude near 0 is a ground capture, not a survey photo', () => {
    const { groundIndices } = findGroundCaptures([
      photo({ relativeAltitude: 0.4 }),
      photo({ relativeAltitude: 60 }),
    ]);
    expect(groundIndices).toEqual([0]);
  });
});
