// Dataset upload throughput: one file sent with the tus protocol to the real server over loopback,
// against a plain stream copy of the same file on the same disk, measured in the same run. Also the
// server process's peak resident memory during the upload (it must not grow with the file).
// BENCH_UPLOAD_GB (default 2) sets the file size, e.g. BENCH_UPLOAD_GB=10 for the 10 GB run.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';

// Kept equal to scripts/server-node-flags.mjs (a plain .mjs outside this TypeScript project).
const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
const GB = 1024 ** 3;
const SIZE = Math.round(Number(process.env.BENCH_UPLOAD_GB ?? 2) * GB);
const MB = 1024 * 1024;

interface Ready {
  type: 'ready';
  url: string;
  rawUrl: string;
  cookie: string;
  reportUuid: string;
}

/** A file of incompressible bytes (a 1 MB random block repeated), written once. */
async function makeSource(file: string) {
  const block = randomBytes(MB);
  const out = createWriteStream(file);
  for (let written = 0; written < SIZE; written += MB) {
    if (!out.write(written + MB <= SIZE ? block : block.subarray(0, SIZE - written))) {
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: NodeJS.ReadableStream,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (body) body.pipe(req);
    else req.end();
  });
}

const dir = await mkdtemp(path.join(tmpdir(), 'ampelos-upload-bench-'));
const server = fork(path.join(import.meta.dirname, 'upload-server.ts'), [], {
  // The server's own Node flags (scripts/server-node-flags.mjs), as `npm start` runs it.
  execArgv: [...SERVER_NODE_FLAGS, '--import', 'tsx', '--expose-gc'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const nextMessage = <T>(type: string) =>
  new Promise<T>((resolve) => {
    const listener = (message: { type: string }) => {
      if (message.type !== type) return;
      server.off('message', listener);
      resolve(message as T);
    };
    server.on('message', listener);
  });

try {
  const ready = await nextMessage<Ready>('ready');
  const source = path.join(dir, 'dataset.bin');
  console.log(`writing a ${(SIZE / GB).toFixed(1)} GB source file in ${dir} …`);
  await makeSource(source);

  // Baseline: a plain stream copy on the same disk (read + write, no network, no protocol).
  const copyStart = performance.now();
  await pipeline(createReadStream(source), createWriteStream(path.join(dir, 'copy.bin')));
  const copySeconds = (performance.now() - copyStart) / 1000;
  await rm(path.join(dir, 'copy.bin'));

  const rawStart = performance.now();
  const rawSent = await request(
    ready.rawUrl,
    'PUT',
    { 'content-length': String(SIZE) },
    createReadStream(source, { highWaterMark: MB }),
  );
  const rawSeconds = (performance.now() - rawStart) / 1000;
  if (rawSent.status !== 200) throw new Error(`raw http: ${rawSent.status}`);

  server.send({ type: 'reset' });
  await nextMessage('reset');
  const common = { cookie: ready.cookie, 'x-requested-with': 'bench', 'tus-resumable': '1.0.0' };
  const metadata = `reportUuid ${Buffer.from(ready.reportUuid).toString('base64')},filename ${Buffer.from('dataset.bin').toString('base64')}`;
  const uploadStart = performance.now();
  const created = await request(`${ready.url}/api/uploads`, 'POST', {
    ...common,
    'upload-length': String(SIZE),
    'upload-metadata': metadata,
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const sent = await request(
    `${ready.url}${created.headers.location}`,
    'PATCH',
    {
      ...common,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(SIZE),
    },
    createReadStream(source, { highWaterMark: MB }),
  );
  const uploadSeconds = (performance.now() - uploadStart) / 1000;
  if (sent.status !== 204) throw new Error(`patch: ${sent.status} ${sent.text}`);
  server.send({ type: 'peak' });
  const memory = await nextMessage<{ peakRss: number; baselineRss: number }>('peak');
  const stored = await stat(path.join(dir, 'dataset.bin'));

  const copyRate = stored.size / MB / copySeconds;
  const uploadRate = SIZE / MB / uploadSeconds;
  const rawRate = SIZE / MB / rawSeconds;
  console.log(`file                              ${(SIZE / GB).toFixed(1)} GB`);
  console.log(`plain copy on the same disk       ${copyRate.toFixed(0).padStart(6)} MB/s (baseline)`);
  console.log(
    `bare HTTP body to file (loopback)  ${rawRate.toFixed(0).padStart(6)} MB/s (${((rawRate / copyRate) * 100).toFixed(0)} % of the copy: the ceiling here)`,
  );
  console.log(`tus upload over loopback          ${uploadRate.toFixed(0).padStart(6)} MB/s`);
  console.log(
    `upload / copy                     ${((uploadRate / copyRate) * 100).toFixed(0).padStart(6)} %   (goal ≥ 50 %)`,
  );
  console.log(
    `tus / bare HTTP                    ${((uploadRate / rawRate) * 100).toFixed(0).padStart(6)} %`,
  );
  console.log(`server RSS before the upload      ${(memory.baselineRss / MB).toFixed(0).padStart(6)} MB`);
  console.log(
    `server peak RSS during the upload ${(memory.peakRss / MB).toFixed(0).padStart(6)} MB   (goal < 300 MB)`,
  );
  console.log(
    `growth during the upload          ${((memory.peakRss - memory.baselineRss) / MB).toFixed(0).padStart(6)} MB`,
  );
} finally {
  server.send({ type: 'stop' });
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dir, { recursive: true, force: true });
}
