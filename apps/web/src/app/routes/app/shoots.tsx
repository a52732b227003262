import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ShootsScreen } from '../../../features/shoots/components/shoots-screen.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';

/** `/shoots` for whoever reads Shoots (the side menu shows it to them only); others go home. */
export function ShootsRoute() {
  const authorization = useAuthorization();
  if (!authorization.can('read', 'Shoots')) return <Navigate to={paths.home.getHref()} replace />;
  return <ShootsScreen />;
}
