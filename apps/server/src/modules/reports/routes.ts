import {
  dataMessageAnswer,
  guideQuerySchema,
  kmlRequestSchema,
  type Lang,
  OPERATIONS_MESSAGES,
  reportStatusUpdateSchema,
  shootReportViewSchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer } from '../../platform/http/answers.ts';
import { requireAuth } from '../auth/sessions.ts';
import { KML_CONTENT_TYPE, kmlContentDisposition } from '../fields/kml.ts';
import { presentShootReport } from '../shoots/presenter.ts';
import { renderFlightGuidePdf } from './guide-pdf.ts';
import type { ReportService } from './service.ts';

const tags = ['reports'];

/** The guide is the same for everyone: rendered once per language. */
const guides = new Map<Lang, Promise<Buffer>>();
const guide = (lang: Lang) => {
  let pdf = guides.get(lang);
  if (!pdf) {
    pdf = renderFlightGuidePdf(lang);
    pdf.catch(() => guides.delete(lang));
    guides.set(lang, pdf);
  }
  return pdf;
};

export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportService }> = async (app, { reports }) => {
  app.post(
    '/reports/update/status',
    {
      config: { policy: 'report.setStatus' },
      schema: {
        tags,
        summary: 'Staff: move a report along the transition table',
        body: reportStatusUpdateSchema,
        response: { 200: dataMessageAnswer(shootReportViewSchema) },
      },
    },
    async (request) => {
      const row = await reports.updateStatus(
        requireAuth(request),
        request.body.reportUuid,
        request.body.newStatus,
      );
      return { data: presentShootReport(row), msg: OPERATIONS_MESSAGES.reportUpdated };
    },
  );

  app.post(
    '/reports/download/kml',
    {
      config: { policy: 'shoot.downloadOutline' },
      schema: {
        tags,
        summary: "A field's polygon as KML 2.2, by fieldId (id or uuid) or reportUuid",
        body: kmlRequestSchema,
        response: { 200: fileAnswer('The field outline as KML', KML_CONTENT_TYPE) },
      },
    },
    async (request, reply) => {
      const { fieldId, reportUuid } = request.body;
      const match = reportUuid ? { reportUuid } : { fieldId: fieldId ?? '' };
      const { fileName, kml } = await reports.kml(requireAuth(request), match);
      return reply
        .type(KML_CONTENT_TYPE)
        .header('Content-Disposition', kmlContentDisposition(fileName))
        .header('Cache-Control', 'no-store')
        .send(kml);
    },
  );

  app.get(
    '/guides/how-to-fly',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: '"How to Fly with your Drone" PDF (en or el)',
        querystring: guideQuerySchema,
        response: { 200: fileAnswer('The guide', 'application/pdf') },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const lang: Lang = request.query.lang ?? (auth.user.lang === 'el' ? 'el' : 'en');
      const fileName = lang === 'el' ? 'how-to-fly-el.pdf' : 'how-to-fly.pdf';
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, max-age=3600')
        .send(await guide(lang));
    },
  );
};
