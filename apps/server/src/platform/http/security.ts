import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
 * Security headers; the CSP admits only what the app itself loads, the configured map sources
 * (images and fetches) and the bot check when configured.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config) {
  const recaptcha = config.recaptchaSiteKey ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  const map = mapSources(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...recaptcha],
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
}
