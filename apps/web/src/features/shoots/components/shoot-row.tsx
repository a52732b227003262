import { Box, Indicator, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconDrone, IconFileTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatDayRange } from '../../../lib/days.ts';
import { entryReportStatus, entryReportUuid, type ShootEntry } from '../shoot-entries.ts';
import { ShootStatusLabel } from './shoot-status-label.tsx';
import classes from './shoots.module.css';

interface ShootRowProps {
  entry: ShootEntry;
  active: boolean;
  onSelect: (entry: ShootEntry) => void;
  /** The grouped view already names the owner and field above the row. */
  compact?: boolean;
}

/** The dates a row shows: the final day, else the confirmed range, else the client's availability. */
function rowDates(entry: ShootEntry): string {
  if (entry.kind !== 'shoot') return '';
  const { shootDays, dateRange } = entry.shoot;
  if (shootDays?.final) return formatDay(shootDays.final);
  if (shootDays) return formatDayRange(shootDays.confirmed);
  return formatDayRange(dateRange);
}

/** One list row: field, owner, dates and the shoot status label (or the report status for a report without a shoot). */
export function ShootRow({ entry, active, onSelect, compact }: ShootRowProps) {
  const { t } = useTranslation();
  const needsAssignment = entry.kind === 'shoot' && entry.shoot.needsAssignment;
  const title = entry.field?.title ?? t('shoots.detail.fieldDeleted');
  const owner = `${entry.owner.firstName} ${entry.owner.lastName}`;
  const dates = rowDates(entry);
  return (
    <UnstyledButton
      className={classes.row}
      data-active={active || undefined}
      aria-current={active ? 'true' : undefined}
      onClick={() => onSelect(entry)}
      data-testid="shoot-row"
      data-uuid={entry.key}
      data-kind={entry.kind}
      data-needs-assignment={needsAssignment || undefined}
    >
      <Indicator color="red" size={10} disabled={!needsAssignment} offset={4}>
        <ThemeIcon variant="light" size={36} radius="md" color={entry.kind === 'shoot' ? 'grape' : 'gray'}>
          {entry.kind === 'shoot' ? <IconDrone size={20} /> : <IconFileTime size={20} />}
        </ThemeIcon>
      </Indicator>
      <Box style={{ flex: 1, minWidth: 0 }}>
        {/* Whole names, wrapped: the status beside them takes its room on a phone. */}
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {compact ? `#${entryReportUuid(entry).slice(0, 4)}` : title}
        </Text>
        {!compact && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {entry.owner.company ? `${entry.owner.company.title} · ${owner}` : owner}
          </Text>
        )}
        {(dates || !compact) && (
          // Wraps rather than cuts: beside a long Greek status on a phone the days would lose their end.
          <Text size="xs" c="dimmed">
            {compact ? dates : [`#${entryReportUuid(entry).slice(0, 4)}`, dates].filter(Boolean).join(' · ')}
          </Text>
        )}
      </Box>
      <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
        {entry.kind === 'shoot' ? (
          <ShootStatusLabel status={entry.shoot.status} />
        ) : (
          <Text size="xs" c="dimmed" ta="right">
            {t(`shoots.reportStatus.${entryReportStatus(entry)}`)}
          </Text>
        )}
      </Stack>
    </UnstyledButton>
  );
}
