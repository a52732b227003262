import { type CalendarDay, CURRENCY, NUMBER_LOCALE } from '@ampelos/domain';
import { formatCalendarDate } from '../../lib/format.ts';

const counts = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
const decimals = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 });
const eurosCompact = new Intl.NumberFormat(NUMBER_LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** 12,345 (US number format in every language, spec section 9). */
export const formatCount = (value: number) => counts.format(value);
/** 1,234.56 */
export const formatDecimal = (value: number) => decimals.format(value);
/** €12.3K on an axis; the tooltip shows the full price. */
export const formatEurosShort = (value: number) => eurosCompact.format(value);

/** A week's Monday as DD/MM (spec section 9's short format). */
export const weekLabel = (day: CalendarDay) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** A day with its month's name, read as that calendar day wherever the browser is. */
export const dayLabel = (day: CalendarDay, lang: string) =>
  formatCalendarDate(`${day}T00:00:00Z`, lang, { timeZone: 'UTC' });

/** `YYYY-MM` as a short month and year: "Mar 25", "Μαρ 25". */
export function monthLabel(month: string, lang: string, style: 'short' | 'long' = 'short'): string {
  const date = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
  return new Intl.DateTimeFormat(lang === 'el' ? 'el-GR' : 'en-US', {
    month: style,
    year: style === 'short' ? '2-digit' : 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
