import { BREAKPOINTS } from '@ampelos/domain';
import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListDetailLayout } from '../../../components/list-detail-layout.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useCompanies } from '../api/get-companies.ts';
import { AddCompanyButton } from './add-company-button.tsx';
import { CompaniesList } from './companies-list.tsx';
import { CompanyDetailPanel, type CompanyUserSlots } from './company-detail-panel.tsx';

/** The query parameter naming the active company: `/Companies?company=<uuid>`. */
export const SELECTED_COMPANY_PARAM = 'company';

/**
 * Companies (spec section 2; not the caller's own company profile of `/profile/company`): the list on
 * the left, the active company with its users on the right. Staff see every company, b2b roles their
 * own. The first company is active on wide screens; under 767 px none is, and the detail replaces the list.
 */
export function CompaniesScreen({ renderAddUser, renderEditUser }: CompanyUserSlots) {
  const { t } = useTranslation();
  const authorization = useAuthorization();
  const companies = useCompanies();
  const [params, setParams] = useSearchParams();
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS.smallScreen}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const chosenUuid = params.get(SELECTED_COMPANY_PARAM);
  const list = companies.data ?? [];
  const selected = chosenUuid
    ? (list.find((company) => company.uuid === chosenUuid) ?? null)
    : small
      ? null
      : (list[0] ?? null);

  const select = (uuid: string) => setParams({ [SELECTED_COMPANY_PARAM]: uuid });
  const backToList = () => setParams({});

  const header = (
    <Group justify="space-between">
      <Title order={2}>{t('nav.companies')}</Title>
      {authorization.can('create', 'Companies') && (
        <AddCompanyButton onCreated={(company) => select(company.uuid)} />
      )}
    </Group>
  );

  if (companies.isPending) {
    return (
      <Stack data-testid="companies-screen">
        {header}
        <Center py="xl">
          <Loader />
        </Center>
      </Stack>
    );
  }
  if (companies.isError) {
    // Spec section 8: a failed company load shows an alert with the error.
    const messages = companies.error instanceof ApiError ? companies.error.messages : [];
    return (
      <Stack data-testid="companies-screen">
        {header}
        <Alert color="red" data-testid="companies-error">
          {messages.length > 0 ? messages.join(' ') : t('companies.loadError')}
        </Alert>
        <Button variant="default" w="fit-content" onClick={() => void companies.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  if (list.length === 0) {
    return (
      <Stack data-testid="companies-screen">
        {header}
        <EmptyState
          data-testid="companies-empty"
          title={t('companies.empty')}
          icon={<IconBuilding size={36} stroke={1.5} />}
          variant="light"
          color="grape"
        />
      </Stack>
    );
  }

  const detail = selected ? (
    <CompanyDetailPanel
      company={selected}
      onBack={small ? backToList : undefined}
      renderAddUser={renderAddUser}
      renderEditUser={renderEditUser}
    />
  ) : (
    <Center py="xl">
      <Text c="dimmed" data-testid="company-none-selected">
        {t('companies.noneSelected')}
      </Text>
    </Center>
  );
  return (
    <ListDetailLayout
      small={small}
      chosen={chosenUuid !== null}
      header={header}
      list={
        <CompaniesList
          companies={list}
          activeUuid={selected?.uuid ?? null}
          onSelect={select}
          h={small ? 'auto' : 'calc(100dvh - 200px)'}
        />
      }
      detail={
        <>
          {small && !selected && (
            <Button variant="subtle" onClick={backToList} w="fit-content" px={0} data-testid="company-back">
              {t('companies.back')}
            </Button>
          )}
          {detail}
        </>
      }
      data-testid="companies-screen"
    />
  );
}
