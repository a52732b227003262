import type { AnalyticsOverview } from '@ampelos/domain';
import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/download.ts';
import { DASHBOARD_TABLES, type DashboardTable, dashboardCsvFile } from '../dashboard-csv.ts';

/** CSV export of the dashboard's tables, one file each, for the range on screen. */
export function ExportMenu({ overview }: { overview: AnalyticsOverview | undefined }) {
  const { t } = useTranslation();
  const save = (table: DashboardTable) => {
    if (!overview) return;
    const file = dashboardCsvFile(table, overview, t);
    saveBlob(new Blob([file.content], { type: 'text/csv;charset=utf-8' }), file.name);
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={!overview}
          data-testid="dashboard-export-csv"
        >
          {t('dashboard.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {DASHBOARD_TABLES.map((table) => (
          <Menu.Item key={table} onClick={() => save(table)} data-testid={`dashboard-export-${table}`}>
            {t(`dashboard.export.tables.${table}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
