import type { Service } from '../constants.ts';
import { canTransition, type TransitionTable } from './transition.ts';

/** Report statuses of spec section 4, in their implied order. */
export const REPORT_STATUSES = [
  'pending',
  'pending_payment',
  'processing',
  'processing_pending',
  'processing_data',
  'complete',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const UNKNOWN_STATUS_LABEL = 'Unknown Status';

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  pending: 'Pending',
  pending_payment: 'Pending Confirmation',
  processing: 'Processing',
  processing_pending: 'Processing Pending',
  processing_data: 'Processing data',
  complete: 'Complete',
};

/** What a processing report asks for: e2e shows the "Schedule Shoot" action, manual "Awaiting Data". */
export const REPORT_PROCESSING_ACTION: Record<Service, string> = {
  e2e: 'Schedule Shoot',
  manual: 'Awaiting Data',
};

export function isReportStatus(value: unknown): value is ReportStatus {
  return typeof value === 'string' && (REPORT_STATUSES as readonly string[]).includes(value);
}

/** Label of a report status; anything unrecognised reads "Unknown Status". */
export function reportStatusLabel(status: unknown): string {
  return isReportStatus(status) ? REPORT_STATUS_LABELS[status] : UNKNOWN_STATUS_LABEL;
}

/**
 * The implied forward sequence: in the cart (pending), order placed (pending_payment), paid
 * (processing), shoot scheduled or in progress (processing_pending), data uploaded and AI working
 * (processing_data), complete. A bring-your-own-images report has no shoot, so processing may go
 * straight to processing_data. Nothing goes backwards and complete is final.
 */
export const REPORT_STATUS_TRANSITIONS: TransitionTable<ReportStatus> = {
  pending: ['pending_payment'],
  pending_payment: ['processing'],
  processing: ['processing_pending', 'processing_data'],
  processing_pending: ['processing_data'],
  processing_data: ['complete'],
  complete: [],
};

/** The statuses a paid report awaits its data in (for E2E, also while its shoot is on). */
export const REPORT_STATUSES_AWAITING_DATA: readonly ReportStatus[] = ['processing', 'processing_pending'];

/**
 * Where a report goes back when its data could not be processed (the dataset failed for good):
 * the status that awaits data again, processing_pending when it has a shoot (E2E), else processing.
 * Only the pipeline makes this move back; it is not a transition staff may choose.
 */
export function reportStatusAwaitingData(hasShoot: boolean): ReportStatus {
  return hasShoot ? 'processing_pending' : 'processing';
}

/** Whether a report may move from one status to another (see REPORT_STATUS_TRANSITIONS). */
export function canTransitionReport(from: string, to: string): boolean {
  return canTransition(REPORT_STATUS_TRANSITIONS, from, to);
}

/** Statuses in which the Valid from / Valid to rows are hidden. */
export const REPORT_STATUSES_HIDING_VALIDITY: readonly ReportStatus[] = [
  'processing_pending',
  'processing_data',
  'complete',
];
/** Statuses in which the upload-dataset action is hidden. */
export const REPORT_STATUSES_HIDING_UPLOAD: readonly ReportStatus[] = [
  'pending_payment',
  'processing_data',
  'complete',
];
