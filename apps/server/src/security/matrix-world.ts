import { type ReportStatus, ROLES, type Role } from '@ampelos/domain';
import { createAddressRepository } from '../modules/addresses/repository.ts';
import { agroRuns, dataExports, notifications } from '../platform/db/schema.ts';
import {
  createCompany,
  createCoupon,
  createField,
  createOrder,
  createReport,
  createShoot,
  createUser,
  signedInClient,
} from '../test/factories.ts';
import { type Client, client } from '../test/http.ts';
import type { TestApp } from '../test/test-app.ts';
import type { Actor, Relation } from './authorization-matrix.ts';

/** Buyers need a mobile number to order. */
const MOBILE = '+30 691 234 5678';

type User = Awaited<ReturnType<typeof createUser>>['user'];

/**
 * The people of the authorization matrix: one signed-in user of every role, their colleagues and
 * outsiders, and the records each relation names (own, same company, other company, other customer;
 * for drone staff a shoot assigned to them or to another organisation). Records are made fresh for
 * every cell, so a cell that deletes or changes one never affects another.
 */
export async function createMatrixWorld(ctx: TestApp) {
  const companyA = await createCompany(ctx, { title: 'Domaine A' });
  const companyB = await createCompany(ctx, { title: 'Domaine B' });
  const droneOrg = await createCompany(ctx, { title: 'Sky Crew', kind: 'drone_operator' });
  const otherDroneOrg = await createCompany(ctx, { title: 'Other Crew', kind: 'drone_operator' });

  const companyOf = (role: Role): number | null => {
    if (role === 'b2b_admin' || role === 'b2b_user') return companyA.id;
    if (role === 'drone_admin' || role === 'drone_operator') return droneOrg.id;
    return null;
  };

  const actors = new Map<Role, { user: User; http: Client }>();
  for (const role of ROLES) {
    const { user, http } = await signedInClient(ctx, { role, companyId: companyOf(role), mobile: MOBILE });
    actors.set(role, { user, http });
  }
  const actor = (role: Role) => {
    const found = actors.get(role);
    if (!found) throw new Error(`no actor ${role}`);
    return found;
  };
  // A colleague in company A (what "same company" means for b2b roles), an owner in company B, a b2c customer.
  const { user: colleague } = await createUser(ctx, { role: 'b2b_user', companyId: companyA.id });
  const { user: otherCompanyOwner } = await createUser(ctx, { role: 'b2b_admin', companyId: companyB.id });
  const { user: otherCustomer } = await createUser(ctx, { role: 'b2c_admin' });
  // The shoot crews: the actors' organisation, and another organisation with its own pilot.
  const { user: otherDroneAdmin } = await createUser(ctx, {
    role: 'drone_admin',
    companyId: otherDroneOrg.id,
  });
  const { user: otherPilot } = await createUser(ctx, { role: 'drone_operator', companyId: otherDroneOrg.id });

  /** The owner of a record in the given relation to the acting role. */
  function ownerFor(role: Role | null, relation: Relation | undefined): User {
    switch (relation) {
      case 'own':
        if (!role) throw new Error('anonymous owns nothing');
        return actor(role).user;
      case 'company':
        return colleague;
      case 'otherCompany':
        return otherCompanyOwner;
      default:
        return otherCustomer;
    }
  }

  async function field(role: Role | null, relation: Relation | undefined) {
    return createField(ctx, ownerFor(role, relation));
  }

  async function report(
    role: Role | null,
    relation: Relation | undefined,
    status: ReportStatus = 'processing',
    service: 'e2e' | 'manual' = 'e2e',
  ) {
    const owner = ownerFor(role, relation);
    const f = await createField(ctx, owner);
    const row = await createReport(ctx, owner, f, { status, service });
    return { field: f, report: row, owner };
  }

  /**
   * A shoot of an E2E report whose shoot is being planned; drone relations decide who is assigned.
   * `availability` gives the customer's days, `finalDay` a confirmed shoot flown yesterday.
   */
  async function shoot(
    role: Role | null,
    relation: Relation | undefined,
    options: { reportStatus?: ReportStatus; availability?: boolean; finalDay?: boolean; crew?: boolean } = {},
  ) {
    const customerRelation = relation === 'assigned' || relation === 'unassigned' ? undefined : relation;
    const made = await report(role, customerRelation, options.reportStatus ?? 'processing_pending');
    let crew: { droneAdminId: number | null; droneOperatorId: number | null } = {
      droneAdminId: null,
      droneOperatorId: null,
    };
    if (relation === 'assigned' && role === 'drone_admin') {
      crew = { droneAdminId: actor('drone_admin').user.id, droneOperatorId: null };
    } else if (relation === 'assigned' && role === 'drone_operator') {
      crew = { droneAdminId: actor('drone_admin').user.id, droneOperatorId: actor('drone_operator').user.id };
    } else if (relation === 'unassigned' || (options.crew && relation !== 'assigned')) {
      crew = { droneAdminId: otherDroneAdmin.id, droneOperatorId: otherPilot.id };
    }
    const status =
      crew.droneOperatorId !== null
        ? 'assigned_to_drone_operator'
        : crew.droneAdminId !== null
          ? 'assigned_to_drone_admin'
          : 'unassigned';
    const days = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const row = await createShoot(ctx, made.report, {
      ...crew,
      status,
      ...(options.availability || options.finalDay ? { dateStart: days(5), dateEnd: days(20) } : {}),
      ...(options.finalDay
        ? {
            status: 'confirmed_shoot_dates',
            confirmedStart: days(-3),
            confirmedEnd: days(-2),
            alternativeStart: days(-1),
            alternativeEnd: days(0),
            finalDay: days(-1),
          }
        : {}),
    });
    return { ...made, shoot: row };
  }

  /** An agro run requested by the administrator (its id). */
  async function agroRun() {
    const [row] = await ctx.database.db
      .insert(agroRuns)
      .values({ kind: 'populateReportsShootDays', status: 'done', requestedById: actor('admin').user.id })
      .returning();
    if (!row) throw new Error('agro run insert returned nothing');
    return row.id;
  }

  async function order(role: Role | null, relation: Relation | undefined) {
    return createOrder(ctx, ownerFor(role, relation));
  }

  async function address(role: Role | null, relation: Relation | undefined) {
    const owner = ownerFor(role, relation);
    return createAddressRepository(ctx.database.db).insert(owner.id, {
      city: 'Nemea',
      country: 'Greece',
      state: 'Corinthia',
      zipPostcode: '205 00',
      line1: '12 Vineyard Road',
    });
  }

  /** A ready data export of the relation's owner, its zip in storage. */
  async function dataExport(role: Role | null, relation: Relation | undefined) {
    const owner = ownerFor(role, relation);
    const storageKey = `exports/matrix-${owner.id}-${Date.now()}.zip`;
    await ctx.storage.put(storageKey, Buffer.from('PK\u0005\u0006'.padEnd(22, '\u0000')), 'application/zip');
    const [row] = await ctx.database.db
      .insert(dataExports)
      .values({
        userId: owner.id,
        status: 'ready',
        storageKey,
        bytes: 22,
        finishedAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    if (!row) throw new Error('no export row');
    return row;
  }

  async function notification(role: Role | null, relation: Relation | undefined) {
    const owner = ownerFor(role, relation);
    const [row] = await ctx.database.db
      .insert(notifications)
      .values({ userId: owner.id, type: 'new_field', details: {} })
      .returning();
    if (!row) throw new Error('notification insert returned nothing');
    return row;
  }

  /** A user in the relation: own (the actor), company (a colleague), other company, other customer. */
  function user(role: Role | null, relation: Relation | undefined): User {
    if (relation === 'company' && role && (role === 'drone_admin' || role === 'drone_operator')) {
      return role === 'drone_admin' ? actor('drone_operator').user : actor('drone_admin').user;
    }
    return ownerFor(role, relation);
  }

  /** The company in the relation: own (the actor's), other company (B). */
  function company(role: Role | null, relation: Relation | undefined) {
    if (relation === 'own' && role) {
      const id = companyOf(role);
      return id === droneOrg.id ? droneOrg : companyA;
    }
    return companyB;
  }

  /** A signed-in client for a fresh user of the role (for cells that end the session or the account). */
  async function freshActor(role: Role) {
    return signedInClient(ctx, { role, companyId: companyOf(role), mobile: MOBILE });
  }

  return {
    actor,
    anonymous: () => client(ctx.app),
    freshActor,
    ownerFor,
    field,
    report,
    shoot,
    order,
    address,
    dataExport,
    notification,
    user,
    company,
    coupon: () => createCoupon(ctx),
    agroRun,
    droneOrg,
    otherDroneAdmin,
  };
}
export type MatrixWorld = Awaited<ReturnType<typeof createMatrixWorld>>;

/** What a row's request builder receives: who acts, in which relation, and the world to make records in. */
export interface MatrixCell {
  actor: Actor;
  role: Role | null;
  relation: Relation | undefined;
  world: MatrixWorld;
}

export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
  url: string;
  payload?: string | Buffer | Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface RequestSpec {
  /** The cell ends the caller's session or account: it runs as a fresh user of the role. */
  fresh?: boolean;
  /** Answers besides 2xx that still mean "allowed" (a business rule that answers after authorization). */
  allowedStatus?: number[];
  build(
    cell: MatrixCell & { user: { id: number; email: string; uuid: string } | null; ctx: TestApp },
  ): Promise<MatrixRequest>;
}
