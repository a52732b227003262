import { POLICIES, type PolicyEntity, type PolicyName, type RecordFacts } from '@ampelos/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { fields } from '../../platform/db/schema.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { policyActor } from './policy.ts';
import type { AuthContext } from './sessions.ts';

/** The facts the policies read for records of one kind, by uuid, in one query. */
type FactsLoader = (uuids: readonly string[]) => Promise<Map<string, RecordFacts>>;

function loaders(db: Db): Partial<Record<PolicyEntity, FactsLoader>> {
  return {
    async field(uuids) {
      const rows = await db
        .select({ uuid: fields.uuid, ownerId: fields.ownerId, companyId: fields.companyId })
        .from(fields)
        .where(inArray(fields.uuid, [...uuids]));
      return new Map(rows.map((row) => [row.uuid, { ownerId: row.ownerId, ownerCompanyId: row.companyId }]));
    },
  };
}

/**
 * One way to ask "may this caller do this to these records": the named policy's role check (403),
 * then the records' facts in one query and the policy's decision for each. A missing or hidden id
 * answers 404 with `notFoundMessage` (before any 403, so ids are not probed); a visible record the
 * caller may not act on answers 403.
 */
export function createAccess(db: Db) {
  const load = loaders(db);
  return {
    async require(
      auth: AuthContext,
      name: PolicyName,
      uuids: readonly string[],
      notFoundMessage: string,
    ): Promise<void> {
      const policy = POLICIES[name];
      const actor = policyActor(auth);
      if (!policy.role(actor.role)) throw forbidden();
      if (uuids.length === 0 || !('decide' in policy) || !('entity' in policy)) return;
      const loader = load[policy.entity];
      if (!loader) throw new Error(`no access facts for ${policy.entity} records`);
      const facts = await loader([...new Set(uuids)]);
      const decisions = uuids.map((uuid) => {
        const record = facts.get(uuid);
        return record ? policy.decide(actor, record) : 'hidden';
      });
      if (decisions.includes('hidden')) throw notFound(notFoundMessage);
      if (decisions.includes('forbidden')) throw forbidden();
    },
  };
}
export type Access = ReturnType<typeof createAccess>;
