import {
  availabilityProblem,
  type CalendarDay,
  calendarDayIn,
  can,
  canTransitionReport,
  canTransitionShoot,
  type DayRange,
  fieldScope,
  HTTP_MESSAGES,
  isShootManager,
  mayGiveAvailability,
  mayListShoots,
  type ReportStatus,
  type Role,
  SHOOT_MESSAGES,
  type ShootActionsView,
  type ShootStatus,
  shootActions,
  shootNeedsAssignment,
  shootScope,
} from '@ampelos/domain';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { shootDaysOf } from './presenter.ts';
import type {
  FieldShootRecord,
  ReportRow,
  ShootChanges,
  ShootQueries,
  ShootRecord,
  ShootRepository,
  ShootViewer,
} from './repository.ts';
import type { ShootEvents } from './shoot-events.ts';

/** Report statuses the admin roles filter by before a shoot exists (spec section 2). */
export const AWAITING_SHOOT_REPORT_STATUSES = ['pending', 'pending_payment', 'processing'] as const;
const AWAITING_SHOOT_LIMIT = 500;

export const CHANGED_MEANWHILE = HTTP_MESSAGES.shootChangedMeanwhile;

export function viewerOf(auth: AuthContext): ShootViewer {
  return { scope: shootScope(auth.user.role as Role), userId: auth.user.id, companyId: auth.user.companyId };
}

export interface ShootDeps {
  shoots: ShootRepository;
  events: ShootEvents;
  /** The clock (tests keep the real one). */
  now?: () => Date;
}

export interface ActedShoot {
  record: ShootRecord;
  actions: ShootActionsView;
}

/** The parts of the shoots feature every operation shares: visibility, the policy, locking. */
export function createShootCore(deps: ShootDeps) {
  const now = () => deps.now?.() ?? new Date();
  const today = (): CalendarDay => calendarDayIn(now());

  function actionsFor(
    auth: AuthContext,
    record: Pick<ShootRecord, 'shoot'> & { report: { status: string } },
  ): ShootActionsView {
    const { shoot, report } = record;
    return shootActions(
      { role: auth.user.role as Role, userId: auth.user.id },
      {
        status: shoot.status as ShootStatus,
        reportStatus: report.status as ReportStatus,
        scheduleType: shoot.scheduleType as 'fixed' | 'flexible',
        hasDateRange: shoot.dateStart !== null && shoot.dateEnd !== null,
        hasShootDays: shootDaysOf(shoot) !== null,
        finalDay: shoot.finalDay,
        droneAdminId: shoot.droneAdminId,
        droneOperatorId: shoot.droneOperatorId,
      },
      today(),
    );
  }

  async function findActed(auth: AuthContext, uuid: string): Promise<ActedShoot> {
    const record = await deps.shoots.findVisibleByUuid(viewerOf(auth), uuid);
    // Someone else's shoot answers exactly like a missing one.
    if (!record) throw notFound(SHOOT_MESSAGES.shootNotFound);
    return { record, actions: actionsFor(auth, record) };
  }

  /** Shoots:update, then the shoot if the caller sees it. */
  async function findForUpdate(auth: AuthContext, uuid: string): Promise<ActedShoot> {
    if (!can(auth.view.permissions, 'update', 'Shoots')) throw forbidden();
    return findActed(auth, uuid);
  }

  /**
   * Applies `changes` under a row lock, only if the shoot is still in the status it was checked in
   * (two operators acting at once: the second is told to reload).
   */
  async function apply(record: ShootRecord, changes: ShootChanges): Promise<void> {
    if (changes.status && changes.status !== record.shoot.status) {
      if (!canTransitionShoot(record.shoot.status, changes.status))
        throw badRequest(SHOOT_MESSAGES.somethingWentWrong);
    }
    await deps.shoots.transaction(async (tx) => {
      const locked = await tx.lockShoot(record.shoot.id);
      if (!locked || locked.updatedAt.getTime() !== record.shoot.updatedAt.getTime()) {
        throw new AppError(409, CHANGED_MEANWHILE);
      }
      await tx.updateShoot(record.shoot.id, changes);
    });
  }

  /** The record again after a change, as the caller now sees it. */
  async function reload(auth: AuthContext, uuid: string): Promise<ActedShoot> {
    const record = await deps.shoots.findVisibleByUuid(viewerOf(auth), uuid);
    if (!record) throw notFound(SHOOT_MESSAGES.shootNotFound);
    return { record, actions: actionsFor(auth, record) };
  }

  return { now, today, actionsFor, findActed, findForUpdate, apply, reload };
}
export type ShootCore = ReturnType<typeof createShootCore>;

