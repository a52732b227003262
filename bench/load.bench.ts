// Load on PostgreSQL, and every figure of the performance goals (issue "Authenticated reads near the
// framework's own speed") as ratios measured in the same run:
// - GET /api/user, /api/fields (50 fields with reports and shoots) and /api/notifications with
//   autocannon, each against a bare Fastify hello-world, and /api/fields against a bare Fastify route
//   answering the very same JSON;
// - statements per second of an idle server process (pg_stat_database on the bench's own database, and
//   what the process itself sent, counted by bench/statement-probe.ts);
// - the analytics overview on the embedded default (analytics.bench.ts in a process of its own).
//   npm run bench:load -w @ampelos/bench
// BENCH_SECONDS per measurement (10), BENCH_CONNECTIONS (50,200), IDLE_SECONDS (30), BENCH_ANALYTICS=0
// to leave the analytics figure out. Needs PostgreSQL at 127.0.0.1:5432 (BENCH_DATABASE_URL names the
// admin database to create from).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedCustomers, signIn } from './load-seed.ts';
import { freshDatabase, repoRoot, startAmpelos, startHelloWorld } from './server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 30);
const WITH_ANALYTICS = process.env.BENCH_ANALYTICS !== '0';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
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
  bytes: number;
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
  okStatus = 200,
): Promise<Figures> {
  await autocannon({ url, connections, duration: 2, headers });
  const cpuBefore = await cpuMsOf(pid);
  // A long timeout: on a loaded machine a slow answer is a figure, not an error.
  const result = await autocannon({ url, connections, duration: SECONDS, headers, timeout: 60 });
  const cpuMs = (await cpuMsOf(pid)) - cpuBefore;
  const wrongStatus = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== okStatus)
    .reduce((sum, [, stats]) => sum + (stats as { count: number }).count, 0);
  return {
    rps: result.requests.average,
    cpuMs: cpuMs / Math.max(result.requests.total, 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    // Any other status counts: a 401 or 429 would make the figures meaningless.
    errors: result.errors + result.timeouts + wrongStatus,
    bytes: result.throughput.total / Math.max(result.requests.total, 1),
  };
}

/** Transactions committed in one database so far (each autocommit statement is one). */
async function commitsOf(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query(
    'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
    [database],
  );
  return Number(rows[0]?.n ?? 0);
}

/** What the server process sent while the statement probe recorded (bench/statement-probe.ts). */
function statementsSent(child: ChildProcess) {
  return new Promise<{ statements: number; connections: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer from the server within 10 s')), 10_000);
    child.once('message', (message: { sent: { text: string }[] }) => {
      clearTimeout(timer);
      const connections = message.sent.filter((s) => s.text === '(new connection)').length;
      resolve({ statements: message.sent.length - connections, connections });
    });
    child.send?.('statements');
  });
}

/** The analytics bench on the embedded default, in its own process: overview ms and count(*) ms. */
function analyticsFigures(): Promise<{ overviewMs: number; countMs: number } | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/analytics.bench.ts'], {
      cwd: repoRoot,
      env: { ...process.env, TEST_DATABASE_URL: '', BENCH_ROUNDS: process.env.BENCH_ROUNDS ?? '10' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
    });
    child.on('exit', () => {
      const ms = (label: string) => {
        const line = out.split('\n').find((l) => l.startsWith(label));
        return line ? Number(/([\d.]+) ms/.exec(line)?.[1]) : Number.NaN;
      };
      const overviewMs = ms('GET /api/analytics/overview ');
      const countMs = ms('select count(*) from reports');
      process.stdout.write(out);
      resolve(Number.isFinite(overviewMs) ? { overviewMs, countMs } : null);
    });
  });
}

const row = (cells: (string | number)[], widths: number[]) =>
  cells
    .map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i] ?? 0) : String(cell).padStart(widths[i] ?? 0)))
    .join(' ');
const WIDTHS = [30, 5, 8, 7, 6, 6, 10, 8, 6];

