import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer } from '../../test/processes.ts';

/** An embedded database folder as the server leaves it, then damaged the way a bad disk or copy does. */
async function damagedDataDir(damage: (dbDir: string) => Promise<void>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ampelos-damaged-'));
  const dbDir = path.join(dataDir, 'db');
  const database = new PGlite(dbDir);
  await database.exec('create table vines (id int)');
  await database.close();
  await damage(dbDir);
  return { dataDir, dbDir };
}

describe('a damaged embedded database', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('stops start-up with the folder and the restore command in plain words', async () => {
    const { dataDir, dbDir } = await damagedDataDir(async (dir) => {
      await writeFile(path.join(dir, 'global/pg_control'), Buffer.alloc(8192, 7));
    });
    dirs.push(dataDir);
    const server = spawnServer('damaged', { DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await server.exited).toBe(1);
    const output = server.log();
    expect(output).toContain(`The embedded database in ${dbDir} cannot be opened: it looks damaged`);
    expect(output).toContain('npm run restore -- --from');
    expect(output).toContain('docs/deploy.md');
    expect(output).not.toContain('RuntimeError');
    expect(output).not.toMatch(/^\s+at /m);
    // The lock is released: the restore can run at once.
    expect(await readdir(path.join(dataDir, 'run'))).toEqual([]);
  }, 120_000);
});
