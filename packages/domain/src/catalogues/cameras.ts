/**
 * Drone cameras the imaging engine knows, and the words the report uses for how a photo was read
 * (camera kind, band roles, height source). Pure data: the server's `recogniseCamera` matches
 * photos' EXIF/XMP against it; the web and the PDF translate the codes.
 *
 * Channel numbers are 0-based channels of the decoded 8-bit image (0 = the file's "red" channel,
 * 1 = "green", 2 = "blue"); multispectral cameras store one band per file and are mapped by the
 * band names and wavelengths in their XMP instead.
 */

/** rgb: ordinary colour camera; nir-modified: one sensor whose filter puts NIR in a colour channel; multispectral: one file per band. */
export const CAMERA_KINDS = ['rgb', 'nir-modified', 'multispectral'] as const;
export type CameraKind = (typeof CAMERA_KINDS)[number];

export const BAND_ROLES = ['red', 'green', 'blue', 'nir', 'redEdge'] as const;
export type BandRole = (typeof BAND_ROLES)[number];

/** Which channel (single-sensor cameras) carries each spectral role; null when the camera has none. */
export type ChannelMapping = Record<BandRole, 0 | 1 | 2 | null>;

/** How the camera and its bands were established (shown to staff and in the report). */
export const CAMERA_METHODS = [
  /** Band names and wavelengths stated in the files' XMP (MicaSense, DJI multispectral, Sequoia). */
  'band-metadata',
  /** Make and model found in the catalogue below. */
  'catalogue',
  /** A model sold both as colour and as NIR camera: the catalogue plus a pixel statistic decided. */
  'catalogue-and-pixels',
  /** Not in the catalogue, pixels look like an ordinary colour photo: read as RGB. */
  'assumed-rgb',
  /** Not in the catalogue and the pixels look false-colour: staff must say what the channels are. */
  'unconfirmed-false-colour',
  /** A member of staff confirmed the band layout. */
  'staff-confirmed',
] as const;
export type CameraMethod = (typeof CAMERA_METHODS)[number];

/** Where the height above ground (and so every pixel size and area) came from. */
export const HEIGHT_SOURCES = [
  /** DJI `RelativeAltitude`, senseFly `Height`: the flight controller's height above take-off. */
  'relative-altitude',
  /** GPS altitude minus that of the dataset's own ground capture (e.g. the reflectance-panel shot). */
  'ground-capture',
  /** Barometric altitude minus that of the dataset's ground capture (GPS altitude missing). */
  'pressure-ground-capture',
  /** GPS altitude minus the field's altitude as typed on the field form. */
  'field-altitude',
  /** A member of staff entered the flight height. */
  'staff-confirmed',
  /** No evidence: boxes keep the photo's position and have no area. */
  'unknown',
] as const;
export type HeightSource = (typeof HEIGHT_SOURCES)[number];

/** Single-sensor filter layouts (channel order R, G, B of the stored image). */
export const NIR_LAYOUTS = {
  /**
   * NIR in red, visible green and blue (MAPIR NGB, Canon/senseFly NIR conversions): NDVI from
   * channels 0 and 2. The `red` role means the visible band that chlorophyll absorbs, here blue.
   */
  ngb: { red: 2, green: 1, blue: null, nir: 0, redEdge: null },
  /** Red, green, NIR in blue (MAPIR RGN). */
  rgn: { red: 0, green: 1, blue: null, nir: 2, redEdge: null },
  /** Orange, cyan, NIR (MAPIR OCN): orange stands in for red. */
  ocn: { red: 0, green: 1, blue: null, nir: 2, redEdge: null },
} as const satisfies Record<string, ChannelMapping>;
export type NirLayout = keyof typeof NIR_LAYOUTS;

/** Layouts staff may confirm for a camera the engine did not recognise. */
export const CAMERA_LAYOUTS = ['rgb', 'ngb', 'rgn', 'ocn'] as const;
export type CameraLayout = (typeof CAMERA_LAYOUTS)[number];

export const RGB_CHANNELS: ChannelMapping = { red: 0, green: 1, blue: 2, nir: null, redEdge: null };

export interface CameraCatalogueEntry {
  /** Shown in the report. */
  readonly label: string;
  readonly kind: CameraKind;
  /** Case-insensitive tests on EXIF Make and Model. */
  readonly make: RegExp;
  readonly model: RegExp;
  /** Single-sensor NIR cameras: the filter layout. */
  readonly layout?: NirLayout;
  /**
   * Sold both as a colour and as a NIR-converted camera (the same EXIF either way): the pixels
   * decide, and only when the photo also carries this drone's XMP (`platformXmp`).
   */
  readonly ambiguous?: { readonly platformXmp: string; readonly nirLayout: NirLayout };
}

