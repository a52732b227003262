import type { Role } from '../roles/roles.ts';

/** Who is assigned to a shoot, with the organisation of its pilot. */
export interface ShootCrew {
  droneAdminId: number | null;
  droneOperatorId: number | null;
  droneOperatorCompanyId: number | null;
}

/** The signed-in caller as every policy sees it. */
export interface PolicyActor {
  role: Role;
  userId: number;
  companyId: number | null;
}

/**
 * What a policy needs to know about the record a request names: who owns it (a field, report, order,
 * address, export), the owner's company, the shoot's crew, and for a user record its role. A company
 * record is its own company (`ownerCompanyId`).
 */
export interface RecordFacts {
  ownerId: number;
  ownerCompanyId: number | null;
  ownerRole?: Role;
  crew?: ShootCrew;
}

/** The kinds of record a route can name. */
export type PolicyEntity = 'field' | 'report' | 'shoot' | 'user' | 'company' | 'order' | 'personal';

/** 'hidden': answered as if it did not exist (404, or 400 for an id inside a body); 'forbidden': 403. */
export type Decision = 'allowed' | 'hidden' | 'forbidden';

/**
 * One named rule of who may call a route. The server answers in this order: not signed in 401 (unless
 * `public`), `role` false 403 before anything is read, then for a route naming a record `decide`.
 */
export interface Policy {
  public?: true;
  role: (role: Role) => boolean;
  entity?: PolicyEntity;
  decide?: (actor: PolicyActor, record: RecordFacts) => Decision;
  /** How a hidden record is answered: 404, or 400 when its id comes inside a body of several. */
  hiddenAs?: 400 | 404;
  /** The 403 text when `role` refuses, where the answer names the reason (else the general one). */
  refusal?: string;
}

export const anyRole = (): boolean => true;
export const oneOf =
  (...roles: readonly Role[]) =>
  (role: Role): boolean =>
    roles.includes(role);

/** `see` false → hidden; then `may` false → forbidden. */
export function decideBy(
  see: (actor: PolicyActor, record: RecordFacts) => boolean,
  may: (actor: PolicyActor, record: RecordFacts) => boolean = () => true,
) {
  return (actor: PolicyActor, record: RecordFacts): Decision => {
    if (!see(actor, record)) return 'hidden';
    return may(actor, record) ? 'allowed' : 'forbidden';
  };
}

/** One's own record (address, export, cart item): nobody else's, colleagues' included. */
export function isOwn(actor: PolicyActor, record: RecordFacts): boolean {
  return record.ownerId === actor.userId;
}
