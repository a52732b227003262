import { describe, expect, it } from 'vitest';
import { shootField, shootFixture } from '../../../test/shoot-fixtures.ts';
import { durationParts, mapsLink, monthWeeks, shootCalendarEvents } from './calendar-events.ts';

const days = {
  confirmed: { start: '2025-06-10', end: '2025-06-11' },
  alternative: { start: '2025-06-14', end: '2025-06-14' },
  final: null,
};

describe('shoot calendar events', () => {
  it('lasts 0.25 h per 10,000 m² of the field', () => {
    const [four] = shootCalendarEvents([
      shootFixture({ shootDays: days, field: shootField({ area: 40_000 }) }),
    ]);
    const [small] = shootCalendarEvents([
      shootFixture({ shootDays: days, field: shootField({ area: 25_000 }) }),
    ]);
    expect(four?.hours).toBe(1);
    expect(small?.hours).toBe(0.625);
    expect(durationParts(0.625)).toEqual({ hours: 0, minutes: 38 });
    expect(durationParts(1.25)).toEqual({ hours: 1, minutes: 15 });
  });

  it('marks each confirmed day Primary and each alternative day Alternative', () => {
    const events = shootCalendarEvents([shootFixture({ shootDays: days })]);
    expect(events.map((event) => [event.day, event.kind])).toEqual([
      ['2025-06-10', 'primary'],
      ['2025-06-11', 'primary'],
      ['2025-06-14', 'alternative'],
    ]);
  });

  it('shows only the final day once set: Complete when the shoot is complete, Primary before', () => {
    const final = { ...days, final: '2025-06-11' };
    const planned = shootCalendarEvents([
      shootFixture({ shootDays: final, status: 'confirmed_shoot_dates' }),
    ]);
    const done = shootCalendarEvents([shootFixture({ shootDays: final, status: 'complete' })]);
    expect(planned.map((event) => [event.day, event.kind])).toEqual([['2025-06-11', 'primary']]);
    expect(done.map((event) => [event.day, event.kind])).toEqual([['2025-06-11', 'complete']]);
  });

  it("shows the client's availability as tentative entries while no dates are confirmed", () => {
    const events = shootCalendarEvents([
      shootFixture({ shootDays: null, dateRange: { start: '2025-06-10', end: '2025-06-12' } }),
    ]);
    expect(events.map((event) => [event.day, event.kind])).toEqual([
      ['2025-06-10', 'availability'],
      ['2025-06-11', 'availability'],
      ['2025-06-12', 'availability'],
    ]);
  });

  it('drops the availability entries once dates are confirmed', () => {
    const events = shootCalendarEvents([
      shootFixture({ shootDays: days, dateRange: { start: '2025-06-09', end: '2025-06-15' } }),
    ]);
    expect(events.map((event) => event.kind)).not.toContain('availability');
  });

  it('has no event for a shoot with neither days nor availability', () => {
    expect(shootCalendarEvents([shootFixture({ shootDays: null, dateRange: null })])).toEqual([]);
  });

  it('links to a maps search of the field centre', () => {
    expect(mapsLink({ lat: 37.8, lng: 22.65 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=37.800000,22.650000',
    );
  });

  it('lays a month out in whole Monday-first weeks', () => {
    const weeks = monthWeeks('2025-06-15');
    expect(weeks[0]?.[0]).toBe('2025-05-26');
    expect(weeks.at(-1)?.[6]).toBe('2025-07-06');
    expect(weeks).toHaveLength(6);
  });
});
