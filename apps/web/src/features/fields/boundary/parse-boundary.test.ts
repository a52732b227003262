import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  BoundaryImportError,
  candidatesFromGeoJson,
  candidatesFromKml,
  parseBoundaryFile,
  type XmlParser,
} from './parse-boundary.ts';

const parseXml = ((text: string) =>
  new DOMParser().parseFromString(text, 'text/xml')) as unknown as XmlParser;
const encode = (text: string) => new TextEncoder().encode(text);

// A vineyard near Naoussa (about 1.9 ha), as Google Earth writes it: lng,lat,alt triples.
const NAOUSSA = [
  [22.0601, 40.6291],
  [22.0621, 40.6291],
  [22.0621, 40.6301],
  [22.0601, 40.6301],
];
const kmlPlacemark = (name: string, ring: number[][]) => `
    <Placemark>
      <name>${name}</name>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>
        ${[...ring, ring[0] ?? []].map(([lng, lat]) => `${lng},${lat},0`).join(' ')}
      </coordinates></LinearRing></outerBoundaryIs></Polygon>
    </Placemark>`;
const kmlDocument = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`;

describe('KML import', () => {
  it('reads one polygon as a closed [lng, lat] ring with its name and area', () => {
    const [candidate, ...rest] = candidatesFromKml(
      kmlDocument(kmlPlacemark('Xinomavro block', NAOUSSA)),
      parseXml,
    );
    expect(rest).toEqual([]);
    expect(candidate?.title).toBe('Xinomavro block');
    expect(candidate?.ring).toEqual([...NAOUSSA, NAOUSSA[0]]);
    expect(candidate?.area).toBeGreaterThan(18_000);
    expect(candidate?.area).toBeLessThan(20_000);
  });

  it('offers every polygon of a file with several, skipping points and lines', () => {
    const shifted = NAOUSSA.map(([lng, lat]) => [(lng ?? 0) + 0.01, lat ?? 0]);
    const text = kmlDocument(
      `${kmlPlacemark('North', NAOUSSA)}${kmlPlacemark('South', shifted)}
       <Placemark><name>Gate</name><Point><coordinates>22.06,40.63,0</coordinates></Point></Placemark>`,
    );
    expect(candidatesFromKml(text, parseXml).map((c) => c.title)).toEqual(['North', 'South']);
  });

  it('refuses a KML with no polygon', async () => {
    const text = kmlDocument(
      '<Placemark><name>Gate</name><Point><coordinates>22.06,40.63</coordinates></Point></Placemark>',
    );
    await expect(parseBoundaryFile('gate.kml', encode(text), parseXml)).rejects.toEqual(
      new BoundaryImportError('noPolygon'),
    );
  });

  it('reads a KMZ (zipped doc.kml)', async () => {
    const zip = new JSZip();
    zip.file('doc.kml', kmlDocument(kmlPlacemark('Assyrtiko', NAOUSSA)));
    const data = await zip.generateAsync({ type: 'uint8array' });
    const candidates = await parseBoundaryFile('Assyrtiko.kmz', data, parseXml);
    expect(candidates.map((c) => c.title)).toEqual(['Assyrtiko']);
  });
});

describe('GeoJSON import', () => {
  it('reads a Feature, closing an open ring and dropping altitude and repeated points', async () => {
    const feature = {
      type: 'Feature',
      properties: { title: 'Plot 7' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [NAOUSSA[0], NAOUSSA[1], NAOUSSA[1], NAOUSSA[2], NAOUSSA[3]].map((p) => [...(p ?? []), 120]),
        ],
      },
    };
    const [candidate] = await parseBoundaryFile('plot.geojson', encode(JSON.stringify(feature)));
    expect(candidate?.title).toBe('Plot 7');
    expect(candidate?.ring).toEqual([NAOUSSA[0], NAOUSSA[1], NAOUSSA[2], NAOUSSA[3], NAOUSSA[0]]);
  });

  it('splits a MultiPolygon into numbered parts and numbers untitled polygons', () => {
    const ring = [...NAOUSSA, NAOUSSA[0]];
    const multi = candidatesFromGeoJson({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Estate' },
          geometry: { type: 'MultiPolygon', coordinates: [[ring], [ring]] },
        },
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } },
      ],
    });
    expect(multi.map((c) => c.title)).toEqual(['Estate (1)', 'Estate (2)', '#3']);
  });

  it('refuses degenerate rings, out-of-range coordinates, unreadable JSON and unknown files', async () => {
    expect(
      candidatesFromGeoJson({
        type: 'Polygon',
        coordinates: [
          [
            [22, 40],
            [22, 40],
            [22.1, 40],
            [22, 40],
          ],
        ],
      }),
    ).toEqual([]);
    expect(
      candidatesFromGeoJson({
        type: 'Polygon',
        coordinates: [
          [
            [200, 40],
            [22, 41],
            [23, 40],
          ],
        ],
      }),
    ).toEqual([]);
    await expect(parseBoundaryFile('a.geojson', encode('{nope'))).rejects.toEqual(
      new BoundaryImportError('unreadable'),
    );
    await expect(
      parseBoundaryFile('a.json', encode(JSON.stringify({ type: 'Point', coordinates: [22, 40] }))),
    ).rejects.toEqual(new BoundaryImportError('noPolygon'));
    await expect(parseBoundaryFile('field.pdf', encode('%PDF'))).rejects.toEqual(
      new BoundaryImportError('unsupported'),
    );
  });
});

/** A minimal ESRI Shapefile (.shp) holding one polygon, in WGS84 degrees. */
function shapefilePolygon(ring: number[][]): Uint8Array {
  const closed = [...ring, ring[0] as number[]];
  const contentBytes = 4 + 32 + 4 + 4 + 4 + 16 * closed.length;
  const buffer = new ArrayBuffer(100 + 8 + contentBytes);
  const view = new DataView(buffer);
  const xs = closed.map((p) => p[0] ?? 0);
  const ys = closed.map((p) => p[1] ?? 0);
  const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  view.setInt32(0, 9994, false);
  view.setInt32(24, buffer.byteLength / 2, false);
  view.setInt32(28, 1000, true);
  view.setInt32(32, 5, true);
  for (const [i, value] of box.entries()) view.setFloat64(36 + 8 * i, value, true);
  view.setInt32(100, 1, false);
  view.setInt32(104, contentBytes / 2, false);
  let offset = 108;
  view.setInt32(offset, 5, true);
  for (const [i, value] of box.entries()) view.setFloat64(offset + 4 + 8 * i, value, true);
  offset += 36;
  view.setInt32(offset, 1, true);
  view.setInt32(offset + 4, closed.length, true);
  view.setInt32(offset + 8, 0, true);
  offset += 12;
  for (const [x, y] of closed) {
    view.setFloat64(offset, x ?? 0, true);
    view.setFloat64(offset + 8, y ?? 0, true);
    offset += 16;
  }
  return new Uint8Array(buffer);
}

describe('zipped Shapefile import', () => {
  it('reads the polygon of a .shp inside a zip', async () => {
    // Shapefile outer rings run clockwise.
    const clockwise = [...NAOUSSA].reverse();
    const zip = new JSZip();
    zip.file('vineyard.shp', shapefilePolygon(clockwise));
    const data = await zip.generateAsync({ type: 'uint8array' });
    const [candidate, ...rest] = await parseBoundaryFile('vineyard.zip', data, parseXml);
    expect(rest).toEqual([]);
    expect(candidate?.ring).toHaveLength(5);
    expect(candidate?.area).toBeGreaterThan(18_000);
    expect(candidate?.area).toBeLessThan(20_000);
  });

  it('refuses a zip with neither a shapefile nor a KML', async () => {
    const zip = new JSZip();
    zip.file('readme.txt', 'hello');
    const data = await zip.generateAsync({ type: 'uint8array' });
    await expect(parseBoundaryFile('notes.zip', data, parseXml)).rejects.toEqual(
      new BoundaryImportError('noPolygon'),
    );
  });
});
