// The server side of bench/upload.bench.ts, in its own process so its memory is its own: the real
// app on loopback (embedded database, files under a temporary DATA_DIR), a customer with a report
// awaiting data, and a sampler of the process's resident memory.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createField, createManualReport, signedInClient } from '../apps/server/src/test/factories.ts';
import { createTestApp } from '../apps/server/src/test/test-app.ts';

// BENCH_PROCESS_ROLE=api measures an API-only process, as uploads reach in a split deployment.
const ctx = await createTestApp({ env: { PROCESS_ROLE: process.env.BENCH_PROCESS_ROLE ?? 'all' } });
const customer = await signedInClient(ctx);
const field = await createField(ctx, customer.user);
const report = await createManualReport(ctx, field);
const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });

// Second baseline: the least an HTTP upload can cost here, a bare Node server piping the body to a file.
const rawFile = path.join(ctx.config.dataDir, 'raw-http.bin');
const raw = http.createServer((request, response) => {
  pipeline(request, createWriteStream(rawFile))
    .then(() => rm(rawFile, { force: true }))
    .then(() => response.end('ok'))
    .catch(() => response.destroy());
});
await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
const rawAddress = raw.address();
const rawUrl = typeof rawAddress === 'object' && rawAddress ? `http://127.0.0.1:${rawAddress.port}` : '';

let peakRss = 0;
let baselineRss = 0;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
global.gc?.();
baselineRss = process.memoryUsage().rss;
const sampler = setInterval(sample, 50);

process.on('message', async (message: { type: string }) => {
  if (message.type === 'reset') {
    global.gc?.();
    baselineRss = process.memoryUsage().rss;
    peakRss = baselineRss;
    process.send?.({ type: 'reset', baselineRss });
  }
  if (message.type === 'peak') {
    sample();
    process.send?.({ type: 'peak', peakRss, baselineRss });
  }
  if (message.type === 'stop') {
    clearInterval(sampler);
    raw.close();
    await ctx.close();
    process.exit(0);
  }
});
process.send?.({
  type: 'ready',
  url: address,
  rawUrl,
  cookie: customer.http.cookie,
  reportUuid: report.uuid,
  dataDir: ctx.config.dataDir,
});
