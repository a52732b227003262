import { roleCan } from '../roles/permissions.ts';
import { B2B_ROLES, type Role, STAFF_ROLES } from '../roles/roles.ts';
import type { ReportStatus } from '../statuses/report-status.ts';
import type { ScheduleType, ShootStatus } from '../statuses/shoot-status.ts';
import type { ShootActionsView } from '../views/operations.ts';
import { canSeeField } from './field.ts';
import type { PolicyActor, RecordFacts, ShootCrew } from './policy.ts';

/**
 * Which shoots a role sees: shoot managers and the other staff every shoot; a drone operator
 * organisation (drone_admin) those assigned to it or to one of its pilots; a pilot (drone_operator)
 * those assigned to them; b2b customers their company's fields' shoots; other customers their own.
 */
export type ShootScope = 'all' | 'organisation' | 'pilot' | 'company' | 'own';

export function shootScope(role: Role): ShootScope {
  if ((STAFF_ROLES as readonly string[]).includes(role)) return 'all';
  if (role === 'drone_admin') return 'organisation';
  if (role === 'drone_operator') return 'pilot';
  if ((B2B_ROLES as readonly string[]).includes(role)) return 'company';
  return 'own';
}

/** Who may list shoots: Shoots readers, and customers and staff who read fields (their fields' shoots). */
export function mayListShoots(role: Role): boolean {
  return roleCan(role, 'read', 'Shoots') || roleCan(role, 'read', 'Fields');
}

/** Staff who run shoots: assign, fix dates, confirm and complete any shoot (admin, operation_admin). */
export function isShootManager(role: Role): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role) && roleCan(role, 'update', 'Shoots');
}

/**
 * Staff who may use a report's action button on the customer's behalf (spec section 6: admin,
 * financial_admin and operation_admin can always use it), e.g. give the availability.
 */
export const REPORT_ACTION_STAFF: readonly Role[] = ['admin', 'financial_admin', 'operation_admin'];

/** Whether this caller may give or change the availability of a report it can see. */
export function mayGiveAvailability(role: Role): boolean {
  return REPORT_ACTION_STAFF.includes(role) || roleCan(role, 'create', 'Report');
}

/**
 * The drone staff who work on a shoot: its assigned pilot, its assigned organisation (drone_admin),
 * and the drone_admin of the assigned pilot's organisation. The same people `shootScope` lets see
 * it; another pilot of the organisation is not crew.
 */
export function isShootCrew(actor: ShootActor & { companyId: number | null }, crew: ShootCrew): boolean {
  if (actor.role === 'drone_operator') return crew.droneOperatorId === actor.userId;
  if (actor.role !== 'drone_admin') return false;
  if (crew.droneAdminId === actor.userId) return true;
  return actor.companyId !== null && crew.droneOperatorCompanyId === actor.companyId;
}

/** What the policy needs to know about a shoot. */
export interface ShootFacts {
  status: ShootStatus;
  reportStatus: ReportStatus;
  scheduleType: ScheduleType;
  hasDateRange: boolean;
  hasShootDays: boolean;
  finalDay: string | null;
  droneAdminId: number | null;
  droneOperatorId: number | null;
}

/** The caller, for a shoot it can already see. */
export interface ShootActor {
  role: Role;
  userId: number;
}

const ASSIGNABLE_DRONE_ADMIN: readonly ShootStatus[] = ['unassigned', 'assigned_to_drone_admin'];
const PILOT_ASSIGNABLE: readonly ShootStatus[] = [
  'assigned_to_drone_admin',
  'assigned_to_drone_operator',
  'confirmed_shoot_dates',
];
const CONFIRMABLE: readonly ShootStatus[] = ['assigned_to_drone_admin', 'assigned_to_drone_operator'];

/**
 * The caller's part in a shoot it sees: a shoot manager, the drone_admin assigned to it, the pilot
 * assigned to it (`any`: one of them). Unlike `isShootCrew`, the organisation of an assigned pilot
 * is not enough: changing a shoot takes being assigned to it.
 */
export function shootCrewRole(
  actor: ShootActor,
  shoot: Pick<ShootFacts, 'droneAdminId' | 'droneOperatorId'>,
): { manager: boolean; droneAdmin: boolean; pilot: boolean; any: boolean } {
  const manager = isShootManager(actor.role);
  const droneAdmin = actor.role === 'drone_admin' && shoot.droneAdminId === actor.userId;
  const pilot = actor.role === 'drone_operator' && shoot.droneOperatorId === actor.userId;
  return { manager, droneAdmin, pilot, any: manager || droneAdmin || pilot };
}

/**
 * What `actor` may do with a shoot it sees, on `today` (YYYY-MM-DD, shoot time zone). The server
 * enforces exactly these rules and sends them as `ShootView.actions`.
 */
export function shootActions(actor: ShootActor, shoot: ShootFacts, today: string): ShootActionsView {
  const role = shootCrewRole(actor, shoot);
  const { manager } = role;
  const isAssignedDroneAdmin = role.droneAdmin;
  const crew = role.any;
  const scheduling = shoot.reportStatus === 'processing_pending';
  const confirmed = shoot.status === 'confirmed_shoot_dates';
  return {
    updateAvailability:
      !manager &&
      !(actor.role === 'drone_admin' || actor.role === 'drone_operator') &&
      mayGiveAvailability(actor.role) &&
      scheduling &&
      shoot.scheduleType === 'flexible' &&
      shoot.status === 'unassigned',
    assignDroneAdmin: manager && scheduling && ASSIGNABLE_DRONE_ADMIN.includes(shoot.status),
    assignDroneOperator:
      scheduling &&
      ((manager && (shoot.status === 'unassigned' || PILOT_ASSIGNABLE.includes(shoot.status))) ||
        (isAssignedDroneAdmin && PILOT_ASSIGNABLE.includes(shoot.status))),
    confirmDates:
      (manager || isAssignedDroneAdmin) &&
      scheduling &&
      CONFIRMABLE.includes(shoot.status) &&
      shoot.hasDateRange &&
      !shoot.hasShootDays,
    setFinalDay: crew && scheduling && confirmed,
    setFixedDates: manager && scheduling && shoot.status !== 'complete',
    complete: crew && scheduling && confirmed && shoot.finalDay !== null && shoot.finalDay <= today,
  };
}

/** Whether the caller sees a shoot: by its shoot scope, the crew theirs, customers by the field. */
export function canSeeShoot(actor: PolicyActor, shoot: RecordFacts): boolean {
  const scope = shootScope(actor.role);
  if (scope === 'all') return true;
  if (scope === 'organisation' || scope === 'pilot')
    return shoot.crew ? isShootCrew(actor, shoot.crew) : false;
  return canSeeField(actor, shoot);
}

/** Who may change a shoot's crew or dates: shoot managers, and the drone_admin on its crew. */
export function mayPlanShoot(actor: PolicyActor, shoot: RecordFacts): boolean {
  if (isShootManager(actor.role)) return true;
  return actor.role === 'drone_admin' && shoot.crew !== undefined && isShootCrew(actor, shoot.crew);
}
