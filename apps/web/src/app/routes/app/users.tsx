import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCompanies } from '../../../features/companies/api/get-companies.ts';
import { UsersScreen } from '../../../features/users/components/users-screen.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';

/**
 * `/users` (Users:read). Administrators (who manage companies) choose the company of a user they add or
 * edit, from the Companies list. Business roles, who read no user list, see their company's users on
 * the Companies screen instead; everyone else goes home.
 */
export function UsersRoute() {
  const authorization = useAuthorization();
  const choosesCompany = authorization.can('create', 'Companies');
  const companies = useCompanies({ enabled: choosesCompany && authorization.can('read', 'Users') });
  if (!authorization.can('read', 'Users')) {
    const target = authorization.can('read', 'Companies') ? paths.companies.getHref() : paths.home.getHref();
    return <Navigate to={target} replace />;
  }
  return <UsersScreen companyChoices={choosesCompany ? (companies.data ?? []) : undefined} />;
}
