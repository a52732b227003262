import {
  B2B_ROLES,
  DRONE_ROLES,
  POLICIES,
  type Policy,
  type PolicyActor,
  type PolicyEntity,
  type PolicyName,
  type RecordFacts,
  ROLES,
  type Role,
  STAFF_ROLES,
} from '@ampelos/domain';

/**
 * The authorization matrix, derived: every route declares one policy (`config: { policy }`), and the
 * answer each role gets for each relation of the record acted on follows from the domain's policy.
 * `authorization-matrix.test.ts` sends every cell through real HTTP; the derived table is also kept
 * as a reviewed snapshot (`authorization-matrix.snapshot.txt`), so loosening a policy fails the test
 * until the change is accepted with `vitest -u`. docs/ROLES.md explains the table.
 *
 * - `allowed`: the request passes authorization and succeeds (2xx, or the answer its request names);
 * - 401: not signed in; 403: signed in but the role may not do this; 404: the record exists but the
 *   caller may not see it (answered as if it did not exist, so ids are not probed);
 * - 400: the record named inside a body is not one the caller may use (someone else's cart item).
 */
export type Outcome = 'allowed' | 400 | 401 | 403 | 404;

/**
 * How the record acted on relates to the caller: their own, a colleague's in the same company, another
 * company's, another (b2c) customer's; for drone staff a shoot assigned to them (or their organisation)
 * or to another organisation.
 */
export const RELATIONS = [
  'own',
  'company',
  'otherCompany',
  'otherCustomer',
  'assigned',
  'unassigned',
] as const;
export type Relation = (typeof RELATIONS)[number];

export type Actor = Role | 'anonymous';
export const ACTORS: readonly Actor[] = [...ROLES, 'anonymous'];

/** One outcome for every relation, or an outcome per relation that applies to this role. */
export type Cell = Outcome | Partial<Record<Relation, Outcome>>;
export type MatrixRow = Record<Actor, Cell>;

const isStaff = (role: Role) => STAFF_ROLES.includes(role);
const isB2b = (role: Role) => B2B_ROLES.includes(role);
const isDrone = (role: Role) => DRONE_ROLES.includes(role);

/** The relations a role is tried in, for each kind of record (those the matrix world can make). */
export function relationsOf(entity: PolicyEntity, role: Role): readonly Relation[] {
  const customerRecords: Relation[] = isStaff(role)
    ? ['otherCompany', 'otherCustomer']
    : isB2b(role)
      ? ['own', 'company', 'otherCompany', 'otherCustomer']
      : ['own', 'otherCompany', 'otherCustomer'];
  switch (entity) {
    case 'field':
      return isDrone(role) ? ['otherCustomer'] : customerRecords;
    case 'report':
      return isDrone(role) ? ['otherCustomer'] : customerRecords;
    case 'shoot':
      return isDrone(role) ? ['assigned', 'unassigned'] : customerRecords;
    case 'personal':
      return ['own', 'company', 'otherCompany', 'otherCustomer'];
    case 'user':
      return isB2b(role) || isDrone(role)
        ? ['own', 'company', 'otherCompany', 'otherCustomer']
        : ['own', 'otherCompany', 'otherCustomer'];
    case 'company':
      return isStaff(role) ? ['otherCompany'] : ['own', 'otherCompany'];
    case 'order':
      return isB2b(role)
        ? ['own', 'company', 'otherCompany', 'otherCustomer']
        : ['own', 'otherCompany', 'otherCustomer'];
  }
}

// The people of `matrix-world.ts`, as ids: one actor per role, company A (b2b actors), B, the actors'
// drone organisation and another one.
const COMPANY_A = 1;
const COMPANY_B = 2;
const DRONE_ORG = 3;
const OTHER_DRONE_ORG = 4;
const COLLEAGUE = 201;
const OTHER_COMPANY_OWNER = 202;
const OTHER_CUSTOMER = 203;
const OTHER_DRONE_ADMIN = 204;
const OTHER_PILOT = 205;

function actorOf(role: Role): PolicyActor {
  const companyId = isB2b(role) ? COMPANY_A : isDrone(role) ? DRONE_ORG : null;
  return { role, userId: 100 + ROLES.indexOf(role), companyId };
}

/** The record `matrix-world.ts` makes for a role in a relation, as the policies see it. */
export function recordFor(entity: PolicyEntity, role: Role, relation: Relation): RecordFacts {
  const actor = actorOf(role);
  const otherCustomer: RecordFacts = {
    ownerId: OTHER_CUSTOMER,
    ownerCompanyId: null,
    ownerRole: 'b2c_admin',
  };
  switch (relation) {
    case 'own':
      if (entity === 'company' && isDrone(role)) return { ownerId: actor.userId, ownerCompanyId: DRONE_ORG };
      return {
        ownerId: actor.userId,
        ownerCompanyId: entity === 'company' ? COMPANY_A : actor.companyId,
        ownerRole: role,
      };
    case 'company':
      if (entity === 'user' && isDrone(role)) {
        const other = actorOf(role === 'drone_admin' ? 'drone_operator' : 'drone_admin');
        return { ownerId: other.userId, ownerCompanyId: other.companyId, ownerRole: other.role };
      }
      return { ownerId: COLLEAGUE, ownerCompanyId: COMPANY_A, ownerRole: 'b2b_user' };
    case 'otherCompany':
      return { ownerId: OTHER_COMPANY_OWNER, ownerCompanyId: COMPANY_B, ownerRole: 'b2b_admin' };
    case 'otherCustomer':
      return otherCustomer;
    case 'assigned': {
      const droneAdmin = actorOf('drone_admin').userId;
      const pilot = role === 'drone_operator' ? actor.userId : null;
      return {
        ...otherCustomer,
        crew: {
          droneAdminId: droneAdmin,
          droneOperatorId: pilot,
          droneOperatorCompanyId: pilot ? DRONE_ORG : null,
        },
      };
    }
    case 'unassigned':
      return {
        ...otherCustomer,
        crew: {
          droneAdminId: OTHER_DRONE_ADMIN,
          droneOperatorId: OTHER_PILOT,
          droneOperatorCompanyId: OTHER_DRONE_ORG,
        },
      };
  }
}

/** The answer a role gets under a policy, for one relation of the record (none for routes without one). */
export function expectedOutcome(policy: Policy, role: Role, relation: Relation | undefined): Outcome {
  if (!policy.role(role)) return 403;
  if (!policy.entity || !policy.decide || !relation) return 'allowed';
  const decision = policy.decide(actorOf(role), recordFor(policy.entity, role, relation));
  if (decision === 'hidden') return policy.hiddenAs ?? 404;
  return decision === 'forbidden' ? 403 : 'allowed';
}

/** A policy's whole row: anonymous, then every role in the relations its record kind has. */
export function matrixRow(name: PolicyName): MatrixRow {
  const policy: Policy = POLICIES[name];
  const cells = ROLES.map((role): [Actor, Cell] => {
    if (!policy.role(role) || !policy.entity) return [role, expectedOutcome(policy, role, undefined)];
    const perRelation = relationsOf(policy.entity, role).map((relation) => [
      relation,
      expectedOutcome(policy, role, relation),
    ]);
    return [role, Object.fromEntries(perRelation)];
  });
  return { ...Object.fromEntries(cells), anonymous: policy.public ? 'allowed' : 401 } as MatrixRow;
}
