import { fromFile, type GeoTIFF, type GeoTIFFImage } from 'geotiff';
import type { BandRoles, GeoJsonPolygon, GeoTransform, RasterInfo } from '../types.ts';
import { proj4ForEpsg, toWgs84 } from './crs.ts';

export interface OpenRaster {
  tiff: GeoTIFF;
  image: GeoTIFFImage;
  info: RasterInfo;
  close(): Promise<void>;
}

/** Opens a GeoTIFF for windowed reads (geotiff.js reads only the strips/tiles a window needs). */
export async function openRaster(filePath: string): Promise<OpenRaster> {
  const tiff = await fromFile(filePath);
  try {
    const image = await tiff.getImage(0);
    const info = await describe(image);
    return {
      tiff,
      image,
      info,
      close: async () => {
        await tiff.close();
      },
    };
  } catch (error) {
    await tiff.close();
    throw error;
  }
}

async function describe(image: GeoTIFFImage): Promise<RasterInfo> {
  const width = image.getWidth();
  const height = image.getHeight();
  const bandCount = image.getSamplesPerPixel();
  const bandDescriptions: (string | null)[] = [];
  for (let band = 0; band < bandCount; band++) {
    const metadata = await image.getGDALMetadata(band).catch(() => null);
    const description = metadata?.DESCRIPTION;
    bandDescriptions.push(typeof description === 'string' && description.trim() ? description.trim() : null);
  }
  const format = image.getSampleFormat(0);
  const geoKeys = image.getGeoKeys() ?? {};
  const epsg = crsCode(geoKeys);
  const proj4 = epsg === null ? null : proj4ForEpsg(epsg);
  const geoTransform = readGeoTransform(image, geoKeys);
  const groundResolutionM =
    geoTransform && proj4 ? groundResolution(geoTransform, proj4, width, height) : null;
  return {
    width,
    height,
    bandCount,
    bitsPerSample: image.getBitsPerSample(0),
    sampleFormat: format === 3 ? 'float' : format === 2 ? 'int' : 'uint',
    bandDescriptions,
    bands: bandRoles(image, bandDescriptions),
    noData: image.getGDALNoData(),
    epsg,
    proj4,
    geoTransform,
    groundResolutionM,
    footprint: geoTransform && proj4 ? footprintOf(geoTransform, proj4, width, height) : null,
  };
}

// 32767 means "user-defined": not supported without a full WKT parser.
function crsCode(geoKeys: Record<string, unknown>): number | null {
  const projected = Number(geoKeys.ProjectedCSTypeGeoKey);
  if (Number.isInteger(projected) && projected > 0 && projected !== 32767) return projected;
  const geographic = Number(geoKeys.GeographicTypeGeoKey);
  if (Number.isInteger(geographic) && geographic > 0 && geographic !== 32767) return geographic;
  return null;
}

function readGeoTransform(image: GeoTIFFImage, geoKeys: Record<string, unknown>): GeoTransform | null {
  const directory = image.getFileDirectory();
  // Pixel-is-point rasters put the tie point on the pixel centre; GDAL shifts by half a pixel.
  const pointShift = Number(geoKeys.GTRasterTypeGeoKey) === 2 ? 0.5 : 0;
  const matrix = directory.getValue('ModelTransformation') as number[] | undefined;
  if (matrix && matrix.length >= 16) {
    const [m0 = 0, m1 = 0, , m3 = 0, m4 = 0, m5 = 0, , m7 = 0] = matrix;
    const gt: GeoTransform = [m3, m0, m1, m7, m4, m5];
    return shiftOrigin(gt, pointShift);
  }
  const scale = directory.getValue('ModelPixelScale') as number[] | undefined;
  const tie = directory.getValue('ModelTiepoint') as number[] | undefined;
  if (!scale || !tie || tie.length < 6) return null;
  const [col = 0, row = 0, , x = 0, y = 0] = tie;
  const [scaleX = 1, scaleY = 1] = scale;
  const gt: GeoTransform = [x - col * scaleX, scaleX, 0, y + row * scaleY, 0, -scaleY];
  return shiftOrigin(gt, pointShift);
}

function shiftOrigin(gt: GeoTransform, shift: number): GeoTransform {
  if (!shift) return gt;
  return [gt[0] - shift * (gt[1] + gt[2]), gt[1], gt[2], gt[3] - shift * (gt[4] + gt[5]), gt[4], gt[5]];
}

