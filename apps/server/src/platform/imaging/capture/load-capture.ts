import type { ChannelMapping } from '@ampelos/domain';
import sharp from 'sharp';
import { round } from '../analysis/round.ts';
import { recogniseCamera } from '../metadata/camera-model.ts';
import { readPhotoMetadata } from '../metadata/read-photo-metadata.ts';
import { photoPixelLimit } from '../pixel-limit.ts';
import type { PhotoInput, PhotoMetadata } from '../types.ts';
import {
  estimateBandTransform,
  prepareReference,
  type ReferenceBand,
  warpToReference,
} from './band-alignment.ts';
import { type BandName, bandNameOf } from './band-names.ts';
import { isReflectance, rawToReflectance, readRadiometry } from './radiometry.ts';
import { registeredTransform } from './transform-cache.ts';

/**
 * One capture as float planes at the working resolution: 0–1 digital numbers for RGB photos,
 * approximate reflectance for calibrated multispectral bands, all on one pixel grid.
 */
export interface CapturePlanes {
  kind: 'rgb' | 'multispectral';
  width: number;
  height: number;
  /** Stored size of the (reference) image, for HD/original pixel scaling and georeferencing. */
  sourceWidth: number;
  sourceHeight: number;
  red: Float32Array;
  green: Float32Array;
  blue: Float32Array | null;
  nir: Float32Array | null;
  redEdge: Float32Array | null;
  /** 0 where a pixel is not covered by every band (after alignment) or is nodata. */
  valid: Uint8Array;
  /** 8-bit RGB (interleaved) for the HD derivative: the photo itself, or a stretched true/false colour. */
  display: Uint8Array;
  /** The photo's (reference band's) metadata; null for a GeoTIFF window. */
  metadata: PhotoMetadata | null;
  /**
   * What the values are: `reflectance` (MicaSense bands with radiometric calibration and the
   * sunlight sensor's irradiance: one index scale across a flight) or `digital-numbers` (the
   * camera's pixel values: JPEGs, NIR-modified cameras, uncalibrated bands). Index thresholds
   * meant for reflectance do not hold on digital numbers: on the NIR-modified Seneca JPEGs Otsu's
   * NDVI cut lies at 0.03–0.18, below the 0.2 that suits calibrated NDVI. Absent: unknown.
   */
  radiometry?: 'reflectance' | 'digital-numbers';
}

