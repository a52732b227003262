// Line and branch coverage of the server (apps/server/src) by its tests on embedded PGlite:
// `npm run test:coverage` (any vitest arguments follow, e.g. a file to measure one test's reach).
// The measured files, exclusions and reports are `coverage` in vitest.config.ts; the summary is printed
// and written to coverage/coverage-summary.json (per file), with an HTML report in coverage/.
// The figures of the last measurement, and the rule that they must not drop, are in docs/TESTING.md.
import { spawnSync } from 'node:child_process';

const started = Date.now();
const env = { ...process.env, TEST_DB: 'pglite', CI: process.env.CI ?? 'true' };
// One pass (PGlite) is the measurement: the PostgreSQL-only parts of a few tests stay out of it.
delete env.TEST_DATABASE_URL;
const result = spawnSync(
  'vitest',
  ['run', '--project', 'server', '--coverage.enabled', ...process.argv.slice(2)],
  { stdio: 'inherit', env, shell: true },
);
console.log(`\ntest:coverage: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(result.status ?? 1);
