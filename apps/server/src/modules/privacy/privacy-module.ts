import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { createCommerceRepository } from '../commerce/repository.ts';
import type { MailService } from '../mail/service.ts';
import { createExportService } from './export-service.ts';
import { createPurgeService } from './purge-service.ts';
import { createPrivacyRepository } from './repository.ts';
import { privacyRoutes } from './routes.ts';

/**
 * Privacy operations of the privacy policy: a user's download of their data, the purge of accounts
 * deleted 60 days ago and of accounts unused for 6 years (docs/decisions/accounts.md).
 */
export function createPrivacyModule(deps: {
  config: Config;
  database: Database;
  storage: Storage;
  jobs: Jobs;
  mail: MailService;
  logger: Logger;
}) {
  const privacy = createPrivacyRepository(deps.database.db);
  const exports = createExportService({
    privacy,
    orders: createCommerceRepository(deps.database.db),
    storage: deps.storage,
    jobs: deps.jobs,
    mail: deps.mail,
    publicUrl: deps.config.publicUrl,
    exportDays: deps.config.privacy.exportDays,
    logger: deps.logger,
  });
  const purge = createPurgeService({ privacy, storage: deps.storage, logger: deps.logger });
  return {
    exports,
    purge,
    /** Job handlers and the daily schedules (worker processes only). */
    async startWorker() {
      await deps.jobs.handle('privacy.export', (data, attempt) => exports.run(data.exportId, attempt));
      await deps.jobs.handle('privacy.purge', async () => {
        const now = new Date();
        await purge.purgeDeleted(now);
        await exports.removeExpired(now);
      });
      await deps.jobs.handle('privacy.retention', async () => {
        await purge.purgeInactive(new Date());
      });
      await deps.jobs.schedule('privacy.purge', deps.config.privacy.scheduleCron, {});
      await deps.jobs.schedule('privacy.retention', deps.config.privacy.scheduleCron, {});
    },
    async routes(api: FastifyInstance) {
      await api.register(privacyRoutes, { exports });
    },
  };
}
