import type { Service } from '../constants.ts';
import type { Role } from '../roles/roles.ts';
import type { ReportStatus } from '../statuses/report-status.ts';
import type { ScheduleType, ShootStatus } from '../statuses/shoot-status.ts';
import type { Lang } from '../validation/user.ts';
import type { CompanyView } from './company.ts';
import type { FieldView } from './field.ts';
import type { AvatarView } from './user.ts';

/** A calendar day, `YYYY-MM-DD` (no time, no time zone). */
export type CalendarDay = string;

/** An inclusive range of calendar days; a single day has start === end. */
export interface DayRange {
  start: CalendarDay;
  end: CalendarDay;
}

/** The days agreed for a shoot (spec section 3): null until dates are confirmed or fixed. */
export interface ShootDaysView {
  confirmed: DayRange;
  alternative: DayRange;
  /** The chosen shoot day, within confirmed.start … alternative.end; null until set (or after a reset). */
  final: CalendarDay | null;
}

/** Fixed scheduling: the two days staff entered (scheduleType fixed). */
export interface FixedDatesView {
  primary: CalendarDay;
  alternative: CalendarDay;
}

/** A person on a shoot (field owner, drone operator organisation, pilot). */
export interface ShootPersonView {
  id: number;
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string | null;
}

export interface ShootOwnerView extends ShootPersonView {
  location: string | null;
  /** The owner's company (b2b), for the grouped view "owner or company → field → shoots". */
  company: { id: number; uuid: string; title: string } | null;
}

/** The report a shoot belongs to. */
export interface ShootReportView {
  id: number;
  uuid: string;
  service: Service;
  status: ReportStatus;
  shoots: number;
  validFrom: string | null;
  validTo: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The field of a shoot, without its report list; null once the field has been deleted. */
export type ShootFieldView = Omit<FieldView, 'Reports' | 'owner'>;

/**
 * What the signed-in caller may do with this shoot now, computed by the server with the same rules it
 * enforces (so buttons can simply follow these flags).
 */
export interface ShootActionsView {
  /** Customer: change the availability (only while flexible and unassigned). */
  updateAvailability: boolean;
  /** Staff: assign a drone operator organisation (drone_admin). */
  assignDroneAdmin: boolean;
  /** Staff (any pilot) or the assigned drone_admin (its own pilots). */
  assignDroneOperator: boolean;
  /** "Confirm Dates": a drone admin or pilot assigned, a date range, no shoot days yet, caller not a pilot. */
  confirmDates: boolean;
  /** Set or reset the final shoot day (dates confirmed). */
  setFinalDay: boolean;
  /** Staff: fixed primary and alternative dates. */
  setFixedDates: boolean;
  /** Mark the shoot complete (dates confirmed, final day set and not in the future). */
  complete: boolean;
}

/** One photo shoot (spec section 3) as `GET /shoots` answers it. */
export interface ShootView {
  id: number;
  uuid: string;
  reportId: number;
  /** The field's id (spec: shootData entries with fieldId); null once the field has been deleted. */
  fieldId: number | null;
  report: ShootReportView;
  field: ShootFieldView | null;
  owner: ShootOwnerView;
  /** The drone operator organisation's user (role drone_admin). */
  droneAdmin: ShootPersonView | null;
  /** The pilot (role drone_operator). */
  droneOperator: ShootPersonView | null;
  scheduleType: ScheduleType;
  /** The client's availability; null only for a shoot staff created with fixed dates. */
  dateRange: DayRange | null;
  shootDays: ShootDaysView | null;
  fixedDates: FixedDatesView | null;
  status: ShootStatus;
  /** Status unassigned and report processing_pending. */
  needsAssignment: boolean;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  actions: ShootActionsView;
}

/**
 * An E2E report that has no shoot yet (pending, pending_payment, processing), listed for the admin
 * roles so the Shoots screen can filter by those report statuses.
 */
export interface ReportAwaitingShootView {
  report: ShootReportView;
  field: ShootFieldView | null;
  owner: ShootOwnerView;
}

/** `GET /shoots`. */
export interface ShootsAnswer {
  data: ShootView[];
  /** How many visible shoots need assignment (the red count of the header). */
  needsAssignment: number;
  /** Admin roles (Shoots:update staff) only; an empty list for everyone else. */
  reportsAwaitingShoot: ReportAwaitingShootView[];
}

/** `PUT /shoot/{uuid}`, `PUT /shoot/updateDates`, `POST /shoot/setFixedDates`, `PUT /field/shoot/update`. */
export interface ShootAnswer {
  data: ShootView;
  msg: string;
  /** The spec's success marker for setFixedDates ("data.data OK"). */
  OK?: true;
}

/** A user as the Users and Companies screens show it (spec section 2). */
export interface UserAdminView {
  id: number;
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string | null;
  location: string | null;
  role: Role;
  lang: Lang;
  avatar: AvatarView | null;
  emailVerified: boolean;
  /** Invited by someone and has not set a password yet. */
  invitationPending: boolean;
  /** Member since. */
  createdAt: string;
  company: {
    id: number;
    uuid: string;
    title: string;
    email: string | null;
    telephone: string | null;
    activity: string | null;
  } | null;
  /** Whether the caller may edit this user (PUT /user/update with updateOtherUser). */
  editable: boolean;
}

/** `GET /users`, `POST /users/find`. */
export interface UsersAnswer {
  data: UserAdminView[];
  /** Roles the caller may give when adding or editing a user (empty: no Add User). */
  grantableRoles: Role[];
}

/** `POST /user/find`, `POST /users`. */
export interface UserAnswer {
  data: UserAdminView;
  msg?: string;
}

/** customer: a business customer's company; drone_operator: a drone operator organisation. */
export type CompanyKind = 'customer' | 'drone_operator';

/** A company in the Companies list (title, activity, user count). */
export interface CompanyListView extends CompanyView {
  kind: CompanyKind;
  userCount: number;
}

export interface CompanyUserView {
  id: number;
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  createdAt: string;
  editable: boolean;
}

/** The Companies detail panel: title, e-mail, telephone, users with role, created date. */
export interface CompanyDetailView extends CompanyListView {
  users: CompanyUserView[];
}

/** `GET /companies`. */
export interface CompaniesAnswer {
  data: CompanyListView[];
}

/** `GET /companies/{uuid}`, `POST /companies`. */
export interface CompanyDetailAnswer {
  data: CompanyDetailView;
  msg?: string;
}
