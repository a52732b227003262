import { mkdir, statfs } from 'node:fs/promises';

/** Bytes an unprivileged process may still write on the file system holding `dir`. */
export type DiskFreeBytes = (dir: string) => Promise<number>;

export const diskFreeBytes: DiskFreeBytes = async (dir) => {
  await mkdir(dir, { recursive: true });
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
};
