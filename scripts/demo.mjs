// `npm run demo [-- --force] [-- --lang el]`: loads the labelled demo (apps/server/src/cli/demo.ts),
// with .env when there is one, as `npm start` reads it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const envFile = path.join(root, '.env');
const nodeArgs = existsSync(envFile) ? [`--env-file=${envFile}`] : [];
const demo = spawn(
  process.execPath,
  [...nodeArgs, '--import', 'tsx', 'apps/server/src/cli/demo.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => demo.kill(signal));
demo.on('exit', (code) => process.exit(code ?? 1));
