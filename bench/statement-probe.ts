// Imported into the server process by the load and idle benches (node --import): between the
// 'statements-start' and 'statements-stop' messages it records every statement the process sends to
// PostgreSQL (through node-postgres, which the pool, pg-boss and the realtime bus all use) and every
// connection it opens; 'statements' answers them over the IPC channel, which only these benches open.
// Outside a recording the wrapper only tests a flag (the load measurements run with it in place).
import pg from 'pg';

interface Sent {
  /** Milliseconds since the process started. */
  at: number;
  text: string;
}
const sent: Sent[] = [];
let recording = false;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function recorded(this: pg.Client, ...args: unknown[]) {
  const [first] = args;
  if (!recording) return query.apply(this, args);
  const text =
    typeof first === 'string'
      ? first
      : typeof (first as { text?: unknown } | null)?.text === 'string'
        ? (first as { text: string }).text
        : '(submittable)';
  sent.push({ at: performance.now(), text });
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

// A new connection costs PostgreSQL a transaction of its own (the backend's start-up reads the catalog).
const connect = pg.Client.prototype.connect as (...args: unknown[]) => unknown;
pg.Client.prototype.connect = function recordedConnect(this: pg.Client, ...args: unknown[]) {
  if (recording) sent.push({ at: performance.now(), text: '(new connection)' });
  return connect.apply(this, args);
} as typeof pg.Client.prototype.connect;

process.on('message', (message) => {
  if (!process.send) return;
  if (message === 'statements-start') {
    sent.length = 0;
    recording = true;
  }
  if (message === 'statements-stop') recording = false;
  if (message === 'statements') process.send({ now: performance.now(), sent });
});
// The IPC channel must not keep a server that is shutting down alive.
process.channel?.unref();
