import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shootStatusColour, shootStatusKey } from '../shoot-entries.ts';

/** Unassigned, Assigned DA, Assigned DO, Confirmed, Complete (spec section 4). */
export function ShootStatusLabel({ status, testId }: { status: unknown; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={shootStatusColour(status)}
      variant="light"
      // Short labels that are never cut: the title beside them wraps instead.
      style={{ flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
      data-testid={testId}
      data-status={typeof status === 'string' ? status : undefined}
    >
      {t(shootStatusKey(status))}
    </Badge>
  );
}
