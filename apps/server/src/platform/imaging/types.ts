/**
 * Public types of the imaging analysis engine (a library: no HTTP, no database).
 *
 * Contract for the job/ingest code:
 * - Everything here is plain JSON-serialisable data (no class instances, no typed arrays), so a
 *   job can store a measurement or an analysis in a pg-boss payload or a table and pass it on.
 * - Coordinates are WGS84 `[lng, lat]` (GeoJSON order) unless a name says otherwise.
 * - Pixel coordinates are integers, origin top-left, x to the right, y down.
 * - Two phases per dataset: `measurePhoto` / `measureRasterTile` for every capture or tile
 *   (one job each) → `datasetStatistics(all measurements)` once → `detectStress` /
 *   `detectStressInRasterTile` for every capture or tile (one job each) with those statistics.
 *   Scores are therefore relative to the field's own robust statistics (median and MAD).
 */
import type { CameraLayout, MapLayer } from '@ampelos/domain';

export type { MapLayer };

/** A GeoJSON polygon in WGS84, `[lng, lat]` positions, first ring the outer ring, closed. */
export interface GeoJsonPolygon {
  type: 'Polygon';
  coordinates: [number, number][][];
}

/** Detected from the file's leading bytes, never from its name. */
export type ImageFormat = 'jpeg' | 'tiff';

/** Where the photo's position came from. */
export type GpsSource = 'exif' | 'xmp-dji' | 'xmp-sensefly';

export interface PhotoGps {
  lat: number;
  lng: number;
  /**
   * EXIF GPSAltitude in metres. Above mean sea level for most cameras, above the WGS84 ellipsoid
   * for some (e.g. senseFly writes its ellipsoidal height here). Never a height above ground.
   */
  altitude: number | null;
  source: GpsSource;
}

/** A MicaSense (or similar) multispectral band: one lens, one file. */
export interface SpectralBand {
  /** e.g. "Blue", "Green", "Red", "NIR", "Red edge" (XMP Camera:BandName). */
  name: string;
  /** 1-based band index as in the file name suffix `IMG_0001_3.tif` (XMP Camera:RigCameraIndex + 1 or the suffix). */
  index: number;
  centralWavelengthNm: number | null;
  /** Capture identifier shared by all bands of one trigger (XMP Camera:CaptureId), when present. */
  captureId: string | null;
}

export interface PhotoMetadata {
  format: ImageFormat;
  /** Pixel size of the stored image. */
  width: number;
  height: number;
  bitsPerSample: number;
  samplesPerPixel: number;
  make: string | null;
  model: string | null;
  /** "Make Model" for the report's `camera` field, or null when both are absent. */
  camera: string | null;
  /** ISO 8601 capture time from EXIF DateTimeOriginal (camera clock, zone unknown), or null. */
  capturedAt: string | null;
  /** Null when the photo carries no position: such a photo is invalid for the geolocation check. */
  gps: PhotoGps | null;
  /**
   * Height above take-off / ground in metres: DJI XMP `RelativeAltitude`, senseFly XMP `Height`.
   * Null when the file has none (e.g. MicaSense); the footprint then needs `options.groundAltitude`.
   */
  relativeAltitude: number | null;
  /**
   * Direction of the image's top edge, degrees clockwise from true north: DJI `GimbalYawDegree`,
   * else `FlightYawDegree`, else senseFly `Heading`, else MicaSense DLS yaw. Null when unknown.
   */
  yawDeg: number | null;
  gimbalYawDeg: number | null;
  flightYawDeg: number | null;
  /** Camera (or airframe, for gimbal-less planes) pitch and roll in degrees; 0 = level. DJI gimbal pitch -90 = nadir is reported as 0 here. */
  pitchDeg: number | null;
  rollDeg: number | null;
  focalLengthMm: number | null;
  /** Physical sensor size of the stored pixel grid (focal-plane resolution rescaled to `width`). */
  sensorWidthMm: number | null;
  sensorHeightMm: number | null;
  /** Horizontal field of view in degrees when the file states one (or derived from the 35 mm focal length). */
  horizontalFovDeg: number | null;
  band: SpectralBand | null;
  /**
   * XMP namespace prefixes present (e.g. "drone-dji", "sensefly", "Camera", "MicaSense"): which
   * drone or camera software wrote the file. Absent in metadata recorded before it existed.
   */
  xmpNamespaces?: string[];
  /** Barometric altitude in metres (MicaSense XMP `PressureAlt`), null when not stated. */
  pressureAltitudeM?: number | null;
  /** Colour statistic of a small thumbnail (3-channel photos only), see `pixelStatsOf`. */
  pixelStats?: PixelStats | null;
  /** Band layout confirmed by staff for a camera the engine could not recognise. */
  confirmedLayout?: CameraLayout | null;
}

