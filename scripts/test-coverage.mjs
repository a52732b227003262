// Line and branch coverage of the server (apps/server/src) by its tests on embedded PGlite:
// `npm run test:coverage` (any vitest arguments follow, e.g. a file to measure one test's reach).
// The measured files, exclusions and reports are `coverage` in vitest.config.ts; the summary is printed
// and written to coverage/coverage-summary.json (per file), with an HTML report in coverage/.
// The figures of the last measurement, and the rule that they must not drop, are in docs/TESTING.md.
import { spawnSync } from 'node:child_process';

const started = Date.now();
// One pass (every app on PGlite: TEST_DB=pglite) is the measurement. TEST_DATABASE_URL stays as given:
// the few PostgreSQL-only tests (the shared tus lock, the change log's commit order) need it, and with
// CI=true they refuse to skip, as in CI.
const env = {
  ...process.env,
  TEST_DB: 'pglite',
  CI: process.env.CI ?? 'true',
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
};
const result = spawnSync(
  'vitest',
  [
    'run',
    '--project',
    'server',
    '--coverage.enabled',
    '--coverage.reportOnFailure',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env, shell: true },
);
console.log(`\ntest:coverage: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(result.status ?? 1);
