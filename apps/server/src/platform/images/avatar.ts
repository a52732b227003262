import { randomUUID } from 'node:crypto';
import type { Storage } from '../storage/storage.ts';
import { renderWebpRenditions } from './renditions.ts';

/** Square avatar renditions (profile pictures, company logos), in pixels. */
export const AVATAR_SIZES = { md: 256, xs: 64 } as const;

export const renderAvatar = (input: Buffer) =>
  renderWebpRenditions(input, {
    md: { width: AVATAR_SIZES.md, height: AVATAR_SIZES.md, fit: 'cover' },
    xs: { width: AVATAR_SIZES.xs, height: AVATAR_SIZES.xs, fit: 'cover' },
  });

/**
 * Decodes and renders an uploaded avatar and stores both renditions under `folder` with a fresh name
 * (so a cached old picture is never served for the new one). Answers the storage keys.
 */
export async function storeAvatar(
  storage: Storage,
  folder: string,
  file: Buffer,
): Promise<{ md: string; xs: string }> {
  const { md, xs } = await renderAvatar(file);
  const base = `${folder}/${randomUUID()}`;
  const keys = { md: `${base}-md.webp`, xs: `${base}-xs.webp` };
  await storage.put(keys.md, md, 'image/webp');
  await storage.put(keys.xs, xs, 'image/webp');
  return keys;
}
