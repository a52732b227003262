import { calendarDayIn, finalDayFromData, isShootManager, photosFarFromShoot, ROLES } from '@ampelos/domain';
import type { Logger } from '../../platform/logger.ts';
import type { Notify } from '../notifications/service.ts';
import type { DatasetRepository, ReportContext } from './repository.ts';

/** Staff who hear that a dataset's photos are dated far from its shoot: those who run operations. */
const OPERATIONS_ROLES = ROLES.filter(isShootManager);

/**
 * What an accepted dataset means for the rest of the workflow (shoot ↔ report ↔ dataset):
 * the report is processing_data, so its shoot (E2E) is complete, with a final day — the one set,
 * else the day the photos were taken, else today. Photos dated more than a week from that day are
 * flagged to operations staff (a camera clock never set, or another flight's photos). Runs after
 * the report moved and before the dataset shows as processing; idempotent (a shoot already complete
 * keeps its day and is announced once; the flag is sent again only when ingest re-runs the acceptance,
 * after a crash between this and the dataset's move).
 */
export function createDataReceived(deps: {
  repository: DatasetRepository;
  notify: Notify;
  logger: Logger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return async function onDataAccepted(context: ReportContext, datasetId: number) {
    const { report, field } = context;
    const captureDays = await deps.repository.captureDays(datasetId);
    const at = now();
    const today = calendarDayIn(at);
    const shoot = await deps.repository.completeShootOnData(
      report.id,
      (current) => finalDayFromData(current, captureDays, today),
      at,
    );
    const reference = shoot?.finalDay ?? today;
    const far = photosFarFromShoot(reference, captureDays);
    const details = {
      report: { uuid: report.uuid },
      field: { uuid: field?.uuid ?? null, title: field?.title ?? report.fieldTitle },
      ...(shoot ? { shoot: { uuid: shoot.uuid } } : {}),
    };
    try {
      if (shoot?.completedNow) {
        const { droneAdminId, droneOperatorId } = context.shoot ?? {};
        const people = [report.ownerId, droneAdminId, droneOperatorId].filter(
          (id): id is number => typeof id === 'number',
        );
        await deps.notify(people, 'shoot_status_update', { ...details, newStatus: 'shoot_complete' });
      }
      if (far) {
        deps.logger.warn(
          { datasetId, reportId: report.id, reference, ...far },
          'photos dated far from the shoot',
        );
        const staff = await deps.repository.recipients([], OPERATIONS_ROLES);
        await deps.notify(
          staff.map((person) => person.id),
          report.service === 'e2e' ? 'shoot_status_update' : 'report_status_update',
          { ...details, newStatus: 'photo_dates_far', captureDays: far, shootDay: reference },
        );
      }
    } catch (error) {
      deps.logger.error({ err: error, datasetId }, 'data received notices failed');
    }
  };
}
export type OnDataAccepted = ReturnType<typeof createDataReceived>;