/**
 * Shares of a 96-px thumbnail's pixels by dominant colour. In ordinary colour photos of land,
 * vegetation makes green-dominant pixels and nothing is magenta; a camera with NIR in its red
 * channel shows vegetation red/magenta and no green; NIR in blue shows it blue.
 */
export interface PixelStats {
  green: number;
  magenta: number;
  red: number;
  blue: number;
}

/** GDAL-order affine geotransform: x = gt[0] + col*gt[1] + row*gt[2]; y = gt[3] + col*gt[4] + row*gt[5]. */
export type GeoTransform = [number, number, number, number, number, number];

/** Role of each raster band, 0-based indices, null when absent. */
export interface BandRoles {
  red: number | null;
  green: number | null;
  blue: number | null;
  nir: number | null;
  redEdge: number | null;
  alpha: number | null;
}

export interface RasterInfo {
  width: number;
  height: number;
  bandCount: number;
  bitsPerSample: number;
  /** 'uint' | 'int' | 'float'. */
  sampleFormat: 'uint' | 'int' | 'float';
  /** GDAL band descriptions (GDAL_METADATA `DESCRIPTION`), null where absent. */
  bandDescriptions: (string | null)[];
  bands: BandRoles;
  noData: number | null;
  /** EPSG code of the projected or geographic CRS, or null when not georeferenced / user-defined. */
  epsg: number | null;
  /** proj4 definition of the CRS (built-in for 4326, 3857, UTM 326xx/327xx, ETRS89/UTM 258xx, GGRS87 2100). */
  proj4: string | null;
  geoTransform: GeoTransform | null;
  /** Pixel size in metres on the ground (mean of x and y), null when not georeferenced. */
  groundResolutionM: number | null;
  /** The raster's outline reprojected to WGS84 (densified edges), null when not georeferenced. */
  footprint: GeoJsonPolygon | null;
}

/** One capture to analyse: a single photo, or the band files of one multispectral capture. */
export interface PhotoInput {
  /** One RGB (or NIR-modified) JPEG/TIFF, or the 3–10 band TIFFs of one capture (any order). */
  paths: string[];
  /** Metadata of each path (same order), as returned by `readPhotoMetadata`; read when omitted. */
  metadata?: PhotoMetadata[];
  /**
   * Height above ground in metres to use when the file has no relative altitude (e.g. MicaSense:
   * GPS altitude minus the field's ground altitude). Without either, areas and lng/lat fall back to
   * the photo's GPS position for every box and `areaM2` is null.
   */
  heightAboveGroundM?: number;
}

/** Indicators scored per canopy pixel. Names say which index was used (spec sections 3–4). */
export type IndicatorName =
  | 'vari' // vigour, RGB
  | 'gli' // leaf water proxy on RGB (and canopy index)
  | 'tgi' // chlorophyll, RGB
  | 'ndvi' // vigour with NIR
  | 'ndre' // chlorophyll with red edge
  | 'gndvi' // chlorophyll with NIR + green, no red edge
  | 'cover'; // canopy cover inside the plant's outline (thinning), 0–1

export type IndicatorRole = 'vigour' | 'chlorophyll' | 'water';

/** Fixed-range histogram of one indicator over canopy pixels; mergeable across photos. */
export interface IndicatorHistogram {
  min: number;
  max: number;
  counts: number[];
}

/** Result of phase 1 for one capture or raster tile. */
export interface Measurement {
  /** Which sensor family produced it; statistics are kept per family. */
  sensor: 'rgb' | 'multispectral';
  /** Indicator used for each role; `water` is null when the bands allow no leaf-water proxy (no blue band). */
  roles: { vigour: IndicatorName; chlorophyll: IndicatorName; water: IndicatorName | null };
  histograms: Partial<Record<IndicatorName, IndicatorHistogram>>;
  canopyPixels: number;
  totalPixels: number;
}

