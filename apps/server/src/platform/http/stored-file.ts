import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, Storage } from '../storage/storage.ts';

export interface StoredFileHeaders {
  type: string;
  cacheControl: string;
  disposition?: string;
}

/**
 * `Range: bytes=a-b`, `a-` or `-n` against a file of `size` bytes: the inclusive range, 'unsatisfiable',
 * or null to send the whole file (no header, several ranges, or a unit we do not serve — RFC 9110
 * lets a server ignore a Range it does not support).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, first, last] = match;
  if (!first && !last) return null;
  if (!first) {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last ? Math.min(Number(last), size - 1) : size - 1;
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/**
 * Streams a stored file (local or S3) with its content type, length and range support (a PDF
 * viewer's partial reads, a resumed download), the same on either storage. Resolves true once the
 * answer is under way, or false when the file does not exist (the caller's own 404). Never the reply
 * itself: a reply is thenable, so awaiting it waits for the response to finish and yields undefined.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  headers: StoredFileHeaders,
): Promise<boolean> {
  // Headers only once the file is known to exist: a 404 keeps the error handler's JSON.
  const decorated = () => {
    reply
      .type(headers.type)
      .header('Cache-Control', headers.cacheControl)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Accept-Ranges', 'bytes');
    if (headers.disposition) reply.header('Content-Disposition', headers.disposition);
    return reply;
  };
  const rangeHeader = request.headers.range;
  if (request.method === 'HEAD' || rangeHeader) {
    const info = await storage.stat(key);
    if (!info) return false;
    const range = rangeHeader ? parseRange(rangeHeader, info.size) : null;
    if (range === 'unsatisfiable') {
      decorated().status(416).header('Content-Range', `bytes */${info.size}`).send();
      return true;
    }
    if (request.method === 'HEAD') {
      // An empty stream: Fastify's HEAD handling would read a real one to its end (a whole S3
      // download) and resets Content-Length to 0 for no payload at all.
      decorated().header('Content-Length', info.size).send(Readable.from([]));
      return true;
    }
    if (range) {
      const part = await storage.get(key, range);
      if (!part) return false;
      decorated()
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(part.stream);
      return true;
    }
  }
  const file = await storage.get(key);
  if (!file) return false;
  decorated().header('Content-Length', file.size).send(file.stream);
  return true;
}
