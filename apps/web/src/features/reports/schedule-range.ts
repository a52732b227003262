import {
  type CalendarDay,
  calendarDayIn,
  type DayRange,
  daysInRange,
  SHOOT_RANGE_DAYS,
} from '@ampelos/domain';

/** A picker value: start and end, either missing while the user picks. */
export type PickedRange = [CalendarDay | null, CalendarDay | null];

/**
 * Days the availability picker offers once a start is picked: at most SHOOT_RANGE_DAYS days counted
 * with both ends (a single day is allowed), on either side of the start (picking an earlier day makes
 * it the start).
 */
export function excludedByRangeLimit(picked: PickedRange, day: CalendarDay): boolean {
  const [start, end] = picked;
  if (!start || end) return false;
  const span = Math.abs(daysInRange({ start: start < day ? start : day, end: start < day ? day : start }));
  return span > SHOOT_RANGE_DAYS;
}

/** The picked value as a range, or null until both ends are chosen. */
export function pickedRange([start, end]: PickedRange): DayRange | null {
  if (!start || !end) return null;
  return start <= end ? { start, end } : { start: end, end: start };
}

/** The last day the availability may reach: the report's validTo day in the shoot time zone. */
export function lastValidDay(validTo: string | null): CalendarDay | null {
  return validTo ? calendarDayIn(new Date(validTo)) : null;
}
