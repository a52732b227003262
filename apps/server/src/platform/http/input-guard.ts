import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** Deeper input than this is not walked (JSON nesting this deep is refused elsewhere or harmless). */
const MAX_NODES = 100_000;

/** Whether any string in the value (keys included) holds a NUL character. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  for (let seen = 0; pending.length > 0 && seen < MAX_NODES; seen++) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, child] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character, so no input containing one is valid anywhere: it is
 * refused with a 400 before validation, instead of failing in the database as a 500.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest('Text may not contain NUL characters');
    }
  });
}
