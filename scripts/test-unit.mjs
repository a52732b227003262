// Unit and API tests: every workspace on embedded PGlite, then the server's API tests again on
// PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
import { spawnSync } from 'node:child_process';

function run(args, env) {
  const result = spawnSync('vitest', args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    shell: true,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(['run'], { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  console.log('\nAPI tests again on PostgreSQL (TEST_DATABASE_URL)');
  run(['run', '--project', 'server'], { TEST_DB: 'postgres' });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the API tests ran on embedded PGlite only.');
}
// The upload and file routes once more with every file in an S3 bucket (s3rver, an npm devDependency);
// storage.contract and s3-pipeline run on S3 in every pass anyway.
console.log('\nUpload and file API tests again on S3 storage (TEST_STORAGE=s3)');
run(
  [
    'run',
    '--project',
    'server',
    'apps/server/src/modules/datasets/uploads.routes.test.ts',
    'apps/server/src/modules/datasets/crew-uploads.routes.test.ts',
    'apps/server/src/modules/datasets/files.routes.test.ts',
    'apps/server/src/modules/results/results.routes.test.ts',
  ],
  { TEST_STORAGE: 's3', TEST_DB: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
);
