import { CURRENCY, NUMBER_LOCALE } from '@ampelos/domain';
import dayjs from 'dayjs';

/** The two date formats of spec section 9. */
export const DATE_FORMATS = { dayMonth: 'DD/MM', short: 'DD/MM/YY' } as const;
export type DateFormat = keyof typeof DATE_FORMATS;

/** Formats a date in local time; empty string for a missing or invalid value. */
export function formatDate(
  value: string | number | Date | null | undefined,
  format: DateFormat = 'short',
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMATS[format]) : '';
}

const money = new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency: CURRENCY });
/** A price in euros with the US number format in every language (spec section 9): €12,345.60. */
export function formatPrice(value: number): string {
  return money.format(value);
}

/**
 * A calendar date with a short month name: "Jan 5, 2021" in English, "5 Ιαν 2021" in Greek.
 * `timeZone: 'UTC'` shows a date stored as a UTC day boundary (coupon validity) as that day everywhere.
 */
export function formatCalendarDate(
  value: string | number | Date | null | undefined,
  lang: string,
  options: { timeZone?: 'UTC' } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang === 'el' ? 'el-GR' : 'en-US', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...options,
  }).format(date);
}
