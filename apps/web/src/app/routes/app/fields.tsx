import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ReportDataPanel } from '../../../features/datasets/components/report-data-panel.tsx';
import { FieldsScreen } from '../../../features/fields/components/fields-screen.tsx';
import { NewFieldPage } from '../../../features/fields/components/new-field-page.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';

/** The field page, with the selected report's data panel (upload, progress, results) composed in. */
export function FieldsRoute() {
  return (
    <FieldsScreen
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