/**
 * Known cameras. Multispectral models are listed for their labels; their bands always come from
 * the XMP band names and wavelengths. Anything not listed is read as RGB, unless its pixels look
 * false-colour, in which case staff are asked.
 */
export const CAMERA_CATALOGUE: readonly CameraCatalogueEntry[] = [
  { label: 'MicaSense RedEdge', kind: 'multispectral', make: /^micasense$/i, model: /rededge/i },
  { label: 'MicaSense Altum', kind: 'multispectral', make: /^micasense$/i, model: /altum/i },
  { label: 'Parrot Sequoia', kind: 'multispectral', make: /^parrot$/i, model: /sequoia/i },
  { label: 'DJI Phantom 4 Multispectral', kind: 'multispectral', make: /^dji$/i, model: /^fc6360$/i },
  { label: 'DJI Mavic 3 Multispectral', kind: 'multispectral', make: /^dji$/i, model: /^m3m$/i },
  { label: 'MAPIR Survey3 RGN', kind: 'nir-modified', make: /mapir/i, model: /rgn/i, layout: 'rgn' },
  { label: 'MAPIR Survey3 NGB', kind: 'nir-modified', make: /mapir/i, model: /ngb/i, layout: 'ngb' },
  { label: 'MAPIR Survey3 OCN', kind: 'nir-modified', make: /mapir/i, model: /ocn/i, layout: 'ocn' },
  {
    label: 'senseFly S110 NIR (Canon)',
    kind: 'nir-modified',
    make: /^(canon|sensefly)$/i,
    model: /s110[ _-]?nir/i,
    layout: 'ngb',
  },
  {
    // The swinglet CAM carried this compact either unmodified or NIR-converted (ODM "Seneca").
    label: 'Canon PowerShot ELPH 300 HS (senseFly swinglet CAM)',
    kind: 'rgb',
    make: /^canon$/i,
    model: /elph 300 hs|ixus 220 hs/i,
    ambiguous: { platformXmp: 'sensefly', nirLayout: 'ngb' },
  },
  { label: 'DJI Phantom 3', kind: 'rgb', make: /^dji$/i, model: /^fc300[sxc]?$/i },
  { label: 'DJI Phantom 4 Pro', kind: 'rgb', make: /^dji$/i, model: /^fc6310/i },
  { label: 'DJI Phantom 4', kind: 'rgb', make: /^dji$/i, model: /^fc330$/i },
  { label: 'DJI Phantom 4 RTK', kind: 'rgb', make: /^dji$/i, model: /^fc6310r$/i },
  { label: 'DJI Mavic 2 Pro', kind: 'rgb', make: /^(dji|hasselblad)$/i, model: /^l1d-20c$/i },
  { label: 'DJI Mavic 3', kind: 'rgb', make: /^(dji|hasselblad)$/i, model: /^l2d-20c$/i },
  { label: 'DJI Mavic Air 2', kind: 'rgb', make: /^dji$/i, model: /^fc3170$/i },
  { label: 'DJI Mini 2', kind: 'rgb', make: /^dji$/i, model: /^fc7303$/i },
  { label: 'DJI Mavic 3 Enterprise', kind: 'rgb', make: /^dji$/i, model: /^m3e$/i },
  { label: 'DJI Zenmuse P1', kind: 'rgb', make: /^dji$/i, model: /^zenmusep1$/i },
  { label: 'DJI drone camera', kind: 'rgb', make: /^dji$/i, model: /./ },
];

/** Words of the report for the codes above (the web has the same in its catalogues). */
export const CAMERA_KIND_LABELS: Record<CameraKind, { en: string; el: string }> = {
  rgb: { en: 'colour (RGB) camera', el: 'έγχρωμη κάμερα (RGB)' },
  'nir-modified': { en: 'NIR-modified camera', el: 'κάμερα τροποποιημένη για εγγύς υπέρυθρο (NIR)' },
  multispectral: { en: 'multispectral camera', el: 'πολυφασματική κάμερα' },
};

