// `npm run dev`: API with reload on :3000 and the Vite dev server (hot reload, proxies /api) on :5173.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const envFile = path.join(root, '.env');
const children = [
  spawn(
    process.execPath,
    [
      ...(existsSync(envFile) ? [`--env-file=${envFile}`] : []),
      ...SERVER_NODE_FLAGS,
      '--import',
      'tsx',
      '--watch',
      'apps/server/src/main.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  ),
  spawn('npm', ['run', 'dev', '-w', '@ampelos/web'], { cwd: root, stdio: 'inherit', shell: true }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
