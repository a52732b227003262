import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';

/** Recreates an embedded database directory from a `dumpEmbedded` tarball (the directory must be empty). */
export async function restoreEmbeddedDatabase(dbDir: string, dumpFile: string): Promise<void> {
  const tarball = new Blob([await readFile(dumpFile)]);
  const client = new PGlite(dbDir, { loadDataDir: tarball });
  await client.waitReady;
  await client.close();
}
