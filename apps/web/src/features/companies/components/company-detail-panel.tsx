import type { CompanyDetailView, CompanyListView, CompanyUserView } from '@ampelos/domain';
import { Alert, Badge, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../../components/back-button.tsx';
import { DetailTable } from '../../../components/detail-table.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import { useCompanyDetail } from '../api/get-company-detail.ts';
import { CompanyLogoEditor } from './company-logo-editor.tsx';
import { CompanyUsers } from './company-users.tsx';

/** Parts of the panel that belong to the users feature; the route passes them in. */
export interface CompanyUserSlots {
  /** "Add User" to this company, when the caller may add users. */
  renderAddUser?: (company: CompanyDetailView) => ReactNode;
  /** "Edit user" for an entry the server marks editable. */
  renderEditUser?: (user: CompanyUserView, company: CompanyDetailView) => ReactNode;
}

interface CompanyDetailPanelProps extends CompanyUserSlots {
  company: CompanyListView;
  onBack?: () => void;
}

/** The active company (spec section 2): title, e-mail, telephone, created date, users with role. */
export function CompanyDetailPanel({
  company,
  onBack,
  renderAddUser,
  renderEditUser,
}: CompanyDetailPanelProps) {
  const { t, i18n } = useTranslation();
  const authorization = useAuthorization();
  const detail = useCompanyDetail(company.uuid);
  const full = detail.data;

  let users: ReactNode;
  if (full) {
    users = (
      <CompanyUsers
        users={full.users}
        renderEditUser={renderEditUser && ((user) => renderEditUser(user, full))}
      />
    );
  } else if (detail.isError) {
    // Spec section 8: a failed company load shows an alert with the error.
    const messages = detail.error instanceof ApiError ? detail.error.messages : [];
    users = (
      <Alert color="red" data-testid="company-detail-error">
        {messages.length > 0 ? messages.join(' ') : t('companies.loadError')}
      </Alert>
    );
  } else {
    users = (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  }

  return (
    <Stack gap="md" data-testid="company-detail" data-uuid={company.uuid}>
      {onBack && <BackButton onClick={onBack} label={t('companies.back')} testId="company-back" />}
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap="xs">
          <Title order={3} data-testid="company-detail-title">
            {company.title}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color="grape">
              {t(`companies.kinds.${company.kind}`)}
            </Badge>
            {company.activity && (
              <Badge variant="light" color="gray">
                {company.activity}
              </Badge>
            )}
          </Group>
        </Stack>
        <CompanyLogoEditor company={company} canEdit={authorization.can('update', 'Companies')} />
      </Group>
      <Paper withBorder p="md">
        <DetailTable
          testId="company-detail"
          rows={[
            { key: 'email', label: t('company.fields.email'), value: company.email },
            { key: 'telephone', label: t('company.fields.telephone'), value: company.telephone },
            {
              key: 'created',
              label: t('company.info.created'),
              value: formatCalendarDate(company.createdAt, i18n.language),
            },
          ]}
        />
      </Paper>
      <Paper withBorder p="md" data-testid="company-users">
        <Group justify="space-between" mb="xs">
          <Title order={4}>{t('companies.users')}</Title>
          {full && renderAddUser?.(full)}
        </Group>
        {users}
      </Paper>
    </Stack>
  );
}
