import { DASHBOARD_CHARTS } from './constants.ts';
import { addDays, calendarDayIn } from './scheduling.ts';
import type { CalendarDay } from './views/operations.ts';

/** Dashboard buckets (weeks, months) are cut in the provider's time zone, like shoot days. */
export const ANALYTICS_TIME_ZONE = 'Europe/Athens';

export const ANALYTICS_MESSAGES = {
  endBeforeStart: 'The end date cannot be before the start date',
  rangeTooLong: 'The date range can be at most five years',
  invalidBbox: 'Please give the map area as west,south,east,north',
} as const;

/** Day number since the epoch (UTC midnight) of a calendar day. */
const dayNumber = (day: CalendarDay) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The first day of the month `months` before the month of `day` (0: the month of `day`). */
export function monthStartBefore(day: CalendarDay, months: number): CalendarDay {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 - months;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** The default chart range: the last seven calendar months, today's included, ending today. */
export function defaultAnalyticsRange(now: Date): { from: CalendarDay; to: CalendarDay } {
  const to = calendarDayIn(now, ANALYTICS_TIME_ZONE);
  return { from: monthStartBefore(to, DASHBOARD_CHARTS.defaultRangeMonths - 1), to };
}

/** The rule a chart range breaks (end before start, longer than the limit), or null. */
export function analyticsRangeProblem(from: CalendarDay, to: CalendarDay): string | null {
  if (to < from) return ANALYTICS_MESSAGES.endBeforeStart;
  if (dayNumber(to) - dayNumber(from) + 1 > DASHBOARD_CHARTS.maxRangeDays)
    return ANALYTICS_MESSAGES.rangeTooLong;
  return null;
}

/** The Monday starting the (ISO) week of `day`. */
export function weekStartOf(day: CalendarDay): CalendarDay {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every week (its Monday) touching the range, in order: the x axis of the growth chart. */
export function weekStartsBetween(from: CalendarDay, to: CalendarDay): CalendarDay[] {
  const weeks: CalendarDay[] = [];
  for (let week = weekStartOf(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** Every month (`YYYY-MM`) touching the range, in order: the x axis of the orders chart. */
export function monthsBetween(from: CalendarDay, to: CalendarDay): string[] {
  const months: string[] = [];
  for (let month = monthStartBefore(from, 0); month <= to; month = monthStartBefore(month, -1)) {
    months.push(month.slice(0, 7));
  }
  return months;
}
