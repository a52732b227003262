/**
 * Camera and band model: which sensor took a capture and which channel or band file is red, green,
 * blue, NIR and red edge. The analysis chooses its indices from this.
 *
 * Interface (stable; the analysis and the jobs consume it):
 * - `recogniseCamera(metadata, pixelStats?)` → `CameraModel`. `metadata` is one photo's
 *   `PhotoMetadata` or the list of a multispectral capture's band files. `pixelStats` defaults to
 *   `metadata.pixelStats` (recorded by `readPhotoMetadata`).
 * - `CameraModel.kind`: 'rgb' | 'nir-modified' | 'multispectral'.
 * - `CameraModel.channels`: for single-sensor cameras, the 0-based channel of the decoded image
 *   for each role (`{ red, green, blue, nir, redEdge }`, null when absent). For a NIR-modified
 *   camera `red` is the visible band chlorophyll absorbs (blue light on an NGB filter).
 * - `CameraModel.bands`: roles present (for multispectral cameras, from the files' XMP band
 *   names/wavelengths; `bandFiles` maps each role to the 1-based band index of its file).
 * - `CameraModel.indices`: indices the bands allow ('ndvi', 'ndre', 'gndvi', 'vari', 'tgi', 'gli').
 * - `CameraModel.method` (`CameraMethod`) says how it was established; `needsConfirmation` is set
 *   (with a reason for staff) when the camera is unknown and its pixels look false-colour: such a
 *   capture must not be analysed until staff confirm the layout (`PhotoMetadata.confirmedLayout`).
 */
// The catalogue alone, not the package's index: every analysis thread loads this, and the index's
// schemas took a fifth of a thread's start.
import {
  type BandRole,
  CAMERA_CATALOGUE,
  type CameraCatalogueEntry,
  type CameraKind,
  type CameraMethod,
  type ChannelMapping,
  NIR_LAYOUTS,
  RGB_CHANNELS,
} from '@ampelos/domain/cameras';
import { bandNameOf } from '../capture/band-names.ts';
import type { PhotoMetadata, PixelStats } from '../types.ts';
import { looksFalseColour } from './pixel-stats.ts';

export interface CameraModel {
  kind: CameraKind;
  make: string | null;
  model: string | null;
  /** Catalogue label or "Make Model", for the report. */
  label: string;
  /** Single-sensor cameras: channel of each role. Multispectral: null (bands are files). */
  channels: ChannelMapping | null;
  /** Multispectral: 1-based band index of each role's file. */
  bandFiles: Partial<Record<BandRole, number>> | null;
  /** Roles present, in BAND_ROLES order. */
  bands: BandRole[];
  /** Central wavelengths (nm) where the files state them. */
  wavelengthsNm: Partial<Record<BandRole, number>>;
  indices: string[];
  method: CameraMethod;
  /** Why staff must confirm before analysis (English, shown to staff), or null. */
  needsConfirmation: string | null;
}

const ROLE_ORDER: BandRole[] = ['red', 'green', 'blue', 'nir', 'redEdge'];

/** Indices a set of band roles allows (vigour, chlorophyll and leaf-water proxies of the analysis). */
export function indicesFor(bands: BandRole[]): string[] {
  const has = (role: BandRole) => bands.includes(role);
  const indices: string[] = [];
  if (has('nir') && has('red')) indices.push('ndvi');
  if (has('nir') && has('redEdge')) indices.push('ndre');
  if (has('nir') && has('green')) indices.push('gndvi');
  if (!has('nir') && has('red') && has('green') && has('blue')) indices.push('vari', 'tgi');
  if (has('red') && has('green') && has('blue')) indices.push('gli');
  return indices;
}

function rolesOf(channels: ChannelMapping): BandRole[] {
  return ROLE_ORDER.filter((role) => channels[role] !== null);
}

function catalogueEntry(make: string | null, model: string | null): CameraCatalogueEntry | undefined {
  return CAMERA_CATALOGUE.find((entry) => entry.make.test(make ?? '') && entry.model.test(model ?? ''));
}

function nameOf(make: string | null, model: string | null): string {
  if (make && model?.toLowerCase().startsWith(make.toLowerCase())) return model;
  return [make, model].filter(Boolean).join(' ') || 'Unknown camera';
}

