import path from 'node:path';
import { buildApp } from './app.ts';
import { startAdminSocket } from './cli/admin-socket.ts';
import { createUserRepository } from './modules/users/repository.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/database.ts';
import { acquireEmbeddedLock } from './platform/db/embedded-lock.ts';

const config = loadConfig();
const releaseLock = config.databaseUrl
  ? async () => {}
  : await acquireEmbeddedLock(config.dataDir, 'the Ampelos server');
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'db'),
});
const { app } = await buildApp({ config, database });
const stopAdminSocket = config.databaseUrl
  ? async () => {}
  : await startAdminSocket(config.dataDir, createUserRepository(database.db), app.log);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await stopAdminSocket();
  await database.close();
  await releaseLock();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

if (config.processRole === 'worker') {
  await app.ready();
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
