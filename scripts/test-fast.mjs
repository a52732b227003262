// The inner loop (npm run test:fast [module…]): domain and web tests, plus the server tests of the
// named modules (apps/server/src/modules/<module>) on embedded PGlite. Under two minutes on 2 cores.
//
//   npm run test:fast -- fields        npm run test:fast -- commerce auth

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const modulesDir = 'apps/server/src/modules';
const modules = process.argv.slice(2);
for (const name of modules) {
  if (!existsSync(`${modulesDir}/${name}`)) {
    console.error(`no module "${name}"; one of: ${readdirSync(modulesDir).join(', ')}`);
    process.exit(2);
  }
}
const started = Date.now();
const result = spawnSync(
  'vitest',
  [
    'run',
    '--project',
    'domain',
    '--project',
    'web',
    ...(modules.length > 0 ? ['--project', 'server'] : []),
    'packages/domain/',
    'apps/web/',
    ...modules.map((name) => `${modulesDir}/${name}/`),
  ],
  { stdio: 'inherit', env: { ...process.env, TEST_DB: 'pglite' }, shell: true },
);
console.log(`\ntest:fast: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(result.status ?? 1);
