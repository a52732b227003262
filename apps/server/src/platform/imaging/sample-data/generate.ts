import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seededRandom } from '@ampelos/domain';
import sharp from 'sharp';
import { photoGeoreference } from '../geometry/footprint.ts';
import { localFrame } from '../geometry/local-frame.ts';
import { fromWgs84, proj4ForEpsg, toWgs84, utmEpsgFor } from '../raster/crs.ts';
import { writeGeoTiff } from '../raster/write-geotiff.ts';
import type { PhotoMetadata } from '../types.ts';
import { type SceneOptions, type StressKind, VineyardScene } from './vineyard-scene.ts';

export interface SampleDataOptions {
  outDir: string;
  seed?: number;
  /** Flight lines × photos per line (default 2 × 2). */
  lines?: number;
  photosPerLine?: number;
  photoWidth?: number;
  photoHeight?: number;
  altitudeM?: number;
  /** Orthomosaic ground resolution and half-size in metres (0 to skip the orthomosaic). */
  orthoGsdM?: number;
  orthoHalfSizeM?: number;
  /** GPS and yaw error written into the metadata (the photo is rendered from the true pose). */
  gpsErrorM?: number;
  yawErrorDeg?: number;
  origin?: { lng: number; lat: number };
  scene?: Partial<SceneOptions>;
  /** Day the photos say they were taken (`YYYY-MM-DD`); by default one June 2024 day per flight line. */
  capturedOn?: string;
}

export interface TruthBox {
  plantId: string;
  kind: StressKind;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SampleTruth {
  seed: number;
  origin: { lng: number; lat: number };
  groundElevationM: number;
  plants: { id: string; kind: StressKind; lng: number; lat: number; polygon: [number, number][] }[];
  photos: {
    file: string;
    width: number;
    height: number;
    truePose: { lng: number; lat: number; yawDeg: number; heightM: number };
    boxes: TruthBox[];
    /** Stressed plants cut by the frame (less than 60 % inside): a detection there counts neither way. */
    partialBoxes: TruthBox[];
  }[];
  orthomosaic: {
    file: string;
    epsg: number;
    width: number;
    height: number;
    gsdM: number;
    boxes: TruthBox[];
    partialBoxes: TruthBox[];
  } | null;
}

// A DJI Phantom 4 Pro-like camera: 1" sensor 13.2 × 8.8 mm, 8.8 mm lens.
const SENSOR_WIDTH_MM = 13.2;
const FOCAL_MM = 8.8;
const GROUND_ELEVATION_M = 310;

/**
 * A plant's box in the image, clipped to it; `partial` when less than 60 % of it is inside (cut by
 * the frame: not expected to be found, but a detection there is not wrong either).
 */
function bboxOf(points: [number, number][], width: number, height: number) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const box = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  const clipped = {
    x0: Math.max(0, box.x0),
    y0: Math.max(0, box.y0),
    x1: Math.min(width, box.x1),
    y1: Math.min(height, box.y1),
  };
  const full = (box.x1 - box.x0) * (box.y1 - box.y0);
  const inside = Math.max(0, clipped.x1 - clipped.x0) * Math.max(0, clipped.y1 - clipped.y0);
  if (full <= 0 || inside <= 0) return null;
  return {
    partial: inside / full < 0.6,
    x: Math.round(clipped.x0),
    y: Math.round(clipped.y0),
    w: Math.round(clipped.x1 - clipped.x0),
    h: Math.round(clipped.y1 - clipped.y0),
  };
}

/** Stressed plants' boxes in an image: those expected, and those cut by the frame (`partialBoxes`). */
function truthBoxes<Plant extends { id: string; kind: StressKind }>(
  plants: Plant[],
  boxOf: (plant: Plant) => ReturnType<typeof bboxOf>,
) {
  const boxes: TruthBox[] = [];
  const partialBoxes: TruthBox[] = [];
  for (const plant of plants) {
    const found = boxOf(plant);
    if (!found) continue;
    const { partial, ...box } = found;
    (partial ? partialBoxes : boxes).push({ plantId: plant.id, kind: plant.kind, ...box });
  }
  return { boxes, partialBoxes };
}

function dms(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = (abs - degrees - minutes / 60) * 3600;
  return `${degrees}/1 ${minutes}/1 ${Math.round(seconds * 10000)}/10000`;
}

const signed = (value: number, digits = 2) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;

function djiXmp(lat: number, lng: number, absolute: number, relative: number, yaw: number): string {
  const djiYaw = yaw > 180 ? yaw - 360 : yaw;
  const attributes = {
    AbsoluteAltitude: signed(absolute),
    RelativeAltitude: signed(relative),
    GpsLatitude: lat.toFixed(8),
    // DJI's own spelling.
    GpsLongtitude: lng.toFixed(8),
    GimbalRollDegree: '+0.00',
    GimbalYawDegree: signed(djiYaw),
    GimbalPitchDegree: '-90.00',
    FlightRollDegree: '+0.00',
    FlightYawDegree: signed(djiYaw),
    FlightPitchDegree: '+0.00',
  };
  const body = Object.entries(attributes)
    .map(([key, value]) => `drone-dji:${key}="${value}"`)
    .join(' ');
  return (
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    `<rdf:Description rdf:about="DJI Meta Data" xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" ${body}/>` +
    '</rdf:RDF></x:xmpmeta>'
  );
}

