// Cost of a login (argon2id verify + session write) and of an authenticated GET /user, each as a
// ratio of the cheapest request (GET /api/health) measured in the same run on the same machine.
import { performance } from 'node:perf_hooks';
import { createUser } from '../apps/server/src/test/factories.ts';
import { client } from '../apps/server/src/test/http.ts';
import { createTestApp } from '../apps/server/src/test/test-app.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

async function timeIt(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn();
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i++) await fn();
  return { label, msPerOp: (performance.now() - start) / ROUNDS };
}

const ctx = await createTestApp();
try {
  const { user, password } = await createUser(ctx);
  const http = client(ctx.app);
  const baseline = await timeIt('GET /api/health (baseline)', () => ctx.app.inject({ url: '/api/health' }));
  const login = await timeIt('POST /api/user/login', () =>
    http.post('/api/user/login', { email: user.email, password }),
  );
  const me = await timeIt('GET /api/user (session lookup)', () => http.get('/api/user'));
  for (const row of [baseline, login, me]) {
    console.log(
      `${row.label.padEnd(34)} ${(row.msPerOp / baseline.msPerOp).toFixed(1).padStart(8)} × baseline`,
    );
  }
} finally {
  await ctx.close();
}
