import { describe, expect, it } from 'vitest';
import {
  addDays,
  availabilityProblem,
  calendarDayIn,
  confirmDatesProblem,
  daysInRange,
  finalDayFromData,
  finalDayProblem,
  fixedDatesProblem,
  isCalendarDay,
  photosFarFromShoot,
  SHOOT_MESSAGES,
} from './scheduling.ts';

const today = '2026-05-10';

describe('calendar days', () => {
  it('recognises real days only', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-5-1')).toBe(false);
    expect(isCalendarDay(20260501)).toBe(false);
  });
  it('counts inclusive days and adds days across months', () => {
    expect(daysInRange({ start: today, end: today })).toBe(1);
    expect(daysInRange({ start: '2026-05-25', end: '2026-06-07' })).toBe(14);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it("takes today's date in Greece", () => {
    // 22:30 UTC on 9 May is already 10 May in Athens (UTC+3 in summer).
    expect(calendarDayIn(new Date('2026-05-09T22:30:00Z'))).toBe('2026-05-10');
    expect(calendarDayIn(new Date('2026-05-09T22:30:00Z'), 'UTC')).toBe('2026-05-09');
  });
});

describe('availability', () => {
  it('allows up to 14 days from today, within the validity', () => {
    expect(availabilityProblem({ start: today, end: addDays(today, 13) }, today)).toBeNull();
    expect(availabilityProblem({ start: today, end: addDays(today, 14) }, today)).toBe(
      SHOOT_MESSAGES.rangeTooLong,
    );
    expect(availabilityProblem({ start: addDays(today, -1), end: today }, today)).toBe(
      SHOOT_MESSAGES.rangeInPast,
    );
    expect(availabilityProblem(null, today)).toBe('Please include date range');
    expect(availabilityProblem({ start: today, end: addDays(today, 3) }, today, addDays(today, 2))).toBe(
      SHOOT_MESSAGES.rangeAfterValidity,
    );
  });
});

describe('confirmed, alternative and final days', () => {
  const availability = { start: today, end: addDays(today, 9) };
  it('keeps both ranges inside the availability, the alternative not first', () => {
    expect(
      confirmDatesProblem(availability, { start: today, end: today }, { start: today, end: today }),
    ).toBeNull();
    expect(
      confirmDatesProblem(
        availability,
        { start: today, end: addDays(today, 10) },
        { start: today, end: today },
      ),
    ).toBe(SHOOT_MESSAGES.outsideAvailability);
    expect(
      confirmDatesProblem(
        availability,
        { start: addDays(today, 3), end: addDays(today, 3) },
        { start: today, end: today },
      ),
    ).toBe(SHOOT_MESSAGES.alternativeBeforeConfirmed);
    expect(confirmDatesProblem(availability, { start: today, end: today }, undefined)).toBe(
      'Please include date range',
    );
  });
  it('puts the final day between confirmed start and alternative end', () => {
    const days = {
      confirmed: { start: '2026-05-12', end: '2026-05-13' },
      alternative: { start: '2026-05-15', end: '2026-05-16' },
    };
    expect(finalDayProblem(days, '2026-05-12')).toBeNull();
    expect(finalDayProblem(days, '2026-05-14')).toBeNull();
    expect(finalDayProblem(days, '2026-05-16')).toBeNull();
    expect(finalDayProblem(days, '2026-05-11')).toBe(SHOOT_MESSAGES.finalOutsideRange);
    expect(finalDayProblem(days, '2026-05-17')).toBe(SHOOT_MESSAGES.finalOutsideRange);
  });
  it('needs both fixed days, the alternative not before the primary', () => {
    expect(fixedDatesProblem(today, null, today)).toBe(SHOOT_MESSAGES.fixedDatesRequired);
    expect(fixedDatesProblem(today, today, today)).toBeNull();
    expect(fixedDatesProblem(addDays(today, 2), addDays(today, 1), today)).toBe(
      SHOOT_MESSAGES.fixedAlternativeBeforePrimary,
    );
  });
});

describe('data received: the final day and photos far from it', () => {
  const today = '2026-05-20';
  it('keeps a final day already set', () => {
    expect(finalDayFromData('2026-05-10', [{ day: '2026-05-18', photos: 9 }], today)).toBe('2026-05-10');
  });
  it('takes the day most photos were taken when it is plausible', () => {
    const days = [
      { day: '2026-05-17', photos: 2 },
      { day: '2026-05-18', photos: 9 },
    ];
    expect(finalDayFromData(null, days, today)).toBe('2026-05-18');
  });
  it('falls back to today when the photos are dated years away or in the future', () => {
    expect(finalDayFromData(null, [{ day: '2013-06-11', photos: 4 }], today)).toBe(today);
    expect(finalDayFromData(null, [{ day: '2026-05-21', photos: 4 }], today)).toBe(today);
    expect(finalDayFromData(null, [], today)).toBe(today);
  });
  it('flags photos more than a week from the final day', () => {
    expect(photosFarFromShoot('2026-05-18', [{ day: '2026-05-12', photos: 3 }])).toBeNull();
    expect(
      photosFarFromShoot('2026-05-18', [
        { day: '2013-06-11', photos: 4 },
        { day: '2013-06-12', photos: 1 },
        { day: '2026-05-18', photos: 7 },
      ]),
    ).toEqual({ photos: 5, first: '2013-06-11', last: '2013-06-12' });
  });
});