function cameraMetadata(
  width: number,
  height: number,
  lng: number,
  lat: number,
  yawDeg: number,
  heightM: number,
) {
  const metadata: PhotoMetadata = {
    format: 'jpeg',
    width,
    height,
    bitsPerSample: 8,
    samplesPerPixel: 3,
    make: 'DJI',
    model: 'FC6310',
    camera: 'DJI FC6310',
    capturedAt: null,
    gps: { lat, lng, altitude: GROUND_ELEVATION_M + heightM, source: 'exif' },
    relativeAltitude: heightM,
    yawDeg,
    gimbalYawDeg: yawDeg,
    flightYawDeg: yawDeg,
    pitchDeg: 0,
    rollDeg: 0,
    focalLengthMm: FOCAL_MM,
    sensorWidthMm: SENSOR_WIDTH_MM,
    sensorHeightMm: (SENSOR_WIDTH_MM * height) / width,
    horizontalFovDeg: null,
    band: null,
  };
  return metadata;
}

/**
 * Writes synthetic geotagged vineyard photos (EXIF GPS + DJI XMP), a UTM GeoTIFF orthomosaic of
 * the same scene and `ground-truth.json` with every stressed plant's box in each image.
 * Deterministic for a seed.
 */
export async function generateSampleData(options: SampleDataOptions): Promise<SampleTruth> {
  const seed = options.seed ?? 1;
  const origin = options.origin ?? { lng: 22.661, lat: 37.8195 };
  const scene = new VineyardScene({ seed, ...options.scene });
  const frame = localFrame(origin.lng, origin.lat);
  const rng = seededRandom(seed * 7919 + 17);
  const width = options.photoWidth ?? 1200;
  const height = options.photoHeight ?? 800;
  const heightM = options.altitudeM ?? 25;
  const lines = options.lines ?? 2;
  const perLine = options.photosPerLine ?? 2;
  const gpsError = options.gpsErrorM ?? 1.5;
  const yawError = options.yawErrorDeg ?? 1.5;
  await mkdir(options.outDir, { recursive: true });

  const truth: SampleTruth = {
    seed,
    origin,
    groundElevationM: GROUND_ELEVATION_M,
    plants: scene.plants.map((plant) => ({
      id: plant.id,
      kind: plant.kind,
      lng: frame.toLngLat(...plant.centre)[0],
      lat: frame.toLngLat(...plant.centre)[1],
      polygon: plant.corners.map((corner) => frame.toLngLat(...corner)),
    })),
    photos: [],
    orthomosaic: null,
  };

  const groundWidth = (heightM * SENSOR_WIDTH_MM) / FOCAL_MM;
  const groundHeight = (groundWidth * height) / width;
  for (let line = 0; line < lines; line++) {
    const yawDeg = line % 2 === 0 ? 12 : 192;
    for (let shot = 0; shot < perLine; shot++) {
      const east = (shot - (perLine - 1) / 2) * groundWidth * 0.55;
      const north = (line - (lines - 1) / 2) * groundHeight * 0.6;
      const [lng, lat] = frame.toLngLat(east, north);
      const pose = photoGeoreference(cameraMetadata(width, height, lng, lat, yawDeg, heightM));
      if (!pose) throw new Error('Synthetic camera has no georeference');
      const gain = 0.95 + rng() * 0.1;
      const pixels = Buffer.alloc(width * height * 3);
      const colour = [0, 0, 0];
      const stress = [0, 0];
      for (let row = 0; row < height; row++) {
        for (let col = 0; col < width; col++) {
          const [dE, dN] = pose.pixelToMetres(col + 0.5, row + 0.5);
          scene.colourAt(east + dE, north + dN, colour, stress);
          const i = (row * width + col) * 3;
          pixels[i] = Math.min(255, Math.max(0, Math.round((colour[0] as number) * gain)));
          pixels[i + 1] = Math.min(255, Math.max(0, Math.round((colour[1] as number) * gain)));
          pixels[i + 2] = Math.min(255, Math.max(0, Math.round((colour[2] as number) * gain)));
        }
      }
      const { boxes, partialBoxes } = truthBoxes(scene.plants, (plant) =>
        bboxOf(
          plant.corners.map(([e, n]) => pose.metresToPixel(e - east, n - north)),
          width,
          height,
        ),
      );
      // The metadata carries a GNSS and compass error; the pixels come from the true pose.
      const angle = rng() * 2 * Math.PI;
      const errorM = gpsError * Math.sqrt(rng());
      const [noisyLng, noisyLat] = frame.toLngLat(
        east + errorM * Math.cos(angle),
        north + errorM * Math.sin(angle),
      );
      const noisyYaw = (yawDeg + (rng() * 2 - 1) * yawError + 360) % 360;
      const file = `DJI_${String(line * perLine + shot + 1).padStart(4, '0')}.JPG`;
      await sharp(pixels, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 92 })
        .withExif({
          IFD0: { Make: 'DJI', Model: 'FC6310' },
          IFD2: {
            DateTimeOriginal: `${options.capturedOn?.replaceAll('-', ':') ?? `2024:06:1${line}`} 1${line}:${String(10 + shot).padStart(2, '0')}:00`,
            FocalLength: `${FOCAL_MM * 10}/10`,
            FocalLengthIn35mmFormat: '24',
            FocalPlaneXResolution: `${Math.round((width / SENSOR_WIDTH_MM) * 25.4 * 1000)}/1000`,
            FocalPlaneYResolution: `${Math.round((width / SENSOR_WIDTH_MM) * 25.4 * 1000)}/1000`,
            FocalPlaneResolutionUnit: '2',
          },
          IFD3: {
            GPSLatitudeRef: noisyLat >= 0 ? 'N' : 'S',
            GPSLatitude: dms(noisyLat),
            GPSLongitudeRef: noisyLng >= 0 ? 'E' : 'W',
            GPSLongitude: dms(noisyLng),
            GPSAltitudeRef: '0',
            GPSAltitude: `${Math.round((GROUND_ELEVATION_M + heightM) * 1000)}/1000`,
          },
        })
        .withXmp(djiXmp(noisyLat, noisyLng, GROUND_ELEVATION_M + heightM, heightM, noisyYaw))
        .toFile(join(options.outDir, file));
      truth.photos.push({
        file,
        width,
        height,
        truePose: { lng, lat, yawDeg, heightM },
        boxes,
        partialBoxes,
      });
    }
  }

  const orthoGsd = options.orthoGsdM ?? 0.05;
  const orthoHalf = options.orthoHalfSizeM ?? 20;
  if (orthoGsd > 0 && orthoHalf > 0)
    truth.orthomosaic = await writeOrthomosaic(options.outDir, scene, origin, orthoGsd, orthoHalf);
  await writeFile(join(options.outDir, 'ground-truth.json'), `${JSON.stringify(truth, null, 2)}\n`);
  return truth;
}