export interface IndicatorStatistics {
  median: number;
  /** Median absolute deviation (unscaled). Robust sigma = 1.4826 × MAD. */
  mad: number;
  count: number;
}

/** Phase-1 summary for the whole dataset. */
export interface DatasetStatistics {
  indicators: Partial<Record<IndicatorName, IndicatorStatistics>>;
  canopyPixels: number;
  totalPixels: number;
}

export type StressColour = 'yellow' | 'magenta' | 'blue' | 'red';

/** The five classes of spec section 4, plus the answer when no classifier is sure. */
export const STRESS_CLASSES = [
  'Fungal Diseases',
  'Trunk Diseases',
  'Heat Stress',
  'Water Stress',
  'Toxicity',
] as const;
export type StressClass = (typeof STRESS_CLASSES)[number];
export const NOT_CLASSIFIED = 'Not Classified';

export interface BoxClassification {
  label: StressClass | typeof NOT_CLASSIFIED;
  /** Classifier probability of `label`, null for "Not Classified" without a classifier. */
  probability: number | null;
}

/** Robust z-scores of the box's canopy pixels (negative = worse than the field). */
export interface BoxScores {
  vigour: number;
  chlorophyll: number;
  water: number;
  /** Share of the box's canopy pixels flagged stressed. */
  stressedShare: number;
}

export interface StressBox {
  /** Stable id within the dataset: `${imageId}-${n}`. Used as the key of `bboxes`. */
  id: string;
  /** Box in the HD derivative's pixels (spec section 3 `thr_coords`). */
  thr_coords: { x: number; y: number; w: number; h: number };
  /** WGS84 position of the box centre. */
  lng: number;
  lat: number;
  colour: StressColour;
  scores: BoxScores;
  /** Stressed canopy area in m², null when the ground resolution is unknown. */
  areaM2: number | null;
  classification: BoxClassification;
}

/** A judged plant unit on the vigour layer: its vigour against the units around it. */
export interface PlantVigour {
  /** Ground outline of the unit's box, [lng, lat]: top-left, bottom-left, bottom-right, top-right. */
  ring: [number, number][];
  /** Relative vigour z below −1 is low, above +1 high (plant-units.ts `vigourClassZ`). */
  vigourClass: 'low' | 'medium' | 'high';
  /** Robust z of the unit's vigour against its neighbours (two decimals). */
  z: number;
}

export interface PhotoAnalysis {
  /** Size of the HD derivative written to `hdPath` (spec `size.hd`). */
  hd: { w: number; h: number };
  /** original / HD pixel ratio (spec `scale.ratio`). */
  scale: { x: number; y: number };
  /** Share of the image's pixels classified as canopy (0–1). */
  canopyShare: number;
  /** Share of canopy pixels flagged stressed (0–1). */
  stressedShare: number;
  /** Ground size of one original pixel in metres, null when unknown. */
  groundResolutionM: number | null;
  /** WGS84 ground footprint used for lng/lat, null when unknown. */
  footprint: GeoJsonPolygon | null;
  /** Photo centre or raster-tile centre. */
  lng: number | null;
  lat: number | null;
  boxes: StressBox[];
  /** Every judged plant unit with its vigour class (absent in analyses made before the vigour layer). */
  plants?: PlantVigour[];
}

/** A pluggable trained classifier. Without one, every box is "Not Classified". */
export interface StressClassifier {
  /** Returns a label with its probability; the engine keeps it only above `minProbability`. */
  classify(input: {
    /** RGB crop of the box from the HD derivative, PNG bytes. */
    crop: Buffer;
    scores: BoxScores;
    colour: StressColour;
  }): Promise<{ label: StressClass; probability: number }>;
  minProbability: number;
}

