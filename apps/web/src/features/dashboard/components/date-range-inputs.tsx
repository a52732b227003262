import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input.tsx';
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
      <DayInput
        label={t('dashboard.from')}
        value={range.from}
        onChange={(from) => from && onChange({ from })}
        data-testid="dashboard-from"
        w={160}
      />
      <DayInput
        label={t('dashboard.to')}
        value={range.to}
        onChange={(to) => to && onChange({ to })}
        error={problem ? translateMessage(problem) : undefined}
        data-testid="dashboard-to"
        w={160}
      />
    </Group>
  );
}
