import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { NewFieldPage } from '../../../features/fields/components/new-field-page.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';

/** `/fields/new` needs the create Field permission; others go back to the list. */
export function NewFieldRoute() {
  const authorization = useAuthorization();
  if (!authorization.can('create', 'Field')) return <Navigate to={paths.fields.getHref()} replace />;
  return <NewFieldPage />;
}
