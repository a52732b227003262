import { rm } from 'node:fs/promises';
import path from 'node:path';
import { DATABASE_SNAPSHOT_ENV, startServer } from './server.ts';

/**
 * Once per journeys run: the real server starts on an empty data directory (migrations, job queues) and
 * stops cleanly; its embedded database is then copied into each journey's server (`startServer`), which
 * still runs its migrator and queue set-up on the copy (no-ops there), as a restarted server does.
 */
export default async function setup() {
  const server = await startServer({ readyTimeoutMs: 600_000 });
  await server.stop({ keepDataDir: true });
  process.env[DATABASE_SNAPSHOT_ENV] = path.join(server.dataDir, 'db');
  return () => rm(server.dataDir, { recursive: true, force: true });
}