export const HEIGHT_SOURCE_LABELS: Record<HeightSource, { en: string; el: string }> = {
  'relative-altitude': {
    en: 'the drone’s height above take-off',
    el: 'ύψος του drone από το σημείο απογείωσης',
  },
  'ground-capture': {
    en: 'GPS altitude above the dataset’s ground capture',
    el: 'υψόμετρο GPS πάνω από τη λήψη εδάφους του συνόλου',
  },
  'pressure-ground-capture': {
    en: 'barometric altitude above the dataset’s ground capture',
    el: 'βαρομετρικό υψόμετρο πάνω από τη λήψη εδάφους του συνόλου',
  },
  'field-altitude': {
    en: 'GPS altitude minus the field’s altitude',
    el: 'υψόμετρο GPS μείον το υψόμετρο του αγροτεμαχίου',
  },
  'staff-confirmed': {
    en: 'flight height confirmed by our team',
    el: 'ύψος πτήσης επιβεβαιωμένο από την ομάδα μας',
  },
  unknown: { en: 'unknown (no areas)', el: 'άγνωστο (χωρίς εμβαδά)' },
};

export const CAMERA_METHOD_LABELS: Record<CameraMethod, { en: string; el: string }> = {
  'band-metadata': {
    en: 'bands from the files’ band names and wavelengths',
    el: 'κανάλια από τα ονόματα και τα μήκη κύματος των αρχείων',
  },
  catalogue: { en: 'camera model from our catalogue', el: 'μοντέλο κάμερας από τον κατάλογό μας' },
  'catalogue-and-pixels': {
    en: 'camera model from our catalogue, filter recognised from the colours of the photos',
    el: 'μοντέλο κάμερας από τον κατάλογό μας, φίλτρο αναγνωρισμένο από τα χρώματα των φωτογραφιών',
  },
  'assumed-rgb': {
    en: 'unknown camera read as an ordinary colour camera',
    el: 'άγνωστη κάμερα, ως συνήθης έγχρωμη κάμερα',
  },
  'unconfirmed-false-colour': {
    en: 'unknown false-colour camera, awaiting confirmation',
    el: 'άγνωστη κάμερα ψευδοχρώματος, σε αναμονή επιβεβαίωσης',
  },
  'staff-confirmed': {
    en: 'band layout confirmed by our team',
    el: 'διάταξη καναλιών επιβεβαιωμένη από την ομάδα μας',
  },
};

/** Index names as printed. */
export const INDEX_LABELS: Record<string, string> = {
  ndvi: 'NDVI',
  ndre: 'NDRE',
  gndvi: 'GNDVI',
  vari: 'VARI',
  tgi: 'TGI',
  gli: 'GLI',
};

/** One sentence per part of a setup, in the report's language (PDF and web use the same words). */
export function describeImagingSetup(setup: ImagingSetup, lang: 'en' | 'el') {
  const bands = setup.bands.map((band) => BAND_ROLE_LABELS[band][lang]).join(', ');
  const indices = setup.indices.map((index) => INDEX_LABELS[index] ?? index).join(', ');
  const height =
    setup.heightM === null
      ? HEIGHT_SOURCE_LABELS.unknown[lang]
      : `${setup.heightM.toLocaleString(lang === 'el' ? 'el-GR' : 'en-GB')} m (${HEIGHT_SOURCE_LABELS[setup.heightSource][lang]})`;
  return {
    camera: `${setup.camera ?? '–'}: ${CAMERA_KIND_LABELS[setup.kind][lang]}`,
    bands: indices ? `${bands} → ${indices}` : bands,
    height,
    method: CAMERA_METHOD_LABELS[setup.method][lang],
  };
}

export const BAND_ROLE_LABELS: Record<BandRole, { en: string; el: string }> = {
  red: { en: 'red', el: 'κόκκινο' },
  green: { en: 'green', el: 'πράσινο' },
  blue: { en: 'blue', el: 'μπλε' },
  nir: { en: 'NIR', el: 'NIR' },
  redEdge: { en: 'red edge', el: 'red edge' },
};

/**
 * A flight height (m above ground) the engine accepts without asking: drone rules in the EU and the
 * US cap flights at 120 m; below 5 m a photo is a ground or test shot, not a survey.
 */
export const PLAUSIBLE_FLIGHT_HEIGHT_M = { min: 5, max: 150 } as const;
/** A ground pixel (m) the engine accepts without asking: from 5 mm (close inspection) to 30 cm. */
export const PLAUSIBLE_GROUND_PIXEL_M = { min: 0.005, max: 0.3 } as const;

/** What the report states about how one photo (or the dataset) was read. */
export interface ImagingSetup {
  camera: string | null;
  kind: CameraKind;
  /** Roles present, e.g. ['red', 'green', 'nir']. */
  bands: BandRole[];
  method: CameraMethod;
  heightM: number | null;
  heightSource: HeightSource;
  /** Indices the bands allow (NDVI, NDRE, GNDVI, VARI, TGI, GLI). */
  indices: string[];
}
