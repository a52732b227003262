import { Paper, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useSetMaintenance } from '../api/set-maintenance.ts';

/** The administrator's maintenance switch (the configuration's maintenance can only end there). */
export function MaintenanceSwitch() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const change = useSetMaintenance();
  const state = config.data?.maintenance;
  const fromConfig = state?.source === 'config';
  return (
    <Paper withBorder p="sm" data-testid="maintenance-switch-card">
      <Stack gap={4}>
        <Switch
          label={t('maintenance.switchLabel')}
          checked={state?.on === true}
          disabled={!state || fromConfig || change.isPending}
          onChange={(event) => change.mutate(event.currentTarget.checked)}
          data-testid="maintenance-switch"
        />
        <Text size="xs" c="dimmed">
          {fromConfig ? t('maintenance.fromConfig') : t('maintenance.switchHelp')}
        </Text>
      </Stack>
    </Paper>
  );
}
