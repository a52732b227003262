import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_MESSAGES,
  analyticsRangeProblem,
  defaultAnalyticsRange,
  monthsBetween,
  weekStartOf,
  weekStartsBetween,
} from './analytics.ts';
import { analyticsRangeQuerySchema, bboxSchema } from './validation/analytics.ts';

describe('dashboard chart ranges', () => {
  it('defaults to the last seven calendar months, this one included, in Greek time', () => {
    // 22:30 UTC on 31 July is already 1 August in Athens.
    expect(defaultAnalyticsRange(new Date('2025-07-31T22:30:00Z'))).toEqual({
      from: '2025-02-01',
      to: '2025-08-01',
    });
    expect(defaultAnalyticsRange(new Date('2025-03-15T10:00:00Z'))).toEqual({
      from: '2024-09-01',
      to: '2025-03-15',
    });
  });

  it('cuts weeks on Mondays and lists every week and month touching the range', () => {
    expect(weekStartOf('2025-06-01')).toBe('2025-05-26'); // a Sunday
    expect(weekStartOf('2025-06-02')).toBe('2025-06-02'); // a Monday
    expect(weekStartsBetween('2025-06-01', '2025-06-16')).toEqual([
      '2025-05-26',
      '2025-06-02',
      '2025-06-09',
      '2025-06-16',
    ]);
    expect(monthsBetween('2024-11-20', '2025-02-01')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(monthsBetween('2025-02-10', '2025-02-11')).toEqual(['2025-02']);
  });

  it('refuses an end before the start and ranges beyond five years', () => {
    expect(analyticsRangeProblem('2025-01-02', '2025-01-01')).toBe(ANALYTICS_MESSAGES.endBeforeStart);
    expect(analyticsRangeProblem('2020-01-01', '2025-01-01')).toBeNull();
    expect(analyticsRangeProblem('2019-01-01', '2025-01-10')).toBe(ANALYTICS_MESSAGES.rangeTooLong);
    const parsed = analyticsRangeQuerySchema.safeParse({ from: '2025-03-01', to: '2025-02-01' });
    expect(parsed.error?.issues[0]?.message).toBe(ANALYTICS_MESSAGES.endBeforeStart);
    expect(analyticsRangeQuerySchema.safeParse({ from: '2025-02-30' }).success).toBe(false);
  });
});

describe('map area', () => {
  it('reads west,south,east,north and refuses anything else', () => {
    expect(bboxSchema.parse('22.1,37.5,23,38')).toEqual([22.1, 37.5, 23, 38]);
    for (const bad of ['22,37,23', '23,37,22,38', 'a,b,c,d', '22,37,23,95', '22,,23,38']) {
      expect(bboxSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
