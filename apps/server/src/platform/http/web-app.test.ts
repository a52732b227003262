import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, serveWebApp } from './web-app.ts';

const script = `export const vines = ${JSON.stringify('Agiorgitiko '.repeat(400))};\n`;
const page = `<!doctype html><html><head><title>Ampelos</title></head><body>${'<p>vineyard</p>'.repeat(200)}</body></html>`;

let distDir: string;
let app: FastifyInstance;
beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'ampelos-web-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  const files: Record<string, string> = { 'index.html': page, 'assets/index-a1b2c3.js': script };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(distDir, name);
    await writeFile(file, text);
    await writeFile(`${file}.br`, brotliCompressSync(text));
    await writeFile(`${file}.gz`, gzipSync(text));
  }
  await writeFile(path.join(distDir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await serveWebApp(app, distDir);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends the precompressed brotli file to browsers that accept it, hashed assets cached for a year', async () => {
    const response = await app.inject({
      url: '/assets/index-a1b2c3.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(String(response.headers.vary)).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await app.inject({
      url: '/assets/index-a1b2c3.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await app.inject({
      url: '/assets/index-a1b2c3.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(String(plain.headers.vary)).toContain('accept-encoding');
  });

  it('revalidates index.html, on every client route, and files without a hash', async () => {
    for (const url of ['/', '/login', '/fields?field=abc']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(page);
    }
    const icon = await app.inject({ url: '/icon.svg' });
    expect(icon.headers['cache-control']).toBe(REVALIDATE_CACHE);
  });

  it('answers 404 for a chunk that is not there (an older release), never the page', async () => {
    const response = await app.inject({ url: '/assets/index-gone99.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('does not serve the compressed copies by name', async () => {
    const response = await app.inject({ url: '/assets/index-a1b2c3.js.br' });
    expect(response.statusCode).toBe(404);
  });
});
