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
      // Short labels that are never cut: the title beside them wraps instead. In a cell narrower than
      // the label (Greek "Ανάθεση σε χειριστή" on a phone) the label wraps inside the badge.
      style={{ flexShrink: 0, maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)' }}
      styles={{ label: { overflow: 'visible', whiteSpace: 'normal', textAlign: 'center' } }}
      data-testid={testId}
      data-status={typeof status === 'string' ? status : undefined}
    >
      {t(shootStatusKey(status))}
    </Badge>
  );
}
