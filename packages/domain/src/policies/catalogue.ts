import { roleCan } from '../roles/permissions.ts';
import type { Role } from '../roles/roles.ts';
import { RESULTS_MESSAGES } from '../views/results.ts';
import { mayExportAnnotations } from './annotation.ts';
import { canSeeCompany, mayEditOwnCompany } from './company.ts';
import { canSeeField } from './field.ts';
import { canSeeOrder, mayListOrders } from './order.ts';
import { anyRole, decideBy, isOwn, oneOf, type Policy } from './policy.ts';
import { canSeeReport, canSeeReportData, mayConfirmImaging, mayUploadReportData } from './report.ts';
import {
  canSeeShoot,
  isShootCrew,
  isShootManager,
  mayGiveAvailability,
  mayListShoots,
  mayPlanShoot,
} from './shoot.ts';
import { canSeeUser, decideProfileEdit, mayEditUserRecord, userScope } from './user.ts';

const permitted =
  (action: Parameters<typeof roleCan>[1], resource: Parameters<typeof roleCan>[2]) =>
  (role: Role): boolean =>
    roleCan(role, action, resource);

/** Who may annotate a report's plants: staff who update reports and the customers who buy them. */
const mayAnnotate = (role: Role) => roleCan(role, 'update', 'Report') || roleCan(role, 'create', 'Report');
/** The administrator's own tools: dashboard, agro jobs, maintenance. */
const administrator = oneOf('admin');

/**
 * Every named policy a route can declare (`config: { policy: 'field.edit' }`). The services enforce
 * the same functions; the authorization matrix test derives every route's expected answers per role
 * from these (docs/SECURITY.md).
 */
export const POLICIES = {
  public: { public: true, role: anyRole },
  signedIn: { role: anyRole },

  'user.editProfile': { role: anyRole, entity: 'user', decide: decideProfileEdit },
  'user.list': { role: (role) => userScope(role) !== 'none' },
  'user.view': { role: (role) => userScope(role) !== 'none', entity: 'user', decide: decideBy(canSeeUser) },
  'user.create': { role: permitted('create', 'Users') },
  /** Another user's profile, role and company (Users:update; the service's check behind `user.editProfile`). */
  'user.edit': {
    role: permitted('update', 'Users'),
    entity: 'user',
    decide: decideBy(canSeeUser, mayEditUserRecord),
  },
  /** One's own records: addresses, data exports, cart items. */
  'personal.edit': { role: anyRole, entity: 'personal', decide: decideBy(isOwn) },

  'field.list': { role: permitted('read', 'Fields') },
  'field.view': { role: permitted('read', 'Fields'), entity: 'field', decide: decideBy(canSeeField) },
  'field.create': { role: permitted('create', 'Field') },
  'field.edit': { role: permitted('update', 'Field'), entity: 'field', decide: decideBy(canSeeField) },
  'field.delete': { role: permitted('delete', 'Field'), entity: 'field', decide: decideBy(canSeeField) },
  /** Put a field's report in the cart. */
  'field.order': { role: permitted('create', 'Report'), entity: 'field', decide: decideBy(canSeeField) },

  'cart.edit': { role: permitted('create', 'Report'), entity: 'personal', decide: decideBy(isOwn) },
  'cart.use': { role: permitted('read', 'Cart') },
  'cart.checkout': {
    role: permitted('read', 'Cart'),
    entity: 'personal',
    decide: decideBy(isOwn),
    hiddenAs: 400,
  },
  'coupon.manage': { role: permitted('update', 'AdminOrders') },
  'order.list': { role: (role) => mayListOrders({ role }) },
  'order.view': { role: anyRole, entity: 'order', decide: decideBy(canSeeOrder) },
  'order.edit': { role: permitted('update', 'AdminOrders') },

  'company.list': { role: permitted('read', 'Companies') },
  'company.view': {
    role: permitted('read', 'Companies'),
    entity: 'company',
    decide: decideBy(canSeeCompany),
  },
  'company.manage': { role: permitted('update', 'Companies') },
  /** The buyer's own billing details (a b2c account's are its own). */
  'company.viewOwn': { role: permitted('read', 'Cart') },
  'company.editOwn': { role: (role) => mayEditOwnCompany({ role }) },

  'shoot.list': { role: mayListShoots },
  'shoot.view': { role: mayListShoots, entity: 'shoot', decide: decideBy(canSeeShoot) },
  'shoot.giveAvailability': { role: mayGiveAvailability, entity: 'shoot', decide: decideBy(canSeeShoot) },
  'shoot.plan': {
    role: permitted('update', 'Shoots'),
    entity: 'shoot',
    decide: decideBy(canSeeShoot, mayPlanShoot),
  },
  'shoot.fly': {
    role: permitted('update', 'Shoots'),
    entity: 'shoot',
    decide: decideBy(
      canSeeShoot,
      (actor, shoot) =>
        isShootManager(actor.role) || (shoot.crew !== undefined && isShootCrew(actor, shoot.crew)),
    ),
  },
  'shoot.fixDates': { role: isShootManager },
  /** A field's outline for the crew that flies it, and whoever sees the field. */
  'shoot.downloadOutline': { role: anyRole, entity: 'shoot', decide: decideBy(canSeeShoot) },

  'report.setStatus': { role: permitted('update', 'Report') },
  'report.viewResults': { role: anyRole, entity: 'report', decide: decideBy(canSeeReport) },
  'report.annotate': {
    role: anyRole,
    entity: 'report',
    decide: decideBy(canSeeReport, (a) => mayAnnotate(a.role)),
  },
  'report.exportAnnotations': { role: mayExportAnnotations, refusal: RESULTS_MESSAGES.mayNotExport },
  'report.viewData': { role: anyRole, entity: 'shoot', decide: decideBy(canSeeReportData) },
  'report.uploadData': {
    role: anyRole,
    entity: 'shoot',
    decide: decideBy(canSeeReportData, mayUploadReportData),
  },
  'report.confirmData': {
    role: anyRole,
    entity: 'shoot',
    decide: decideBy(canSeeReportData, (actor) => mayConfirmImaging(actor.role)),
  },

  'weather.view': { role: permitted('read', 'Fields') },
  'admin.tools': { role: administrator },
  'audit.view': { role: permitted('read', 'Audit') },
  'deploy.run': { role: permitted('create', 'Deploy') },
} satisfies Record<string, Policy>;

export type PolicyName = keyof typeof POLICIES;

export function isPolicyName(value: unknown): value is PolicyName {
  return typeof value === 'string' && Object.hasOwn(POLICIES, value);
}
