import 'dayjs/locale/el';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { parseTypedDay } from '../lib/days.ts';

/** How a day reads in a date input in every language: day first (spec section 9), the year whole. */
export const DAY_INPUT_FORMAT = 'DD/MM/YYYY';

type DayInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale'> & {
  /** The day as `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** The day typed or picked as `YYYY-MM-DD`, '' when cleared; not called while the text is no day. */
  onChange: (day: string) => void;
};

/**
 * A calendar-day input that reads DD/MM/YYYY in English and Greek alike, with its calendar in the
 * user's language. The browser's own date input follows the browser's locale instead (a US browser
 * shows MM/DD/YYYY in the Greek app), so the app does not use it.
 */
export function DayInput({ value, onChange, ...props }: DayInputProps) {
  const { t, i18n } = useTranslation();
  return (
    <DateInput
      valueFormat={DAY_INPUT_FORMAT}
      dateParser={parseTypedDay}
      locale={i18n.language === 'el' ? 'el' : 'en'}
      firstDayOfWeek={1}
      placeholder={t('common.dayPlaceholder')}
      value={value || null}
      onChange={(day) => onChange(day ?? '')}
      {...props}
    />
  );
}