/** Listing and the customer's availability (schedule shoot). */
export function createShootService(deps: ShootDeps) {
  const core = createShootCore(deps);

  /** A processing E2E report still inside its validity, with the day its validity ends. */
  function schedulableReport(report: ReportRow): { lastValidDay: CalendarDay | null } {
    const at = core.now();
    const valid = (!report.validFrom || report.validFrom <= at) && (!report.validTo || at <= report.validTo);
    if (report.service !== 'e2e' || !valid) throw badRequest(SHOOT_MESSAGES.reportNotSchedulable);
    return { lastValidDay: report.validTo ? calendarDayIn(report.validTo) : null };
  }

  /** Creates the shoot and moves the report to processing_pending, in the caller's transaction. */
  async function createShootFor(
    tx: ShootQueries,
    report: ReportRow,
    createdById: number,
    values: ShootChanges,
  ) {
    if (report.status !== 'processing' || !canTransitionReport(report.status, 'processing_pending')) {
      throw badRequest(SHOOT_MESSAGES.reportNotSchedulable);
    }
    const shoot = await tx.insertShoot({ reportId: report.id, createdById, ...values });
    if (!(await tx.moveReport(report.id, 'processing', 'processing_pending'))) {
      throw new AppError(409, CHANGED_MEANWHILE);
    }
    return shoot;
  }

  return {
    core,
    createShootFor,
    schedulableReport,

    async list(auth: AuthContext) {
      const role = auth.user.role as Role;
      if (!mayListShoots(role)) throw forbidden();
      const records = await deps.shoots.listVisible(viewerOf(auth));
      const awaiting = isShootManager(role)
        ? await deps.shoots.listReportsWithoutShoot(AWAITING_SHOOT_REPORT_STATUSES, AWAITING_SHOOT_LIMIT)
        : [];
      return {
        shoots: records.map((record) => ({ record, actions: core.actionsFor(auth, record) })),
        needsAssignment: records.filter((r) => shootNeedsAssignment(r.shoot.status, r.report.status)).length,
        awaiting,
      };
    },

    async get(auth: AuthContext, uuid: string): Promise<ActedShoot> {
      if (!mayListShoots(auth.user.role as Role)) throw forbidden();
      return core.findActed(auth, uuid);
    },

    /** The shoots of fields the caller already sees (`GET /fields` shootData). */
    async ofFields(
      auth: AuthContext,
      fieldIds: number[],
    ): Promise<{ record: FieldShootRecord; actions: ShootActionsView }[]> {
      const records = await deps.shoots.listOfFields(viewerOf(auth), fieldIds);
      return records.map((record) => ({ record, actions: core.actionsFor(auth, record) }));
    },

    /**
     * `PUT /field/shoot/update`: the first call creates the shoot (unassigned, flexible) and moves the
     * report to processing_pending; later calls change the range while the shoot is unassigned and
     * flexible. Customers who see the field (and the staff who may act for them) only.
     */
    async giveAvailability(auth: AuthContext, reportUuid: string, dateRange: DayRange | null | undefined) {
      const role = auth.user.role as Role;
      if (!mayGiveAvailability(role)) throw forbidden();
      const viewer = { ...viewerOf(auth), scope: fieldScope(role) };
      const found = await deps.shoots.findReportForCustomer(viewer, reportUuid);
      if (!found) throw notFound(SHOOT_MESSAGES.reportNotFound);
      const { lastValidDay } = schedulableReport(found.report);
      const problem = availabilityProblem(dateRange, core.today(), lastValidDay);
      if (problem || !dateRange) throw badRequest(problem ?? SHOOT_MESSAGES.dateRangeRequired, 'dateRange');
      const range = { dateStart: dateRange.start, dateEnd: dateRange.end };

      const { shootUuid, firstTime } = await deps.shoots.transaction(async (tx) => {
        const report = await tx.lockReport(found.report.id);
        if (!report) throw notFound(SHOOT_MESSAGES.reportNotFound);
        const existing = await tx.findShootOfReport(report.id);
        if (!existing) {
          const shoot = await createShootFor(tx, report, auth.user.id, {
            ...range,
            scheduleType: 'flexible',
          });
          return { shootUuid: shoot.uuid, firstTime: true };
        }
        if (existing.scheduleType === 'fixed') throw new AppError(409, SHOOT_MESSAGES.providerIsScheduling);
        if (existing.status !== 'unassigned') throw new AppError(409, SHOOT_MESSAGES.availabilityLocked);
        await tx.updateShoot(existing.id, range);
        return { shootUuid: existing.uuid, firstTime: false };
      });
      const acted = await core.reload(auth, shootUuid);
      await deps.events.availabilityGiven(acted.record, firstTime);
      return acted;
    },
  };
}
export type ShootService = ReturnType<typeof createShootService>;
