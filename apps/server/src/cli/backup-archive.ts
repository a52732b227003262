import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../platform/db/database.ts';
import { restoreEmbeddedDatabase } from '../platform/db/embedded-backup.ts';
import { acquireEmbeddedLock } from '../platform/db/embedded-lock.ts';
import { sendToAdminSocket } from './admin-socket.ts';

const FORMAT = 'ampelos-embedded-backup/1';
const DUMP_NAME = 'database.tar.gz';
const MANIFEST_NAME = 'manifest.json';

function tar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tar failed: ${errors.trim()}`))));
  });
}

/** A work directory inside the data directory: same file system, so restored files move by rename. */
async function workDir(dataDir: string, name: string) {
  const runDir = path.join(dataDir, 'run');
  await mkdir(runDir, { recursive: true });
  return mkdtemp(path.join(runDir, `${name}-`));
}

/**
 * `npm run backup`: the embedded database and the files directory in one .tar.gz. With the server
 * running, the server writes the database dump (it owns PGlite; no statement runs during the copy);
 * otherwise this takes the embedded lock and dumps it itself. The database is dumped before the files
 * are read, so every file the database names is in the archive (files written meanwhile are extra).
 */
export async function backupEmbedded(dataDir: string, outFile: string): Promise<{ viaServer: boolean }> {
  const work = await workDir(dataDir, 'backup');
  const dump = path.join(work, DUMP_NAME);
  let viaServer = false;
  let release: (() => Promise<void>) | null = null;
  try {
    const answer = await sendToAdminSocket(dataDir, { dumpDatabaseTo: dump });
    if (answer) {
      if (!answer.ok) throw new Error(answer.message);
      viaServer = true;
    } else {
      release = await acquireEmbeddedLock(dataDir, 'npm run backup');
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      try {
        await database.dumpEmbedded?.(dump);
      } finally {
        await database.close();
      }
    }
    await writeFile(
      path.join(work, MANIFEST_NAME),
      JSON.stringify({ format: FORMAT, createdAt: new Date().toISOString() }, null, 2),
    );
    const filesDir = path.join(dataDir, 'files');
    await mkdir(filesDir, { recursive: true });
    await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    // Half-written files (`.partial-…`) are never part of the data.
    await tar([
      '-czf',
      path.resolve(outFile),
      '--exclude=*.partial-*',
      '-C',
      work,
      MANIFEST_NAME,
      DUMP_NAME,
      '-C',
      dataDir,
      'files',
    ]);
    return { viaServer };
  } finally {
    await release?.();
    await rm(work, { recursive: true, force: true });
  }
}

async function isEmpty(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

/**
 * `npm run restore`: puts an archive of `backupEmbedded` back. The server must be stopped (the embedded
 * lock is taken); existing data is only replaced with `force`, and it is moved aside, not deleted, until
 * the restore succeeded.
 */
export async function restoreEmbedded(dataDir: string, archive: string, options: { force?: boolean } = {}) {
  const release = await acquireEmbeddedLock(dataDir, 'npm run restore');
  const work = await workDir(dataDir, 'restore');
  const dbDir = path.join(dataDir, 'db');
  const filesDir = path.join(dataDir, 'files');
  const aside = path.join(work, 'previous');
  try {
    await tar(['-xzf', path.resolve(archive), '-C', work]);
    const manifest = JSON.parse(await readFile(path.join(work, MANIFEST_NAME), 'utf8')) as {
      format?: string;
    };
    if (manifest.format !== FORMAT) throw new Error(`${archive} is not an Ampelos backup`);
    const hasData = !(await isEmpty(dbDir)) || !(await isEmpty(filesDir));
    if (hasData && !options.force) {
      throw new Error(`${dataDir} already holds data; add --force to replace it with the backup`);
    }
    await mkdir(aside, { recursive: true });
    if (existsSync(dbDir)) await rename(dbDir, path.join(aside, 'db'));
    if (existsSync(filesDir)) await rename(filesDir, path.join(aside, 'files'));
    try {
      await restoreEmbeddedDatabase(dbDir, path.join(work, DUMP_NAME));
      await rename(path.join(work, 'files'), filesDir);
    } catch (error) {
      // Put the previous data back as it was.
      await rm(dbDir, { recursive: true, force: true });
      await rm(filesDir, { recursive: true, force: true });
      if (existsSync(path.join(aside, 'db'))) await rename(path.join(aside, 'db'), dbDir);
      if (existsSync(path.join(aside, 'files'))) await rename(path.join(aside, 'files'), filesDir);
      throw error;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
    await release();
  }
}