/** A north-up RGB GeoTIFF in the origin's UTM zone, sampling the same scene. */
async function writeOrthomosaic(
  outDir: string,
  scene: VineyardScene,
  origin: { lng: number; lat: number },
  gsdM: number,
  halfSizeM: number,
) {
  const epsg = utmEpsgFor(origin.lng, origin.lat);
  const definition = proj4ForEpsg(epsg) as string;
  const toUtm = fromWgs84(definition);
  const toGeographic = toWgs84(definition);
  const frame = localFrame(origin.lng, origin.lat);
  const [originX, originY] = toUtm(origin.lng, origin.lat);
  const x0 = Math.round(originX - halfSizeM);
  const y0 = Math.round(originY + halfSizeM);
  const size = Math.round((2 * halfSizeM) / gsdM);
  // UTM → scene metres is affine to well under a millimetre over tens of metres (grid convergence).
  const at = (x: number, y: number) => frame.toMetres(...toGeographic(x, y));
  const [oE, oN] = at(originX, originY);
  const [xE, xN] = at(originX + 100, originY);
  const [yE, yN] = at(originX, originY + 100);
  const toScene = (x: number, y: number): [number, number] => {
    const dx = (x - originX) / 100;
    const dy = (y - originY) / 100;
    return [oE + dx * (xE - oE) + dy * (yE - oE), oN + dx * (xN - oN) + dy * (yN - oN)];
  };
  const file = 'orthomosaic.tif';
  const colour = [0, 0, 0];
  await writeGeoTiff(join(outDir, file), {
    width: size,
    height: size,
    bands: 3,
    sampleType: 'uint8',
    geoTransform: [x0, gsdM, 0, y0, 0, -gsdM],
    epsg,
    bandDescriptions: ['Red', 'Green', 'Blue'],
    compression: 'deflate',
    renderWindow: (wx, wy, w, h) => {
      const out = new Uint8Array(w * h * 3);
      for (let row = 0; row < h; row++) {
        for (let col = 0; col < w; col++) {
          scene.colourAt(...toScene(x0 + (wx + col + 0.5) * gsdM, y0 - (wy + row + 0.5) * gsdM), colour);
          const i = (row * w + col) * 3;
          out[i] = Math.min(255, Math.max(0, Math.round(colour[0] as number)));
          out[i + 1] = Math.min(255, Math.max(0, Math.round(colour[1] as number)));
          out[i + 2] = Math.min(255, Math.max(0, Math.round(colour[2] as number)));
        }
      }
      return out;
    },
  });
  const { boxes, partialBoxes } = truthBoxes(scene.plants, (plant) =>
    bboxOf(
      plant.corners.map(([e, n]) => {
        const [x, y] = toUtm(...frame.toLngLat(e, n));
        return [(x - x0) / gsdM, (y0 - y) / gsdM] as [number, number];
      }),
      size,
      size,
    ),
  );
  return { file, epsg, width: size, height: size, gsdM, boxes, partialBoxes };
}
