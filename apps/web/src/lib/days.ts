import { type CalendarDay, calendarDayIn, type DayRange } from '@ampelos/domain';
import { formatDate } from './format.ts';

/** Today as a shoot calendar day (the provider's time zone, as the server counts days). */
export function shootToday(now: Date = new Date()): CalendarDay {
  return calendarDayIn(now);
}

/** A calendar day `YYYY-MM-DD` as DD/MM/YY (spec section 9); empty for none. */
export function formatDay(day: CalendarDay | null | undefined): string {
  return day ? formatDate(`${day}T00:00:00`, 'short') : '';
}

/** An inclusive day range: "05/06 – 12/06/25", or one day "05/06/25". */
export function formatDayRange(range: DayRange | null | undefined): string {
  if (!range) return '';
  if (range.start === range.end) return formatDay(range.start);
  const sameYear = range.start.slice(0, 4) === range.end.slice(0, 4);
  const start = sameYear ? formatDate(`${range.start}T00:00:00`, 'dayMonth') : formatDay(range.start);
  return `${start} – ${formatDay(range.end)}`;
}
