import { open } from 'node:fs/promises';
import { sniffImageFormat } from '../../../platform/imaging/index.ts';

export type SniffedType = 'zip' | 'jpeg' | 'tiff' | 'png' | 'gif' | 'webp' | 'pdf' | 'unknown';

export const HEAD_BYTES = 16;

/** What a file is, from its leading bytes (names and extensions are not trusted). */
export function sniffType(head: Uint8Array): SniffedType {
  const image = sniffImageFormat(head);
  if (image) return image;
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'zip';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45) return 'webp';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'pdf';
  // BigTIFF (orthomosaics over 4 GB): II+ / MM+.
  if (starts(0x49, 0x49, 0x2b, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2b)) return 'tiff';
  return 'unknown';
}

export async function sniffFile(file: string): Promise<SniffedType> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return sniffType(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

const LABELS: Record<SniffedType, string> = {
  zip: 'a zip archive',
  jpeg: 'a JPEG image',
  tiff: 'a TIFF image',
  png: 'a PNG image',
  gif: 'a GIF image',
  webp: 'a WebP image',
  pdf: 'a PDF document',
  unknown: 'not an image',
};

export const describeType = (type: SniffedType) => LABELS[type];