const database = await freshDatabase();
const databaseName = new URL(database.url).pathname.slice(1);
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const ampelos = await startAmpelos(database.url, AMPELOS_PORT, [
  path.join(repoRoot, 'bench/statement-probe.ts'),
]);
const hello = await startHelloWorld(HELLO_PORT);
let failed = false;
try {
  // Idle: a started API + worker process with nobody using it. Start-up work settles first, and
  // PostgreSQL publishes its counts of it: an idle backend flushes its statistics up to 10 s late, so
  // a shorter wait counted start-up statements as idle ones.
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  const idleBefore = await commitsOf(admin, databaseName);
  const idleStarted = performance.now();
  ampelos.child.send?.('statements-start');
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  ampelos.child.send?.('statements-stop');
  const sent = await statementsSent(ampelos.child);
  // Counts of the window's last statements may be up to 10 s late as well: the count goes on for 11 s
  // more (still idle) and is divided by the whole time between the two readings.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const idleCommits = (await commitsOf(admin, databaseName)) - idleBefore;
  const idlePerSecond = idleCommits / ((performance.now() - idleStarted) / 1000);
  console.log(
    `idle: ${idlePerSecond.toFixed(2)} transactions per second in pg_stat_database (${idleCommits} in ${IDLE_SECONDS + 11} s); ` +
      `in ${IDLE_SECONDS} s the process sent ${sent.statements} statements and opened ${sent.connections} connections ` +
      `(${((sent.statements + sent.connections) / IDLE_SECONDS).toFixed(2)}/s)`,
  );

  const [email] = await seedCustomers(database.url, 1);
  const cookie = await signIn(ampelos.baseUrl, email ?? '');
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
  const fieldsResponse = await fetch(`${ampelos.baseUrl}/api/fields`, { headers });
  const fieldsBody = await fieldsResponse.text();
  const etag = fieldsResponse.headers.get('etag') ?? '';
  const fieldsAnswer = JSON.parse(fieldsBody) as { data: { Reports: unknown[] }[]; shootData: unknown[] };
  console.log(
    `GET /api/fields answers ${fieldsAnswer.data.length} fields, ${fieldsAnswer.data.filter((f) => f.Reports.length > 0).length} with reports, ${fieldsAnswer.shootData.length} shoots: ${(fieldsBody.length / 1024).toFixed(1)} KiB`,
  );
  // The bare route answers the very same object, serialised by Fastify on each request as well.
  await fetch(`${hello.baseUrl}/same`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: fieldsBody,
  });

  const lines: string[] = [];
  const goals: Record<string, number> = {};
  for (const connections of CONNECTIONS) {
    const baseline = await measure(`${hello.baseUrl}/`, hello.pid, connections);
    const same = await measure(`${hello.baseUrl}/same`, hello.pid, connections);
    const show = (label: string, figures: Figures, against: Figures) => {
      if (figures.errors > 0) failed = true;
      lines.push(
        row(
          [
            label,
            connections,
            figures.rps.toFixed(0),
            (figures.rps / against.rps).toFixed(3),
            figures.p50.toFixed(0),
            figures.p99.toFixed(0),
            (figures.p99 / Math.max(against.p99, 1)).toFixed(1),
            figures.cpuMs.toFixed(3),
            figures.errors,
          ],
          WIDTHS,
        ),
      );
      console.log(lines.at(-1));
    };
    show('hello-world (baseline)', baseline, baseline);
    show('bare route, /api/fields JSON', same, baseline);
    const user = await measure(`${ampelos.baseUrl}/api/user`, ampelos.pid, connections, headers);
    show('GET /api/user', user, baseline);
    const fields = await measure(`${ampelos.baseUrl}/api/fields`, ampelos.pid, connections, headers);
    show('GET /api/fields ÷ bare route', fields, same);
    const unchanged = await measure(
      `${ampelos.baseUrl}/api/fields`,
      ampelos.pid,
      connections,
      { ...headers, 'if-none-match': etag },
      304,
    );
    show('GET /api/fields, 304', unchanged, same);
    const notifications = await measure(
      `${ampelos.baseUrl}/api/notifications`,
      ampelos.pid,
      connections,
      headers,
    );
    show('GET /api/notifications', notifications, baseline);
    if (connections === 50 || goals.userRatio === undefined) {
      goals.userRatio = user.rps / baseline.rps;
      goals.fieldsRatio = fields.rps / same.rps;
      goals.userP99 = user.p99 / Math.max(baseline.p99, 1);
      goals.connections = connections;
    }
  }
  console.log(
    `\nautocannon, ${SECONDS} s per row after 2 s of warm-up, PostgreSQL, each server in its own process`,
  );
  console.log(
    row(['route', 'conns', 'req/s', 'ratio', 'p50', 'p99', 'p99 ratio', 'cpu ms', 'errors'], WIDTHS),
  );
  for (const line of lines) console.log(line);
  console.log(
    'ratio / p99 ratio: against the hello-world, or for /api/fields against the bare route answering the same JSON;',
  );
  console.log('cpu ms = CPU time of the answering process per request');

  const analytics = WITH_ANALYTICS ? await analyticsFigures() : null;
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(`\nGoals (${goals.connections} connections)`);
  const goalRows: [string, string, string, boolean | null][] = [
    [
      'GET /api/user req/s ÷ hello-world',
      (goals.userRatio ?? 0).toFixed(3),
      '≥ 0.3',
      (goals.userRatio ?? 0) >= 0.3,
    ],
    [
      'GET /api/fields ÷ bare route, same answer',
      (goals.fieldsRatio ?? 0).toFixed(3),
      '≥ 0.5',
      (goals.fieldsRatio ?? 0) >= 0.5,
    ],
    [
      'p99 GET /api/user ÷ p99 hello-world',
      `${(goals.userP99 ?? 0).toFixed(1)}×`,
      '≤ 4×',
      (goals.userP99 ?? 99) <= 4,
    ],
    analytics
      ? [
          'Analytics overview, embedded',
          `${analytics.overviewMs.toFixed(0)} ms (${(analytics.overviewMs / analytics.countMs).toFixed(1)}× count(*))`,
          '< 200 ms, ≤ 5×',
          analytics.overviewMs < 200 && analytics.overviewMs / analytics.countMs <= 5,
        ]
      : ['Analytics overview, embedded', 'not measured', '< 200 ms', null],
    ['Idle statements per second', idlePerSecond.toFixed(2), '≤ 2', idlePerSecond <= 2],
  ];
  for (const [label, now, goal, met] of goalRows)
    console.log(
      `${label.padEnd(42)} ${now.padStart(26)}  goal ${goal.padEnd(15)} ${met === null ? '' : verdict(met)}`,
    );
  if (failed) {
    console.error('Some requests failed (unexpected status, errors or timeouts)');
    process.exitCode = 1;
  }
} finally {
  await hello.stop();
  await ampelos.stop();
  await admin.end();
  await database.drop();
}
