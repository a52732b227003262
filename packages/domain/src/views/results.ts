import { MAP_LAYERS, type MapLayer, WATER_STRESS_MIN_YEAR } from '../constants.ts';

/** Plant-stress colours of spec section 4: stress; + low chlorophyll; + low leaf water; all three. */
export const STRESS_COLOURS = ['yellow', 'magenta', 'blue', 'red'] as const;
export type StressColour = (typeof STRESS_COLOURS)[number];
export const STRESS_COLOUR_HEX: Readonly<Record<StressColour, string>> = {
  yellow: '#f2c811',
  magenta: '#d21fd2',
  blue: '#1f6fe0',
  red: '#e0241f',
};
/** Boxes a person drew have no analysis colour: they are drawn in this one. */
export const DRAWN_BOX_HEX = '#20c997';
export const NOT_CLASSIFIED_LABEL = 'Not Classified';

export function stressColourHex(colour: string | null): string {
  return colour && colour in STRESS_COLOUR_HEX ? STRESS_COLOUR_HEX[colour as StressColour] : DRAWN_BOX_HEX;
}

/**
 * The layers a report's viewer offers (spec section 4): the report's own tile layers, in the
 * catalogue's order, unknown names dropped, and Water Stress only for reports created in 2023 or later.
 */
export function offeredLayers(layers: readonly string[], reportCreatedAt: string | Date): MapLayer[] {
  const year = new Date(reportCreatedAt).getUTCFullYear();
  return (Object.keys(MAP_LAYERS) as MapLayer[]).filter(
    (layer) => layers.includes(layer) && (layer !== 'water_stress' || year >= WATER_STRESS_MIN_YEAR),
  );
}

/** One stressed plant (or a box a person drew) on an HD photo; coordinates in HD pixels. */
export interface ResultsBoxView {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  lng: number;
  lat: number;
  /** Analysis colour (`STRESS_COLOURS`); null for a drawn box. */
  colour: StressColour | null;
  /** The classifier's class, or "Not Classified". */
  className: string;
  /** Stress factor id from the catalogue (`STRESS_FACTOR_IDS`), null when not annotated. */
  factor: string | null;
  comment: string | null;
  annotatedAt: string | null;
  /** First and last name of whoever annotated last. */
  annotatedBy: string | null;
  /** Drawn by a person on the photo, not found by the analysis. */
  drawn: boolean;
  /**
   * The box's outline on the ground ([lng, lat], closed), when the photo's footprint is known: the
   * Classification layer paints an annotated plant in its class there.
   */
  ring: [number, number][] | null;
}

/** One analysed photo (or orthomosaic window) with its boxes. */
export interface ResultsPhotoView {
  /** The spec's `file` (an orthomosaic's windows share their file name). */
  file: string;
  /** Base of the HD derivative (unique in the report). */
  base: string;
  lng: number;
  lat: number;
  hdUrl: string;
  /** Whether a box drawn on this photo can be placed on the ground (its footprint is known). */
  canDraw: boolean;
  boxes: ResultsBoxView[];
}

/** `GET /api/reports/{uuid}/results`: what the results viewer shows for a completed report. */
export interface ReportResultsView {
  uuid: string;
  createdAt: string;
  processedAt: string | null;
  field: { uuid: string | null; title: string; polygonPoints: [number, number][] | null };
  /** Offered layers (`offeredLayers`), in display order. */
  layers: MapLayer[];
  /** XYZ template with `{layer}`, `{z}`, `{x}`, `{y}` placeholders. */
  tileUrlTemplate: string;
  /**
   * Zoom levels the tiles were rendered for (beyond a layer's last level the map overzooms), null
   * without tiles. `maxByLayer` is each layer's last level (the plant layers may stop above the
   * photos), `max` the deepest of them.
   */
  tileZoom: { min: number; max: number; maxByLayer: Record<string, number> } | null;
  pdfUrl: string | null;
  /** The vigour layer (`VigourLayerFile`), null for reports analysed before it existed or without a georeference. */
  vigourUrl: string | null;
  /** The caller may download the annotated plants as a labelled set (staff only, see docs/decisions/datasets.md). */
  canExportAnnotations: boolean;
  size: { hd: { w: number; h: number } } | null;
  scale: { ratio: { x: number; y: number } } | null;
  surfaceMap: { min: number; max: number } | null;
  photos: ResultsPhotoView[];
  /** The caller may annotate (the report's customer and staff, not read-only roles). */
  canAnnotate: boolean;
  /** Other completed reports of the same field the caller may see, newest first (for the swipe comparison). */
  siblings: ResultsSiblingView[];
}

/** Another completed report of the same field, named as the field page names it. */
export interface ResultsSiblingView {
  uuid: string;
  createdAt: string;
  processedAt: string | null;
  /** The final day of its shoot (YYYY-MM-DD), when it had one: its name, as on the report panel. */
  finalShootDay: string | null;
}

/** `POST /api/reports/update/bbox` answer; `box` is null when a drawn box was cleared (and so removed). */
export interface BoxUpdateView {
  data: { file: string; base: string; box: ResultsBoxView | null };
  msg: string;
}

export const RESULTS_MESSAGES = {
  reportUpdated: 'Report successfully updated.',
  updateFailed: 'Something went wrong. Please try again.',
  reportNotFound: 'Report not found',
  notComplete: 'The results of this report are not ready yet',
  photoNotFound: 'Photo not found',
  boxNotFound: 'Box not found',
  mayNotAnnotate: 'You may not annotate this report',
  boxOrArea: 'Choose a box or draw one',
  otherNeedsComment: 'Describe the stress factor',
  boxOutsidePhoto: 'The box must lie on the photo',
  cannotPlaceBox: 'A box cannot be drawn on this photo: its position on the ground is unknown',
  mayNotExport: 'Only staff may export annotated plants',
  nothingToExport: 'No plant of this report is annotated yet',
} as const;
