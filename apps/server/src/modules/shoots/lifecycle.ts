import type { Db } from '../../platform/db/database.ts';
import type { shoots } from '../../platform/db/schema.ts';
import { createShootRepository } from './repository.ts';

/**
 * What other modules may do to a shoot, on the database or on the caller's transaction: the shoots
 * module's repository writes the table; scheduling itself goes through its service.
 */
export function shootLifecycle(db: Db) {
  const repository = createShootRepository(db);
  return {
    /** Data received for an E2E report completes its shoot (see `completeOnData`). */
    completeOnData: repository.completeOnData,
    /** A shoot as the demo seeds it, in any status (the demo labels itself as one). */
    seed: (values: typeof shoots.$inferInsert) => repository.insertShoot(values),
  };
}
export type ShootLifecycle = ReturnType<typeof shootLifecycle>;
