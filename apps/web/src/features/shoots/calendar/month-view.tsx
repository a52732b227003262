import type { CalendarDay } from '@ampelos/domain';
import { Box, Text, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import classes from './calendar.module.css';
import { CalendarEventButton } from './calendar-event-button.tsx';
import type { ShootCalendarEvent } from './calendar-events.ts';
import { monthWeeks } from './calendar-events.ts';

interface MonthViewProps {
  date: CalendarDay;
  today: CalendarDay;
  byDay: Map<CalendarDay, ShootCalendarEvent[]>;
  height: number;
  onOpenEvent: (event: ShootCalendarEvent) => void;
  onOpenDay: (day: CalendarDay) => void;
}

const HEADER_HEIGHT = 26;
const EVENT_HEIGHT = 20;
const DAY_NUMBER_HEIGHT = 22;

/** The month grid (Monday first); a day shows as many events as fit, then "+N more". */
export function MonthView({ date, today, byDay, height, onOpenEvent, onOpenDay }: MonthViewProps) {
  const { t, i18n } = useTranslation();
  const weeks = monthWeeks(date);
  const month = date.slice(0, 7);
  const rowHeight = Math.max((height - HEADER_HEIGHT) / weeks.length, 60);
  const fits = Math.max(Math.floor((rowHeight - DAY_NUMBER_HEIGHT - 8) / (EVENT_HEIGHT + 2)), 1);
  const locale = i18n.language === 'el' ? 'el' : 'en';
  const weekdays = weeks[0]?.map((day) => dayjs(day).locale(locale).format('dd')) ?? [];

  return (
    <Box
      className={classes.grid}
      style={{ gridTemplateRows: `${HEADER_HEIGHT}px repeat(${weeks.length}, ${rowHeight}px)` }}
      data-testid="calendar-month"
    >
      {weekdays.map((name) => (
        <div key={name} className={classes.weekday}>
          {name}
        </div>
      ))}
      {weeks.flat().map((day) => {
        const events = byDay.get(day) ?? [];
        const shown = events.length > fits ? events.slice(0, fits - 1) : events;
        const hidden = events.length - shown.length;
        return (
          <div
            key={day}
            className={classes.cell}
            data-outside={day.slice(0, 7) !== month || undefined}
            data-today={day === today || undefined}
            data-date={day}
          >
            <UnstyledButton
              className={classes.dayNumber}
              onClick={() => onOpenDay(day)}
              aria-label={dayjs(day).locale(locale).format('D MMMM YYYY')}
            >
              {Number(day.slice(8))}
            </UnstyledButton>
            {shown.map((event) => (
              <CalendarEventButton key={event.id} event={event} onOpen={onOpenEvent} h={EVENT_HEIGHT}>
                {event.title}
              </CalendarEventButton>
            ))}
            {hidden > 0 && (
              <UnstyledButton onClick={() => onOpenDay(day)}>
                <Text size="xs" c="dimmed">
                  {t('shoots.calendar.more', { count: hidden })}
                </Text>
              </UnstyledButton>
            )}
          </div>
        );
      })}
    </Box>
  );
}
