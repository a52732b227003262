import {
  notificationsAnswerSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/sessions.ts';
import { presentNotifications } from './presenter.ts';
import type { NotificationService } from './service.ts';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/notifications',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: 'My newest notifications (type=unread: only unread) and the unread count',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsAnswerSchema },
      },
    },
    async (request) => {
      const { rows, unread } = await notifications.list(
        requireAuth(request),
        request.query.type === 'unread',
      );
      return presentNotifications(rows, unread);
    },
  );

  app.put(
    '/notifications/read',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: 'Mark some (uuids) or all of my notifications read',
        body: notificationsReadSchema.nullish(),
        response: { 200: z.strictObject({ unread: z.number().int() }) },
      },
    },
    async (request) => {
      const unread = await notifications.markRead(requireAuth(request), request.body?.uuids);
      return { unread };
    },
  );
};
