// The suite's tiers and their time budgets on the 2-core CI machine (seconds of wall time).
// A tier over its budget is reported at the end of `npm test`; it is a signal to look, not a failure
// (machines are shared and noisy, and a timed test would be flaky).
import { readFileSync } from 'node:fs';

export const TIERS = [
  { name: 'unit', label: 'unit and domain (domain, web, server units)', budgetSeconds: 90 },
  { name: 'api', label: 'API (real HTTP stack on a real database)', budgetSeconds: 300 },
  { name: 'pipeline', label: 'whole pipeline (imaging, processes, demo)', budgetSeconds: 240 },
  { name: 'browser', label: 'browser journeys (e2e)', budgetSeconds: 360 },
];

/** Server test files that run an imaging pipeline, several processes or a whole data set end to end. */
const PIPELINE_FILES = [
  'apps/server/src/multi-process.test.ts',
  'apps/server/src/modules/datasets/pipeline.routes.test.ts',
  'apps/server/src/modules/datasets/s3-pipeline.routes.test.ts',
  'apps/server/src/modules/datasets/ingest.routes.test.ts',
  'apps/server/src/modules/datasets/data-failure.routes.test.ts',
  'apps/server/src/modules/datasets/crash-safety.test.ts',
  'apps/server/src/modules/datasets/micasense.routes.test.ts',
  'apps/server/src/modules/demo/load-demo.test.ts',
  'apps/server/src/platform/imaging/real-datasets.test.ts',
];

/** The tier of a test file (path relative to the repository root). */
export function tierOf(relativePath) {
  const file = relativePath.replaceAll('\\', '/');
  if (file.startsWith('e2e/')) return 'browser';
  if (!file.startsWith('apps/server/')) return 'unit';
  if (PIPELINE_FILES.includes(file)) return 'pipeline';
  // A server test that starts the app (in process or as processes) is an API test; the rest are units.
  return startsTheApp(file) ? 'api' : 'unit';
}

/** Whether a server test file starts the app on a test database (so its result depends on the database). */
export function startsTheApp(relativePath) {
  try {
    return /createTestApp\(|spawnServer\(|freshPostgresDatabase\(/.test(readFileSync(relativePath, 'utf8'));
  } catch {
    return false;
  }
}