export function pixelToCrs(gt: GeoTransform, col: number, row: number): [number, number] {
  return [gt[0] + col * gt[1] + row * gt[2], gt[3] + col * gt[4] + row * gt[5]];
}

/** Inverse of the geotransform: CRS coordinates → fractional pixel (col, row). */
export function crsToPixel(gt: GeoTransform): (x: number, y: number) => [number, number] {
  const det = gt[1] * gt[5] - gt[2] * gt[4];
  return (x, y) => {
    const dx = x - gt[0];
    const dy = y - gt[3];
    return [(dx * gt[5] - dy * gt[2]) / det, (dy * gt[1] - dx * gt[4]) / det];
  };
}

function footprintOf(gt: GeoTransform, definition: string, width: number, height: number): GeoJsonPolygon {
  const transform = toWgs84(definition);
  const ring: [number, number][] = [];
  const steps = 8; // densified so a large UTM raster's curved edges survive the reprojection
  const edges: [number, number, number, number][] = [
    [0, 0, width, 0],
    [width, 0, width, height],
    [width, height, 0, height],
    [0, height, 0, 0],
  ];
  for (const [c0, r0, c1, r1] of edges) {
    for (let i = 0; i < steps; i++) {
      const t = i / steps;
      ring.push(transform(...pixelToCrs(gt, c0 + (c1 - c0) * t, r0 + (r1 - r0) * t)));
    }
  }
  ring.push(ring[0] as [number, number]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** Metres per pixel at the raster centre (geographic CRSs converted with the local radius). */
function groundResolution(gt: GeoTransform, definition: string, width: number, height: number): number {
  const transform = toWgs84(definition);
  const centre = transform(...pixelToCrs(gt, width / 2, height / 2));
  const right = transform(...pixelToCrs(gt, width / 2 + 1, height / 2));
  const down = transform(...pixelToCrs(gt, width / 2, height / 2 + 1));
  return (distanceM(centre, right) + distanceM(centre, down)) / 2;
}

export function distanceM(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const x = (b[0] - a[0]) * rad * Math.cos(((a[1] + b[1]) / 2) * rad);
  const y = (b[1] - a[1]) * rad;
  return Math.hypot(x, y) * 6371008.8;
}

const ROLE_PATTERNS: [keyof BandRoles, RegExp][] = [
  ['redEdge', /red\s*-?\s*edge|\bre\b|rededge/i],
  ['nir', /\bnir\b|near[\s-]*infra|infrared/i],
  ['red', /\bred\b|^r$/i],
  ['green', /\bgreen\b|^g$/i],
  ['blue', /\bblue\b|^b$/i],
  ['alpha', /\balpha\b|mask/i],
];

/**
 * Band roles from GDAL band descriptions when present, otherwise from the TIFF photometric
 * interpretation: RGB → bands 0–2; an extra band flagged as alpha is alpha; an unflagged fourth
 * band of an RGB raster is taken as NIR (how GDAL writes RGB+NIR orthomosaics without descriptions).
 */
function bandRoles(image: GeoTIFFImage, descriptions: (string | null)[]): BandRoles {
  const roles: BandRoles = { red: null, green: null, blue: null, nir: null, redEdge: null, alpha: null };
  descriptions.forEach((description, index) => {
    if (!description) return;
    const match = ROLE_PATTERNS.find(([role, pattern]) => roles[role] === null && pattern.test(description));
    if (match) roles[match[0]] = index;
  });
  if (roles.red !== null || roles.nir !== null) return roles;
  const directory = image.getFileDirectory();
  const photometric = Number(directory.getValue('PhotometricInterpretation'));
  const extra = (directory.getValue('ExtraSamples') as number[] | undefined) ?? [];
  const count = image.getSamplesPerPixel();
  if (photometric === 2 && count >= 3) {
    roles.red = 0;
    roles.green = 1;
    roles.blue = 2;
    for (let band = 3; band < count; band++) {
      const kind = extra[band - 3];
      if ((kind === 1 || kind === 2) && roles.alpha === null) roles.alpha = band;
      else if (roles.nir === null) roles.nir = band;
    }
  }
  return roles;
}