function fitInside(width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function loadCapture(input: PhotoInput, maxSide: number): Promise<CapturePlanes> {
  const metadata = input.metadata ?? (await Promise.all(input.paths.map((path) => readPhotoMetadata(path))));
  const [firstPath] = input.paths;
  const [firstMetadata] = metadata;
  if (!firstPath || !firstMetadata) throw new Error('A capture needs at least one file');
  if (input.paths.length === 1 && !firstMetadata.band) return loadRgb(firstPath, firstMetadata, maxSide);
  return loadBandSet(input.paths, metadata, maxSide);
}

async function loadRgb(path: string, metadata: PhotoMetadata, maxSide: number): Promise<CapturePlanes> {
  const size = fitInside(metadata.width, metadata.height, maxSide);
  const sixteenBit = metadata.bitsPerSample === 16;
  const { data, info } = await sharp(path, { limitInputPixels: photoPixelLimit() })
    .resize(size.width, size.height, { fit: 'fill' })
    .removeAlpha()
    .toColourspace(sixteenBit ? 'rgb16' : 'srgb')
    .raw({ depth: sixteenBit ? 'ushort' : 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const samples = sixteenBit
    ? new Uint16Array(data.buffer, data.byteOffset, data.byteLength / 2)
    : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return rgbPlanes(samples, info, metadata);
}

const UNIT_OF_BYTE = Float32Array.from({ length: 256 }, (_, value) => value / 255);

/** Buffers to fill instead of fresh ones (each at least the image's pixel count long). */
export interface PlaneBuffers {
  red: Float32Array;
  green: Float32Array;
  blue: Float32Array;
  valid: Uint8Array;
}

/**
 * The planes of an RGB image from its raw interleaved samples (8 or 16 bits). The 8-bit samples
 * are kept as the display image when there are exactly three channels. With `buffers`, the
 * planes are written there (reused working memory) instead of fresh arrays.
 */
export function rgbPlanes(
  samples: Uint8Array | Uint16Array,
  info: { width: number; height: number; channels: number },
  metadata: PhotoMetadata,
  buffers?: PlaneBuffers,
): CapturePlanes {
  const pixels = info.width * info.height;
  const sixteenBit = samples instanceof Uint16Array;
  const channels = info.channels;
  const full = sixteenBit ? 65535 : 255;
  const red = buffers ? buffers.red.subarray(0, pixels) : new Float32Array(pixels);
  const green = buffers ? buffers.green.subarray(0, pixels) : new Float32Array(pixels);
  const blue = buffers ? buffers.blue.subarray(0, pixels) : new Float32Array(pixels);
  const display =
    !sixteenBit && channels === 3
      ? (samples as Uint8Array).subarray(0, pixels * 3)
      : new Uint8Array(pixels * 3);
  if (sixteenBit) {
    for (let i = 0, j = 0; i < pixels; i++, j += channels) {
      red[i] = (samples[j] as number) / full;
      green[i] = (samples[j + 1] as number) / full;
      blue[i] = (samples[j + 2] as number) / full;
    }
  } else {
    // The same quotients as dividing by 255, looked up.
    for (let i = 0, j = 0; i < pixels; i++, j += channels) {
      red[i] = UNIT_OF_BYTE[samples[j] as number] as number;
      green[i] = UNIT_OF_BYTE[samples[j + 1] as number] as number;
      blue[i] = UNIT_OF_BYTE[samples[j + 2] as number] as number;
    }
  }
  if (sixteenBit) for (let i = 0; i < pixels * 3; i++) display[i] = (samples[i] as number) >> 8;
  const camera = recogniseCamera(metadata);
  if (camera.kind === 'nir-modified' && camera.channels) {
    return nirModifiedPlanes([red, green, blue], camera.channels, info, metadata, display, buffers);
  }
  return {
    kind: 'rgb',
    width: info.width,
    height: info.height,
    sourceWidth: metadata.width,
    sourceHeight: metadata.height,
    red,
    green,
    blue,
    nir: null,
    redEdge: null,
    valid: (buffers ? buffers.valid.subarray(0, pixels) : new Uint8Array(pixels)).fill(1),
    display,
    metadata,
    radiometry: 'digital-numbers',
  };
}

/**
 * The planes of a NIR-modified single-sensor photo: the decoded channels reassigned to their
 * spectral roles (`CameraModel.channels`), so the analysis computes NDVI from the NIR channel and
 * the visible band chlorophyll absorbs. The display stays the photo as stored (false colour).
 */
function nirModifiedPlanes(
  decoded: [Float32Array, Float32Array, Float32Array],
  channels: ChannelMapping,
  info: { width: number; height: number },
  metadata: PhotoMetadata,
  display: Uint8Array,
  buffers: PlaneBuffers | undefined,
): CapturePlanes {
  const pick = (channel: 0 | 1 | 2 | null) => (channel === null ? null : decoded[channel]);
  const red = pick(channels.red);
  const nir = pick(channels.nir);
  const green = pick(channels.green);
  if (!red || !nir || !green) throw new Error('A NIR-modified camera needs red, green and NIR channels');
  const pixels = info.width * info.height;
  return {
    kind: 'multispectral',
    width: info.width,
    height: info.height,
    sourceWidth: metadata.width,
    sourceHeight: metadata.height,
    red,
    green,
    blue: pick(channels.blue),
    nir,
    redEdge: pick(channels.redEdge),
    valid: (buffers ? buffers.valid.subarray(0, pixels) : new Uint8Array(pixels)).fill(1),
    display,
    metadata,
    radiometry: 'digital-numbers',
  };
}

/** One band of a band set, calibrated (reflectance when the file says how), at its full size. */
export async function readSingleBand(path: string, metadata: PhotoMetadata) {
  const sixteenBit = metadata.bitsPerSample === 16;
  const { data, info } = await sharp(path, { limitInputPixels: photoPixelLimit() })
    .extractChannel(0)
    .toColourspace(sixteenBit ? 'grey16' : 'b-w')
    .raw({ depth: sixteenBit ? 'ushort' : 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = sixteenBit
    ? new Uint16Array(data.buffer, data.byteOffset, data.byteLength / 2)
    : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const radiometry = await readRadiometry(path, sixteenBit ? 16 : 8);
  return {
    values: rawToReflectance(raw, info.width, info.height, radiometry),
    width: info.width,
    height: info.height,
    reflectance: isReflectance(radiometry),
  };
}

// Bands are aligned to green: it sits mid-spectrum, so its edges resemble both the visible and NIR bands.
const REFERENCE_ORDER: BandName[] = ['green', 'red', 'redEdge', 'nir', 'blue'];

/**
 * A multispectral band set (one file per lens). Each band is calibrated, then registered onto the
 * reference band with `estimateBandTransform` (the lenses are not co-registered), then resized.
 */
/** The files of a band set by band (the first file of each band), and the reference band. */
function bandsOf(paths: string[], metadata: PhotoMetadata[]) {
  const bands = new Map<BandName, { path: string; metadata: PhotoMetadata }>();
  paths.forEach((path, i) => {
    const bandMetadata = metadata[i];
    const name = bandMetadata ? bandNameOf(bandMetadata.band) : null;
    if (bandMetadata && name && !bands.has(name)) bands.set(name, { path, metadata: bandMetadata });
  });
  if (!bands.has('red') || !bands.has('nir') || !bands.has('green')) {
    throw new Error('A multispectral capture needs at least green, red and NIR bands');
  }
  const referenceName = REFERENCE_ORDER.find((name) => bands.has(name)) as BandName;
  const reference = bands.get(referenceName) as { path: string; metadata: PhotoMetadata };
  return { bands, referenceName, reference };
}

/** The metadata a band set's planes carry (`CapturePlanes.metadata`): its reference band's. */
export function bandSetMetadata(paths: string[], metadata: PhotoMetadata[]): PhotoMetadata {
  return bandsOf(paths, metadata).reference.metadata;
}

async function loadBandSet(
  paths: string[],
  metadata: PhotoMetadata[],
  maxSide: number,
): Promise<CapturePlanes> {
  const { bands, referenceName, reference } = bandsOf(paths, metadata);
  const referencePlane = await readSingleBand(reference.path, reference.metadata);
  const { width, height } = referencePlane;
  const valid = new Uint8Array(width * height).fill(1);
  const aligned = new Map<BandName, Float32Array>([[referenceName, referencePlane.values]]);
  let calibrated = referencePlane.reflectance;
  // The reference's gradient and spectra, made on the first band that is not known yet.
  let prepared: ReferenceBand | null = null;
  for (const [name, band] of bands) {
    if (name === referenceName) continue;
    const plane = await readSingleBand(band.path, band.metadata);
    calibrated &&= plane.reflectance;
    if (plane.width !== width || plane.height !== height)
      throw new Error('Bands of one capture differ in size');
    const transform = await registeredTransform(reference.path, band.path, () => {
      prepared ??= prepareReference(referencePlane.values, width, height);
      return estimateBandTransform(prepared, plane.values, width, height);
    });
    aligned.set(name, warpToReference(plane.values, width, height, transform, valid));
  }
  const size = fitInside(width, height, maxSide);
  const resize = (plane: Float32Array | undefined) =>
    plane ? resample(plane, width, height, size.width, size.height) : null;
  const red = resize(aligned.get('red')) as Float32Array;
  const green = resize(aligned.get('green')) as Float32Array;
  const blue = resize(aligned.get('blue'));
  const nir = resize(aligned.get('nir'));
  const validMask =
    size.width === width ? valid : resampleMask(valid, width, height, size.width, size.height);
  // True colour when a blue band exists, else colour-infrared (NIR, red, green).
  const display = blue
    ? stretchedComposite([red, green, blue], validMask)
    : stretchedComposite([nir as Float32Array, red, green], validMask);
  return {
    kind: 'multispectral',
    width: size.width,
    height: size.height,
    sourceWidth: width,
    sourceHeight: height,
    red,
    green,
    blue,
    nir,
    redEdge: resize(aligned.get('redEdge')),
    valid: validMask,
    display,
    metadata: reference.metadata,
    radiometry: calibrated ? 'reflectance' : 'digital-numbers',
  };
}

/** Area-average downsampling (identity when the size is unchanged). */
export function resample(
  plane: Float32Array,
  width: number,
  height: number,
  toWidth: number,
  toHeight: number,
) {
  if (toWidth === width && toHeight === height) return plane;
  const out = new Float32Array(toWidth * toHeight);
  const sx = width / toWidth;
  const sy = height / toHeight;
  for (let y = 0; y < toHeight; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < toWidth; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++)
        for (let xx = x0; xx < x1; xx++) sum += plane[yy * width + xx] as number;
      out[y * toWidth + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

function resampleMask(mask: Uint8Array, width: number, height: number, toWidth: number, toHeight: number) {
  const out = new Uint8Array(toWidth * toHeight);
  for (let y = 0; y < toHeight; y++) {
    for (let x = 0; x < toWidth; x++) {
      const source = Math.floor((y * height) / toHeight) * width + Math.floor((x * width) / toWidth);
      out[y * toWidth + x] = mask[source] as number;
    }
  }
  return out;
}

const GAMMA = Uint8Array.from({ length: 4096 }, (_, level) => Math.round(255 * (level / 4095) ** (1 / 2.2)));

/**
 * 8-bit composite of three reflectance planes, each stretched between its 1st and 99th percentile
 * (of valid pixels), with a 1/2.2 gamma so it looks like a photo.
 */
export function stretchedComposite(planes: Float32Array[], valid: Uint8Array): Uint8Array {
  const n = valid.length;
  const out = new Uint8Array(n * 3);
  for (let channel = 0; channel < planes.length; channel++) {
    const plane = planes[channel] as Float32Array;
    const sample: number[] = [];
    const step = Math.max(1, Math.floor(n / 20000));
    for (let i = 0; i < n; i += step) if (valid[i]) sample.push(plane[i] as number);
    sample.sort((a, b) => a - b);
    const low = sample[Math.floor(sample.length * 0.01)] ?? 0;
    const high = sample[Math.floor(sample.length * 0.99)] ?? 1;
    const span = high > low ? high - low : 1;
    for (let i = 0; i < n; i++) {
      const level = round((((plane[i] as number) - low) / span) * 4095);
      out[i * 3 + channel] = valid[i] ? (GAMMA[level < 0 ? 0 : Math.min(level, 4095)] as number) : 0;
    }
  }
  return out;
}
