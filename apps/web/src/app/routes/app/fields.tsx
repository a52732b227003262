import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { BulkReportsButton } from '../../../features/cart/components/bulk-reports-button.tsx';
import { ChooseServiceButton } from '../../../features/cart/components/choose-service-button.tsx';
import { ReportDataPanel } from '../../../features/datasets/components/report-data-panel.tsx';
import { useFields } from '../../../features/fields/api/get-fields.ts';
import { FieldsScreen } from '../../../features/fields/components/fields-screen.tsx';
import { NewFieldPage } from '../../../features/fields/components/new-field-page.tsx';
import { ReportPanel } from '../../../features/reports/components/report-panel.tsx';
import { shootOfReport } from '../../../features/reports/report-rules.ts';
import { useAuthorization } from '../../../lib/authorization.ts';

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
      reportArea={(_field, report) =>
        report && <ReportPanel report={report} shoot={shootOfReport(fields.data?.shootData, report.uuid)} />
      }
      reportPanel={(reportUuid) => <ReportDataPanel key={reportUuid} reportUuid={reportUuid} />}
    />
  );
}

/** `/fields/new` needs the create Field permission; others go back to the list. */
export function NewFieldRoute() {
  const authorization = useAuthorization();
  if (!authorization.can('create', 'Field')) return <Navigate to={paths.fields.getHref()} replace />;
  return <NewFieldPage />;
}
