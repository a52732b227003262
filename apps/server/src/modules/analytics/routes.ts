import {
  analyticsOverviewSchema,
  analyticsRangeQuerySchema,
  dataAnswer,
  FIELD_OUTLINES_LIMIT,
  fieldMapPointSchema,
  fieldOutlinesAnswerSchema,
  fieldOutlinesQuerySchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/sessions.ts';
import { presentFieldPoint, presentOutlines, presentOverview } from './presenter.ts';
import type { AnalyticsService } from './service.ts';

const tags = ['analytics'];

export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  app.get(
    '/analytics/overview',
    {
      config: { policy: 'admin.tools' },
      schema: {
        tags,
        summary:
          'Dashboard figures (administrators): totals, weekly growth and monthly orders between from and to',
        querystring: analyticsRangeQuerySchema,
        response: { 200: analyticsOverviewSchema },
      },
    },
    async (request) => presentOverview(await analytics.overview(requireAuth(request), request.query)),
  );

  app.get(
    '/analytics/fields-map',
    {
      config: { policy: 'admin.tools' },
      schema: {
        tags,
        summary: "Every field's centroid, title and hectares for the dashboard map (administrators)",
        response: { 200: dataAnswer(z.array(fieldMapPointSchema)) },
      },
    },
    async (request) => ({ data: (await analytics.fieldPoints(requireAuth(request))).map(presentFieldPoint) }),
  );

  app.get(
    '/analytics/fields-map/polygons',
    {
      config: { policy: 'admin.tools' },
      schema: {
        tags,
        summary: 'Outlines of the fields centred in bbox=west,south,east,north (administrators)',
        querystring: fieldOutlinesQuerySchema,
        response: { 200: fieldOutlinesAnswerSchema },
      },
    },
    async (request) =>
      presentOutlines(
        await analytics.fieldOutlines(requireAuth(request), request.query.bbox),
        FIELD_OUTLINES_LIMIT,
      ),
  );
};
