import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { RealtimeBus } from '../../platform/realtime/bus.ts';
import { createNotificationRepository } from './repository.ts';
import { notificationRoutes } from './routes.ts';
import { createNotificationService } from './service.ts';

/** In-app notifications; `notify` is every other module's way to tell someone. */
export function createNotificationsModule(deps: { db: Db; realtime: RealtimeBus }) {
  const notifications = createNotificationService({
    notifications: createNotificationRepository(deps.db),
    realtime: deps.realtime,
  });
  return {
    notify: notifications.notify,
    unreadMessage: notifications.unreadMessage,
    async routes(api: FastifyInstance) {
      await api.register(notificationRoutes, { notifications });
    },
  };
}
