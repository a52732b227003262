import {
  type FieldShootView,
  type ReportAwaitingShootView,
  type ReportStatus,
  type ScheduleType,
  type Service,
  type ShootActionsView,
  type ShootDaysView,
  type ShootFieldView,
  type ShootOwnerView,
  type ShootPersonView,
  type ShootReportView,
  type ShootStatus,
  type ShootView,
  shootNeedsAssignment,
} from '@ampelos/domain';
import { presentField } from '../fields/presenter.ts';
import type {
  FieldRow,
  FieldShootRecord,
  ReportRow,
  ShootPerson,
  ShootRecord,
  ShootRow,
} from './repository.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentShootReport(row: ReportRow): ShootReportView {
  return {
    id: row.id,
    uuid: row.uuid,
    service: row.service as Service,
    status: row.status as ReportStatus,
    shoots: row.shoots,
    validFrom: iso(row.validFrom),
    validTo: iso(row.validTo),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentShootField(row: FieldRow | null): ShootFieldView | null {
  if (!row) return null;
  const { Reports: _reports, owner: _owner, ...field } = presentField(row);
  return field;
}

const presentPerson = (row: ShootPerson | null): ShootPersonView | null =>
  row
    ? {
        id: row.id,
        uuid: row.uuid,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        mobile: row.mobile,
      }
    : null;

function presentOwner(record: Pick<ShootRecord, 'owner' | 'ownerCompany'>): ShootOwnerView {
  const { owner, ownerCompany } = record;
  return {
    id: owner.id,
    uuid: owner.uuid,
    firstName: owner.firstName,
    lastName: owner.lastName,
    email: owner.email,
    mobile: owner.mobile,
    location: owner.location,
    company: ownerCompany ? { ...ownerCompany } : null,
  };
}

/** The shoot's days, or null until dates are confirmed or fixed. */
export function shootDaysOf(shoot: ShootRow): ShootDaysView | null {
  const { confirmedStart, confirmedEnd, alternativeStart, alternativeEnd } = shoot;
  if (!confirmedStart || !confirmedEnd || !alternativeStart || !alternativeEnd) return null;
  return {
    confirmed: { start: confirmedStart, end: confirmedEnd },
    alternative: { start: alternativeStart, end: alternativeEnd },
    final: shoot.finalDay,
  };
}

export function dateRangeOf(shoot: ShootRow) {
  return shoot.dateStart && shoot.dateEnd ? { start: shoot.dateStart, end: shoot.dateEnd } : null;
}

/** A shoot with its report, field, owner and crew: the fields list's shoot and the people around it. */
export function presentShoot(record: ShootRecord, actions: ShootActionsView): ShootView {
  return {
    ...presentFieldShoot(record, actions),
    report: presentShootReport(record.report),
    field: presentShootField(record.field),
    owner: presentOwner(record),
    droneAdmin: presentPerson(record.droneAdmin),
    droneOperator: presentPerson(record.droneOperator),
  };
}

/** A shoot as the fields list carries it (`GET /fields` shootData). */
export function presentFieldShoot(record: FieldShootRecord, actions: ShootActionsView): FieldShootView {
  const { shoot, report } = record;
  return {
    id: shoot.id,
    uuid: shoot.uuid,
    reportId: report.id,
    fieldId: report.fieldId,
    report: { id: report.id, uuid: report.uuid, status: report.status as ReportStatus },
    scheduleType: shoot.scheduleType as ScheduleType,
    dateRange: dateRangeOf(shoot),
    shootDays: shootDaysOf(shoot),
    fixedDates:
      shoot.fixedPrimary && shoot.fixedAlternative
        ? { primary: shoot.fixedPrimary, alternative: shoot.fixedAlternative }
        : null,
    status: shoot.status as ShootStatus,
    needsAssignment: shootNeedsAssignment(shoot.status, report.status),
    completedAt: iso(shoot.completedAt),
    createdAt: shoot.createdAt.toISOString(),
    updatedAt: shoot.updatedAt.toISOString(),
    actions,
  };
}

export function presentReportAwaitingShoot(
  record: Pick<ShootRecord, 'report' | 'field' | 'owner' | 'ownerCompany'>,
): ReportAwaitingShootView {
  return {
    report: presentShootReport(record.report),
    field: presentShootField(record.field),
    owner: presentOwner(record),
  };
}
