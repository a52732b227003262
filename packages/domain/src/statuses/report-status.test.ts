import { describe, expect, it } from 'vitest';
import {
  canTransitionReport,
  isReportStatus,
  REPORT_PROCESSING_ACTION,
  REPORT_STATUSES,
  REPORT_STATUSES_HIDING_UPLOAD,
  REPORT_STATUSES_HIDING_VALIDITY,
  reportStatusAwaitingData,
  reportStatusLabel,
} from './report-status.ts';

describe('report status labels', () => {
  it.each([
    ['pending', 'Pending'],
    ['pending_payment', 'Pending Confirmation'],
    ['processing', 'Processing'],
    ['processing_pending', 'Processing Pending'],
    ['processing_data', 'Processing data'],
    ['complete', 'Complete'],
    ['cancelled', 'Unknown Status'],
    [undefined, 'Unknown Status'],
    ['toString', 'Unknown Status'],
  ])('%s → %s', (status, label) => {
    expect(reportStatusLabel(status)).toBe(label);
  });
  it('processing asks e2e to schedule a shoot and manual for data', () => {
    expect(REPORT_PROCESSING_ACTION).toEqual({ e2e: 'Schedule Shoot', manual: 'Awaiting Data' });
  });
  it('recognises its statuses', () => {
    expect(REPORT_STATUSES).toHaveLength(6);
    expect(isReportStatus('processing_data')).toBe(true);
    expect(isReportStatus('Processing')).toBe(false);
  });
  it('hides validity rows and the upload action in the spec statuses', () => {
    expect(REPORT_STATUSES_HIDING_VALIDITY).toEqual(['processing_pending', 'processing_data', 'complete']);
    expect(REPORT_STATUSES_HIDING_UPLOAD).toEqual(['pending_payment', 'processing_data', 'complete']);
  });
});

describe('report transitions', () => {
  it.each([
    ['pending', 'pending_payment'],
    ['pending_payment', 'processing'],
    ['processing', 'processing_pending'],
    ['processing', 'processing_data'],
    ['processing_pending', 'processing_data'],
    ['processing_data', 'complete'],
  ])('allows %s → %s', (from, to) => {
    expect(canTransitionReport(from, to)).toBe(true);
  });
  it.each([
    ['pending_payment', 'pending'],
    ['complete', 'processing_data'],
    ['complete', 'complete'],
    ['pending', 'complete'],
    ['pending', 'processing'],
    ['processing_pending', 'processing'],
    ['processing', 'processing'],
    ['unknown', 'pending'],
    ['pending', 'unknown'],
    ['constructor', 'pending'],
  ])('refuses %s → %s', (from, to) => {
    expect(canTransitionReport(from, to)).toBe(false);
  });
  it('never goes backwards in the sequence', () => {
    REPORT_STATUSES.forEach((from, i) => {
      REPORT_STATUSES.slice(0, i + 1).forEach((to) => {
        expect(canTransitionReport(from, to)).toBe(false);
      });
    });
  });
});

describe('a report whose data failed', () => {
  it('awaits data again: processing_pending with a shoot (E2E), else processing, never a staff transition', () => {
    expect(reportStatusAwaitingData(true)).toBe('processing_pending');
    expect(reportStatusAwaitingData(false)).toBe('processing');
    expect(canTransitionReport('processing_data', 'processing')).toBe(false);
  });
});
