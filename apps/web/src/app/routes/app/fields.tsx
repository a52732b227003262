import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AgroCards } from '../../../features/agro/components/agro-cards.tsx';
import { ReportAgroHistory } from '../../../features/agro/components/report-agro-history.tsx';
import { BulkReportsButton } from '../../../features/cart/components/bulk-reports-button.tsx';
import { ChooseServiceButton } from '../../../features/cart/components/choose-service-button.tsx';
import { useReportData } from '../../../features/datasets/api/get-report-data.ts';
import { ReportDataPanel } from '../../../features/datasets/components/report-data-panel.tsx';
import { useFields } from '../../../features/fields/api/get-fields.ts';
import { FieldsScreen } from '../../../features/fields/components/fields-screen.tsx';
import { NewFieldPage } from '../../../features/fields/components/new-field-page.tsx';
import { ReportPanel } from '../../../features/reports/components/report-panel.tsx';
import { reportName, shootOfReport } from '../../../features/reports/report-rules.ts';
import { ResultsButton } from '../../../features/results/components/results-button.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { formatDate } from '../../../lib/format.ts';

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
              agroHistory={<ReportAgroHistory reportUuid={report.uuid} field={field} />}
            />
          </>
        );
      }}
      reportPanel={(reportUuid) => <ReportDataPanel key={reportUuid} reportUuid={reportUuid} />}
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

/** `/fields/new` needs the create Field permission; others go back to the list. */
export function NewFieldRoute() {
  const authorization = useAuthorization();
  if (!authorization.can('create', 'Field')) return <Navigate to={paths.fields.getHref()} replace />;
  return <NewFieldPage />;
}
