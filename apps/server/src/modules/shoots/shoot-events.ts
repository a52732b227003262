import { type Lang, ROLES, roleCan, STAFF_ROLES } from '@ampelos/domain';
import type { Logger } from '../../platform/logger.ts';
import type { MailService } from '../mail/service.ts';
import type { Notify } from '../notifications/service.ts';
import { dateRangeOf, shootDaysOf } from './presenter.ts';
import type { ShootPerson, ShootRecord } from './repository.ts';
import { renderShootMail, type ShootMailKind } from './shoot-mails.ts';

/** Staff told about new shoots: those who assign them (admin, operation_admin). */
export const SHOOT_MANAGER_ROLES = ROLES.filter(
  (role) => STAFF_ROLES.includes(role) && roleCan(role, 'update', 'Shoots'),
);

export type DatesChange = 'confirmed' | 'fixed' | 'final' | 'final_reset';

/** What happens around a shoot after its change committed: notifications and e-mails. */
export interface ShootEvents {
  availabilityGiven(record: ShootRecord, firstTime: boolean): Promise<void>;
  assigned(record: ShootRecord, as: 'drone_admin' | 'drone_operator', actorId: number): Promise<void>;
  datesChanged(record: ShootRecord, change: DatesChange, actorId: number): Promise<void>;
  completed(record: ShootRecord, actorId: number): Promise<void>;
}

const lang = (value: string): Lang => (value === 'el' ? 'el' : 'en');

/** The common part of every shoot notification's details. */
function shootDetails(record: ShootRecord) {
  return {
    shoot: { uuid: record.shoot.uuid },
    report: { uuid: record.report.uuid },
    field: record.field
      ? { uuid: record.field.uuid, title: record.field.title }
      : { uuid: null, title: record.report.fieldTitle },
  };
}

export function createShootEvents(deps: {
  notify: Notify;
  mail: MailService;
  managers: () => Promise<ShootPerson[]>;
  publicUrl: string;
  logger: Logger;
}): ShootEvents {
  async function mail(
    kind: ShootMailKind,
    to: ShootPerson,
    extra: Partial<Parameters<typeof renderShootMail>[0]>,
  ) {
    const message = renderShootMail({
      kind,
      lang: lang(to.lang),
      firstName: to.firstName,
      fieldTitle: extra.fieldTitle ?? '',
      publicUrl: deps.publicUrl,
      ...extra,
    });
    await deps.mail.queueMessage({ to: to.email, template: kind, message });
  }

  /** The change is committed whatever happens here: a failure is logged, not answered. */
  async function safely(what: string, work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      deps.logger.error({ err: error }, `shoot event ${what} failed`);
    }
  }

  const crewOf = (record: ShootRecord, actorId: number) =>
    [record.droneAdmin?.id, record.droneOperator?.id].filter(
      (id): id is number => id !== undefined && id !== actorId,
    );

  const fieldTitle = (record: ShootRecord) => record.field?.title ?? record.report.fieldTitle;

  return {
    availabilityGiven: (record, firstTime) =>
      safely('availabilityGiven', async () => {
        const managers = await deps.managers();
        const dateRange = dateRangeOf(record.shoot);
        await deps.notify(
          managers.map((m) => m.id),
          'new_shoot',
          { ...shootDetails(record), dateRange, ...(firstTime ? {} : { updated: true }) },
        );
        if (!firstTime) return;
        const customer = `${record.owner.firstName} ${record.owner.lastName}`;
        for (const manager of managers) {
          await mail('new_shoot', manager, { fieldTitle: fieldTitle(record), dateRange, customer });
        }
      }),

    assigned: (record, as, actorId) =>
      safely('assigned', async () => {
        const assignee = as === 'drone_admin' ? record.droneAdmin : record.droneOperator;
        const newStatus =
          as === 'drone_admin' ? 'shoot_assigned_to_drone_admin' : 'shoot_assigned_to_drone_operator';
        const recipients = [record.owner.id, ...(assignee && assignee.id !== actorId ? [assignee.id] : [])];
        await deps.notify(recipients, 'shoot_status_update', { ...shootDetails(record), newStatus });
        if (assignee) {
          await mail('shoot_assigned', assignee, {
            fieldTitle: fieldTitle(record),
            assignedAs: as,
            dateRange: dateRangeOf(record.shoot),
          });
        }
      }),

    datesChanged: (record, change, actorId) =>
      safely('datesChanged', async () => {
        const shootDays = shootDaysOf(record.shoot);
        await deps.notify([record.owner.id, ...crewOf(record, actorId)], 'shoot_status_update', {
          ...shootDetails(record),
          newStatus: 'confirmed_shoot_dates',
          shootDays,
          change,
        });
        // The customer must plan for the days; a reset of the final day needs no e-mail.
        if (change === 'final_reset' || !shootDays) return;
        await mail('shoot_dates', record.owner, {
          fieldTitle: fieldTitle(record),
          confirmed: shootDays.confirmed,
          alternative: shootDays.alternative,
          final: shootDays.final,
        });
      }),

    completed: (record, actorId) =>
      safely('completed', async () => {
        await deps.notify([record.owner.id, ...crewOf(record, actorId)], 'shoot_status_update', {
          ...shootDetails(record),
          newStatus: 'shoot_complete',
        });
      }),
  };
}
