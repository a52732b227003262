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

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const TYPED_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/;

/**
 * A day typed into a date input, day first in every language (spec section 9: DD/MM/YY): "5/3/2025",
 * "05.03.25" and "05-03-2025" are 5 March 2025; an ISO day `2025-03-05` is read too (pasted, or filled
 * by a browser test). Null when it is no real day (31/02, a 13th month), never a month-first reading.
 */
export function parseTypedDay(text: string): CalendarDay | null {
  const trimmed = text.trim();
  const iso = ISO_DAY.exec(trimmed);
  const typed = TYPED_DAY.exec(trimmed);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : typed
      ? [typed[3]?.length === 2 ? `20${typed[3]}` : typed[3], typed[2], typed[1]]
      : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  return real ? `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` : null;
}
