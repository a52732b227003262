import { BREAKPOINTS, type UserAdminView } from '@ampelos/domain';
import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListDetailLayout } from '../../../components/list-detail-layout.tsx';
import { SearchableList } from '../../../components/searchable-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useFindUser } from '../api/find-user.ts';
import { useUsers } from '../api/get-users.ts';
import { filterUsersByFirstName } from '../filter-users.ts';
import type { CompanyChoice } from '../user-roles.ts';
import { AddUserButton } from './add-user-button.tsx';
import { EditUserButton } from './edit-user-button.tsx';
import { UserDetail } from './user-detail.tsx';
import { UsersList } from './users-list.tsx';

/** The query parameter naming the active user: `/users?user=<uuid>`. */
export const SELECTED_USER_PARAM = 'user';
/** The server search waits for a pause in typing; the loaded list is filtered at once meanwhile. */
const SEARCH_DEBOUNCE_MS = 300;

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.messages.length > 0 ? error.messages.join(' ') : fallback;

interface UsersScreenProps {
  /** Administrators choose the company of a user they add or edit (the route passes the list). */
  companyChoices?: readonly CompanyChoice[];
}

/**
 * Users (spec section 2): a first-name search and the list on the left, the active user on the right.
 * On wide screens the first user is active when none is chosen; under 767 px none is, and the detail
 * replaces the list.
 */
export function UsersScreen({ companyChoices }: UsersScreenProps) {
  const { t } = useTranslation();
  const authorization = useAuthorization();
  const [search, setSearch] = useState('');
  const [serverSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const users = useUsers(serverSearch);
  const [params, setParams] = useSearchParams();
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS.smallScreen}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const chosenUuid = params.get(SELECTED_USER_PARAM);
  const list = filterUsersByFirstName(users.data?.data ?? [], search);
  const activeUuid = chosenUuid ?? (small ? null : (list[0]?.uuid ?? null));
  const fromList: UserAdminView | undefined = (users.data?.data ?? []).find((u) => u.uuid === activeUuid);
  const active = useFindUser(activeUuid, fromList);
  const grantable = users.data?.grantableRoles ?? [];

  const select = (uuid: string) => setParams({ [SELECTED_USER_PARAM]: uuid });
  const backToList = () => setParams({});

  const header = (
    <Group justify="space-between">
      <Title order={2}>{t('nav.users')}</Title>
      {authorization.can('create', 'Users') && grantable.length > 0 && (
        <AddUserButton
          grantableRoles={grantable}
          companyPicker={companyChoices ? { choices: companyChoices } : undefined}
          onSaved={(user) => select(user.uuid)}
        />
      )}
    </Group>
  );

  if (users.isPending) {
    return (
      <Stack data-testid="users-screen">
        {header}
        <Center py="xl">
          <Loader />
        </Center>
      </Stack>
    );
  }
  if (users.isError && !users.data) {
    return (
      <Stack data-testid="users-screen">
        {header}
        <Alert color="red" data-testid="users-error">
          {errorText(users.error, t('users.loadError'))}
        </Alert>
        <Button variant="default" w="fit-content" onClick={() => void users.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  if (users.data.data.length === 0 && !search) {
    return (
      <Stack data-testid="users-screen">
        {header}
        <EmptyState
          data-testid="users-empty"
          title={t('users.empty')}
          icon={<IconUsers size={36} stroke={1.5} />}
          variant="light"
          color="grape"
        />
      </Stack>
    );
  }

  const user = active.data;
  const detail = user ? (
    <UserDetail
      user={user}
      onBack={small ? backToList : undefined}
      editAction={
        user.editable &&
        authorization.can('update', 'Users') && (
          <EditUserButton
            uuid={user.uuid}
            user={user}
            grantableRoles={grantable}
            companyChoices={companyChoices}
          />
        )
      }
    />
  ) : active.isError ? (
    // Spec section 8 ("setting the active user failing"): a visible alert with the error.
    <Alert color="red" data-testid="user-detail-error">
      {errorText(active.error, t('users.loadUserError'))}
    </Alert>
  ) : activeUuid ? (
    <Center py="xl">
      <Loader />
    </Center>
  ) : (
    <Center py="xl">
      <Text c="dimmed" data-testid="user-none-selected">
        {t('users.noneSelected')}
      </Text>
    </Center>
  );

  return (
    <ListDetailLayout
      small={small}
      chosen={chosenUuid !== null}
      header={header}
      list={
        <SearchableList
          label={t('users.search')}
          query={search}
          onQueryChange={setSearch}
          noMatch={list.length === 0 ? t('users.noMatch') : null}
          testId="users"
        >
          <UsersList
            users={list}
            activeUuid={activeUuid}
            onSelect={select}
            h={small ? 'auto' : 'calc(100dvh - 250px)'}
          />
        </SearchableList>
      }
      detail={
        <>
          {small && !user && (
            <Button variant="subtle" onClick={backToList} w="fit-content" px={0} data-testid="user-back">
              {t('users.back')}
            </Button>
          )}
          {detail}
        </>
      }
      data-testid="users-screen"
    />
  );
}
