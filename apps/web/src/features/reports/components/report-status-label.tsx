import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reportStatusColour, reportStatusKey } from '../report-rules.ts';

/** A report's status label (spec section 4); anything unrecognised reads "Unknown Status". */
export function ReportStatusLabel({ status }: { status: unknown }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={reportStatusColour(status)}
      variant="light"
      data-testid="report-status-label"
      data-status={typeof status === 'string' ? status : undefined}
    >
      {t(reportStatusKey(status))}
    </Badge>
  );
}
