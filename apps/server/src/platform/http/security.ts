import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/**
 * The CSP source of a URL template: its scheme and host, a `{s}`-style placeholder in the first
 * label of the host becoming the `*` wildcard. Null when the template cannot be expressed.
 */
export function cspSourceOf(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match?.[1] || !match[2]) return null;
  const [first, ...rest] = match[2].toLowerCase().split('.');
  if (rest.some((label) => label.includes('{'))) return null;
  const host = [first?.includes('{') ? '*' : first, ...rest].join('.');
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(host) || (host.startsWith('*.') && rest.length < 2)) return null;
  return `${match[1].toLowerCase()}://${host}`;
}

/** Origins the web app's map loads tiles and styles from. */
export function mapSources(config: Config): string[] {
  const templates = [config.map.satelliteTilesUrl, config.map.styleUrl].filter((url) => url !== null);
  return [...new Set(templates.map(cspSourceOf).filter((source) => source !== null))];
}

/**
 * CSP sources (`'sha256-…'`) of the classic inline scripts of an HTML page: the built index.html paints
 * the sign-in frame with one before any file arrives. Only those exact scripts are admitted, never
 * `'unsafe-inline'`.
 */
export function inlineScriptHashes(html: string): string[] {
  const scripts = html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi);
  return [...scripts]
    .map((match) => match[1] ?? '')
    .filter((code) => code.trim() !== '')
    .map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
}

/** The inline scripts' hashes of the web build the server serves (none without a build). */
function webAppInlineScripts(webDistDir: string): string[] {
  try {
    return inlineScriptHashes(readFileSync(path.join(webDistDir, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

/**
 * Security headers; the CSP admits only what the app itself loads, the configured map sources
 * (images and fetches) and the bot check when configured.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config) {
  const recaptcha = config.recaptchaSiteKey ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  const map = mapSources(config);
  const inlineScripts = webAppInlineScripts(config.webDistDir);
  // Built once: @fastify/helmet built the middleware again on every request (its CSP directives parsed
  // each time: 7 % of the CPU of `GET /api/user` under load, bench/README.md "Load").
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts, ...recaptcha],
        // Mantine writes its CSS variables into a <style> element at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...map],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...map],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: recaptcha.length ? recaptcha : ["'none'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : { upgradeInsecureRequests: null }),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
