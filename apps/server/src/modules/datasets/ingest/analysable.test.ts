import { describe, expect, it } from 'vitest';
import type { PhotoMetadata, RasterInfo } from '../../../platform/imaging/index.ts';
import { photoRefusal, rasterRefusal } from './analysable.ts';

const limits = { photoMaxPixels: 120_000_000, rasterMaxPixels: 10_000_000_000 };
const photo = (over: Partial<PhotoMetadata>) =>
  ({
    format: 'jpeg',
    width: 5472,
    height: 3648,
    bitsPerSample: 8,
    samplesPerPixel: 3,
    make: 'DJI',
    model: 'FC6310',
    camera: 'DJI FC6310',
    band: null,
    ...over,
  }) as PhotoMetadata;
const raster = (over: Partial<RasterInfo>) =>
  ({
    width: 20_000,
    height: 20_000,
    bandCount: 4,
    bitsPerSample: 8,
    sampleFormat: 'uint',
    bands: { red: 0, green: 1, blue: 2, nir: null, redEdge: null, alpha: 3 },
    ...over,
  }) as RasterInfo;

describe('what the analysis can read, decided from the headers', () => {
  it('accepts ordinary drone photos, multispectral bands and orthomosaics', () => {
    expect(photoRefusal(photo({}), limits)).toBeNull();
    expect(photoRefusal(photo({ width: 11_664, height: 8750 }), limits)).toBeNull(); // 100 MP
    const band = { name: 'Blue', index: 1, centralWavelengthNm: 475, captureId: 'x' };
    expect(photoRefusal(photo({ samplesPerPixel: 1, bitsPerSample: 16, band }), limits)).toBeNull();
    expect(photoRefusal(photo({ make: 'FLIR', model: 'Duo Pro R' }), limits)).toBeNull();
    expect(rasterRefusal(raster({}), 'orthomosaic', limits)).toBeNull();
    const dsm = raster({ bandCount: 1, bitsPerSample: 32, sampleFormat: 'float' });
    expect(
      rasterRefusal({ ...dsm, bands: { ...dsm.bands, red: null, green: null } }, 'dsm', limits),
    ).toBeNull();
  });

  it('refuses each kind with its reason', () => {
    expect(photoRefusal(photo({ width: 60_000, height: 60_000 }), limits)?.reason).toBe('too_many_pixels');
    expect(photoRefusal(photo({ samplesPerPixel: 1 }), limits)?.reason).toBe('unsupported_bands');
    expect(photoRefusal(photo({ bitsPerSample: 32 }), limits)?.reason).toBe('unsupported_bit_depth');
    expect(
      photoRefusal(photo({ make: 'FLIR', model: 'Vue Pro R 640', camera: 'FLIR Vue Pro R 640' }), limits),
    ).toEqual({
      reason: 'unsupported_camera',
      message:
        'FLIR Vue Pro R 640 records temperature only; the analysis needs colour or multispectral images',
    });
    expect(rasterRefusal(raster({ width: 200_000, height: 100_000 }), 'orthomosaic', limits)?.reason).toBe(
      'too_many_pixels',
    );
    expect(rasterRefusal(raster({ bitsPerSample: 12 }), 'orthomosaic', limits)?.reason).toBe(
      'unsupported_bit_depth',
    );
    const grey = raster({ bandCount: 1, bitsPerSample: 16 });
    expect(
      rasterRefusal({ ...grey, bands: { ...grey.bands, red: null, green: null } }, 'orthomosaic', limits)
        ?.reason,
    ).toBe('unsupported_bands');
  });
});
