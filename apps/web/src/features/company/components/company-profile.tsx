import type { CompanyView } from '@ampelos/domain';
import { Alert, Button, Center, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useCompany } from '../../../lib/company.ts';
import { storedCountryName } from '../../../lib/country-name.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import { CompanyAvatarEditor } from './company-avatar-editor.tsx';
import { InvoiceDetailsForm } from './invoice-details-form.tsx';

/** `/profile/company`: the company's info and avatar, and its invoice details form. */
export function CompanyProfile() {
  const { t } = useTranslation();
  const company = useCompany();
  const canEdit = useAuthorization().can('update', 'UserCompany');

  if (company.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (company.isError) {
    return (
      <Stack>
        <Title order={2}>{t('profile.company')}</Title>
        <Alert color="red" data-testid="company-error">
          {t('company.loadError')}
        </Alert>
        <Button variant="default" w="fit-content" onClick={() => void company.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="company-profile">
      <Title order={2}>{t('profile.company')}</Title>
      <Paper withBorder p="lg" data-testid="company-info">
        {company.data ? (
          <CompanyInfo company={company.data} canEdit={canEdit} />
        ) : (
          <Stack gap={4}>
            <Text fw={600} data-testid="company-none">
              {t('company.none')}
            </Text>
            <Text size="sm" c="dimmed">
              {canEdit ? t('company.noneHint') : t('company.noneReadOnly')}
            </Text>
          </Stack>
        )}
      </Paper>
      {/* Without a company, a read-only form would only show empty boxes. */}
      {(company.data || canEdit) && (
        <Paper withBorder p="lg">
          <Title order={3} mb="md">
            {t('company.invoice.title')}
          </Title>
          <InvoiceDetailsForm company={company.data} />
        </Paper>
      )}
    </Stack>
  );
}

function CompanyInfo({ company, canEdit }: { company: CompanyView; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const place = [
    company.address,
    [company.zipCode, company.city].filter(Boolean).join(' '),
    company.state,
    company.country && storedCountryName(company.country, i18n.language),
  ]
    .filter(Boolean)
    .join(', ');
  const rows = [
    { key: 'vatId', label: t('company.fields.vatId'), value: company.vatId },
    { key: 'taxAuthority', label: t('company.fields.taxAuthority'), value: company.taxAuthority },
    { key: 'email', label: t('company.fields.email'), value: company.email },
    { key: 'telephone', label: t('company.fields.telephone'), value: company.telephone },
    { key: 'address', label: t('company.info.address'), value: place },
    {
      key: 'created',
      label: t('company.info.created'),
      value: formatCalendarDate(company.createdAt, i18n.language),
    },
  ];
  return (
    <Stack gap="md">
      <CompanyAvatarEditor company={company} canEdit={canEdit} />
      <Stack gap={0}>
        <Title order={3} data-testid="company-title">
          {company.title}
        </Title>
        {company.activity && (
          <Text c="dimmed" data-testid="company-activity">
            {company.activity}
          </Text>
        )}
      </Stack>
      <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th w="35%" fw={500} c="dimmed" bg="transparent">
                {row.label}
              </Table.Th>
              <Table.Td data-testid={`company-info-${row.key}`} style={{ overflowWrap: 'anywhere' }}>
                {row.value || '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
