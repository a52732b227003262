import {
  AGRO_JOB_KINDS,
  agroFieldQuerySchema,
  agroHistoryViewSchema,
  agroRunViewSchema,
  dataAnswer,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/sessions.ts';
import type { HistoryService } from './history-service.ts';
import { presentRun } from './presenter.ts';
import type { RunsService } from './runs-service.ts';

const tags = ['agro'];

/**
 * The administrators' agro jobs (spec section 7: GET, as the spec has them; the CSRF guard still asks
 * these for the app's header or origin since they change data), their runs, and a field's history.
 */
export const agroJobRoutes: FastifyPluginAsyncZod<{ runs: RunsService; history: HistoryService }> = async (
  app,
  { runs, history },
) => {
  for (const kind of AGRO_JOB_KINDS) {
    app.get(
      `/agro/${kind}`,
      {
        config: { policy: 'admin.tools', csrf: true },
        schema: {
          tags,
          summary: `Admin: start a ${kind} run over the reports (answers the run; one already running is answered instead)`,
          response: { 200: z.strictObject({ id: z.string(), run: agroRunViewSchema }) },
        },
      },
      async (request) => {
        const run = presentRun(await runs.start(requireAuth(request), kind));
        return { id: run.id, run };
      },
    );
  }

  app.get(
    '/agro/runs',
    {
      config: { policy: 'admin.tools' },
      schema: {
        tags,
        summary: 'Admin: the recent agro job runs with their progress',
        response: { 200: dataAnswer(z.array(agroRunViewSchema)) },
      },
    },
    async (request) => ({ data: (await runs.list(requireAuth(request))).map(presentRun) }),
  );

  app.get(
    '/agro/runs/:id',
    {
      config: { policy: 'admin.tools' },
      schema: {
        tags,
        summary: 'Admin: one agro job run',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: dataAnswer(agroRunViewSchema) },
      },
    },
    async (request) => ({ data: presentRun(await runs.get(requireAuth(request), request.params.id)) }),
  );

  app.get(
    '/agro/history',
    {
      config: { policy: 'field.view' },
      schema: {
        tags,
        summary: "A field's agronomy history: the front_agro_weather.json of its latest report that has one",
        querystring: agroFieldQuerySchema,
        response: { 200: dataAnswer(agroHistoryViewSchema.nullable()) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      return { data: await history.fieldHistory(requireAuth(request), request.query) };
    },
  );
};
