import { type Composition, composeJpeg } from '../../../platform/imaging/derived-images.ts';

const TILE = 512;
const MAX_ZOOM = 23;

type LngLat = [number, number];

/** Web Mercator pixel position at zoom `z` with 512-px tiles. */
function toPixel([lng, lat]: LngLat, z: number): [number, number] {
  const world = TILE * 2 ** z;
  const sin = Math.sin((Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180);
  return [((lng + 180) / 360) * world, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world];
}

export interface FieldMapInput {
  ring: LngLat[];
  points: { lng: number; lat: number; colour: string }[];
  /** Numbered squares drawn over the plants ("where to look first"). */
  areas?: { ring: LngLat[]; label: string }[];
  /** Reads a stored tile, null when absent. */
  readTile?: (layer: string, z: number, x: number, y: number) => Promise<Buffer | null>;
  /** Layers drawn under the outline, bottom first (e.g. no_pseu then ai). */
  layers?: string[];
  maxZoom?: number;
  widthPx?: number;
}

/**
 * A JPEG of the field: the report's own map tiles (HD mosaic, stress layer) where they exist, the
 * field outline and one dot per stressed plant.
 */
export async function renderFieldMap(input: FieldMapInput): Promise<Buffer> {
  const target = input.widthPx ?? 1100;
  const areas = input.areas ?? [];
  const all: LngLat[] = [
    ...input.ring,
    ...input.points.map((p) => [p.lng, p.lat] as LngLat),
    ...areas.flatMap((area) => area.ring),
  ];
  const lngs = all.map((p) => p[0]);
  const lats = all.map((p) => p[1]);
  const [west, east, south, north] = [
    Math.min(...lngs),
    Math.max(...lngs),
    Math.min(...lats),
    Math.max(...lats),
  ];
  const spanAt0 = Math.max(toPixel([east, south], 0)[0] - toPixel([west, north], 0)[0], 1e-9);
  const spanAt0y = Math.max(toPixel([west, south], 0)[1] - toPixel([west, north], 0)[1], 1e-9);
  const zoom = Math.max(
    0,
    Math.min(input.maxZoom ?? MAX_ZOOM, Math.floor(Math.log2((target * 0.85) / Math.max(spanAt0, spanAt0y)))),
  );
  const [x0, y0] = toPixel([west, north], zoom);
  const [x1, y1] = toPixel([east, south], zoom);
  const pad = Math.max(24, 0.08 * Math.max(x1 - x0, y1 - y0));
  const left = Math.floor(x0 - pad);
  const top = Math.floor(y0 - pad);
  const width = Math.ceil(x1 + pad) - left;
  const height = Math.ceil(y1 + pad) - top;

  // A canvas aligned to the tile grid (images are placed at non-negative offsets), cropped at the end.
  const tx0 = Math.floor(left / TILE);
  const ty0 = Math.floor(top / TILE);
  const tx1 = Math.floor((left + width) / TILE);
  const ty1 = Math.floor((top + height) / TILE);
  const tiles: Composition['images'] = [];
  for (const layer of input.layers ?? []) {
    for (let tx = tx0; tx <= tx1; tx++) {
      for (let ty = ty0; ty <= ty1; ty++) {
        const tile = input.readTile ? await input.readTile(layer, zoom, tx, ty) : null;
        if (tile) tiles.push({ image: tile, left: (tx - tx0) * TILE, top: (ty - ty0) * TILE });
      }
    }
  }
  const gridWidth = (tx1 - tx0 + 1) * TILE;
  const gridHeight = (ty1 - ty0 + 1) * TILE;
  const shiftX = left - tx0 * TILE;
  const shiftY = top - ty0 * TILE;
  const local = (p: LngLat): [string, string] => {
    const [px, py] = toPixel(p, zoom);
    return [(px - tx0 * TILE).toFixed(1), (py - ty0 * TILE).toFixed(1)];
  };
  const at = (p: LngLat) => local(p).join(',');
  const dots = input.points
    .map((p) => {
      const [cx, cy] = local([p.lng, p.lat]);
      return `<circle cx="${cx}" cy="${cy}" r="6" fill="${p.colour}" stroke="#000" stroke-width="1.5"/>`;
    })
    .join('');
  const squares = areas
    .map((area) => {
      const corners = area.ring.map((p) => local(p).map(Number) as [number, number]);
      const [lx, ty] = [Math.min(...corners.map((c) => c[0])), Math.min(...corners.map((c) => c[1]))];
      const points = area.ring.map(at).join(' ');
      return `<polygon points="${points}" fill="none" stroke="#ffffff" stroke-width="6"/>
<polygon points="${points}" fill="none" stroke="#111111" stroke-width="3"/>
<circle cx="${lx + 20}" cy="${ty + 20}" r="16" fill="#111111" stroke="#ffffff" stroke-width="3"/>
<text x="${lx + 20}" y="${ty + 27}" font-family="DejaVu Sans" font-weight="bold" font-size="20" fill="#ffffff" text-anchor="middle">${area.label}</text>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${gridWidth}" height="${gridHeight}">
<polygon points="${input.ring.map(at).join(' ')}" fill="none" stroke="#ffffff" stroke-width="5"/>
<polygon points="${input.ring.map(at).join(' ')}" fill="none" stroke="#2f6b2a" stroke-width="2.5"/>${dots}${squares}</svg>`;
  // A JPEG (opaque background, 4:4:4 so the outline and the numbers stay crisp): the PDF embeds it as
  // it is, where a PNG was decoded and deflated again in JavaScript.
  return composeJpeg({
    width: gridWidth,
    height: gridHeight,
    background: '#e9ece4',
    images: tiles,
    svg,
    crop: { left: shiftX, top: shiftY, width, height },
    quality: 90,
  });
}
