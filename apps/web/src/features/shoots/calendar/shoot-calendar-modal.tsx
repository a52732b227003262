import 'dayjs/locale/el';
import { addDays, BREAKPOINTS, type CalendarDay, type ShootView } from '@ampelos/domain';
import { Badge, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shootToday } from '../../../lib/days.ts';
import { AgendaView } from './agenda-view.tsx';
import {
  EVENT_COLOURS,
  EVENT_KINDS,
  eventsByDay,
  type ShootCalendarEvent,
  shootCalendarEvents,
} from './calendar-events.ts';
import { DayView } from './day-view.tsx';
import { EventModal } from './event-modal.tsx';
import { MonthView } from './month-view.tsx';

type CalendarViewName = 'month' | 'day' | 'agenda';

/** Room the toolbar and legend take above the calendar body. */
const TOOLBAR_HEIGHT = 96;

/** The first day of the month `months` away from `day`'s month. */
function shiftMonth(day: CalendarDay, months: number): CalendarDay {
  return dayjs(`${day.slice(0, 7)}-01`)
    .add(months, 'month')
    .format('YYYY-MM-DD');
}

/**
 * The shoots calendar, a full-page modal: month, day and agenda views, the legend (green Complete,
 * blue Primary, yellow Alternative, grey tentative Availability), about window height / 1.2 tall; an event opens its details.
 */
export function ShootCalendarModal({
  opened,
  onClose,
  shoots,
}: {
  opened: boolean;
  onClose: () => void;
  shoots: readonly ShootView[];
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'el' ? 'el' : 'en';
  const today = shootToday();
  const [view, setView] = useState<CalendarViewName>('month');
  const [date, setDate] = useState<CalendarDay>(today);
  const [openEvent, setOpenEvent] = useState<ShootCalendarEvent | null>(null);
  const { height: windowHeight } = useViewportSize();
  const calendarHeight = Math.round((windowHeight || 800) / BREAKPOINTS.calendarHeightDivisor);
  const bodyHeight = Math.max(calendarHeight - TOOLBAR_HEIGHT, 240);

  const events = useMemo(() => shootCalendarEvents(shoots), [shoots]);
  const byDay = useMemo(() => eventsByDay(events), [events]);
  const month = date.slice(0, 7);

  const step = (direction: 1 | -1) =>
    setDate(view === 'day' ? addDays(date, direction) : shiftMonth(date, direction));
  const title =
    view === 'day'
      ? dayjs(date).locale(locale).format('dddd D MMMM YYYY')
      : dayjs(date).locale(locale).format('MMMM YYYY');

  return (
    <Modal opened={opened} onClose={onClose} fullScreen title={t('shoots.calendar.title')} zIndex={300}>
      <Stack gap="sm" h={calendarHeight} data-testid="shoots-calendar" data-view={view}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setDate(today)}>
              {t('shoots.calendar.today')}
            </Button>
            <Button
              variant="default"
              size="xs"
              onClick={() => step(-1)}
              aria-label={t('shoots.calendar.previous')}
            >
              <IconChevronLeft size={16} />
            </Button>
            <Button
              variant="default"
              size="xs"
              onClick={() => step(1)}
              aria-label={t('shoots.calendar.next')}
            >
              <IconChevronRight size={16} />
            </Button>
            <Text fw={600} tt="capitalize" data-testid="calendar-title">
              {title}
            </Text>
          </Group>
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(value) => setView(value as CalendarViewName)}
            data={[
              { value: 'month', label: t('shoots.calendar.month') },
              { value: 'day', label: t('shoots.calendar.day') },
              { value: 'agenda', label: t('shoots.calendar.agenda') },
            ]}
            data-testid="calendar-view"
          />
        </Group>
        <Group gap="xs" data-testid="calendar-legend">
          {EVENT_KINDS.map((kind) => (
            <Badge
              key={kind}
              color={EVENT_COLOURS[kind]}
              // Tentative entries look like the grid's: light and dashed.
              variant={kind === 'availability' ? 'light' : 'filled'}
              style={kind === 'availability' ? { border: '1px dashed currentColor' } : undefined}
              data-kind={kind}
            >
              {t(`shoots.calendar.kind.${kind}`)}
            </Badge>
          ))}
        </Group>
        {view === 'month' && (
          <MonthView
            date={date}
            today={today}
            byDay={byDay}
            height={bodyHeight}
            onOpenEvent={setOpenEvent}
            onOpenDay={(day) => {
              setDate(day);
              setView('day');
            }}
          />
        )}
        {view === 'day' && (
          <DayView day={date} events={byDay.get(date) ?? []} height={bodyHeight} onOpenEvent={setOpenEvent} />
        )}
        {view === 'agenda' && (
          <AgendaView
            events={events.filter((event) => event.day.slice(0, 7) === month)}
            height={bodyHeight}
            onOpenEvent={setOpenEvent}
          />
        )}
      </Stack>
      <EventModal event={openEvent} onClose={() => setOpenEvent(null)} />
    </Modal>
  );
}
