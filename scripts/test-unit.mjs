// Unit and API tests of every workspace in one vitest run that shares the workers between its passes:
// the server's tests on embedded PGlite, again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it),
// and the upload and file routes once more on S3 storage (projects in vitest.config.ts). The tiers and
// the slowest files are printed at the end (scripts/test-tiers-reporter.ts).
//
//   node scripts/test-unit.mjs [--deep] [vitest arguments…]
// --deep (npm run test:deep): the full 10,000 fuzz requests and every whole pipeline on PostgreSQL too.
import { spawnSync } from 'node:child_process';

const started = Date.now();
const args = process.argv.slice(2);
const deep = args.includes('--deep');
if (!process.env.TEST_DATABASE_URL)
  console.log('TEST_DATABASE_URL is not set: the API tests run on embedded PGlite only.\n');
const result = spawnSync('vitest', ['run', ...args.filter((arg) => arg !== '--deep')], {
  stdio: 'inherit',
  env: { ...process.env, TEST_PASSES: 'all', ...(deep ? { TEST_DEPTH: 'deep' } : {}) },
  shell: true,
});
console.log(`\nunit and API tests: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(result.status ?? 1);
