import { globSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { defineConfig } from 'vitest/config';
import { maplibreFromSource } from './apps/web/scripts/maplibre-source-plugin.ts';
import { startsTheApp } from './scripts/test-tiers.mjs';

const serverTests = {
  include: ['apps/server/src/**/*.test.ts'],
  // A guard against a hung test, not a speed check: CI runs the browser journeys beside this tier
  // (.ci/run), and CPU-heavy files (band alignment, the real captures) took 34–36 s at load 30.
  testTimeout: 90_000,
  hookTimeout: 120_000,
  // One worker process runs many server files: each file builds its own app on its own database copy,
  // so nothing is shared but the loaded modules, which cost ~2.7 s per file when every file reloaded
  // them (two thirds of the run's time).
  isolate: false,
  // Migrations and job queues are built once per run; each file copies the result (test/test-database.ts).
  globalSetup: ['apps/server/src/test/global-setup.ts'],
};

/** The upload and file routes once more with every file in an S3 bucket (s3rver). */
const s3Files = [
  'apps/server/src/modules/datasets/uploads.routes.test.ts',
  'apps/server/src/modules/datasets/crew-uploads.routes.test.ts',
  'apps/server/src/modules/datasets/files.routes.test.ts',
  'apps/server/src/modules/results/results.routes.test.ts',
];

/**
 * `npm test` (scripts/test-unit.mjs) sets TEST_PASSES=all: the server's tests then run on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL and S3 in the same run, sharing the workers. Run by hand
 * (`npx vitest run file`), a server test runs once, on TEST_DB / TEST_DATABASE_URL as before.
 */
const allPasses = process.env.TEST_PASSES === 'all';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** `npm run test:deep`: the full fuzz and every whole pipeline on PostgreSQL too. */
const deep = process.env.TEST_DEPTH === 'deep';

/**
 * The PostgreSQL pass runs the server files that start the app on a database: pure units answer the
 * same on either (those with a PostgreSQL-only part read TEST_DATABASE_URL in the first pass). Outside test:deep it leaves out two whole pipelines whose PostgreSQL path
 * multi-process.test.ts (API and worker processes on PostgreSQL) and s3-pipeline run end to end anyway.
 */
function postgresPassFiles(): string[] {
  const pipelinesCoveredElsewhere = [
    'apps/server/src/modules/datasets/pipeline.routes.test.ts',
    'apps/server/src/modules/demo/load-demo.test.ts',
  ];
  return globSync('apps/server/src/**/*.test.ts')
    .filter(startsTheApp)
    .filter((file) => deep || !pipelinesCoveredElsewhere.includes(file));
}

/**
 * With a PostgreSQL pass, the API files that do not depend on which database runs them are left to it:
 * PGlite is PostgreSQL itself (compiled to WebAssembly), so the SQL answers the same; what differs is the
 * adapter around it (one connection, the embedded lock, jobs and realtime in-process, the data directory),
 * and that is what these files (and every browser journey, on the embedded defaults) run on PGlite.
 */
const EMBEDDED_API_FILES = [
  'apps/server/src/platform/db/*.test.ts',
  'apps/server/src/platform/realtime/realtime.test.ts',
  'apps/server/src/modules/auth/auth.routes.test.ts',
  'apps/server/src/modules/datasets/uploads.routes.test.ts',
  'apps/server/src/modules/datasets/crash-safety.test.ts',
  'apps/server/src/modules/datasets/pipeline.routes.test.ts',
  'apps/server/src/modules/demo/load-demo.test.ts',
  'apps/server/src/modules/agro/agro-jobs.routes.test.ts',
];

/** The PGlite pass: everything, or with a PostgreSQL pass the units and the embedded adapter's files. */
function pgliteServerPass(): Partial<TestProjectInlineConfiguration['test']> {
  if (!allPasses) return {};
  if (!onPostgres || deep) return { env: { TEST_DB: 'pglite' } };
  const embedded = new Set(EMBEDDED_API_FILES.flatMap((pattern) => globSync(pattern)));
  const files = globSync('apps/server/src/**/*.test.ts').filter(
    (file) => !startsTheApp(file) || embedded.has(file),
  );
  return { include: files, env: { TEST_DB: 'pglite' } };
}

const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
  { test: { name: 'server', ...serverTests, ...pgliteServerPass() } },
  {
    // base-map.tsx imports MapLibre's worker URL from the build's virtual module.
    plugins: [maplibreFromSource()],
    test: {
      name: 'web',
      // Component tests (*.test.tsx) opt into jsdom with a `// @vitest-environment jsdom` first line.
      include: ['apps/web/src/**/*.test.{ts,tsx}'],
      setupFiles: ['apps/web/src/test/setup.ts'],
      // jsdom renders share the cores with the server's files and the journeys: 5 s was too tight on a
      // loaded machine.
      testTimeout: 60_000,
    },
  },
];
if (allPasses && onPostgres)
  projects.push({
    test: {
      name: 'server-postgres',
      ...serverTests,
      include: postgresPassFiles(),
      env: { TEST_DB: 'postgres' },
    },
  });
if (allPasses)
  projects.push({
    test: {
      name: 'server-s3',
      ...serverTests,
      include: s3Files,
      env: { TEST_STORAGE: 's3', TEST_DB: onPostgres ? 'postgres' : 'pglite' },
    },
  });

// Unit and API tests of every workspace; browser journeys run separately (see e2e/).
export default defineConfig({
  test: {
    projects,
    // Vitest leaves a core free by default, which on a 2-core machine ran the files one at a time. Test
    // files share no port, directory or database (each has its own), so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: ['default', './scripts/test-tiers-reporter.ts'],
    // `npm run test:coverage` (scripts/test-coverage.mjs): the server's code, not its tests or test helpers.
    coverage: {
      provider: 'v8',
      include: ['apps/server/src/**/*.ts'],
      exclude: ['**/*.test.ts', 'apps/server/src/test/**', '**/test-support/**', '**/test-support.ts'],
      reporter: ['text-summary', 'json-summary', 'html'],
      reportsDirectory: 'coverage',
    },
  },
});
