import { describe, expect, it } from 'vitest';
import type { PhotoMetadata } from '../types.ts';
import { groupCaptures } from './group-captures.ts';

function file(
  path: string,
  band: { name: string; captureId: string | null } | null,
): { path: string; metadata: PhotoMetadata } {
  return {
    path,
    metadata: {
      format: 'tiff',
      width: 1600,
      height: 1300,
      bitsPerSample: 16,
      samplesPerPixel: 1,
      make: 'DJI',
      model: 'M3M',
      camera: 'DJI M3M',
      capturedAt: null,
      gps: null,
      relativeAltitude: 60,
      yawDeg: null,
      gimbalYawDeg: null,
      flightYawDeg: null,
      pitchDeg: null,
      rollDeg: null,
      focalLengthMm: null,
      sensorWidthMm: null,
      sensorHeightMm: null,
      horizontalFovDeg: null,
      band: band ? { name: band.name, index: 0, centralWavelengthNm: null, captureId: band.captureId } : null,
    },
  };
}

describe('groupCaptures', () => {
  it('groups Mavic 3M and Sequoia band files by name when they carry no capture id; the RGB photo stays alone', () => {
    const groups = groupCaptures([
      file('f/DJI_20240501101010_0001_D.JPG', null),
      file('f/DJI_20240501101010_0001_MS_G.TIF', { name: 'Green', captureId: null }),
      file('f/DJI_20240501101010_0001_MS_R.TIF', { name: 'Red', captureId: null }),
      file('f/DJI_20240501101010_0001_MS_RE.TIF', { name: 'RedEdge', captureId: null }),
      file('f/DJI_20240501101010_0001_MS_NIR.TIF', { name: 'NIR', captureId: null }),
      file('s/IMG_180101_101010_0002_GRE.TIF', { name: 'Green', captureId: null }),
      file('s/IMG_180101_101010_0002_NIR.TIF', { name: 'NIR', captureId: null }),
      file('s/IMG_180101_101012_0003_GRE.TIF', { name: 'Green', captureId: null }),
    ]);
    expect(groups.map((g) => g.paths.length)).toEqual([1, 4, 2, 1]);
  });

  it('groups DJI P4 Multispectral bands (DJI_0011 … DJI_0015) by their CaptureUUID', () => {
    const groups = groupCaptures(
      ['Blue', 'Green', 'Red', 'RedEdge', 'NIR'].map((name, i) =>
        file(`p/DJI_001${i + 1}.TIF`, { name, captureId: 'uuid-1' }),
      ),
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]?.paths).toHaveLength(5);
  });
});
