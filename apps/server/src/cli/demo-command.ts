import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { DemoRefusedError, loadDemo } from '../modules/demo/load-demo.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { acquireEmbeddedLock } from '../platform/db/embedded-lock.ts';
import { createLocalStorage } from '../platform/storage/storage.ts';

const USAGE = 'Usage: npm run demo [-- --force] [-- --lang el]';

/**
 * `npm run demo`: loads the labelled demo into the configured database (the embedded one in
 * DATA_DIR by default). It runs the imaging pipeline itself, so it needs the database to itself:
 * with the server running it stops and says so, rather than sharing the embedded database.
 */
export async function runDemoCommand(argv: string[], env: NodeJS.ProcessEnv = process.env) {
  const { values } = parseArgs({
    args: argv,
    options: { force: { type: 'boolean', default: false }, lang: { type: 'string', default: 'en' } },
  });
  if (values.lang !== 'en' && values.lang !== 'el') throw new Error(`--lang: en or el.\n${USAGE}`);
  // The pipeline runs here, in this process: API and worker both.
  const config = { ...loadConfig(env), processRole: 'all' as const };
  let release = async () => {};
  if (!config.databaseUrl) {
    try {
      release = await acquireEmbeddedLock(config.dataDir, 'npm run demo');
    } catch (error) {
      throw new DemoRefusedError(
        `${(error as Error).message}\nIs Ampelos running (npm start)? Stop it, run npm run demo, then npm start again.`,
      );
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  const { app } = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    return await loadDemo({
      app,
      database,
      storage: createLocalStorage(path.join(config.dataDir, 'files')),
      force: values.force,
      lang: values.lang,
      log: (line) => console.log(line),
    });
  } finally {
    await app.close();
    await database.close();
    await release();
  }
}
