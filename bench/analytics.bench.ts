// Latency of the dashboard's endpoints on a large database (100,000 reports and 10,000 fields by default),
// each as a ratio of `select count(*) from reports` measured in the same run, plus absolute milliseconds
// (the goal for the overview is under 200 ms). PGlite in memory, or PostgreSQL with TEST_DATABASE_URL.
//   npm run bench:analytics -w @ampelos/bench
import { performance } from 'node:perf_hooks';
import { signedInClient } from '../apps/server/src/test/factories.ts';
import { createTestApp } from '../apps/server/src/test/test-app.ts';
import { DEFAULT_SIZES, seedDashboardData } from './analytics-seed.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

/** Median milliseconds of `fn` over ROUNDS runs after two warm-ups. */
async function median(fn: () => Promise<unknown>) {
  for (let i = 0; i < 2; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

const ctx = await createTestApp();
try {
  const seedStart = performance.now();
  await seedDashboardData(ctx.database.executor, DEFAULT_SIZES);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const { http } = await signedInClient(ctx, { role: 'admin' });
  const expectOk = async (url: string) => {
    const response = await http.get(url);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };

  const baseline = await median(() => ctx.database.executor.executeSql('select count(*) from reports', []));
  const rows = [
    ['GET /api/analytics/overview', await median(() => expectOk('/api/analytics/overview'))],
    [
      'GET /api/analytics/overview (5 years)',
      await median(() => expectOk('/api/analytics/overview?from=2021-01-01&to=2025-12-31')),
    ],
    ['GET /api/analytics/fields-map', await median(() => expectOk('/api/analytics/fields-map'))],
    [
      'GET /api/analytics/fields-map/polygons',
      await median(() => expectOk('/api/analytics/fields-map/polygons?bbox=22,37,23,38')),
    ],
  ] as const;

  const mapBytes = (await expectOk('/api/analytics/fields-map')).body.length;
  console.log(
    `${ctx.database.kind}: ${DEFAULT_SIZES.reports} reports, ${DEFAULT_SIZES.fields} fields (seeded in ${seedSeconds.toFixed(1)} s); median of ${ROUNDS}`,
  );
  console.log(
    `${'select count(*) from reports (baseline)'.padEnd(42)} ${baseline.toFixed(1).padStart(7)} ms`,
  );
  for (const [label, ms] of rows) {
    console.log(
      `${label.padEnd(42)} ${ms.toFixed(1).padStart(7)} ms ${(ms / baseline).toFixed(1).padStart(7)} × baseline`,
    );
  }
  console.log(`fields-map answer: ${(mapBytes / 1024).toFixed(0)} KiB`);
} finally {
  await ctx.close();
}
