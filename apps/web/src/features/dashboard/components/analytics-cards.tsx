import type { AnalyticsOverview } from '@ampelos/domain';
import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingStore,
  IconDrone,
  IconMap2,
  IconPhoto,
  IconPlant2,
  IconReceipt,
  IconReportAnalytics,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDecimal } from '../chart-labels.ts';

function FigureCard({
  id,
  label,
  value,
  hint,
  icon,
  color,
}: {
  id: string;
  label: string;
  value: string;
  hint?: string;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={`analytics-card-${id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} data-testid="analytics-card-value">
            {value}
          </Text>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size={38} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

const ICON = { size: 22, stroke: 1.6 };

/** The analytics panel (spec section 3): all-time figures, one card each. */
export function AnalyticsCards({ overview }: { overview: AnalyticsOverview }) {
  const { t } = useTranslation();
  const { reports, fields, companies, orders } = overview;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="analytics-cards">
      <FigureCard
        id="fields"
        label={t('dashboard.cards.fields')}
        value={formatCount(fields.totalNumOfFields)}
        hint={t('dashboard.cards.hectares', { value: formatDecimal(fields.totalHectares) })}
        icon={<IconMap2 {...ICON} />}
        color="green"
      />
      <FigureCard
        id="fields-with-shoots"
        label={t('dashboard.cards.fieldsWithShoots')}
        value={formatCount(fields.totalNumOfFieldsWithShoots)}
        hint={t('dashboard.cards.hectares', { value: formatDecimal(fields.totalHectaresWithShoots) })}
        icon={<IconDrone {...ICON} />}
        color="teal"
      />
      <FigureCard
        id="reports"
        label={t('dashboard.cards.reports')}
        value={formatCount(reports.services.e2e + reports.services.manual)}
        hint={t('dashboard.cards.reportsHint', {
          e2e: formatCount(reports.services.e2e),
          manual: formatCount(reports.services.manual),
        })}
        icon={<IconReportAnalytics {...ICON} />}
        color="blue"
      />
      <FigureCard
        id="orders"
        label={t('dashboard.cards.orders')}
        value={formatCount(orders.total)}
        hint={t('dashboard.cards.ordersHint', {
          wire: formatCount(orders.byPaymentMethod.wire_transfer),
          card: formatCount(orders.byPaymentMethod.card + orders.byPaymentMethod.stripe),
        })}
        icon={<IconReceipt {...ICON} />}
        color="grape"
      />
      <FigureCard
        id="images"
        label={t('dashboard.cards.images')}
        value={formatCount(reports.numOfInputImgs)}
        hint={t('dashboard.cards.imagesHint', { output: formatCount(reports.numOfOutputImgs) })}
        icon={<IconPhoto {...ICON} />}
        color="cyan"
      />
      <FigureCard
        id="stressed-points"
        label={t('dashboard.cards.stressedPoints')}
        value={formatCount(reports.totalStressedPoints)}
        icon={<IconPlant2 {...ICON} />}
        color="yellow"
      />
      <FigureCard
        id="companies"
        label={t('dashboard.cards.companies')}
        value={formatCount(companies.totalNum)}
        icon={<IconBuildingStore {...ICON} />}
        color="orange"
      />
    </SimpleGrid>
  );
}
