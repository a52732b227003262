import { CAMERA_LAYOUTS, dataAnswer, PLAUSIBLE_FLIGHT_HEIGHT_M, reportDataViewSchema } from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/sessions.ts';
import type { DataService } from './data-service.ts';
import { presentReportData } from './presenter.ts';

const tags = ['datasets'];
const params = z.object({ uuid: z.string().max(100) });

export const dataRoutes: FastifyPluginAsyncZod<{ data: DataService }> = async (app, { data }) => {
  app.get(
    '/reports/:uuid/data',
    {
      config: { policy: 'report.viewData' },
      schema: {
        tags,
        summary: "A report's upload state: may the caller upload, the dataset's files and progress",
        params,
        response: { 200: dataAnswer(reportDataViewSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: presentReportData(await data.state(requireAuth(request), request.params.uuid)) };
    },
  );

  app.post(
    '/reports/:uuid/data/submit',
    {
      config: { policy: 'report.uploadData' },
      schema: {
        tags,
        summary: 'Submit the uploaded files: validation, then the analysis',
        params,
        response: { 202: dataAnswer(reportDataViewSchema) },
      },
    },
    async (request, reply) => {
      const state = await data.submit(requireAuth(request), request.params.uuid);
      return reply.status(202).send({ data: presentReportData(state) });
    },
  );

  app.post(
    '/reports/:uuid/data/confirm',
    {
      config: { policy: 'report.confirmData' },
      schema: {
        tags,
        summary: 'Operations staff confirm the flight height or the camera layout of a dataset in review',
        params,
        body: z
          .object({
            heightM: z.number().min(PLAUSIBLE_FLIGHT_HEIGHT_M.min).max(1000).optional(),
            layout: z.enum(CAMERA_LAYOUTS).optional(),
          })
          .strict(),
        response: { 202: dataAnswer(reportDataViewSchema) },
      },
    },
    async (request, reply) => {
      const state = await data.confirmImaging(requireAuth(request), request.params.uuid, request.body);
      return reply.status(202).send({ data: presentReportData(state) });
    },
  );
};
