import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.ts';
import { backupEmbedded } from './backup-archive.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL and the object storage as docs/deploy.md describes.',
  );
  process.exit(1);
}
const out = values.out ?? `ampelos-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
backupEmbedded(config.dataDir, out).then(
  ({ viaServer }) =>
    console.log(`Backup written to ${out}${viaServer ? ' (database dumped by the running server)' : ''}`),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