export interface DetectOptions {
  /** Robust z (positive number) below minus which a plant-scale vigour or cover counts as stressed (default 2.5). */
  stressZ?: number;
  /** Robust z (positive) below minus which a box's chlorophyll / leaf water counts as low (default 1.0). */
  lowZ?: number;
  /** Smallest stressed area kept, m² (default 0.15). 40 px are used when the GSD is unknown. */
  minAreaM2?: number;
  /** Blobs closer than this (m) are merged into one box (default 0.5). */
  mergeDistanceM?: number;
  /** Merging stops before a box side exceeds this (m, default 4): a box marks plants, not a block. */
  maxBoxM?: number;
  /** Longest side of the HD derivative in pixels (default 2048). */
  hdMaxSize?: number;
  /**
   * Ground resolution the stress analysis runs at for single photos (default 0.05 m: plants are
   * ~1 m, so finer pixels only cost time); never finer than the HD derivative. Pass the same value
   * to `measurePhoto`.
   */
  analysisGsdM?: number;
  /** JPEG quality of the HD derivative (default 85). */
  hdQuality?: number;
  classifier?: StressClassifier;
}

/** A window of a GeoTIFF orthomosaic, analysed as one unit (one job). */
export interface RasterTile {
  /** `${col}_${row}` of the tile grid. */
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Result of `renderTiles`: which layers exist and over which zoom range. */
export interface TileSetSummary {
  layers: MapLayer[];
  minZoom: number;
  maxZoom: number;
  /**
   * Each layer's deepest zoom: `maxZoom`, or for the plant layers of photos the zoom of the
   * analysis pixel when that is coarser (the map enlarges their last level).
   */
  layerMaxZoom: Partial<Record<MapLayer, number>>;
  /** [west, south, east, north] in WGS84. */
  bounds: [number, number, number, number];
  tileSize: 512;
  tileCount: number;
  /** Surface model range (spec `surfaceMapMin/Max`), only with a DSM. */
  surfaceMin: number | null;
  surfaceMax: number | null;
}

/**
 * Receives one encoded tile: a JPEG where the photo layer covers the whole tile, else a PNG (kept
 * under the same `.png` key; `type` is its content type, `tileImageType` finds it from the bytes).
 */
export type TileWriter = (
  layer: MapLayer,
  z: number,
  x: number,
  y: number,
  image: Buffer,
  type: TileImageType,
) => Promise<void>;

export type TileImageType = 'image/png' | 'image/jpeg';

/**
 * What the map's analysis layers need from a photo's plant fields, at the fields' size
 * (`tiles/plant-layers.ts`): the analysed domain (the plants' outline) and the canopy as packed bit
 * masks (`BitMask` words, 32 pixels a word per row), the chlorophyll and leaf-water z as palette
 * codes, one per domain pixel in scan order.
 */
export interface PlantLayers {
  width: number;
  height: number;
  domain: Int32Array;
  canopy: Int32Array;
  domainCount: number;
  comb: Uint8Array | null;
  water: Uint8Array | null;
}

/** A photo's HD JPEG (the analysis made it) and its plant layers (phase 2 kept them). */
export interface PreparedTilePhoto {
  hdJpeg: Buffer;
  layers: PlantLayers;
}

/** A photo with its analysis, placed on its ground footprint in the mosaic. */
export interface TilePhotoSource {
  input: PhotoInput;
  analysis: PhotoAnalysis;
  /**
   * The photo's HD JPEG and plant layers, when they were kept: its tiles are then made from them,
   * without decoding `input`'s files or deriving its plant fields again. Resolving null (or no
   * loader) falls back to the files. Called when the photo is first needed (a few are held at once).
   */
  prepared?: () => Promise<PreparedTilePhoto | null>;
}

export interface RenderTilesOptions {
  photos?: TilePhotoSource[];
  /** GeoTIFF orthomosaic path with each analysis window's result (they feed the `ai`/`beta` colours). */
  raster?: { path: string; analyses: { tile: RasterTile; analysis: PhotoAnalysis }[] };
  /** Optional DSM GeoTIFF (elevation in metres); adds the `dsm` layer. */
  dsmPath?: string;
  statistics: DatasetStatistics;
  /** The field's map zoom (spec `mapDisplay.zoom`); tiles are rendered from it. */
  minZoom: number;
  /** Defaults to the data's native resolution (capped at 23, spec raster zoom 0–23). */
  maxZoom?: number;
  /** Only these layers (default: every layer the data allows). */
  layers?: MapLayer[];
  detect?: DetectOptions;
  onTile: TileWriter;
}
