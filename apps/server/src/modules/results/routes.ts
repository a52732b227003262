import {
  boxAnnotationSchema,
  dataAnswer,
  dataMessageAnswer,
  RESULTS_MESSAGES,
  reportResultsViewSchema,
  savedBoxViewSchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../platform/http/answers.ts';
import { requireAuth } from '../auth/sessions.ts';
import { presentResults, presentSavedBox } from './presenter.ts';
import type { ResultsService } from './service.ts';

const tags = ['results'];

export const resultsRoutes: FastifyPluginAsyncZod<{ results: ResultsService }> = async (app, { results }) => {
  app.get(
    '/reports/:uuid/results',
    {
      config: { policy: 'report.viewResults' },
      schema: {
        tags,
        summary: "A completed report's viewer data: layers, tile zooms, photos with their boxes, PDF",
        params: z.object({ uuid: z.string().max(100) }),
        response: { 200: dataAnswer(reportResultsViewSchema) },
      },
    },
    async (request, reply) => {
      // Annotations change it: never served from a cache.
      reply.header('Cache-Control', 'no-store');
      return { data: presentResults(await results.results(requireAuth(request), request.params.uuid)) };
    },
  );

  app.post(
    '/reports/update/bbox',
    {
      config: { policy: 'report.annotate' },
      schema: {
        tags,
        summary: 'Annotate a box of an HD photo (stress factor, comment) or add a box drawn on it',
        body: boxAnnotationSchema,
        response: {
          200: dataMessageAnswer(savedBoxViewSchema),
        },
      },
    },
    async (request) => ({
      data: presentSavedBox(await results.annotate(requireAuth(request), request.body)),
      msg: RESULTS_MESSAGES.reportUpdated,
    }),
  );

  app.get(
    '/annotations/export',
    {
      config: { policy: 'report.exportAnnotations' },
      schema: {
        tags,
        summary:
          'Staff: annotated plants of a report (or of all reports) as a labelled set: labels.geojson and crops',
        querystring: z.object({ report: z.string().max(100).optional() }),
        response: {
          200: fileAnswer('labels.geojson and a JPEG crop per annotated plant', 'application/zip'),
        },
      },
    },
    async (request, reply) => {
      const { report } = request.query;
      const zip = await results.exportAnnotations(requireAuth(request), report);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="annotations-${report ?? 'all'}-${day}.zip"`)
        .send(zip);
    },
  );
};
