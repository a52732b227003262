import { DATASET_MESSAGES as M } from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../platform/http/answers.ts';
import { notFound } from '../../platform/http/errors.ts';
import { sendStoredFile } from '../../platform/http/stored-file.ts';
import type { ByteRange, Storage } from '../../platform/storage/storage.ts';
import { requireAuth } from '../auth/sessions.ts';
import { reportKey } from './paths.ts';
import { canSeeReport } from './report-access.ts';
import type { DatasetRepository } from './repository.ts';
import { visibleReport } from './upload-service.ts';

/** The files a report publishes, by pattern: HD photos, map tiles, data files. Nothing else is served. */
const SERVED: { pattern: RegExp; type: string; cache: string }[] = [
  {
    pattern: /^tiles\/[a-z_]{2,20}\/\d{1,2}\/\d{1,8}\/\d{1,8}\.png$/,
    type: 'image/png',
    // Tiles never change once written; private because they are not public data.
    cache: 'private, max-age=604800, immutable',
  },
  { pattern: /^[A-Za-z0-9_.-]{1,200}-hd\.jpg$/, type: 'image/jpeg', cache: 'private, max-age=86400' },
  { pattern: /^data_files\/[a-z0-9_]{1,60}\.pdf$/, type: 'application/pdf', cache: 'private, no-cache' },
  { pattern: /^data_files\/[a-z0-9_]{1,60}\.json$/, type: 'application/json', cache: 'private, no-cache' },
  { pattern: /^data_files\/vigour\.geojson$/, type: 'application/geo+json', cache: 'private, no-cache' },
];

const TILE = /^tiles\/([a-z_]{2,20})\/\d{1,2}\/\d{1,8}\/\d{1,8}\.png$/;
/**
 * A fully transparent 1×1 PNG. Tiles with nothing on them are not written; a missing tile of a layer
 * the report has answers this instead of a 404, so the map's console shows real errors only.
 */
const EMPTY_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);

const tileType = (bytes: Buffer) =>
  bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff ? 'image/jpeg' : 'image/png';

async function readStored(storage: Storage, key: string, range?: ByteRange): Promise<Buffer | null> {
  const file = await storage.get(key, range);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `GET /api/reports/{uuid}/files/*`: only to people who may see the report (others, the drone crew included, get 404). */
export const reportFilesRoutes: FastifyPluginAsyncZod<{
  repository: DatasetRepository;
  storage: Storage;
}> = async (app, { repository, storage }) => {
  app.get(
    '/reports/:uuid/files/*',
    {
      config: { policy: 'report.viewResults' },
      schema: {
        tags: ['datasets'],
        summary: "A report's output file: HD photo, map tile, PDF report",
        params: z.object({ uuid: z.string().max(100), '*': z.string().max(300) }),
        response: {
          200: fileAnswer(
            'The file (a map tile is a PNG, or a JPEG where the photos cover it whole; an empty PNG outside the analysed area)',
            'image/png',
            'image/jpeg',
            'application/pdf',
            'application/json',
          ),
          206: fileAnswer(
            'A byte range of the file',
            'image/png',
            'image/jpeg',
            'application/pdf',
            'application/json',
          ),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // The results are the customer's and the staff's: the drone crew only uploads.
      const context = await visibleReport(repository, auth, request.params.uuid, canSeeReport);
      const rest = request.params['*'];
      const served = SERVED.find((entry) => entry.pattern.test(rest));
      const layer = TILE.exec(rest)?.[1];
      const key = reportKey(context.report.uuid, rest);
      let type = served?.type;
      if (layer && served) {
        // Photo tiles are JPEG where the photos cover the whole tile and PNG elsewhere, under the
        // same `.png` key: the bytes tell which. A tile is a few dozen KB, read whole (a HEAD or a
        // byte range reads its first bytes for the type).
        if (request.method === 'GET' && !request.headers.range) {
          const tile = await readStored(storage, key);
          if (tile)
            return reply
              .type(tileType(tile))
              .header('Cache-Control', served.cache)
              .header('X-Content-Type-Options', 'nosniff')
              .send(tile);
        } else {
          const head = await readStored(storage, key, { start: 0, end: 2 });
          if (head) type = tileType(head);
        }
      }
      const sent =
        served !== undefined &&
        (await sendStoredFile(request, reply, storage, key, {
          type: type ?? served.type,
          cacheControl: served.cache,
          ...(served.type === 'application/pdf'
            ? { disposition: `inline; filename="${rest.split('/').pop()}"` }
            : {}),
        }));
      if (sent) return reply;
      if (layer && context.report.status === 'complete' && (context.report.layers ?? []).includes(layer)) {
        return reply
          .type('image/png')
          .header('Cache-Control', served?.cache ?? 'private')
          .header('X-Empty-Tile', '1')
          .send(EMPTY_TILE);
      }
      throw notFound(M.fileNotFound);
    },
  );
};