function singleSensor(
  metadata: PhotoMetadata,
  kind: CameraKind,
  label: string,
  channels: ChannelMapping,
  method: CameraMethod,
  needsConfirmation: string | null = null,
): CameraModel {
  const bands = rolesOf(channels);
  return {
    kind,
    make: metadata.make,
    model: metadata.model,
    label,
    channels,
    bandFiles: null,
    bands,
    wavelengthsNm: {},
    indices: indicesFor(bands),
    method,
    needsConfirmation,
  };
}

function multispectral(files: PhotoMetadata[], label: string): CameraModel {
  const bandFiles: Partial<Record<BandRole, number>> = {};
  const wavelengthsNm: Partial<Record<BandRole, number>> = {};
  files.forEach((file, position) => {
    const role = bandNameOf(file.band);
    if (!role || bandFiles[role] !== undefined) return;
    bandFiles[role] = file.band?.index || position + 1;
    if (file.band?.centralWavelengthNm) wavelengthsNm[role] = file.band.centralWavelengthNm;
  });
  const bands = ROLE_ORDER.filter((role) => bandFiles[role] !== undefined);
  const first = files[0] as PhotoMetadata;
  return {
    kind: 'multispectral',
    make: first.make,
    model: first.model,
    label,
    channels: null,
    bandFiles,
    bands,
    wavelengthsNm,
    indices: indicesFor(bands),
    method: 'band-metadata',
    needsConfirmation: null,
  };
}

/** The layout staff confirmed, as a camera model. */
function confirmed(metadata: PhotoMetadata, layout: NonNullable<PhotoMetadata['confirmedLayout']>) {
  const label = nameOf(metadata.make, metadata.model);
  if (layout === 'rgb') return singleSensor(metadata, 'rgb', label, RGB_CHANNELS, 'staff-confirmed');
  return singleSensor(
    metadata,
    'nir-modified',
    `${label} (${layout.toUpperCase()})`,
    NIR_LAYOUTS[layout],
    'staff-confirmed',
  );
}

export const FALSE_COLOUR_REASON =
  'The camera is not in our catalogue and its photos look false-colour (no green vegetation): confirm which channel holds NIR before analysis.';

/**
 * Recognises the camera of one photo or of one multispectral capture (its band files). Pure: the
 * same metadata always gives the same model.
 */
export function recogniseCamera(
  metadata: PhotoMetadata | PhotoMetadata[],
  pixelStats?: PixelStats | null,
): CameraModel {
  const files = Array.isArray(metadata) ? metadata : [metadata];
  const first = files[0];
  if (!first) throw new Error('recogniseCamera needs the metadata of at least one file');
  const entry = catalogueEntry(first.make, first.model);
  const label = entry?.label ?? nameOf(first.make, first.model);
  if (files.some((file) => file.band)) return multispectral(files, label);
  if (first.confirmedLayout) return confirmed(first, first.confirmedLayout);
  const stats = pixelStats === undefined ? (first.pixelStats ?? null) : pixelStats;
  const falseColour = stats ? looksFalseColour(stats) : false;
  if (entry?.kind === 'nir-modified' && entry.layout)
    return singleSensor(first, 'nir-modified', entry.label, NIR_LAYOUTS[entry.layout], 'catalogue');
  if (entry?.ambiguous) {
    const flown = (first.xmpNamespaces ?? []).some(
      (ns) => ns.toLowerCase() === entry.ambiguous?.platformXmp.toLowerCase(),
    );
    if (flown && falseColour) {
      const layout = entry.ambiguous.nirLayout;
      return singleSensor(
        first,
        'nir-modified',
        `${entry.label}, NIR-converted (${layout.toUpperCase()})`,
        NIR_LAYOUTS[layout],
        'catalogue-and-pixels',
      );
    }
    if (!falseColour) return singleSensor(first, 'rgb', entry.label, RGB_CHANNELS, 'catalogue-and-pixels');
  }
  if (entry && entry.kind === 'rgb' && !entry.ambiguous && !falseColour)
    return singleSensor(first, 'rgb', entry.label, RGB_CHANNELS, 'catalogue');
  if (falseColour)
    return singleSensor(first, 'rgb', label, RGB_CHANNELS, 'unconfirmed-false-colour', FALSE_COLOUR_REASON);
  return singleSensor(first, 'rgb', label, RGB_CHANNELS, entry ? 'catalogue' : 'assumed-rgb');
}
