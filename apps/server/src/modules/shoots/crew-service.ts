import {
  type CalendarDay,
  confirmDatesProblem,
  type DayRange,
  finalDayProblem,
  fixedDatesProblem,
  SHOOT_MESSAGES,
  type ShootStatus,
  shootCrewRole,
} from '@ampelos/domain';
import { type AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { policyActor, requirePolicy } from '../auth/policy.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { dateRangeOf, shootDaysOf } from './presenter.ts';
import type { ShootChanges, ShootRecord } from './repository.ts';
import type { ActedShoot, ShootDeps, ShootService } from './service.ts';

/** Whether the caller is on this shoot's crew: a shoot manager, its drone_admin or its pilot. */
function crewRole(auth: AuthContext, record: ShootRecord) {
  return shootCrewRole(policyActor(auth), record.shoot);
}

/** Why an action the policy refused is refused, for a caller on the crew. */
function refusal(record: ShootRecord, specific: string): AppError {
  if (record.shoot.status === 'complete') return badRequest(SHOOT_MESSAGES.shootComplete);
  if (record.report.status !== 'processing_pending') return badRequest(SHOOT_MESSAGES.reportNotSchedulable);
  return badRequest(specific);
}

/** Status once someone is assigned: with days already set (fixed dates) the shoot is confirmed. */
function statusAfterAssignment(record: ShootRecord, assigned: ShootStatus): ShootStatus {
  if (record.shoot.status === 'confirmed_shoot_dates' || shootDaysOf(record.shoot))
    return 'confirmed_shoot_dates';
  return assigned;
}

/** Assignment, dates and completion: what the provider's staff and drone crews do with a shoot. */
export function createCrewService(
  deps: ShootDeps & {
    scheduling: ShootService /** Assignments go to the audit log. */;
    audit?: AuditRecorder;
  },
) {
  const { core } = deps.scheduling;

  function audited(auth: AuthContext, record: ShootRecord, slot: 'drone_admin' | 'drone_operator') {
    const person = slot === 'drone_admin' ? record.droneAdmin : record.droneOperator;
    return deps.audit?.record(auth.user, {
      action: 'shoot.assign',
      target: {
        type: 'shoot',
        id: record.shoot.uuid,
        label: record.field?.title ?? record.report.fieldTitle,
      },
      details: {
        slot,
        assignee: person ? `${person.firstName} ${person.lastName}` : null,
        uuid: person?.uuid,
      },
    });
  }

  async function after(auth: AuthContext, record: ShootRecord): Promise<ActedShoot> {
    return core.reload(auth, record.shoot.uuid);
  }

  return {
    /** `PUT /shoot/{uuid}`: a drone operator organisation (staff) or a pilot (staff, or its drone_admin). */
    async assign(
      auth: AuthContext,
      uuid: string,
      input: { droneAdminId?: number | string; droneOperatorId?: number | string },
    ) {
      const { record, actions } = await core.findForUpdate(auth, uuid);
      const crew = crewRole(auth, record);
      if (input.droneAdminId !== undefined) {
        if (!crew.manager) throw forbidden();
        if (!actions.assignDroneAdmin) throw refusal(record, SHOOT_MESSAGES.organisationLocked);
        const target = await deps.shoots.findPerson(input.droneAdminId);
        if (target?.role !== 'drone_admin') throw badRequest(SHOOT_MESSAGES.notADroneAdmin, 'droneAdminId');
        await core.apply(record, {
          droneAdminId: target.id,
          status: statusAfterAssignment(record, 'assigned_to_drone_admin'),
        });
        const acted = await after(auth, record);
        await audited(auth, acted.record, 'drone_admin');
        await deps.events.assigned(acted.record, 'drone_admin', auth.user.id);
        return acted;
      }
      if (!crew.manager && !crew.droneAdmin) throw forbidden();
      if (!actions.assignDroneOperator) throw refusal(record, SHOOT_MESSAGES.somethingWentWrong);
      const target =
        input.droneOperatorId === undefined ? undefined : await deps.shoots.findPerson(input.droneOperatorId);
      if (target?.role !== 'drone_operator')
        throw badRequest(SHOOT_MESSAGES.notADroneOperator, 'droneOperatorId');
      // With an organisation assigned, only its pilots (its company's drone_operator users).
      if (record.droneAdmin) {
        const organisation = record.droneAdmin.companyId;
        if (organisation === null || target.companyId !== organisation) {
          throw crew.manager
            ? badRequest(SHOOT_MESSAGES.pilotOfAnotherOrganisation, 'droneOperatorId')
            : forbidden(SHOOT_MESSAGES.pilotOfAnotherOrganisation);
        }
      }
      await core.apply(record, {
        droneOperatorId: target.id,
        status: statusAfterAssignment(record, 'assigned_to_drone_operator'),
      });
      const acted = await after(auth, record);
      await audited(auth, acted.record, 'drone_operator');
      await deps.events.assigned(acted.record, 'drone_operator', auth.user.id);
      return acted;
    },

    /** Confirm Dates: a confirmed and an alternative range inside the client's availability. */
    async confirmDates(
      auth: AuthContext,
      uuid: string,
      confirmed?: DayRange | null,
      alternative?: DayRange | null,
    ) {
      const { record, actions } = await core.findForUpdate(auth, uuid);
      const crew = crewRole(auth, record);
      if (!actions.confirmDates) {
        if (!crew.manager && !crew.droneAdmin) throw forbidden();
        if (shootDaysOf(record.shoot)) throw refusal(record, SHOOT_MESSAGES.datesAlreadyConfirmed);
        if (!dateRangeOf(record.shoot)) throw refusal(record, SHOOT_MESSAGES.confirmNeedsDateRange);
        throw refusal(record, SHOOT_MESSAGES.confirmNeedsAssignment);
      }
      const availability = dateRangeOf(record.shoot);
      const problem = availability ? confirmDatesProblem(availability, confirmed, alternative) : null;
      if (problem || !confirmed || !alternative) {
        throw badRequest(problem ?? SHOOT_MESSAGES.dateRangeRequired, 'shootDays');
      }
      await core.apply(record, {
        confirmedStart: confirmed.start,
        confirmedEnd: confirmed.end,
        alternativeStart: alternative.start,
        alternativeEnd: alternative.end,
        finalDay: null,
        status: 'confirmed_shoot_dates',
      });
      const acted = await after(auth, record);
      await deps.events.datesChanged(acted.record, 'confirmed', auth.user.id);
      return acted;
    },

    /** Sets the final shoot day (within confirmed start … alternative end) or resets it (null). */
    async setFinalDay(auth: AuthContext, uuid: string, final: CalendarDay | null) {
      const { record, actions } = await core.findForUpdate(auth, uuid);
      if (!crewRole(auth, record).any) throw forbidden();
      const shootDays = shootDaysOf(record.shoot);
      if (!actions.setFinalDay || !shootDays) throw refusal(record, SHOOT_MESSAGES.finalNeedsConfirmedDates);
      const problem = final === null ? null : finalDayProblem(shootDays, final);
      if (problem) throw badRequest(problem, 'shootDays.final');
      await core.apply(record, { finalDay: final });
      const acted = await after(auth, record);
      await deps.events.datesChanged(acted.record, final ? 'final' : 'final_reset', auth.user.id);
      return acted;
    },

    /**
     * Fixed scheduling (staff): a primary and an alternative day replace any confirmed days. A
     * processing E2E report without a shoot gets one (fixed, no client availability).
     */
    async setFixedDates(
      auth: AuthContext,
      input: {
        shootUuid?: string;
        reportUuid?: string;
        primary?: CalendarDay | null;
        alternative?: CalendarDay | null;
      },
    ) {
      requirePolicy(auth, 'shoot.fixDates');
      const problem = fixedDatesProblem(input.primary, input.alternative, core.today());
      if (problem || !input.primary || !input.alternative) {
        throw badRequest(problem ?? SHOOT_MESSAGES.fixedDatesRequired, 'fixedPrimaryDate');
      }
      const { primary, alternative } = input;
      const days: ShootChanges = {
        scheduleType: 'fixed',
        fixedPrimary: primary,
        fixedAlternative: alternative,
        confirmedStart: primary,
        confirmedEnd: primary,
        alternativeStart: alternative,
        alternativeEnd: alternative,
        finalDay: null,
      };
      const target = input.shootUuid
        ? { uuid: input.shootUuid, created: false }
        : await shootOfReport(auth, input.reportUuid ?? '', days);
      const { record, actions } = await core.findActed(auth, target.uuid);
      const unchanged =
        record.shoot.scheduleType === 'fixed' &&
        record.shoot.fixedPrimary === primary &&
        record.shoot.fixedAlternative === alternative;
      // A repeated call (same days) changes nothing and tells no one again.
      if (unchanged && !target.created) return { ...(await after(auth, record)), changed: false };
      if (!target.created) {
        if (!actions.setFixedDates) throw refusal(record, SHOOT_MESSAGES.somethingWentWrong);
        const { lastValidDay } = deps.scheduling.schedulableReport(record.report);
        if (lastValidDay && alternative > lastValidDay) {
          throw badRequest(SHOOT_MESSAGES.rangeAfterValidity, 'fixedAlternativeDate');
        }
        const status = record.shoot.status === 'unassigned' ? 'unassigned' : 'confirmed_shoot_dates';
        await core.apply(record, { ...days, status });
      }
      const acted = await after(auth, record);
      await deps.events.datesChanged(acted.record, 'fixed', auth.user.id);
      return { ...acted, changed: true };
    },

    /** `PUT /shoot/{uuid}/status` complete: the report stays processing_pending, waiting for the data. */
    async complete(auth: AuthContext, uuid: string) {
      const { record, actions } = await core.findForUpdate(auth, uuid);
      if (!crewRole(auth, record).any) throw forbidden();
      if (!actions.complete) {
        if (record.shoot.status !== 'confirmed_shoot_dates')
          throw refusal(record, SHOOT_MESSAGES.completeNeedsConfirmedDates);
        if (!record.shoot.finalDay) throw refusal(record, SHOOT_MESSAGES.completeNeedsFinalDay);
        throw refusal(record, SHOOT_MESSAGES.completeInFuture);
      }
      await core.apply(record, { status: 'complete', completedAt: core.now() });
      const acted = await after(auth, record);
      await deps.events.completed(acted.record, auth.user.id);
      return acted;
    },
  };

  /** The shoot of a report for fixed scheduling, created (fixed) when the report has none yet. */
  async function shootOfReport(
    auth: AuthContext,
    reportUuid: string,
    days: ShootChanges,
  ): Promise<{ uuid: string; created: boolean }> {
    const found = await deps.shoots.findReportForCustomer(
      { scope: 'all', userId: auth.user.id, companyId: null },
      reportUuid,
    );
    if (!found) throw notFound(SHOOT_MESSAGES.reportNotFound);
    const existing = await deps.shoots.findShootOfReport(found.report.id);
    if (existing) return { uuid: existing.uuid, created: false };
    const { lastValidDay } = deps.scheduling.schedulableReport(found.report);
    if (lastValidDay && (days.alternativeEnd ?? '') > lastValidDay) {
      throw badRequest(SHOOT_MESSAGES.rangeAfterValidity, 'fixedAlternativeDate');
    }
    return deps.shoots.transaction(async (tx) => {
      const report = await tx.lockReport(found.report.id);
      if (!report) throw notFound(SHOOT_MESSAGES.reportNotFound);
      const raced = await tx.findShootOfReport(report.id);
      if (raced) return { uuid: raced.uuid, created: false };
      const shoot = await deps.scheduling.createShootFor(tx, report, auth.user.id, days);
      return { uuid: shoot.uuid, created: true };
    });
  }
}
export type CrewService = ReturnType<typeof createCrewService>;
