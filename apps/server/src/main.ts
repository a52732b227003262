import path from 'node:path';
import { buildApp } from './app.ts';
import { startAdminSocket } from './cli/admin-socket.ts';
import { createUserRepository } from './modules/users/repository.ts';
import { loadConfig } from './platform/config.ts';
import { DamagedDatabaseError } from './platform/db/damaged-database.ts';
import { openDatabase } from './platform/db/database.ts';
import { acquireEmbeddedLock } from './platform/db/embedded-lock.ts';
import { installGracefulShutdown } from './platform/shutdown.ts';

const config = loadConfig();
const releaseLock = config.databaseUrl
  ? async () => {}
  : await acquireEmbeddedLock(config.dataDir, 'the Ampelos server');
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'db'),
}).catch(async (error: unknown) => {
  if (!(error instanceof DamagedDatabaseError)) throw error;
  // The words are the whole story: no stack trace to scare or distract.
  console.error(error.message);
  await releaseLock();
  process.exit(1);
});
const { app, readiness } = await buildApp({ config, database });
const stopAdminSocket = config.databaseUrl
  ? async () => {}
  : await startAdminSocket(config.dataDir, createUserRepository(database.db), app.log, database.dumpEmbedded);

installGracefulShutdown({
  app,
  timeoutMs: config.shutdownTimeoutMs,
  onDraining: readiness.markStopping,
  async release() {
    await stopAdminSocket();
    await database.close();
    await releaseLock();
  },
});

if (config.processRole === 'worker') {
  // A worker has no API; with METRICS_PORT it serves /metrics, /api/health and /api/ready there.
  if (config.metrics.workerPort) await app.listen({ port: config.metrics.workerPort, host: config.host });
  else await app.ready();
  app.log.info(
    `worker running (${database.kind}); mail ${config.smtpUrl ? 'via SMTP' : `to ${config.dataDir}/mail/outbox`}`,
  );
} else {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Ampelos at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded in ${config.dataDir}/db` : 'PostgreSQL'}; ` +
      `mail: ${config.smtpUrl ? 'SMTP' : `outbox ${config.dataDir}/mail/outbox`})`,
  );
}
