import { canTransitionReport, type ReportStatus, reportStatusAwaitingData } from '@ampelos/domain';
import type { Db } from '../../platform/db/database.ts';
import {
  type NewReport,
  type OutputDataChange,
  type ReportResults,
  type ReportWrites,
  reportWrites,
} from './repository.ts';

/** A move the domain's transition table does not allow is a programming error, never a user's. */
function assertTransitions(from: readonly ReportStatus[], to: ReportStatus) {
  for (const status of from) {
    if (!canTransitionReport(status, to)) throw new Error(`report move ${status} → ${to} is not allowed`);
  }
}

/**
 * The report's lifecycle, on the database or on the caller's transaction: every write of the reports
 * table by another module goes through here. Forward moves follow the domain's transition table;
 * the two moves back (an order reopened, data that failed for good) are named here and nowhere else.
 */
export function reportLifecycle(db: Db) {
  const writes: ReportWrites = reportWrites(db);
  const move = async (
    where: { reportIds: number[] } | { orderId: number },
    from: readonly ReportStatus[],
    to: ReportStatus,
    changes?: Parameters<ReportWrites['move']>[3],
  ) => {
    assertTransitions(from, to);
    return writes.move(where, from, to, changes);
  };
  return {
    addToCart: (values: NewReport[]) => writes.insertCartItems(values),
    removeFromCart: (userId: number, fieldId: number, service: string) =>
      writes.deleteCartGroup(userId, fieldId, service),

    /** pending → pending_payment: the cart's reports join the order just placed. */
    async orderPlaced(reportIds: number[], orderId: number) {
      await move({ reportIds }, ['pending'], 'pending_payment', { orderId });
    },
    /** pending_payment → processing: the order is paid; its reports are valid from now. */
    async orderPaid(orderId: number, validity: { validFrom: Date; validTo: Date }) {
      await move({ orderId }, ['pending_payment'], 'processing', validity);
    },
    /** processing → pending_payment: staff reopened the order (a move back the table does not list). */
    async orderReopened(orderId: number) {
      await writes.move({ orderId }, ['processing'], 'pending_payment', { validFrom: null, validTo: null });
    },

    /** `from` → `to` for one report, as staff or a workflow asks; undefined when it had moved meanwhile. */
    async move(reportId: number, from: ReportStatus | readonly ReportStatus[], to: ReportStatus) {
      const [moved] = await move({ reportIds: [reportId] }, typeof from === 'string' ? [from] : from, to);
      return moved;
    },
    /** processing_data → complete with the pipeline's results, in one statement. */
    async completed(reportId: number, results: ReportResults) {
      const moved = await move({ reportIds: [reportId] }, ['processing_data'], 'complete', results);
      return moved.length > 0;
    },
    /** processing_data → awaiting data again: the dataset failed for good (only the pipeline moves back). */
    async dataFailed(reportId: number, hasShoot: boolean) {
      await writes.move({ reportIds: [reportId] }, ['processing_data'], reportStatusAwaitingData(hasShoot));
    },

    claimCompletionNotice: (reportId: number) => writes.claimCompletionNotice(reportId),
    releaseCompletionNotice: (reportId: number) => writes.releaseCompletionNotice(reportId),
    changeOutputData: <T>(reportId: number, change: OutputDataChange<T>) =>
      writes.changeOutputData(reportId, change),
    forgetOwner: (ownerId: number, now: Date) => writes.forgetOwner(ownerId, now),
    seed: (values: Parameters<ReportWrites['insertSeeded']>[0]) => writes.insertSeeded(values),
  };
}
export type ReportLifecycle = ReturnType<typeof reportLifecycle>;
