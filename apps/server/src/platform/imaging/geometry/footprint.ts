import type { GeoJsonPolygon, PhotoMetadata } from '../types.ts';
import { type LocalFrame, localFrame } from './local-frame.ts';

export interface FootprintOptions {
  /**
   * Height above ground (m) decided from the evidence (`decideHeight`); without it, the metadata's
   * relative altitude. It wins over the relative altitude so a height confirmed by staff applies.
   */
  heightAboveGroundM?: number;
}

/**
 * Nadir camera model of one photo: the camera sits above the GPS position, looks straight down,
 * and the image's top edge points to `yawDeg` (north-up when the yaw is unknown).
 * Pixel (col, row) of the stored image ↔ ground metres east/north of the GPS position.
 */
export interface PhotoGeoreference {
  lng: number;
  lat: number;
  widthPx: number;
  heightPx: number;
  groundWidthM: number;
  groundHeightM: number;
  /** Ground size of one stored pixel (m). */
  gsdM: number;
  yawDeg: number;
  frame: LocalFrame;
  /**
   * Ground directions (east, north components) of the image's right and up axes: what
   * `metresToPixel` computes with, for callers that map many points without a tuple per point.
   */
  axes: { rightE: number; rightN: number; upE: number; upN: number };
  /** Stored-image pixel → ground metres east/north of the GPS position. */
  pixelToMetres(col: number, row: number): [number, number];
  /** Ground metres east/north → stored-image pixel (fractional; may fall outside the image). */
  metresToPixel(east: number, north: number): [number, number];
  pixelToLngLat(col: number, row: number): [number, number];
}

function groundSize(metadata: PhotoMetadata, height: number): [number, number] | null {
  const { width, height: heightPx } = metadata;
  if (!width || !heightPx) return null;
  if (metadata.focalLengthMm && metadata.sensorWidthMm) {
    const groundWidth = (height * metadata.sensorWidthMm) / metadata.focalLengthMm;
    return [groundWidth, (groundWidth * heightPx) / width];
  }
  if (metadata.horizontalFovDeg) {
    const groundWidth = 2 * height * Math.tan((metadata.horizontalFovDeg * Math.PI) / 360);
    return [groundWidth, (groundWidth * heightPx) / width];
  }
  return null;
}

export function photoGeoreference(
  metadata: PhotoMetadata,
  options: FootprintOptions = {},
): PhotoGeoreference | null {
  const gps = metadata.gps;
  const height = options.heightAboveGroundM ?? metadata.relativeAltitude ?? null;
  if (!gps || height === null || !(height > 0)) return null;
  const size = groundSize(metadata, height);
  if (!size) return null;
  const [groundWidthM, groundHeightM] = size;
  const widthPx = metadata.width;
  const heightPx = metadata.height;
  const gsdM = groundWidthM / widthPx;
  const yawDeg = metadata.yawDeg ?? 0;
  const yaw = (yawDeg * Math.PI) / 180;
  // Image "up" on the ground points to azimuth yaw; image "right" to yaw + 90°.
  const upE = Math.sin(yaw);
  const upN = Math.cos(yaw);
  const rightE = Math.cos(yaw);
  const rightN = -Math.sin(yaw);
  const frame = localFrame(gps.lng, gps.lat);
  const pixelToMetres = (col: number, row: number): [number, number] => {
    const x = (col - widthPx / 2) * gsdM;
    const y = (heightPx / 2 - row) * gsdM;
    return [x * rightE + y * upE, x * rightN + y * upN];
  };
  const metresToPixel = (east: number, north: number): [number, number] => {
    const x = east * rightE + north * rightN;
    const y = east * upE + north * upN;
    return [x / gsdM + widthPx / 2, heightPx / 2 - y / gsdM];
  };
  return {
    lng: gps.lng,
    lat: gps.lat,
    widthPx,
    heightPx,
    groundWidthM,
    groundHeightM,
    gsdM,
    yawDeg,
    frame,
    axes: { rightE, rightN, upE, upN },
    pixelToMetres,
    metresToPixel,
    pixelToLngLat: (col, row) => frame.toLngLat(...pixelToMetres(col, row)),
  };
}

/**
 * Ground footprint of a photo assuming a nadir view: from height above ground (DJI
 * `RelativeAltitude`, senseFly `Height`, or `options.heightAboveGroundM`), focal length and sensor
 * size (or field of view) and yaw. Null without GPS, height or optics. The ring runs
 * counter-clockwise (RFC 7946): the image's top-left, bottom-left, bottom-right, top-right corners.
 * See docs/IMAGING.md for the error model.
 */
export function photoFootprint(
  metadata: PhotoMetadata,
  options: FootprintOptions = {},
): GeoJsonPolygon | null {
  const georeference = photoGeoreference(metadata, options);
  if (!georeference) return null;
  const { widthPx: w, heightPx: h } = georeference;
  const topLeft = georeference.pixelToLngLat(0, 0);
  const ring = [topLeft, georeference.pixelToLngLat(0, h), georeference.pixelToLngLat(w, h)];
  ring.push(georeference.pixelToLngLat(w, 0), topLeft);
  return { type: 'Polygon', coordinates: [ring] };
}
