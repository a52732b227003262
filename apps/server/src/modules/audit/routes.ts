import { auditPageViewSchema, auditQuerySchema } from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../auth/sessions.ts';
import { presentAuditPage } from './presenter.ts';
import type { AuditService } from './service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/audit',
    {
      config: { policy: 'audit.view' },
      schema: {
        tags: ['audit'],
        summary: 'Staff actions, newest first (administrators)',
        querystring: auditQuerySchema,
        response: { 200: auditPageViewSchema },
      },
    },
    async (request) => presentAuditPage(await audit.page(requireAuth(request), request.query)),
  );
};
