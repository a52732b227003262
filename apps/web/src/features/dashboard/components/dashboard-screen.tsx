import { analyticsRangeProblem, defaultAnalyticsRange, isCalendarDay } from '@ampelos/domain';
import { Alert, Button, Center, Grid, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ChartRange, useAnalyticsOverview } from '../api/get-analytics-overview.ts';
import { AnalyticsCards } from './analytics-cards.tsx';
import { DateRangeInputs } from './date-range-inputs.tsx';
import { ExportMenu } from './export-menu.tsx';
import { FieldsMapPanel } from './fields-map-panel.tsx';
import { GrowthChart } from './growth-chart.tsx';
import { MaintenanceSwitch } from './maintenance-switch.tsx';
import { OrdersChart } from './orders-chart.tsx';
import { ShootsDonut } from './shoots-donut.tsx';

/** The chart range lives in the URL (`?from=&to=`), the last seven months when absent. */
function useChartRange(): [ChartRange, (change: Partial<ChartRange>) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = useMemo(() => defaultAnalyticsRange(new Date()), []);
  const day = (name: string, otherwise: string) => {
    const value = params.get(name);
    return isCalendarDay(value) ? value : otherwise;
  };
  const range = { from: day('from', fallback.from), to: day('to', fallback.to) };
  // The range last written and not yet in the URL: the router's own updater sees the params of the
  // last render, so a second edit before the first navigation lands would undo the first.
  // Cleared only once a render showing it is committed (a transition's render may be thrown away).
  const unsettled = useRef<ChartRange | null>(null);
  useEffect(() => {
    if (unsettled.current?.from === range.from && unsettled.current.to === range.to) unsettled.current = null;
  }, [range.from, range.to]);
  const setRange = (change: Partial<ChartRange>) => {
    const next = { ...(unsettled.current ?? range), ...change };
    unsettled.current = next;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('from', next.from);
        updated.set('to', next.to);
        return updated;
      },
      { replace: true },
    );
  };
  return [range, setRange];
}

/** The analytics part of `/dashboard`: figures, growth and orders charts, shoot statuses, fields map. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const [range, setRange] = useChartRange();
  const problem = analyticsRangeProblem(range.from, range.to);
  const overview = useAnalyticsOverview(range, problem === null);

  let figures = null;
  if (overview.isPending && problem === null) {
    figures = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (overview.isError) {
    figures = (
      <Stack>
        <Alert color="red" data-testid="dashboard-error">
          {t('dashboard.loadError')}
        </Alert>
        <Button variant="default" w="fit-content" onClick={() => void overview.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  } else if (overview.data) {
    const data = overview.data;
    figures = (
      <Stack
        style={{ opacity: overview.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        data-testid="dashboard-figures"
        data-range={`${data.range.from}_${data.range.to}`}
      >
        <AnalyticsCards overview={data} />
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <GrowthChart weeks={data.growth} />
          <OrdersChart months={data.monthlyOrders} />
        </SimpleGrid>
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ShootsDonut statuses={data.shootStatuses} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <FieldsMapPanel />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }

  return (
    <Stack data-testid="dashboard" data-loading={overview.isFetching || undefined}>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('nav.dashboard')}</Title>
        <Group align="flex-end">
          <DateRangeInputs range={range} problem={problem} onChange={setRange} />
          <ExportMenu overview={overview.data} />
        </Group>
      </Group>
      <MaintenanceSwitch />
      {figures}
    </Stack>
  );
}
