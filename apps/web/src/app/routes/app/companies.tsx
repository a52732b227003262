import { type CompanyDetailView, grantableRoles } from '@ampelos/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { COMPANIES_QUERY_KEY, useCompanies } from '../../../features/companies/api/get-companies.ts';
import { CompaniesScreen } from '../../../features/companies/components/companies-screen.tsx';
import { AddUserButton } from '../../../features/users/components/add-user-button.tsx';
import { EditUserButton } from '../../../features/users/components/edit-user-button.tsx';
import { useUser } from '../../../lib/auth.ts';
import { useAuthorization } from '../../../lib/authorization.ts';

const choiceOf = (company: CompanyDetailView) => ({
  id: company.id,
  title: company.title,
  kind: company.kind,
});

/**
 * `/Companies` (Companies:read) with the users feature's Add User and Edit user in each company's
 * panel. Administrators add to the company shown; business roles add to their own (the server decides).
 */
export function CompaniesRoute() {
  const authorization = useAuthorization();
  const { data: me } = useUser();
  const queryClient = useQueryClient();
  const choosesCompany = authorization.can('create', 'Companies');
  const companies = useCompanies({ enabled: choosesCompany });
  if (!authorization.can('read', 'Companies') || !me) return <Navigate to={paths.home.getHref()} replace />;

  const grantable = grantableRoles(me.role);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY });
  const mayAdd = authorization.can('create', 'Users') && grantable.length > 0;
  const mayEdit = authorization.can('update', 'Users');
  return (
    <CompaniesScreen
      renderAddUser={
        mayAdd
          ? (company) => (
              <AddUserButton
                grantableRoles={grantable}
                companyPicker={choosesCompany ? { choices: [], fixed: choiceOf(company) } : undefined}
                onSaved={refresh}
              />
            )
          : undefined
      }
      renderEditUser={
        mayEdit
          ? (user) => (
              <EditUserButton
                uuid={user.uuid}
                grantableRoles={grantable}
                companyChoices={choosesCompany ? (companies.data ?? []) : undefined}
                onSaved={refresh}
              />
            )
          : undefined
      }
    />
  );
}
