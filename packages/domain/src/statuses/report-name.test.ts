import { describe, expect, it } from 'vitest';
import { reportName, reportPickable } from './report-name.ts';

const uuid = 'a1b2c3d4-0000-4000-8000-000000000000';

describe('report names', () => {
  it('names a complete report by its final shoot day, else its processing date', () => {
    const report = { uuid, status: 'complete', processedAt: '2026-05-20T10:00:00Z' };
    expect(reportName(report, { shootDays: { final: '2026-05-18' } })).toEqual({
      kind: 'date',
      date: '2026-05-18',
    });
    expect(reportName(report, null)).toEqual({ kind: 'date', date: '2026-05-20T10:00:00Z' });
  });
  it('names any other report by # and four characters of its uuid', () => {
    expect(reportName({ uuid, status: 'processing', processedAt: null }, null)).toEqual({
      kind: 'id',
      text: '#a1b2',
    });
  });
});

describe('reports offered on the field', () => {
  const now = new Date('2026-05-20T12:00:00Z');
  it('offers reports whose validity has started and the one awaiting payment', () => {
    expect(reportPickable({ status: 'processing', validFrom: '2026-05-20T11:00:00Z' }, now)).toBe(true);
    expect(reportPickable({ status: 'pending_payment', validFrom: null }, now)).toBe(true);
  });
  it('does not offer cart items or reports whose validity starts later', () => {
    expect(reportPickable({ status: 'pending', validFrom: null }, now)).toBe(false);
    expect(reportPickable({ status: 'processing', validFrom: '2026-06-01T00:00:00Z' }, now)).toBe(false);
  });
});
