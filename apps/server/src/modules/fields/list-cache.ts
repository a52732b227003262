import { calendarDayIn, fieldScope, type Role, shootScope } from '@ampelos/domain';
import type { ReadChanges } from '../../platform/db/read-changes.ts';
import type { AnswerCache, CachedAnswer } from '../../platform/http/answer-cache.ts';
import type { AuthContext } from '../auth/sessions.ts';

/**
 * The `read_changes` keys (migration 0012) under which every write that changes this viewer's list is
 * noted, or null for viewers whose list depends on more than those writes (drone operators see shoots
 * by their organisation's pilots: they are answered without the cache).
 */
export function listKeysOf(user: AuthContext['user']): string[] | null {
  const shoots = shootScope(user.role as Role);
  if (shoots !== 'own' && shoots !== 'company' && shoots !== 'all') return null;
  const fields = fieldScope(user.role);
  if (fields === 'all') return ['*'];
  const own = `u:${user.id}`;
  return fields === 'company' && user.companyId !== null ? [own, `c:${user.companyId}`] : [own];
}

/**
 * Everything else the answer depends on: who asks (their own cart items show), with which role and
 * company (what they see), and the day (a shoot's actions depend on it).
 */
const entryKey = (user: AuthContext['user']) =>
  `${user.id}|${user.role}|${user.companyId ?? ''}|${calendarDayIn(new Date())}`;

/**
 * `GET /fields` from a per-process cache of serialised answers. Each request asks the database one
 * question (did anything under my keys change since the snapshot my answer was read after?); only when
 * something did are the fields, reports and shoots read, presented and serialised again.
 */
export function createFieldListCache(deps: { changes: ReadChanges; cache: AnswerCache }) {
  return {
    /** The viewer's answer (`compute` serialises a fresh one); null when this viewer is not cached. */
    async answer(auth: AuthContext, compute: () => Promise<Buffer>): Promise<CachedAnswer | null> {
      const keys = listKeysOf(auth.user);
      if (!keys) return null;
      const key = entryKey(auth.user);
      const entry = deps.cache.get(key);
      const { snapshot, changed } = await deps.changes.check(keys, entry?.snapshot ?? null);
      if (entry && !changed) {
        deps.cache.confirm(key, entry, snapshot);
        return entry;
      }
      // Read after `snapshot`: the answer holds every change committed before it, perhaps some after
      // (those make the next check answer "changed", never the reverse).
      const fresh = deps.cache.set(key, await compute(), snapshot);
      deps.changes.prune();
      return fresh;
    },
  };
}
export type FieldListCache = ReturnType<typeof createFieldListCache>;
