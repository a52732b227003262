import { Anchor, Badge, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHectares } from '../../../components/map/index.ts';
import { formatDay, formatDayRange } from '../../../lib/days.ts';
import { fieldLocationText } from '../field-location.ts';
import { durationParts, EVENT_COLOURS, mapsLink, type ShootCalendarEvent } from './calendar-events.ts';

/** An event's details: field, dates, length, and a maps link to the field's centre. */
export function EventModal({ event, onClose }: { event: ShootCalendarEvent | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const shoot = event?.shoot;
  const field = shoot?.field ?? null;
  const rows: [string, ReactNode][] = [];
  if (event && shoot) {
    rows.push([
      t('shoots.detail.location'),
      fieldLocationText(field, t('shoots.detail.unknownLocation'), i18n.language),
    ]);
    rows.push([t('shoots.calendar.date'), formatDay(event.day)]);
    rows.push([t('shoots.calendar.length'), t('shoots.calendar.duration', durationParts(event.hours))]);
    if (field) rows.push([t('shoots.detail.hectares'), formatHectares(field.area)]);
    if (shoot.shootDays) {
      rows.push([t('shoots.detail.confirmed'), formatDayRange(shoot.shootDays.confirmed)]);
      rows.push([t('shoots.detail.alternative'), formatDayRange(shoot.shootDays.alternative)]);
      rows.push([t('shoots.detail.final'), formatDay(shoot.shootDays.final) || t('shoots.detail.notYet')]);
    } else if (shoot.dateRange) {
      // No dates confirmed yet: the client's availability is what the entry stands for.
      rows.push([t('shoots.detail.availability'), formatDayRange(shoot.dateRange)]);
      rows.push([t('shoots.detail.confirmed'), t('shoots.detail.notYet')]);
    }
    rows.push([t('shoots.detail.owner'), `${shoot.owner.firstName} ${shoot.owner.lastName}`]);
  }
  return (
    <Modal
      opened={event !== null}
      onClose={onClose}
      title={event?.title ?? ''}
      centered
      zIndex={400}
      data-testid="calendar-event-modal"
    >
      {event && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color={EVENT_COLOURS[event.kind]}>{t(`shoots.calendar.kind.${event.kind}`)}</Badge>
          </Group>
          <Table variant="vertical" withTableBorder={false}>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w="45%">{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {field ? (
            <Anchor
              href={mapsLink(field.centroid)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="calendar-event-maps-link"
            >
              <Group gap={4}>
                <IconExternalLink size={16} />
                {t('shoots.calendar.openMaps')}
              </Group>
            </Anchor>
          ) : (
            <Text c="dimmed">{t('shoots.detail.fieldDeleted')}</Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
