import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether an If-None-Match header names this tag (a list, or `*`; weak comparison). */
export function ifNoneMatchHas(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const bare = tag.replace(/^W\//, '');
  return header.split(',').some((part) => {
    const candidate = part.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === bare;
  });
}

/** A weak tag from the answer's bytes: the same list has the same tag on every process. */
export const weakTagOf = (payload: string | Buffer) =>
  `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;

/**
 * An `onSend` hook for a list a client polls: a 200 answer gets an ETag from its bytes, and a request
 * that already holds those bytes gets 304 with no body. `private, no-cache`: only the user's browser
 * keeps it, and asks again every time (the answer depends on the session).
 */
export async function etagOnSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const tag = weakTagOf(payload);
  reply.header('ETag', tag);
  reply.header('Cache-Control', 'private, no-cache');
  if (!ifNoneMatchHas(request.headers['if-none-match'], tag)) return payload;
  reply.code(304);
  reply.removeHeader('content-length');
  return '';
}
