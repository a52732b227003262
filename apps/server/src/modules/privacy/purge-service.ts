import { randomBytes } from 'node:crypto';
import { DELETED_ACCOUNT_RETENTION_DAYS, INACTIVE_ACCOUNT_RETENTION_YEARS } from '@ampelos/domain';
import type { Logger } from '../../platform/logger.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { PrivacyRepository } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type UserRow = Awaited<ReturnType<PrivacyRepository['deletedBefore']>>[number];

/** The cutoff of the 6-year retention: the same calendar day 6 years earlier (UTC). */
export function inactiveCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - INACTIVE_ACCOUNT_RETENTION_YEARS);
  return cutoff;
}

export const deletedCutoff = (now: Date) => new Date(now.getTime() - DELETED_ACCOUNT_RETENTION_DAYS * DAY_MS);

/**
 * The privacy policy's retention: an account deleted 60 days ago, or unused for 6 years, loses its
 * personal data and files; what the law keeps for invoices (orders with their billing details and
 * lines) stays, tied to an anonymous stand-in (docs/decisions/accounts.md). Every step can run twice.
 */
export function createPurgeService(deps: { privacy: PrivacyRepository; storage: Storage; logger: Logger }) {
  /** Files first: if the database step then fails, the next run finds the account again and finishes. */
  async function removeFiles(user: UserRow) {
    const files = await deps.privacy.filesOf(user.id);
    await deps.storage.deletePrefix(`avatars/users/${user.uuid}`);
    await deps.storage.deletePrefix(`fields/avatars/${user.uuid}`);
    await deps.storage.deletePrefix(`exports/${user.uuid}`);
    for (const uuid of files.reportUuids) await deps.storage.deletePrefix(`reports/${uuid}`);
    for (const uuid of files.datasetUuids) await deps.storage.deletePrefix(`datasets/${uuid}`);
    for (const id of files.uploadIds) {
      await deps.storage.delete(`uploads/${id}`);
      // The tus file store keeps the upload's metadata beside it.
      await deps.storage.delete(`uploads/${id}.json`);
    }
  }

  async function purge(user: UserRow, now: Date) {
    await removeFiles(user);
    const secret = randomBytes(24).toString('base64url');
    await deps.privacy.purge(user, now, `deleted-${user.uuid}@deleted.invalid`, `purged:${secret}`);
  }

  async function purgeAll(candidates: UserRow[], now: Date, reason: string) {
    let purged = 0;
    for (const user of candidates) {
      try {
        await purge(user, now);
        purged += 1;
      } catch (error) {
        // One account's failure must not keep the others' data past its time; the next run retries it.
        deps.logger.error({ err: error, userId: user.id, reason }, 'privacy purge failed');
      }
    }
    if (purged > 0) deps.logger.info({ purged, reason }, 'privacy purge');
    return purged;
  }

  return {
    /** Accounts deleted more than 60 days ago. */
    purgeDeleted: async (now = new Date()) =>
      purgeAll(await deps.privacy.deletedBefore(deletedCutoff(now)), now, 'deleted'),
    /** Accounts unused for more than 6 years (see `PrivacyRepository.inactiveSince`). */
    purgeInactive: async (now = new Date()) =>
      purgeAll(await deps.privacy.inactiveSince(inactiveCutoff(now)), now, 'inactive'),
  };
}
export type PurgeService = ReturnType<typeof createPurgeService>;
