import { ActionIcon, Badge, Button, Collapse, Group, Paper, Stack, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalendar,
  IconChevronDown,
  IconChevronUp,
  IconList,
  IconListTree,
  IconUserExclamation,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ShootFilters } from '../shoot-entries.ts';
import { ShootsFilters } from './shoots-filters.tsx';

export type ShootsViewMode = 'flat' | 'grouped';

interface ShootsHeaderProps {
  needsAssignment: number;
  filters: ShootFilters;
  onFiltersChange: (filters: ShootFilters) => void;
  /**
   * Shoot managers (admin, operation_admin): the red count, Need Assignment and the report-status
   * filters, which mean nothing to a drone organisation or a pilot (their shoots are assigned).
   */
  manager: boolean;
  view: ShootsViewMode;
  onToggleView: () => void;
  onOpenCalendar: () => void;
  /** Small screens start with the filters folded away. */
  startCollapsed?: boolean;
}

/**
 * The collapsible "Shoots" header: the red count of shoots needing assignment, Need Assignment, the
 * switch between the flat and the grouped list, the calendar, and the filters.
 */
export function ShootsHeader({
  needsAssignment,
  filters,
  onFiltersChange,
  manager,
  view,
  onToggleView,
  onOpenCalendar,
  startCollapsed = false,
}: ShootsHeaderProps) {
  const { t } = useTranslation();
  const [opened, toggle] = useDisclosure(!startCollapsed);
  return (
    <Paper withBorder p="sm" data-testid="shoots-header">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <ActionIcon
            variant="subtle"
            onClick={toggle.toggle}
            aria-expanded={opened}
            aria-label={opened ? t('shoots.header.collapse') : t('shoots.header.expand')}
            data-testid="shoots-header-toggle"
          >
            {opened ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
          </ActionIcon>
          <Title order={2}>{t('nav.shoots')}</Title>
          {manager && (
            <Tooltip label={t('shoots.header.needsAssignmentCount', { count: needsAssignment })}>
              <Badge
                color={needsAssignment > 0 ? 'red' : 'gray'}
                variant={needsAssignment > 0 ? 'filled' : 'light'}
                circle={needsAssignment < 10}
                data-testid="shoots-need-assignment-count"
              >
                {needsAssignment}
              </Badge>
            </Tooltip>
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={view === 'flat' ? <IconListTree size={16} /> : <IconList size={16} />}
            onClick={onToggleView}
            data-testid="shoots-view-toggle"
            data-view={view}
          >
            {view === 'flat' ? t('shoots.header.groupedView') : t('shoots.header.flatView')}
          </Button>
          <Button
            leftSection={<IconCalendar size={16} />}
            onClick={onOpenCalendar}
            data-testid="shoots-calendar-open"
          >
            {t('shoots.header.calendar')}
          </Button>
        </Group>
      </Group>
      <Collapse expanded={opened}>
        <Stack gap="sm" pt="sm">
          {manager && (
            <Button
              variant={filters.needAssignment ? 'filled' : 'light'}
              color="red"
              w="fit-content"
              leftSection={<IconUserExclamation size={16} />}
              onClick={() => onFiltersChange({ ...filters, needAssignment: !filters.needAssignment })}
              aria-pressed={filters.needAssignment}
              data-testid="shoots-need-assignment"
            >
              {t('shoots.header.needAssignment')}
            </Button>
          )}
          <ShootsFilters filters={filters} onChange={onFiltersChange} manager={manager} />
        </Stack>
      </Collapse>
    </Paper>
  );
}
