import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { Access } from '../auth/access.ts';
import type { FieldReportsLookup } from '../fields/service.ts';
import type { MailService } from '../mail/service.ts';
import type { Notify } from '../notifications/service.ts';
import { presentReport } from '../reports/presenter.ts';
import { createOrderEvents } from './order-events.ts';
import { createCommerceRepository } from './repository.ts';
import { commerceRoutes } from './routes.ts';
import { createCommerceService } from './service.ts';

/** Cart, coupons, orders and their documents. */
export function createCommerceModule(deps: {
  db: Db;
  config: Config;
  access: Access;
  audit: AuditRecorder;
  notify: Notify;
  mail: MailService;
  logger: Logger;
}) {
  const { config } = deps;
  const repository = createCommerceRepository(deps.db);
  const issuer = { seller: config.seller, bank: config.bank, salesEmail: config.salesEmail };
  const commerce = createCommerceService({
    commerce: repository,
    access: deps.access,
    audit: deps.audit,
    bank: config.bank,
    events: createOrderEvents({
      notify: deps.notify,
      mail: deps.mail,
      usersWithRoles: repository.usersWithRoles,
      issuer,
      publicUrl: config.publicUrl,
      logger: deps.logger,
    }),
  });
  /** The reports shown with each field: bought ones, and the viewer's own cart items. */
  const fieldReports: FieldReportsLookup = async (fieldIds, viewerId) => {
    const byField = new Map<number, ReturnType<typeof presentReport>[]>();
    for (const row of await repository.reportsOfFields(fieldIds, viewerId)) {
      if (row.fieldId === null) continue;
      byField.set(row.fieldId, [...(byField.get(row.fieldId) ?? []), presentReport(row)]);
    }
    return byField;
  };
  return {
    commerce,
    fieldReports,
    async routes(api: FastifyInstance) {
      await api.register(commerceRoutes, { commerce, issuer });
    },
  };
}
