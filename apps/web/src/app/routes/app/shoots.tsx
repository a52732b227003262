import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ReportDataPanel } from '../../../features/datasets/components/report-data-panel.tsx';
import { ShootsScreen } from '../../../features/shoots/components/shoots-screen.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';

/**
 * `/shoots` for whoever reads Shoots (the side menu shows it to them only); others go home. The
 * selected shoot shows its report's data panel: the assigned pilot or organisation uploads the
 * flight's photos there ("Upload Data"), staff follow the processing.
 */
export function ShootsRoute() {
  const authorization = useAuthorization();
  if (!authorization.can('read', 'Shoots')) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <ShootsScreen
      reportPanel={(shoot) => <ReportDataPanel key={shoot.report.uuid} reportUuid={shoot.report.uuid} />}
    />
  );
}
