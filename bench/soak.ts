// Soak: a mixed workload against the real server on PostgreSQL for SOAK_MINUTES (default 30), sampling
// the server process's RSS, heap, active handles and open file descriptors every SOAK_SAMPLE_SECONDS,
// then saying whether each is flat (linear-regression slope over the second half of the run).
//   npm run bench:soak -w @ampelos/bench        SOAK_MINUTES=5 for a short run
// The workload: reads (profile, fields with reports, notifications), writes (mark read, profile update),
// a sign-in and sign-out every 15 s, and a data export (job + zip into storage) every minute.

import type { ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { seedCustomers, signIn } from './load-seed.ts';
import { freshDatabase, repoRoot, startAmpelos } from './server-process.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 10);
/** Requests per second over all connections: a steady load, not a stress test. */
const RATE = Number(process.env.SOAK_RATE ?? 100);
const PORT = 3903;

interface Sample {
  t: number;
  rss: number;
  heapUsed: number;
  handles: number;
  fds: number;
}

async function fdCount(pid: number) {
  return (await readdir(`/proc/${pid}/fd`)).length;
}

function sampleOf(child: ChildProcess, pid: number, t: number) {
  return new Promise<Sample>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no sample from the server within 10 s')), 10_000);
    child.once('message', async (message: { rss: number; heapUsed: number; handles: number }) => {
      clearTimeout(timer);
      resolve({
        t,
        rss: message.rss,
        heapUsed: message.heapUsed,
        handles: message.handles,
        fds: await fdCount(pid),
      });
    });
    child.send?.('sample');
  });
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return { perSecond: den === 0 ? 0 : num / den, mean: my };
}

const MB = 1024 * 1024;
const METRICS: {
  key: keyof Omit<Sample, 't'>;
  label: string;
  unit: number;
  unitName: string;
  tolerance: number;
  floor: number;
}[] = [
  // Flat: the second half's trend adds less than 5% (memory, whose GC sawtooth is noisy), or less than
  // 3 handles or descriptors (or 10%: in-flight requests come and go). A falling trend is not a leak.
  { key: 'rss', label: 'RSS', unit: MB, unitName: 'MB', tolerance: 0.05, floor: 0 },
  { key: 'heapUsed', label: 'heap used', unit: MB, unitName: 'MB', tolerance: 0.05, floor: 0 },
  { key: 'handles', label: 'active handles', unit: 1, unitName: '', tolerance: 0.1, floor: 3 },
  { key: 'fds', label: 'open fds', unit: 1, unitName: '', tolerance: 0.1, floor: 3 },
];

function summary(samples: Sample[]) {
  const end = samples.at(-1)?.t ?? 0;
  const half = samples.filter((s) => s.t >= end / 2);
  const halfSeconds = (half.at(-1)?.t ?? 0) - (half[0]?.t ?? 0);
  const lines = [
    'metric            first      min      max     last   2nd-half mean  trend/min  trend over 2nd half  verdict',
  ];
  let allFlat = true;
  for (const metric of METRICS) {
    const values = samples.map((s) => s[metric.key]);
    const fit = slope(half.map((s) => ({ x: s.t, y: s[metric.key] })));
    const drift = fit.perSecond * halfSeconds;
    const flat = drift <= Math.max(metric.floor, metric.tolerance * fit.mean);
    allFlat &&= flat;
    const f = (v: number) => (v / metric.unit).toFixed(metric.unit === 1 ? 0 : 1).padStart(8);
    lines.push(
      `${metric.label.padEnd(15)} ${f(values[0] ?? 0)} ${f(Math.min(...values))} ${f(Math.max(...values))} ${f(values.at(-1) ?? 0)} ${f(fit.mean).padStart(15)} ${((fit.perSecond * 60) / metric.unit).toFixed(2).padStart(10)} ${`${(drift / metric.unit).toFixed(2)} ${metric.unitName} (${((100 * drift) / Math.max(fit.mean, 1)).toFixed(1)}%)`.padStart(20)}  ${flat ? 'flat' : 'GROWING'}`,
    );
  }
  return { lines, allFlat };
}

