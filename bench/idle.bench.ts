// What an idle server process sends to PostgreSQL: every statement over IDLE_SECONDS (default 180),
// grouped by its text, with count and mean period, beside the transactions pg_stat_database counted
// for the same database in the same window (the figure bench:load reports over 30 s).
//   npm run bench:idle -w @ampelos/bench
// Needs PostgreSQL at 127.0.0.1:5432 (BENCH_DATABASE_URL names the admin database to create from).
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { freshDatabase, repoRoot, startAmpelos } from './server-process.ts';

const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 180);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3904;

interface Recorded {
  now: number;
  sent: { at: number; text: string }[];
}

function statementsOf(child: ChildProcess) {
  return new Promise<Recorded>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer from the server within 10 s')), 10_000);
    child.once('message', (message: Recorded) => {
      clearTimeout(timer);
      resolve(message);
    });
    child.send?.('statements');
  });
}

/** A statement's kind: its first words, whitespace folded (pg-boss's plans are long CTEs). */
function kindOf(text: string) {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > 110 ? `${folded.slice(0, 107)}...` : folded;
}

async function commitsOf(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query(
    'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
    [database],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Tables PostgreSQL's autovacuum has vacuumed or analysed in the database so far (its own transactions). */
async function autovacuumRunsOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT sum(autovacuum_count + autoanalyze_count) AS n FROM pg_stat_all_tables',
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

const database = await freshDatabase();
const databaseName = new URL(database.url).pathname.slice(1);
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const server = await startAmpelos(database.url, PORT, [path.join(repoRoot, 'bench/statement-probe.ts')]);
try {
  // Start-up work settles first, and PostgreSQL publishes its counts of it (an idle backend flushes
  // its statistics up to 10 s late), as in bench:load.
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  server.child.send?.('statements-start');
  const commitsBefore = await commitsOf(admin, databaseName);
  const autovacuumBefore = await autovacuumRunsOf(database.url);
  const started = (await statementsOf(server.child)).now;
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const recorded = await statementsOf(server.child);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const commits = (await commitsOf(admin, databaseName)) - commitsBefore;
  const autovacuumRuns = (await autovacuumRunsOf(database.url)) - autovacuumBefore;
  const window = (recorded.now - started) / 1000;
  const groups = new Map<string, number[]>();
  for (const statement of recorded.sent) {
    const kind = kindOf(statement.text);
    groups.set(kind, [...(groups.get(kind) ?? []), (statement.at - started) / 1000]);
  }
  console.log(`idle window: ${window.toFixed(1)} s`);
  console.log('count  mean period  at (s)                      statement');
  for (const [kind, times] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    const period =
      times.length > 1 ? ((times.at(-1) ?? 0) - (times[0] ?? 0)) / (times.length - 1) : Number.NaN;
    const at = times
      .slice(0, 6)
      .map((t) => t.toFixed(0))
      .join(',');
    console.log(
      `${String(times.length).padStart(5)}  ${(Number.isNaN(period) ? '-' : `${period.toFixed(1)} s`).padStart(11)}  ${(at + (times.length > 6 ? ',…' : '')).padEnd(26)}  ${kind}`,
    );
  }
  console.log(
    `statements sent: ${recorded.sent.length} (${(recorded.sent.length / window).toFixed(3)}/s); ` +
      `transactions counted by pg_stat_database: ${commits} (${(commits / (window + 1.5)).toFixed(3)}/s); ` +
      `autovacuum/autoanalyze runs on its tables meanwhile: ${autovacuumRuns}`,
  );
} finally {
  await server.stop();
  await admin.end();
  await database.drop();
}
