import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cspSourceOf, inlineScriptHashes } from './security.ts';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `))
    ?.split(/\s+/)
    .slice(1) ?? [];

describe('CSP sources of map URLs', () => {
  it.each([
    [
      'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
      'https://server.arcgisonline.com',
    ],
    ['https://{s}.tiles.example.com/{z}/{x}/{y}.png', 'https://*.tiles.example.com'],
    ['https://api.maptiler.com/maps/satellite/style.json?key=abc', 'https://api.maptiler.com'],
    ['http://localhost:8080/{z}/{x}/{y}.png', 'http://localhost:8080'],
    ['https://tiles.{region}.example.com/{z}/{x}/{y}', null],
    ['https://{s}.com/{z}', null],
    ['ftp://example.com/x', null],
  ])('%s → %s', (url, source) => {
    expect(cspSourceOf(url)).toBe(source);
  });
});

describe('map configuration', () => {
  let defaults: TestApp;
  let custom: TestApp;
  beforeAll(async () => {
    defaults = await createTestApp();
    custom = await createTestApp({
      env: {
        MAP_SATELLITE_TILES_URL: 'https://{s}.tiles.example.com/satellite/{z}/{x}/{y}.jpg?key=k',
        MAP_SATELLITE_ATTRIBUTION: '© Example Imagery',
        MAP_STYLE_URL: 'https://maps.example.net/styles/hybrid/style.json?key=k',
      },
    });
  });
  afterAll(async () => {
    await defaults?.close();
    await custom?.close();
  });

  it('publishes the keyless Esri imagery by default and admits only its origin', async () => {
    const response = await defaults.app.inject({ url: '/api/config/public' });
    expect(response.json().map).toEqual({
      satelliteTilesUrl:
        'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
      satelliteAttribution: 'Imagery © Esri, Maxar, Earthstar Geographics',
      styleUrl: null,
    });
    const csp = String(response.headers['content-security-policy']);
    expect(directive(csp, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://server.arcgisonline.com',
    ]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://server.arcgisonline.com']);
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
  });

  it('publishes a configured provider and admits its tile and style origins', async () => {
    const response = await custom.app.inject({ url: '/api/config/public' });
    expect(response.json().map).toEqual({
      satelliteTilesUrl: 'https://{s}.tiles.example.com/satellite/{z}/{x}/{y}.jpg?key=k',
      satelliteAttribution: '© Example Imagery',
      styleUrl: 'https://maps.example.net/styles/hybrid/style.json?key=k',
    });
    const csp = String(response.headers['content-security-policy']);
    const map = ['https://*.tiles.example.com', 'https://maps.example.net'];
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', ...map]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", ...map]);
    expect(csp).not.toContain('arcgisonline');
  });
});

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('inline scripts of the web build', () => {
  const frame = "(()=>{document.title='frame'})();";
  let served: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'ampelos-web-'));
    await writeFile(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><script>${frame}</script><div id="root"></div></body></html>`,
    );
    served = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await served?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('hashes the inline scripts that hold code, not those loaded by src', () => {
    const html = `<script src="/a.js"></script><script type="module" src="/b.js"></script><script></script><script>${frame}</script><SCRIPT data-x>let a = 1;</SCRIPT>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(frame), sha256('let a = 1;')]);
  });

  it("admits the build's inline script by its hash, and nothing inline else", async () => {
    const page = await served.app.inject({ url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(frame);
    const csp = String(page.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toEqual(["'self'", sha256(frame)]);
    // Every response carries the same policy (the API's too).
    const api = await served.app.inject({ url: '/api/config/public' });
    expect(directive(String(api.headers['content-security-policy']), 'script-src')).toEqual([
      "'self'",
      sha256(frame),
    ]);
  });
});
