import en from '@ampelos/domain/i18n/en/web.json';
import { describe, expect, it } from 'vitest';
import { NO_ACTIONS, reportFixture, shootFixture } from '../../test/shoot-fixtures.ts';
import { reportAction, reportName, reportStatusKey, showsValidity, withinValidity } from './report-rules.ts';
import { excludedByRangeLimit, pickedRange } from './schedule-range.ts';

const NOW = new Date('2025-06-15T10:00:00.000Z');
const label = (status: unknown) => {
  const key = reportStatusKey(status).split('.').pop() as keyof typeof en.reports.status;
  return en.reports.status[key];
};

describe('report status labels', () => {
  it('reads the labels of spec section 4, and Unknown Status for anything else', () => {
    expect(
      ['pending', 'pending_payment', 'processing', 'processing_pending', 'processing_data', 'complete'].map(
        label,
      ),
    ).toEqual([
      'Pending',
      'Pending Confirmation',
      'Processing',
      'Processing Pending',
      'Processing data',
      'Complete',
    ]);
    expect(label('archived')).toBe('Unknown Status');
    expect(label(undefined)).toBe('Unknown Status');
  });

  it('hides Valid from/to in processing_pending, processing_data and complete', () => {
    expect(['pending', 'pending_payment', 'processing'].every(showsValidity)).toBe(true);
    expect(['processing_pending', 'processing_data', 'complete'].some(showsValidity)).toBe(false);
  });
});

describe('report name', () => {
  it('names a completed report by its final shoot day, else its processing date', () => {
    const complete = reportFixture({ status: 'complete' });
    const shoot = shootFixture({
      shootDays: {
        confirmed: { start: '2025-05-01', end: '2025-05-02' },
        alternative: { start: '2025-05-03', end: '2025-05-04' },
        final: '2025-05-02',
      },
    });
    expect(reportName(complete, shoot)).toEqual({ kind: 'date', date: '2025-05-02' });
    expect(reportName({ ...complete, processedAt: '2025-05-20T08:00:00.000Z' }, null)).toEqual({
      kind: 'date',
      date: '2025-05-20T08:00:00.000Z',
    });
  });

  it('names any other report by # and the first 4 characters of its uuid', () => {
    expect(reportName(reportFixture({ status: 'processing' }), null)).toEqual({ kind: 'id', text: '#aaaa' });
  });
});

describe('report action', () => {
  const processing = reportFixture({ status: 'processing' });

  it('offers Schedule Shoot on a processing E2E report to the customer within its validity', () => {
    expect(reportAction({ report: processing, shoot: null, role: 'b2c_admin', now: NOW })).toEqual({
      kind: 'schedule',
      change: false,
    });
  });

  it('shows the button only while now is between validFrom and validTo', () => {
    const notYet = reportFixture({ validFrom: '2025-07-01T00:00:00.000Z' });
    const expired = reportFixture({ validTo: '2025-06-01T00:00:00.000Z' });
    expect(withinValidity(notYet, NOW)).toBe(false);
    expect(reportAction({ report: notYet, shoot: null, role: 'b2b_admin', now: NOW })).toBeNull();
    expect(reportAction({ report: expired, shoot: null, role: 'b2b_admin', now: NOW })).toBeNull();
  });

  it('lets admin, financial_admin and operation_admin use it outside the validity too', () => {
    const expired = reportFixture({ validTo: '2025-06-01T00:00:00.000Z' });
    for (const role of ['admin', 'financial_admin', 'operation_admin'] as const) {
      expect(reportAction({ report: expired, shoot: null, role, now: NOW })?.kind).toBe('schedule');
    }
    expect(reportAction({ report: expired, shoot: null, role: 'Marketing Admin', now: NOW })).toBeNull();
  });

  it('gives no Schedule Shoot to a role that cannot act for the report', () => {
    expect(reportAction({ report: processing, shoot: null, role: 'b2c_user', now: NOW })).toBeNull();
  });

  it('shows "Scheduling Shoot Dates" while fixed scheduling is in effect, for customers and staff alike', () => {
    const fixed = shootFixture({ scheduleType: 'fixed', status: 'unassigned' });
    const pending = reportFixture({ status: 'processing_pending' });
    expect(reportAction({ report: pending, shoot: fixed, role: 'b2c_admin', now: NOW })).toEqual({
      kind: 'scheduling-fixed',
    });
    expect(reportAction({ report: processing, shoot: fixed, role: 'admin', now: NOW })).toEqual({
      kind: 'scheduling-fixed',
    });
  });

  it('offers changing the availability only when the server allows it', () => {
    const pending = reportFixture({ status: 'processing_pending' });
    const open = shootFixture({ actions: { ...NO_ACTIONS, updateAvailability: true } });
    const locked = shootFixture({ status: 'assigned_to_drone_admin' });
    expect(reportAction({ report: pending, shoot: open, role: 'b2c_admin', now: NOW })).toEqual({
      kind: 'schedule',
      change: true,
    });
    expect(reportAction({ report: pending, shoot: locked, role: 'b2c_admin', now: NOW })).toBeNull();
  });

  it('shows Awaiting Data for a processing Bring Your Own Images report', () => {
    const manual = reportFixture({ service: 'manual', status: 'processing' });
    expect(reportAction({ report: manual, shoot: null, role: 'b2b_user', now: NOW })).toEqual({
      kind: 'awaiting-data',
    });
    expect(
      reportAction({
        report: { ...manual, status: 'processing_data' },
        shoot: null,
        role: 'b2b_user',
        now: NOW,
      }),
    ).toBeNull();
  });
});

describe('availability range of at most 14 days', () => {
  it('offers up to 13 days after (or before) the picked start, so the range counts 14 days at most', () => {
    const picked: [string, null] = ['2025-06-20', null];
    expect(excludedByRangeLimit(picked, '2025-07-03')).toBe(false);
    expect(excludedByRangeLimit(picked, '2025-07-04')).toBe(true);
    expect(excludedByRangeLimit(picked, '2025-06-07')).toBe(false);
    expect(excludedByRangeLimit(picked, '2025-06-06')).toBe(true);
    expect(excludedByRangeLimit(['2025-06-20', '2025-06-25'], '2025-09-01')).toBe(false);
  });

  it('reads a single-day range and orders the ends', () => {
    expect(pickedRange(['2025-06-20', '2025-06-20'])).toEqual({ start: '2025-06-20', end: '2025-06-20' });
    expect(pickedRange(['2025-06-25', '2025-06-20'])).toEqual({ start: '2025-06-20', end: '2025-06-25' });
    expect(pickedRange(['2025-06-25', null])).toBeNull();
  });
});
