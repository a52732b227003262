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
