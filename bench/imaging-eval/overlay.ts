import sharp from 'sharp';
import type { PhotoAnalysis } from '../../apps/server/src/platform/imaging/index.ts';
import type { NonPlantRegion } from './regions.ts';

const COLOURS: Record<string, string> = {
  yellow: '#ffd400',
  magenta: '#ff00ff',
  blue: '#00a0ff',
  red: '#ff2020',
};

/**
 * The HD photo with its boxes (stroke in the box colour) and the hand-marked non-plant regions
 * (dashed cyan, label), as a PNG for people to look at.
 */
export async function writeOverlay(
  hdPath: string,
  analysis: PhotoAnalysis,
  regions: NonPlantRegion[],
  outPath: string,
  caption: string,
) {
  const { w, h } = analysis.hd;
  // Regions are in original pixels; the HD image is `scale` times smaller.
  const sx = 1 / analysis.scale.x;
  const sy = 1 / analysis.scale.y;
  const polygons = regions
    .map((region) => {
      const points = region.polygon
        .map(([x, y]) => `${(x * sx).toFixed(1)},${(y * sy).toFixed(1)}`)
        .join(' ');
      const [x0, y0] = region.polygon[0] as [number, number];
      return `<polygon points="${points}" fill="none" stroke="#00ffff" stroke-width="2" stroke-dasharray="8 5"/><text x="${x0 * sx + 4}" y="${y0 * sy + 16}" fill="#00ffff" font-size="16" font-family="sans-serif">${region.label}</text>`;
    })
    .join('');
  const boxes = analysis.boxes
    .map(
      ({ thr_coords: b, colour }) =>
        `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="none" stroke="${COLOURS[colour] ?? '#fff'}" stroke-width="3"/>`,
    )
    .join('');
  const text = `<rect x="0" y="0" width="${w}" height="30" fill="rgba(0,0,0,0.6)"/><text x="8" y="21" fill="#fff" font-size="18" font-family="sans-serif">${caption.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text>`;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${polygons}${boxes}${text}</svg>`,
  );
  await sharp(hdPath)
    .composite([{ input: svg }])
    .png()
    .toFile(outPath);
}

/**
 * A canopy mask against a reference mask on the capture's display image (dimmed): pixels only the
 * mask calls canopy in red, pixels only the reference does in blue, as a PNG for people to look at.
 */
export async function writeMaskDisagreement(
  display: Uint8Array,
  width: number,
  height: number,
  mask: Uint8Array,
  reference: Uint8Array,
  outPath: string,
) {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const m = mask[i] === 1;
    const r = reference[i] === 1;
    const own = m && !r && reference[i] !== 255;
    const missed = r && !m;
    rgb[i * 3] = own ? 255 : missed ? 40 : ((display[i * 3] as number) * 0.6) | 0;
    rgb[i * 3 + 1] = own ? 40 : missed ? 120 : ((display[i * 3 + 1] as number) * 0.6) | 0;
    rgb[i * 3 + 2] = own ? 40 : missed ? 255 : ((display[i * 3 + 2] as number) * 0.6) | 0;
  }
  await sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(outPath);
}
