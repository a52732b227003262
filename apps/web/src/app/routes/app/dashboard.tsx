import { Stack } from '@mantine/core';
import { AuditLog } from '../../../features/audit/components/audit-log.tsx';
import { SettingsArea } from '../../../features/console/components/settings-area.tsx';
import { DashboardScreen } from '../../../features/dashboard/components/dashboard-screen.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';

/**
 * `/dashboard` (admin only, by the router's guard and on the server): the figures, the audit log, and
 * the collapsible Settings (Agro, Deploy, Chat).
 */
export function DashboardRoute() {
  const authorization = useAuthorization();
  return (
    <Stack gap="lg">
      <DashboardScreen />
      {authorization.can('read', 'Audit') && <AuditLog />}
      <SettingsArea />
    </Stack>
  );
}
