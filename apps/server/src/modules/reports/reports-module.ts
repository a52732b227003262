import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { MailService } from '../mail/service.ts';
import type { Notify } from '../notifications/service.ts';
import type { ShootRepository } from '../shoots/repository.ts';
import { reportLifecycle } from './lifecycle.ts';
import { createReportEvents } from './report-events.ts';
import { createReportRepository } from './repository.ts';
import { reportRoutes } from './routes.ts';
import { createReportService } from './service.ts';

/** The report's status by staff, the field KML and the flight guide; other modules use `lifecycle.ts`. */
export function createReportsModule(deps: {
  db: Db;
  shoots: ShootRepository;
  notify: Notify;
  mail: MailService;
  publicUrl: string;
  logger: Logger;
}) {
  const reports = createReportService({
    reports: createReportRepository(deps.db),
    lifecycle: reportLifecycle(deps.db),
    shoots: deps.shoots,
    events: createReportEvents({
      notify: deps.notify,
      mail: deps.mail,
      publicUrl: deps.publicUrl,
      logger: deps.logger,
    }),
  });
  return {
    async routes(api: FastifyInstance) {
      await api.register(reportRoutes, { reports });
    },
  };
}
