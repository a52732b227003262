import type { CalendarDay } from '@ampelos/domain';
import { ScrollArea, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CalendarEventButton } from './calendar-event-button.tsx';
import { durationParts, type ShootCalendarEvent } from './calendar-events.ts';

/** The month's events as a list: date, shoot, kind, length. */
export function AgendaView({
  events,
  height,
  onOpenEvent,
}: {
  events: readonly ShootCalendarEvent[];
  height: number;
  onOpenEvent: (event: ShootCalendarEvent) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'el' ? 'el' : 'en';
  const label = (day: CalendarDay) => dayjs(day).locale(locale).format('dd DD/MM');
  return (
    <ScrollArea h={height} data-testid="calendar-agenda">
      {events.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('shoots.calendar.noEvents')}
        </Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('shoots.calendar.date')}</Table.Th>
              <Table.Th>{t('shoots.calendar.shoot')}</Table.Th>
              <Table.Th>{t('shoots.calendar.length')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{label(event.day)}</Table.Td>
                <Table.Td>
                  <CalendarEventButton event={event} onOpen={onOpenEvent}>
                    {event.title} · {t(`shoots.calendar.kind.${event.kind}`)}
                  </CalendarEventButton>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {t('shoots.calendar.duration', durationParts(event.hours))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ScrollArea>
  );
}
