import type { DataExportAnswer } from '@ampelos/domain';
import { dataExportAnswerSchema } from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../platform/http/answers.ts';
import { requireAuth } from '../auth/sessions.ts';
import { type ExportService, presentExport } from './export-service.ts';

const tags = ['profile'];

/** The signed-in user's copy of their own data (privacy policy). */
export const privacyRoutes: FastifyPluginAsyncZod<{ exports: ExportService }> = async (app, { exports }) => {
  app.get(
    '/user/export',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: "The caller's latest data export and its progress",
        response: { 200: dataExportAnswerSchema },
      },
    },
    async (request, reply): Promise<DataExportAnswer> => {
      reply.header('Cache-Control', 'private, no-store');
      const row = await exports.latest(requireAuth(request));
      return { export: row ? presentExport(row) : null };
    },
  );

  app.post(
    '/user/export',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: 'Start a download of all my data (a zip built in the background; one at a time)',
        response: { 202: dataExportAnswerSchema },
      },
    },
    async (request, reply): Promise<DataExportAnswer> => {
      const row = await exports.request(requireAuth(request));
      reply.status(202);
      return { export: presentExport(row) };
    },
  );

  app.get(
    '/user/export/:id/download',
    {
      config: { policy: 'personal.edit' },
      schema: {
        tags,
        summary: 'Download a ready data export (its owner only)',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: fileAnswer('The zip of all my data', 'application/zip') },
      },
    },
    async (request, reply) => {
      const file = await exports.download(requireAuth(request), request.params.id);
      const day = file.createdAt.toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename="ampelos-data-${day}.zip"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    },
  );
};
