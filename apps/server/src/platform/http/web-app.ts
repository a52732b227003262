import { existsSync } from 'node:fs';
import path from 'node:path';
import { HTTP_MESSAGES } from '@ampelos/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorItem } from './errors.ts';

/** Content-hashed build files: a new release has new names, so browsers may keep these for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html, the web manifest, icons: always revalidated (a 304 when unchanged). */
export const REVALIDATE_CACHE = 'no-cache';

function cacheControlFor(distDir: string, filePath: string): string {
  const relative = path.relative(distDir, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/**
 * The built React app on the same port; any non-API path answers index.html (client routing).
 * The build writes `.br` and `.gz` beside each text file: they are sent as they are to browsers that
 * accept them (with `Vary: Accept-Encoding`), so nothing is compressed per request.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // The compressed copies are chosen by Accept-Encoding, never asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('Cache-Control', cacheControlFor(distDir, filePath.replace(/\.(br|gz)$/, '')));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasBuild) {
      return reply.status(404).send({
        errors: [
          errorItem(HTTP_MESSAGES.routeNotFound, {
            params: { method: request.method, path: request.url.split('?')[0] ?? '/' },
          }),
        ],
      });
    }
    const file = request.url.split('?')[0] ?? '/';
    // A chunk of an older release is gone: a 404 (not the app's page) lets the app reload itself.
    if (file.startsWith('/assets/')) {
      const params = { method: 'GET', path: file };
      return reply.status(404).send({ errors: [errorItem(HTTP_MESSAGES.routeNotFound, { params })] });
    }
    if (file !== '/' && path.extname(file) && existsSync(path.join(distDir, file)))
      return reply.sendFile(file);
    return reply.sendFile('index.html');
  });
}
