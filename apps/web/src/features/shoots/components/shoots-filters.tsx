import { REPORT_STATUSES, type ReportStatus, SHOOT_STATUSES, type ShootStatus } from '@ampelos/domain';
import { Button, Chip, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AWAITING_REPORT_STATUSES, type ShootFilters, shootStatusKey } from '../shoot-entries.ts';

interface ShootsFiltersProps {
  filters: ShootFilters;
  onChange: (filters: ShootFilters) => void;
  /** Shoot managers also filter by pending, pending_payment and processing (reports without a shoot). */
  manager: boolean;
}

function FilterGroup({
  label,
  testId,
  selected,
  options,
  onChange,
}: {
  label: string;
  testId: string;
  selected: readonly string[];
  options: { value: string; label: ReactNode }[];
  onChange: (values: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid={testId}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Button
          variant="subtle"
          size="compact-xs"
          disabled={selected.length === 0}
          onClick={() => onChange([])}
          data-testid={`${testId}-clear`}
        >
          {t('shoots.filters.clear')}
        </Button>
      </Group>
      <Chip.Group multiple value={[...selected]} onChange={onChange}>
        <Group gap={6}>
          {options.map((option) => (
            <Chip key={option.value} value={option.value} size="xs" data-value={option.value}>
              {option.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

/** Filters by report status and by shoot status, each with Clear. */
export function ShootsFilters({ filters, onChange, manager }: ShootsFiltersProps) {
  const { t } = useTranslation();
  // A drone crew's shoots only meet the statuses of a report that has a shoot.
  const reportStatuses = REPORT_STATUSES.filter(
    (status) => manager || !AWAITING_REPORT_STATUSES.includes(status),
  );
  // Nor an unassigned shoot: every shoot a crew sees has been assigned to it.
  const shootStatuses = SHOOT_STATUSES.filter((status) => manager || status !== 'unassigned');
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <FilterGroup
        label={t('shoots.filters.reportStatus')}
        testId="shoots-filter-report-status"
        selected={filters.reportStatuses}
        options={reportStatuses.map((status) => ({
          value: status,
          label: t(`shoots.reportStatus.${status}`),
        }))}
        onChange={(values) => onChange({ ...filters, reportStatuses: values as ReportStatus[] })}
      />
      <FilterGroup
        label={t('shoots.filters.shootStatus')}
        testId="shoots-filter-shoot-status"
        selected={filters.shootStatuses}
        options={shootStatuses.map((status) => ({ value: status, label: t(shootStatusKey(status)) }))}
        onChange={(values) => onChange({ ...filters, shootStatuses: values as ShootStatus[] })}
      />
    </SimpleGrid>
  );
}
