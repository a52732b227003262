import { kml } from '@tmcw/togeojson';
import type { Geometry } from 'geojson';
import JSZip from 'jszip';
import { closeRing, type Ring, ringAreaSquareMetres } from '../../../components/map/geometry.ts';

/** One polygon found in an imported file: the outer ring, a title and its geodesic area. */
export interface BoundaryCandidate {
  title: string;
  ring: Ring;
  /** Square metres. */
  area: number;
}

export type BoundaryImportErrorCode = 'noPolygon' | 'unsupported' | 'unreadable';

/** A file that cannot give a boundary; `code` picks the message shown (fields.import.errors.*). */
export class BoundaryImportError extends Error {
  constructor(readonly code: BoundaryImportErrorCode) {
    super(code);
    this.name = 'BoundaryImportError';
  }
}

/** Parses XML text into a DOM document; the browser's DOMParser by default (tests pass another). */
export type XmlParser = (text: string) => Document;

const browserXmlParser: XmlParser = (text) => new DOMParser().parseFromString(text, 'text/xml');

export const BOUNDARY_FILE_ACCEPT = '.kml,.kmz,.geojson,.json,.zip';

const TITLE_KEYS = ['name', 'Name', 'NAME', 'title', 'Title', 'TITLE', 'label', 'id', 'ID'];

function titleOf(properties: Record<string, unknown> | null | undefined): string | null {
  for (const key of TITLE_KEYS) {
    const value = properties?.[key];
    if ((typeof value === 'string' && value.trim()) || typeof value === 'number') return String(value).trim();
  }
  return null;
}

/** The outer rings of every polygon in a geometry (multi-polygons and collections flattened). */
function outerRings(geometry: Geometry | null | undefined): Ring[] {
  if (!geometry) return [];
  switch (geometry.type) {
    case 'Polygon': {
      const ring = geometry.coordinates[0] ? closeRing(geometry.coordinates[0]) : null;
      return ring ? [ring] : [];
    }
    case 'MultiPolygon':
      return geometry.coordinates.flatMap((polygon) => {
        const ring = polygon[0] ? closeRing(polygon[0]) : null;
        return ring ? [ring] : [];
      });
    case 'GeometryCollection':
      return geometry.geometries.flatMap(outerRings);
    default:
      return [];
  }
}

/** Every polygon of any GeoJSON object (FeatureCollection, Feature, Geometry, or a list of those). */
export function candidatesFromGeoJson(input: unknown): BoundaryCandidate[] {
  const found: { title: string | null; ring: Ring }[] = [];
  const visit = (node: unknown, inheritedTitle: string | null) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, inheritedTitle);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const object = node as { type?: unknown; features?: unknown; geometry?: unknown; properties?: unknown };
    if (object.type === 'FeatureCollection' && Array.isArray(object.features)) {
      for (const feature of object.features) visit(feature, inheritedTitle);
    } else if (object.type === 'Feature') {
      const title = titleOf(object.properties as Record<string, unknown> | null) ?? inheritedTitle;
      for (const ring of outerRings(object.geometry as Geometry | null)) found.push({ title, ring });
    } else {
      for (const ring of outerRings(node as Geometry)) found.push({ title: inheritedTitle, ring });
    }
  };
  visit(input, null);

  // Untitled polygons are numbered; a title shared by several parts gets the part number.
  const counts = new Map<string, number>();
  for (const { title } of found) if (title) counts.set(title, (counts.get(title) ?? 0) + 1);
  const seen = new Map<string, number>();
  return found.map(({ title, ring }, index) => {
    let label = title ?? `#${index + 1}`;
    if (title && (counts.get(title) ?? 0) > 1) {
      const part = (seen.get(title) ?? 0) + 1;
      seen.set(title, part);
      label = `${title} (${part})`;
    }
    return { title: label, ring, area: ringAreaSquareMetres(ring) };
  });
}

