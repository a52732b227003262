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
