import { Readable } from 'node:stream';
import { DATASET_MAX_BYTES } from '@ampelos/domain';
import { Server as TusServer } from '@tus/server';
import { Metadata } from '@tus/utils';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { emptyAnswer } from '../../platform/http/answers.ts';
import type { UploadStore } from '../../platform/storage/upload-store.ts';
import { requireAuth } from '../auth/sessions.ts';
import type { UploadService } from './upload-service.ts';

export const UPLOADS_PATH = '/api/uploads';

/**
 * tus `Upload-Metadata` read by tus's own parser; a missing or malformed header reads as no metadata,
 * so the service answers with its "must name its report and file" message.
 */
export function parseUploadMetadata(header: string | undefined): Record<string, string | undefined> {
  try {
    return Object.fromEntries(
      Object.entries(Metadata.parse(header)).map(([key, value]) => [key, value ?? '']),
    );
  } catch {
    return {};
  }
}

function uploadLength(request: FastifyRequest): number | undefined {
  const header = request.headers['upload-length'];
  if (typeof header !== 'string' || !/^\d{1,16}$/.test(header)) return undefined;
  return Number(header);
}

/**
 * The tus protocol under `/api/uploads`, authenticated like every API route (session cookie, CSRF
 * header on POST/PATCH/DELETE). Fastify checks the caller and the rules, then hands the request to
 * `@tus/server`, which streams the body to the upload store: nothing is buffered in memory.
 */
export interface UploadRoutesOptions {
  uploads: UploadService;
  store: UploadStore;
  /** Bytes a request added to an upload (the new offset minus the one it started at). */
  onBytes?: (bytes: number) => void;
}

export const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (
  app,
  { uploads, store, onBytes },
) => {
  /** The id `namingFunction` hands to tus for a creation request (chosen and recorded before). */
  const idOfRequest = new WeakMap<Request, string>();
  const tus = new TusServer({
    path: UPLOADS_PATH,
    datastore: store.datastore,
    // Shared by all API processes on PostgreSQL (platform/storage/pg-locker.ts).
    locker: store.locker,
    relativeLocation: true,
    maxSize: DATASET_MAX_BYTES - 1,
    namingFunction: (request) => {
      const id = idOfRequest.get(request as unknown as Request);
      if (!id) throw new Error('upload id not prepared');
      return id;
    },
    onUploadFinish: async (_request, upload) => {
      await uploads.finished(upload.id);
      return {};
    },
  });

  // The body is tus's to read: no parsing, no body limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  async function forward(request: FastifyRequest, reply: FastifyReply, uploadId?: string) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    const hasBody = request.method === 'PATCH' || request.method === 'POST';
    const webRequest = new Request(`http://ampelos.internal${request.url}`, {
      method: request.method,
      headers,
      ...(hasBody
        ? { body: Readable.toWeb(request.raw) as ReadableStream<Uint8Array>, duplex: 'half' as const }
        : {}),
    });
    if (uploadId) idOfRequest.set(webRequest, uploadId);
    const response = await tus.handleWeb(webRequest);
    const newOffset = response.headers.get('upload-offset');
    if (hasBody && onBytes && newOffset !== null && response.status < 300) {
      const startOffset = request.method === 'PATCH' ? Number(request.headers['upload-offset'] ?? 0) : 0;
      onBytes(Number(newOffset) - startOffset);
    }
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') reply.header(name, value);
    });
    reply.header('Cache-Control', 'no-store');
    const body = await response.text();
    return { status: response.status, send: () => reply.send(body || undefined) };
  }

  app.post(
    '/uploads',
    {
      config: { policy: 'report.uploadData' },
      schema: { hide: true, response: { 201: emptyAnswer('tus: created; Location names the upload') } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const metadata = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
      const { uploadId } = await uploads.begin(auth, {
        reportUuid: metadata.reportUuid,
        filename: metadata.filename,
        size: uploadLength(request),
      });
      const result = await forward(request, reply, uploadId);
      if (result.status !== 201) await uploads.abandon(uploadId);
      return result.send();
    },
  );

  const TUS_ANSWERS = {
    HEAD: { 200: emptyAnswer('tus: Upload-Offset and Upload-Length in headers') },
    PATCH: { 204: emptyAnswer('tus: the chunk is stored; Upload-Offset in headers') },
    DELETE: { 204: emptyAnswer('tus: the upload is removed') },
  };
  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route<{ Params: { id: string } }>({
      method,
      url: '/uploads/:id',
      config: { policy: 'report.uploadData' },
      schema: { hide: true, response: TUS_ANSWERS[method] },
      handler: async (request, reply) => {
        await uploads.authorize(requireAuth(request), request.params.id);
        const result = await forward(request, reply);
        if (method === 'DELETE' && result.status === 204) await uploads.removed(request.params.id);
        return result.send();
      },
    });
  }
};