/** Polygons of a KML document. */
export function candidatesFromKml(text: string, parseXml: XmlParser = browserXmlParser): BoundaryCandidate[] {
  let doc: Document;
  try {
    doc = parseXml(text);
  } catch {
    throw new BoundaryImportError('unreadable');
  }
  if (!doc?.documentElement || doc.getElementsByTagName('parsererror').length > 0) {
    throw new BoundaryImportError('unreadable');
  }
  return candidatesFromGeoJson(kml(doc, { skipNullGeometry: true }));
}

/** Polygons of a KMZ (a zip holding a KML document, usually doc.kml). */
export async function candidatesFromKmz(
  data: ArrayBuffer | Uint8Array,
  parseXml: XmlParser = browserXmlParser,
): Promise<BoundaryCandidate[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    throw new BoundaryImportError('unreadable');
  }
  const kmlFiles = Object.values(zip.files).filter(
    (file) => !file.dir && file.name.toLowerCase().endsWith('.kml') && !file.name.includes('__MACOSX'),
  );
  kmlFiles.sort(
    (a, b) => Number(b.name.toLowerCase() === 'doc.kml') - Number(a.name.toLowerCase() === 'doc.kml'),
  );
  if (kmlFiles.length === 0) throw new BoundaryImportError('noPolygon');
  const results: BoundaryCandidate[] = [];
  for (const file of kmlFiles) results.push(...candidatesFromKml(await file.async('string'), parseXml));
  return results;
}

/** Polygons of a zipped Shapefile (.shp with .dbf for names and .prj for the projection). */
export async function candidatesFromShapefileZip(
  data: ArrayBuffer | Uint8Array,
): Promise<BoundaryCandidate[]> {
  const { parseZip } = await import('shpjs');
  let parsed: Awaited<ReturnType<typeof parseZip>>;
  try {
    parsed = await parseZip(data);
  } catch (error) {
    if (error instanceof Error && /no layers/i.test(error.message))
      throw new BoundaryImportError('noPolygon');
    throw new BoundaryImportError('unreadable');
  }
  return candidatesFromGeoJson(parsed);
}

function decodeText(data: ArrayBuffer | Uint8Array): string {
  return new TextDecoder().decode(data);
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b;
}

/**
 * Reads a boundary file: KML, KMZ, GeoJSON or a zipped Shapefile, chosen by the file name's ending
 * (and the content when the ending says nothing). Throws BoundaryImportError; never returns an empty list.
 */
export async function parseBoundaryFile(
  fileName: string,
  data: ArrayBuffer | Uint8Array,
  parseXml: XmlParser = browserXmlParser,
): Promise<BoundaryCandidate[]> {
  const name = fileName.toLowerCase();
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  let candidates: BoundaryCandidate[];
  if (name.endsWith('.kml')) {
    candidates = candidatesFromKml(decodeText(bytes), parseXml);
  } else if (name.endsWith('.kmz')) {
    candidates = await candidatesFromKmz(bytes, parseXml);
  } else if (name.endsWith('.geojson') || name.endsWith('.json')) {
    let json: unknown;
    try {
      json = JSON.parse(decodeText(bytes));
    } catch {
      throw new BoundaryImportError('unreadable');
    }
    candidates = candidatesFromGeoJson(json);
  } else if (name.endsWith('.zip') || isZip(bytes)) {
    const zip = await JSZip.loadAsync(bytes).catch(() => null);
    if (!zip) throw new BoundaryImportError('unreadable');
    const names = Object.keys(zip.files).map((n) => n.toLowerCase());
    candidates = names.some((n) => n.endsWith('.shp'))
      ? await candidatesFromShapefileZip(bytes)
      : names.some((n) => n.endsWith('.kml'))
        ? await candidatesFromKmz(bytes, parseXml)
        : [];
  } else {
    throw new BoundaryImportError('unsupported');
  }
  if (candidates.length === 0) throw new BoundaryImportError('noPolygon');
  return candidates;
}
