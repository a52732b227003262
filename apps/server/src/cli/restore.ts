import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.ts';
import { restoreEmbedded } from './backup-archive.ts';

const USAGE = 'Usage: npm run restore -- --from ampelos-backup-….tar.gz [--force]';
const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean' } } });
const config = loadConfig();
if (!values.from) {
  console.error(USAGE);
  process.exit(1);
}
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: restore PostgreSQL and the object storage as docs/deploy.md describes.',
  );
  process.exit(1);
}
restoreEmbedded(config.dataDir, values.from, { force: values.force ?? false }).then(
  () => console.log(`Restored ${values.from} into ${config.dataDir}`),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
