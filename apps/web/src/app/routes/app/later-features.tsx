import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyPage } from '../../../components/empty-page.tsx';

/**
 * Screens whose features arrive later: a real heading and the spec's empty text, never fake data.
 * Each is replaced by its feature module when that feature lands.
 */
const ICON = { size: 36, stroke: 1.5 };

export function DashboardRoute() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      title={t('nav.dashboard')}
      emptyText={t('later.dashboardEmpty')}
      description={t('later.dashboardNote')}
      icon={<IconChartBar {...ICON} />}
    />
  );
}