const database = await freshDatabase();
const server = await startAmpelos(database.url, PORT, [path.join(repoRoot, 'bench/soak-probe.ts')]);
const started = Date.now();
const samples: Sample[] = [];
const side = { logins: 0, exports: 0, failures: 0 };
try {
  const [email, second] = await seedCustomers(database.url, 2);
  const cookie = await signIn(server.baseUrl, email ?? '');
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  let tick = 0;
  const sampler = setInterval(() => {
    sampleOf(server.child, server.pid, (Date.now() - started) / 1000)
      .then((sample) => samples.push(sample))
      .catch((error) => console.error(String(error)));
  }, SAMPLE_SECONDS * 1000);
  const sideTraffic = setInterval(async () => {
    tick += 1;
    try {
      // A second user signs in and out (argon2, session rows, cookies).
      const other = await signIn(server.baseUrl, second ?? '');
      await fetch(`${server.baseUrl}/api/user/logout`, {
        method: 'POST',
        headers: { cookie: other, 'x-requested-with': 'XMLHttpRequest' },
      });
      side.logins += 1;
      if (tick % 4 === 0) {
        const answer = await fetch(`${server.baseUrl}/api/user/export`, {
          method: 'POST',
          headers,
          body: '{}',
        });
        if (answer.status !== 202) throw new Error(`export ${answer.status}`);
        side.exports += 1;
      }
    } catch (error) {
      side.failures += 1;
      console.error(String(error));
    }
  }, 15_000);
  const progress = setInterval(() => {
    const last = samples[samples.length - 1];
    if (last)
      console.log(
        `${(last.t / 60).toFixed(1)} min  rss ${(last.rss / MB).toFixed(0)} MB  heap ${(last.heapUsed / MB).toFixed(0)} MB  handles ${last.handles}  fds ${last.fds}`,
      );
  }, 60_000);

  const result = await autocannon({
    url: server.baseUrl,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: MINUTES * 60,
    headers,
    requests: [
      { method: 'GET', path: '/api/user' },
      { method: 'GET', path: '/api/fields' },
      { method: 'GET', path: '/api/notifications' },
      { method: 'PUT', path: '/api/notifications/read', body: '{}' },
      { method: 'GET', path: '/api/notifications?type=unread' },
      {
        method: 'PUT',
        path: '/api/user/update',
        body: JSON.stringify({ firstName: 'Bench', lastName: 'Soak', location: 'Nemea' }),
      },
      { method: 'GET', path: '/api/user/export' },
    ],
  });
  clearInterval(sampler);
  clearInterval(sideTraffic);
  clearInterval(progress);

  if (samples.length < 4) throw new Error(`only ${samples.length} samples: run longer`);
  const { lines, allFlat } = summary(samples);
  console.log(
    `\nSoak: ${MINUTES} min on PostgreSQL, ${CONNECTIONS} connections at ${RATE} req/s (mixed reads and writes), ` +
      `${samples.length} samples every ${SAMPLE_SECONDS} s`,
  );
  console.log(
    `requests ${result.requests.total} (${result.requests.average.toFixed(0)}/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `errors ${result.errors + result.timeouts}, non-2xx ${result.non2xx}; sign-ins ${side.logins}, exports ${side.exports}, side failures ${side.failures}`,
  );
  for (const line of lines) console.log(line);
  console.log(allFlat ? 'All flat.' : 'Something grows: look at the GROWING rows.');
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8').catch(() => '');
  const threads = status.match(/^Threads:\s+(\d+)/m)?.[1];
  if (threads) console.log(`server threads at the end: ${threads}`);
  if (!allFlat || result.errors + result.timeouts + result.non2xx > 0) process.exitCode = 1;
} finally {
  await server.stop();
  await database.drop();
}
