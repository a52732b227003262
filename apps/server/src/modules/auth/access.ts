import {
  type Decision,
  POLICIES,
  type PolicyEntity,
  type PolicyName,
  type RecordFacts,
} from '@ampelos/domain';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { policyActor } from './policy.ts';
import type { AuthContext } from './sessions.ts';

/** The facts the policies read for records of one kind, by uuid, in one query (missing ids left out). */
export type FactsLoader = (uuids: readonly string[]) => Promise<Map<string, RecordFacts>>;

/** The loader of each kind of record, given by the module that owns its table. */
export type AccessLoaders = Partial<Record<PolicyEntity, FactsLoader>>;

/**
 * One way to ask "may this caller do this to these records" (as Immich's `requireAccess`): the named
 * policy's role check, then the records' facts in one query and the policy's decision for each.
 */
export function createAccess(loaders: AccessLoaders) {
  /** Each id's decision; a missing id is hidden. Throws 403 when the role may not (nothing is read). */
  async function decisions(
    auth: AuthContext,
    name: PolicyName,
    uuids: readonly string[],
  ): Promise<Map<string, Decision>> {
    const policy = POLICIES[name];
    const actor = policyActor(auth);
    if (!policy.role(actor.role)) throw forbidden('refusal' in policy ? policy.refusal : undefined);
    const unique = [...new Set(uuids)];
    if (unique.length === 0 || !('decide' in policy) || !('entity' in policy))
      return new Map(unique.map((uuid) => [uuid, 'allowed']));
    const loader = loaders[policy.entity];
    if (!loader) throw new Error(`no access facts for ${policy.entity} records`);
    const facts = await loader(unique);
    return new Map(
      unique.map((uuid) => {
        const record = facts.get(uuid);
        return [uuid, record ? policy.decide(actor, record) : 'hidden'];
      }),
    );
  }

  return {
    /**
     * Throws unless the caller may act on every id: 403 for the role (before anything is read), then
     * 404 with `notFoundMessage` for a missing or hidden id (before any 403, so ids are not probed),
     * then 403 (with `forbiddenMessage`) for a visible record the caller may not act on.
     */
    async require(
      auth: AuthContext,
      name: PolicyName,
      uuids: readonly string[],
      notFoundMessage: string,
      forbiddenMessage?: string,
    ): Promise<void> {
      const decided = [...(await decisions(auth, name, uuids)).values()];
      if (decided.includes('hidden')) throw notFound(notFoundMessage);
      if (decided.includes('forbidden')) throw forbidden(forbiddenMessage);
    },

    /** The ids the caller may act on, the others left out as a list leaves them (none when the role may not). */
    async allowed(auth: AuthContext, name: PolicyName, uuids: readonly string[]): Promise<Set<string>> {
      if (!POLICIES[name].role(policyActor(auth).role)) return new Set();
      const decided = await decisions(auth, name, uuids);
      return new Set([...decided].filter(([, decision]) => decision === 'allowed').map(([uuid]) => uuid));
    },
  };
}
export type Access = ReturnType<typeof createAccess>;
