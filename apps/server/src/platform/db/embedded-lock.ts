import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded PGlite database admits one process at a time. Whoever opens it holds this lock;
 * a lock left by a dead process is taken over.
 */
export async function acquireEmbeddedLock(dataDir: string, holder: string): Promise<() => Promise<void>> {
  const dir = path.join(dataDir, 'run');
  const file = path.join(dir, 'embedded-db.lock');
  await mkdir(dir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, JSON.stringify({ pid: process.pid, holder }), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readOwner(file);
      if (owner && isAlive(owner.pid)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by ${owner.holder} (pid ${owner.pid}). ` +
            'Stop that process first, or point DATABASE_URL at PostgreSQL to run several processes.',
        );
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}`);
}

async function readOwner(file: string): Promise<{ pid: number; holder: string } | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as { pid: number; holder: string };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
