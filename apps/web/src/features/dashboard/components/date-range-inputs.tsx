import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n.ts';
import type { ChartRange } from '../api/get-analytics-overview.ts';

/** The two date inputs of the charts (spec section 2); an impossible range is shown on the end date. */
export function DateRangeInputs({
  range,
  problem,
  onChange,
}: {
  range: ChartRange;
  problem: string | null;
  /** Only the day that changed. */
  onChange: (range: Partial<ChartRange>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        type="date"
        label={t('dashboard.from')}
        value={range.from}
        max={range.to}
        onChange={(event) => event.currentTarget.value && onChange({ from: event.currentTarget.value })}
        data-testid="dashboard-from"
        w={160}
      />
      <TextInput
        type="date"
        label={t('dashboard.to')}
        value={range.to}
        min={range.from}
        onChange={(event) => event.currentTarget.value && onChange({ to: event.currentTarget.value })}
        error={problem ? translateMessage(problem) : undefined}
        data-testid="dashboard-to"
        w={160}
      />
    </Group>
  );
}
