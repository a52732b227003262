import { IMAGE_MAX_BYTES } from '@ampelos/domain';
import type { Map as MapLibreMap } from 'maplibre-gl';

const toBlob = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('snapshot failed'))), type, quality),
  );

function scaled(source: HTMLCanvasElement, maxWidth: number): HTMLCanvasElement {
  const ratio = Math.min(1, maxWidth / source.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(source.width * ratio));
  canvas.height = Math.max(1, Math.round(source.height * ratio));
  canvas.getContext('2d')?.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * A PNG of what the map shows (the map needs `preserveDrawingBuffer`). Photographic imagery can make a
 * large PNG: it is scaled down to stay under the 2 MB upload limit, with a JPEG as the last resort.
 */
export async function mapSnapshot(map: MapLibreMap): Promise<Blob> {
  const canvas = map.getCanvas();
  const png = await toBlob(canvas, 'image/png');
  if (png.size <= IMAGE_MAX_BYTES) return png;
  for (const width of [1024, 640]) {
    const smaller = await toBlob(scaled(canvas, width), 'image/png');
    if (smaller.size <= IMAGE_MAX_BYTES) return smaller;
  }
  return toBlob(scaled(canvas, 1024), 'image/jpeg', 0.85);
}
