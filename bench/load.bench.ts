// Load on PostgreSQL: authenticated GET /api/user, GET /api/fields (50 fields with reports) and
// GET /api/notifications at 50 and 200 connections, with autocannon. Every figure is also given as a
// ratio to a bare Fastify hello-world measured in the same run (goal ≥ 0.3 for requests per second).
//   npm run bench:load -w @ampelos/bench        (BENCH_SECONDS per measurement, default 10)
// Needs PostgreSQL at 127.0.0.1:5432 (BENCH_DATABASE_URL names the admin database to create from).
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { seedCustomers, signIn } from './load-seed.ts';
import { freshDatabase, startAmpelos, startHelloWorld } from './server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);
const AMPELOS_PORT = 3901;
const HELLO_PORT = 3902;

interface Figures {
  rps: number;
  /** Server CPU time (user + system) per answered request: steadier than req/s on a shared machine. */
  cpuMs: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

/** CPU milliseconds the process has used so far (/proc/PID/stat utime + stime, 100 ticks a second). */
async function cpuMsOf(pid: number) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(
  url: string,
  pid: number,
  connections: number,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const cpuBefore = await cpuMsOf(pid);
  // A long timeout: on a loaded machine a slow answer is a figure, not an error.
  const result = await autocannon({ url, connections, duration: SECONDS, headers, timeout: 60 });
  const cpuMs = (await cpuMsOf(pid)) - cpuBefore;
  return {
    rps: result.requests.average,
    cpuMs: cpuMs / Math.max(result.requests.total, 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    // Anything but a 2xx counts: a 401 or 429 would make the figures meaningless.
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const database = await freshDatabase();
const ampelos = await startAmpelos(database.url, AMPELOS_PORT);
const hello = await startHelloWorld(HELLO_PORT);
try {
  const [email] = await seedCustomers(database.url, 1);
  const cookie = await signIn(ampelos.baseUrl, email ?? '');
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
  const fieldsCheck = (await (await fetch(`${ampelos.baseUrl}/api/fields`, { headers })).json()) as {
    data: { Reports: unknown[] }[];
  };
  const withReports = fieldsCheck.data.filter((f) => f.Reports.length > 0).length;
  console.log(`GET /api/fields answers ${fieldsCheck.data.length} fields, ${withReports} with reports`);

  const routes = ['/api/user', '/api/fields', '/api/notifications'];
  const rows: string[] = [];
  let failed = false;
  for (const connections of CONNECTIONS) {
    // Warm both servers up (JIT, connection pools) before measuring.
    await autocannon({ url: `${hello.baseUrl}/`, connections, duration: 2 });
    const baseline = await measure(`${hello.baseUrl}/`, hello.pid, connections);
    rows.push(
      `${'hello-world (baseline)'.padEnd(26)} ${String(connections).padStart(5)} ${baseline.rps.toFixed(0).padStart(8)} ${'1.00'.padStart(6)} ${baseline.p50.toFixed(0).padStart(6)} ${baseline.p99.toFixed(0).padStart(6)} ${'—'.padStart(11)} ${baseline.cpuMs.toFixed(2).padStart(10)} ${String(baseline.errors).padStart(6)}`,
    );
    for (const route of routes) {
      await autocannon({ url: `${ampelos.baseUrl}${route}`, connections, duration: 2, headers });
      const figures = await measure(`${ampelos.baseUrl}${route}`, ampelos.pid, connections, headers);
      const ratio = figures.rps / baseline.rps;
      if (figures.errors > 0) failed = true;
      rows.push(
        `${route.padEnd(26)} ${String(connections).padStart(5)} ${figures.rps.toFixed(0).padStart(8)} ${ratio.toFixed(2).padStart(6)} ${figures.p50.toFixed(0).padStart(6)} ${figures.p99.toFixed(0).padStart(6)} ${`${(baseline.p50 / Math.max(figures.p50, 1)).toFixed(2)}/${(baseline.p99 / Math.max(figures.p99, 1)).toFixed(2)}`.padStart(11)} ${figures.cpuMs.toFixed(2).padStart(10)} ${String(figures.errors).padStart(6)}`,
      );
      console.log(rows.at(-1));
    }
  }
  console.log(
    `\nautocannon, ${SECONDS} s per row, PostgreSQL, server and baseline each in a process of their own`,
  );
  console.log('route                      conns    req/s  ratio    p50    p99  lat ratio  cpu ms/req errors');
  console.log('                                                     (ms)   (ms)  p50/p99     (server)');
  for (const row of rows) console.log(row);
  console.log(
    'ratio = req/s ÷ hello-world req/s (goal ≥ 0.3); lat ratio = hello-world latency ÷ route latency;',
  );
  console.log(
    'cpu ms/req = CPU time of the answering process per request (baseline: the hello-world process)',
  );
  if (failed) {
    console.error('Some requests failed (non-2xx, errors or timeouts)');
    process.exitCode = 1;
  }
} finally {
  await hello.stop();
  await ampelos.stop();
  await database.drop();
}
