import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createUserRepository } from '../modules/users/repository.ts';
import { openDatabase } from '../platform/db/database.ts';
import { acquireEmbeddedLock } from '../platform/db/embedded-lock.ts';
import { fields, users } from '../platform/db/schema.ts';
import { createLocalStorage } from '../platform/storage/storage.ts';
import { startAdminSocket } from './admin-socket.ts';
import { backupEmbedded, restoreEmbedded } from './backup-archive.ts';
import { createUserCommand } from './create-user.ts';

// The embedded database only (PostgreSQL deployments back up with pg_dump; docs/deploy.md).
const embeddedPass = process.env.TEST_DB !== 'postgres';
const silent = { info() {}, warn() {}, error() {}, debug() {} };
const square: [number, number][] = [
  [22.7, 37.8],
  [22.701, 37.8],
  [22.701, 37.801],
  [22.7, 37.801],
  [22.7, 37.8],
];

const temporary: string[] = [];
afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

async function tempDir(name: string) {
  const dir = await mkdtemp(path.join(tmpdir(), `ampelos-${name}-`));
  temporary.push(dir);
  return dir;
}

describe.skipIf(!embeddedPass)('npm run backup / restore (embedded)', () => {
  it('brings back a user, a field and a file after the data directory was wiped', async () => {
    const dataDir = await tempDir('backup-data');
    const archives = await tempDir('backup-out');
    const dbDir = path.join(dataDir, 'db');
    const storage = createLocalStorage(path.join(dataDir, 'files'));
    const photo = Buffer.from('not really a webp, but bytes to compare');

    // A "running server": it holds the lock and the database, and answers on the admin socket.
    const releaseLock = await acquireEmbeddedLock(dataDir, 'test server');
    const database = await openDatabase({ pgliteDir: dbDir });
    const stopSocket = await startAdminSocket(
      dataDir,
      createUserRepository(database.db),
      silent,
      database.dumpEmbedded,
    );
    await createUserCommand(createUserRepository(database.db), {
      email: 'grower@example.com',
      password: 'Assyrtiko-7x',
      role: 'b2c_admin',
    });
    const [owner] = await database.db.select().from(users).where(eq(users.email, 'grower@example.com'));
    await database.db.insert(fields).values({
      ownerId: owner?.id as number,
      title: 'Nemea Block 4',
      polygon: square,
      area: 9000,
      centroidLng: 22.7005,
      centroidLat: 37.8005,
    });
    await storage.put('avatars/grower.webp', photo, 'image/webp');

    const live = path.join(archives, 'live.tar.gz');
    expect(await backupEmbedded(dataDir, live)).toEqual({ viaServer: true });
    await stopSocket();
    await database.close();
    await releaseLock();

    // Restoring over existing data needs --force.
    await expect(restoreEmbedded(dataDir, live)).rejects.toThrow(/--force/);

    // Wipe everything, restore, and look.
    await rm(dataDir, { recursive: true, force: true });
    await restoreEmbedded(dataDir, live);
    const restored = await openDatabase({ pgliteDir: dbDir });
    try {
      const [user] = await restored.db.select().from(users).where(eq(users.email, 'grower@example.com'));
      expect(user?.role).toBe('b2c_admin');
      const [field] = await restored.db
        .select()
        .from(fields)
        .where(eq(fields.ownerId, user?.id as number));
      expect(field?.title).toBe('Nemea Block 4');
      expect(await readFile(path.join(dataDir, 'files/avatars/grower.webp'))).toEqual(photo);

      // With no server running, the backup opens the database itself (under the lock).
      await restored.close();
      const offline = path.join(archives, 'offline.tar.gz');
      expect(await backupEmbedded(dataDir, offline)).toEqual({ viaServer: false });
      await restoreEmbedded(dataDir, offline, { force: true });
    } finally {
      await restored.close().catch(() => {});
    }
    const again = await openDatabase({ pgliteDir: dbDir });
    const [user] = await again.db.select().from(users).where(eq(users.email, 'grower@example.com'));
    expect(user).toBeDefined();
    await again.close();
  }, 600_000);
});
