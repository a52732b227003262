import {
  DOWNY_MILDEW_RULE,
  downyMildewRisk,
  SHOOTS_10CM_GDD_ESTIMATE,
  type ShootLengthAnswer,
  type ViticultureSummary,
  WINKLER_REGIONS,
} from '@ampelos/domain';
import { Badge, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useViticulture } from '../api/get-viticulture.ts';
import { AgroCard } from './agro-card.tsx';

const day = (value: string) => formatDate(`${value}T12:00:00Z`);

/** The field page's viticulture indicators for the season (GET /api/agro/viticulture). */
export function ViticultureCard({ fieldUuid }: { fieldUuid: string }) {
  const { t } = useTranslation();
  const query = useViticulture(fieldUuid);
  const data = query.data ?? null;
  return (
    <AgroCard
      title={t('agro.viticulture.title')}
      loading={query.isPending}
      available={data !== null && data.days.length > 0}
      testId="viticulture-card"
    >
      {data && (
        <Stack gap="xs">
          <ViticultureIndicators summary={data} />
          <Text size="xs" c="dimmed">
            {data.source === 'report-file'
              ? t('agro.viticulture.sourceReport')
              : t('agro.viticulture.sourceProvider', { provider: data.source })}
          </Text>
        </Stack>
      )}
    </AgroCard>
  );
}

/**
 * Degree days, the Winkler index and region, and the downy mildew 3-10 rule with its explanation.
 * The grower may say whether the shoots have reached 10 cm; until then the degree-day estimate holds.
 */
export function ViticultureIndicators({ summary }: { summary: ViticultureSummary }) {
  const { t } = useTranslation();
  const [shoots, setShoots] = useState<ShootLengthAnswer>('estimate');
  const risk = useMemo(
    () =>
      shoots === 'estimate' ? summary.downyMildew : downyMildewRisk(summary.days, summary.season, shoots),
    [shoots, summary],
  );
  const { season } = summary;
  const region = WINKLER_REGIONS.find((r) => r.region === summary.winklerRegion);
  const latest = risk.latest;
  return (
    <Stack gap="sm" data-testid="viticulture-indicators">
      <Text size="sm">
        {t('agro.viticulture.season', { start: day(season.start), end: day(season.end) })}{' '}
        {season.complete
          ? t('agro.viticulture.complete')
          : season.lastDay
            ? t('agro.viticulture.soFar', { day: day(season.lastDay) })
            : ''}
      </Text>
      <Table variant="vertical" withTableBorder={false}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>{season.complete ? t('agro.viticulture.winkler') : t('agro.viticulture.gdd')}</Table.Th>
            <Table.Td data-testid="viticulture-gdd">
              {t('agro.viticulture.degreeDays', { value: summary.gdd.toFixed(0) })}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('agro.viticulture.region')}</Table.Th>
            <Table.Td data-testid="viticulture-region">
              {region
                ? t('agro.viticulture.regionName', {
                    region: region.region,
                    min: region.min,
                    max: region.max,
                  })
                : t(`agro.viticulture.${summary.winklerRegion === 'too-hot' ? 'tooHot' : 'tooCool'}`)}
              {!season.complete && ` ${t('agro.viticulture.regionSoFar')}`}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('agro.viticulture.downyMildew')}
        </Text>
        <Badge color={latest?.met ? 'red' : 'green'} data-testid="downy-mildew-status">
          {latest?.met ? t('agro.viticulture.ruleMet') : t('agro.viticulture.ruleNotMet')}
        </Badge>
      </Group>
      {latest && (
        <Text size="sm" data-testid="downy-mildew-latest">
          {t('agro.viticulture.latest', {
            day: day(latest.day),
            temp: latest.meanTempC.toFixed(1),
            rain: latest.rainMm.toFixed(1),
          })}
        </Text>
      )}
      <Stack gap={4}>
        <Text size="xs">{t('agro.viticulture.shootsQuestion')}</Text>
        <SegmentedControl
          size="xs"
          value={shoots}
          onChange={(value) => setShoots(value as ShootLengthAnswer)}
          data={[
            { value: 'estimate', label: t('agro.viticulture.shootsEstimate') },
            { value: 'yes', label: t('agro.viticulture.shootsYes') },
            { value: 'no', label: t('agro.viticulture.shootsNo') },
          ]}
          data-testid="downy-mildew-shoots"
        />
        {shoots === 'estimate' && (
          <Text size="xs" c="dimmed" data-testid="downy-mildew-assumption">
            {risk.shootsFrom
              ? t('agro.viticulture.assumedSince', {
                  day: day(risk.shootsFrom),
                  gdd: SHOOTS_10CM_GDD_ESTIMATE,
                })
              : t('agro.viticulture.assumedNotYet', { gdd: SHOOTS_10CM_GDD_ESTIMATE })}
          </Text>
        )}
      </Stack>
      {risk.metDays.length > 0 && (
        <Text size="sm" data-testid="downy-mildew-met-days">
          {t('agro.viticulture.metDays', {
            count: risk.metDays.length,
            days: risk.metDays.slice(0, 3).map(day).join(', '),
          })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('agro.viticulture.ruleExplanation', {
          temp: DOWNY_MILDEW_RULE.minMeanTempC,
          rain: DOWNY_MILDEW_RULE.minRainMm,
          shoot: DOWNY_MILDEW_RULE.minShootCm,
        })}
      </Text>
    </Stack>
  );
}
