import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { FieldsScreen } from '../../../features/fields/components/fields-screen.tsx';
import { NewFieldPage } from '../../../features/fields/components/new-field-page.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';

export function FieldsRoute() {
  return <FieldsScreen />;
}

/** `/fields/new` needs the create Field permission; others go back to the list. */
export function NewFieldRoute() {
  const authorization = useAuthorization();
  if (!authorization.can('create', 'Field')) return <Navigate to={paths.fields.getHref()} replace />;
  return <NewFieldPage />;
}
