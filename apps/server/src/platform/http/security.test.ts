import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cspSourceOf } from './security.ts';

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
