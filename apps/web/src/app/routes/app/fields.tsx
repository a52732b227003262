import { Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { AgroCards } from '../../../features/agro/components/agro-cards.tsx';
import { BulkReportsButton } from '../../../features/cart/components/bulk-reports-button.tsx';
import { ChooseServiceButton } from '../../../features/cart/components/choose-service-button.tsx';
import { useReportData } from '../../../features/datasets/api/get-report-data.ts';
import { useFields } from '../../../features/fields/api/get-fields.ts';
import { FieldsScreen } from '../../../features/fields/components/fields-screen.tsx';
import { ReportPanel } from '../../../features/reports/components/report-panel.tsx';
import { reportName, shootOfReport } from '../../../features/reports/report-rules.ts';
import { ResultsButton } from '../../../features/results/components/results-button.tsx';
import { formatDate } from '../../../lib/format.ts';

// Upload, processing and its progress (tus, date pickers): fetched when a report is chosen.
const ReportDataPanel = lazy(async () => ({
  default: (await import('../../../features/datasets/components/report-data-panel.tsx')).ReportDataPanel,
}));

// Shown inside the results (with its charts): fetched when results are opened, not with the list.
const ReportAgroHistory = lazy(async () => ({
  default: (await import('../../../features/agro/components/report-agro-history.tsx')).ReportAgroHistory,
}));

/**
 * The fields screen with the cart's "Choose Service" and "Add multiple reports", and the reports
 * feature's area (status, Schedule Shoot) and the datasets feature's panel (upload, processing,
 * results) for the report chosen in a field's picker.
 */
export function FieldsRoute() {
  const fields = useFields();
  return (
    <FieldsScreen
      serviceAction={(field) => <ChooseServiceButton field={field} />}
      headerActions={
        fields.data && fields.data.data.length > 0 && <BulkReportsButton fields={fields.data.data} />
      }
      reportArea={(field, report) => {
        if (!report) return null;
        const shoot = shootOfReport(fields.data?.shootData, report.uuid);
        const name = reportName(report, shoot);
        return (
          <>
            <ReportPanel report={report} shoot={shoot} />
            <ResultsEntry
              reportUuid={report.uuid}
              complete={report.status === 'complete'}
              reportName={name.kind === 'date' ? formatDate(name.date, 'short') : name.text}
              agroHistory={
                <Suspense fallback={<Loader size="sm" />}>
                  <ReportAgroHistory reportUuid={report.uuid} field={field} />
                </Suspense>
              }
            />
          </>
        );
      }}
      reportPanel={(reportUuid) => (
        <Suspense fallback={<Loader size="sm" />}>
          <ReportDataPanel key={reportUuid} reportUuid={reportUuid} />
        </Suspense>
      )}
      agroCards={(field) => <AgroCards field={field} />}
    />
  );
}

/**
 * "Open results" once the report is complete: by the field list, or by the data panel's polling
 * (same query), so the button appears the moment the analysis finishes, without a reload; the
 * field list is then refreshed for the report's new status and name.
 */
function ResultsEntry({
  reportUuid,
  complete,
  reportName,
  agroHistory,
}: {
  reportUuid: string;
  complete: boolean;
  reportName: string;
  agroHistory: ReactNode;
}) {
  const data = useReportData(reportUuid);
  const queryClient = useQueryClient();
  const completedMeanwhile = !complete && data.data?.report.status === 'complete';
  useEffect(() => {
    // The field list still has the old status (label, name): refresh it.
    if (completedMeanwhile) void queryClient.invalidateQueries({ queryKey: ['fields'] });
  }, [completedMeanwhile, queryClient]);
  if (!complete && !completedMeanwhile) return null;
  return <ResultsButton reportUuid={reportUuid} reportName={reportName} agroHistory={agroHistory} />;
}
