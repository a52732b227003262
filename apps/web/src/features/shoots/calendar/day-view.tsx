import type { CalendarDay } from '@ampelos/domain';
import { ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './calendar.module.css';
import { CalendarEventButton } from './calendar-event-button.tsx';
import { durationParts, type ShootCalendarEvent } from './calendar-events.ts';

/** Pixels per hour of estimated flying time. */
const PX_PER_HOUR = 64;
const MIN_BLOCK = 44;

/**
 * One day: its shoots one after another, each as tall as its estimated flying time. Shoot days carry
 * no time of day, so no clock is drawn.
 */
export function DayView({
  day,
  events,
  height,
  onOpenEvent,
}: {
  day: CalendarDay;
  events: readonly ShootCalendarEvent[];
  height: number;
  onOpenEvent: (event: ShootCalendarEvent) => void;
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea h={height} data-testid="calendar-day" data-date={day}>
      {events.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('shoots.calendar.noEvents')}
        </Text>
      ) : (
        <Stack gap="xs" p="xs">
          {events.map((event) => (
            <CalendarEventButton
              key={event.id}
              event={event}
              onOpen={onOpenEvent}
              h={Math.max(event.hours * PX_PER_HOUR, MIN_BLOCK)}
              className={classes.dayBlock}
            >
              <Text size="sm" fw={600} inherit truncate>
                {event.title}
              </Text>
              <Text size="xs" inherit>
                {t(`shoots.calendar.kind.${event.kind}`)} ·{' '}
                {t('shoots.calendar.duration', durationParts(event.hours))}
              </Text>
            </CalendarEventButton>
          ))}
        </Stack>
      )}
    </ScrollArea>
  );
}
