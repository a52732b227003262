import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGeoTiff } from '../raster/write-geotiff.ts';
import { temporaryDir } from '../test-support/paths.ts';
import { readPhotoMetadata, sniffImageFormat, UnsupportedImageError } from './read-photo-metadata.ts';

const djiXmp = (attributes: string) =>
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  `<rdf:Description rdf:about="DJI Meta Data" xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" ${attributes}/>` +
  '</rdf:RDF></x:xmpmeta>';

describe('readPhotoMetadata', () => {
  let dir: { path: string; remove: () => Promise<void> };
  const image = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6e28' } });

  beforeAll(async () => {
    dir = await temporaryDir();
  });
  afterAll(async () => {
    await dir.remove();
  });

  it('identifies files by their bytes: a PNG renamed .jpg is refused', async () => {
    const path = join(dir.path, 'renamed.jpg');
    await image().png().toFile(path);
    expect(sniffImageFormat(await sharp(path).png().toBuffer())).toBeNull();
    await expect(readPhotoMetadata(path)).rejects.toBeInstanceOf(UnsupportedImageError);
  });

  it('reports no position for a photo without GPS', async () => {
    const path = join(dir.path, 'no-gps.jpg');
    await image()
      .jpeg()
      .withExif({ IFD0: { Make: 'DJI', Model: 'FC6310' } })
      .toFile(path);
    const metadata = await readPhotoMetadata(path);
    expect(metadata.format).toBe('jpeg');
    expect(metadata.gps).toBeNull();
    expect(metadata.camera).toBe('DJI FC6310');
  });

  it('reads EXIF GPS and DJI XMP: relative altitude, gimbal yaw, nadir pitch', async () => {
    const path = join(dir.path, 'dji.jpg');
    await image()
      .jpeg()
      .withExif({
        IFD0: { Make: 'DJI', Model: 'FC6310' },
        IFD2: { FocalLength: '88/10', FocalPlaneXResolution: '1000/1', FocalPlaneResolutionUnit: '4' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '37/1 49/1 102000/10000',
          GPSLongitudeRef: 'E',
          GPSLongitude: '22/1 39/1 396000/10000',
          GPSAltitudeRef: '0',
          GPSAltitude: '335000/1000',
        },
      })
      .withXmp(
        djiXmp(
          'drone-dji:RelativeAltitude="+25.00" drone-dji:GimbalYawDegree="-168.50" drone-dji:FlightYawDegree="-170.00" drone-dji:GimbalPitchDegree="-90.00"',
        ),
      )
      .toFile(path);
    const metadata = await readPhotoMetadata(path);
    expect(metadata.gps?.source).toBe('exif');
    expect(metadata.gps?.lat).toBeCloseTo(37 + 49 / 60 + 10.2 / 3600, 7);
    expect(metadata.gps?.lng).toBeCloseTo(22 + 39 / 60 + 39.6 / 3600, 7);
    expect(metadata.gps?.altitude).toBeCloseTo(335, 3);
    expect(metadata.relativeAltitude).toBe(25);
    expect(metadata.yawDeg).toBeCloseTo(191.5, 6);
    expect(metadata.gimbalYawDeg).toBe(-168.5);
    expect(metadata.flightYawDeg).toBe(-170);
    expect(metadata.pitchDeg).toBe(0);
    expect(metadata.focalLengthMm).toBeCloseTo(8.8, 6);
    // 1000 px/mm over the 64-px frame.
    expect(metadata.sensorWidthMm).toBeCloseTo(0.064, 6);
  });

  it('falls back to DJI XMP GpsLatitude / the misspelt GpsLongtitude when EXIF has no GPS', async () => {
    const path = join(dir.path, 'dji-xmp-only.jpg');
    await image()
      .jpeg()
      .withXmp(
        djiXmp(
          'drone-dji:GpsLatitude="37.81950000" drone-dji:GpsLongtitude="22.66100000" drone-dji:AbsoluteAltitude="+335.00" drone-dji:RelativeAltitude="+30.10"',
        ),
      )
      .toFile(path);
    const metadata = await readPhotoMetadata(path);
    expect(metadata.gps).toEqual({ lat: 37.8195, lng: 22.661, altitude: 335, source: 'xmp-dji' });
    expect(metadata.relativeAltitude).toBeCloseTo(30.1, 6);
  });

  it('reads 16-bit TIFFs', async () => {
    const path = join(dir.path, 'band.tif');
    await writeGeoTiff(path, {
      width: 32,
      height: 16,
      bands: 1,
      sampleType: 'uint16',
      geoTransform: [500000, 1, 0, 4000000, 0, -1],
      epsg: 32634,
      renderWindow: (_x, _y, w, h) => new Uint16Array(w * h).fill(40000),
    });
    const metadata = await readPhotoMetadata(path);
    expect(metadata).toMatchObject({ format: 'tiff', width: 32, height: 16, bitsPerSample: 16, gps: null });
    await writeFile(join(dir.path, 'empty.jpg'), Buffer.alloc(0));
    await expect(readPhotoMetadata(join(dir.path, 'empty.jpg'))).rejects.toBeInstanceOf(
      UnsupportedImageError,
    );
  });
});
