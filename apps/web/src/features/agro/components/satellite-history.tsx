import 'dayjs/locale/el';
import { SATELLITE_INDICES, type SatelliteIndex, TIMERS_MS } from '@ampelos/domain';
import { Box, Group, Loader, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import type { SatelliteDay } from '../satellite-days.ts';

// The charts library is large: fetched only when a field has satellite days to draw.
const SatelliteGraphs = lazy(async () => ({
  default: (await import('./satellite-graphs.tsx')).SatelliteGraphs,
}));

export interface SatelliteHistoryProps {
  days: readonly SatelliteDay[];
  /** The index image over the field for a date, where the source can draw one. */
  indexImage?: (day: SatelliteDay, index: SatelliteIndex) => ReactNode;
}

/**
 * The satellite history (spec sections 2 and 4): a calendar of the dates with imagery, the index
 * choice (NDWI, EVI2, NDVI), the chosen date's statistics and image, and the graphs over time.
 * Picking a date without the chosen index flashes a hint for 1.6 s.
 */
export function SatelliteHistory({ days, indexImage }: SatelliteHistoryProps) {
  const { t, i18n } = useTranslation();
  const [index, setIndex] = useState<SatelliteIndex>('ndvi');
  const byDay = useMemo(() => new Map(days.map((day) => [day.day, day])), [days]);
  const latestWithIndex = [...days].reverse().find((day) => day.indices.includes(index));
  const [picked, setPicked] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const selected = byDay.get(picked ?? latestWithIndex?.day ?? '') ?? null;
  const pick = (date: string) => {
    const day = byDay.get(date);
    if (!day?.indices.includes(index)) {
      clearTimeout(timer.current ?? undefined);
      setHint(date);
      timer.current = setTimeout(() => setHint(null), TIMERS_MS.satelliteHint);
      return;
    }
    setHint(null);
    setPicked(date);
  };
  const stats = selected?.stats[index];
  const label = t(`agro.satellite.indices.${index}`);

  return (
    <Stack gap="sm" data-testid="satellite-history">
      <SegmentedControl
        value={index}
        onChange={(value) => setIndex(value as SatelliteIndex)}
        data={SATELLITE_INDICES.map((value) => ({ value, label: t(`agro.satellite.indices.${value}`) }))}
        data-testid="satellite-index"
      />
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Calendar
          key={days.at(-1)?.day ?? 'none'}
          defaultDate={days.at(-1)?.day}
          // Month and weekday names in the interface language.
          locale={i18n.language === 'el' ? 'el' : 'en'}
          size="sm"
          getDayProps={(date) => {
            const day = byDay.get(date);
            const has = day?.indices.includes(index) ?? false;
            return {
              selected: selected?.day === date && has,
              onClick: () => pick(date),
              'data-imagery': day ? (has ? 'index' : 'no-index') : undefined,
              style: day
                ? {
                    fontWeight: 700,
                    textDecoration: has ? 'underline' : 'line-through',
                    color: has ? undefined : 'var(--mantine-color-dimmed)',
                  }
                : undefined,
            };
          }}
          data-testid="satellite-calendar"
        />
        <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
          {hint && (
            <Text size="sm" c="orange.8" role="status" data-testid="satellite-hint">
              {t('agro.satellite.hint', { index: label })}
            </Text>
          )}
          {selected && stats ? (
            <>
              <Text size="sm" fw={600} data-testid="satellite-selected-day">
                {formatDate(`${selected.day}T12:00:00Z`)} · {label}
              </Text>
              <Table variant="vertical" withTableBorder={false} data-testid="satellite-stats">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th>{t('agro.satellite.min')}</Table.Th>
                    <Table.Td data-testid="satellite-min">{stats.min.toFixed(3)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('agro.satellite.mean')}</Table.Th>
                    <Table.Td data-testid="satellite-mean">{stats.mean.toFixed(3)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('agro.satellite.max')}</Table.Th>
                    <Table.Td data-testid="satellite-max">{stats.max.toFixed(3)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('agro.satellite.clouds')}</Table.Th>
                    <Table.Td>{selected.cl.toFixed(0)} %</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('agro.satellite.coverage')}</Table.Th>
                    <Table.Td>{selected.dc.toFixed(0)} %</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              {indexImage && <Box>{indexImage(selected, index)}</Box>}
            </>
          ) : (
            <Text size="sm" c="dimmed" data-testid="satellite-no-stats">
              {selected ? t('agro.satellite.noStats') : t('agro.satellite.pick')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('agro.satellite.legend', { count: days.length })}
          </Text>
        </Stack>
      </Group>
      <Suspense fallback={<Loader size="sm" />}>
        <SatelliteGraphs days={days} index={index} />
      </Suspense>
    </Stack>
  );
}
