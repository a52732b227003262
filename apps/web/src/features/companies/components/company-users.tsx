import type { CompanyUserView } from '@ampelos/domain';
import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleLabel } from '../../../lib/role-label.ts';

interface CompanyUsersProps {
  users: readonly CompanyUserView[];
  /** "Edit user" for an entry the caller may edit (the route composes the users feature's button). */
  renderEditUser?: (user: CompanyUserView) => ReactNode;
}

/** The company's users with their role (spec section 2), or "No Users Added yet". */
export function CompanyUsers({ users, renderEditUser }: CompanyUsersProps) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  if (users.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm" data-testid="company-users-empty">
        {t('companies.noUsers')}
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ul" p={0} m={0}>
      {users.map((user) => (
        <Group
          key={user.uuid}
          component="li"
          justify="space-between"
          wrap="nowrap"
          py="xs"
          style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-2)' }}
          data-testid="company-user"
          data-uuid={user.uuid}
          data-role={user.role}
        >
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {user.firstName} {user.lastName}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <Text size="xs" data-testid="company-user-role">
              {roleLabel(user.role)}
            </Text>
          </Box>
          {renderEditUser && user.editable && <Box style={{ flexShrink: 0 }}>{renderEditUser(user)}</Box>}
        </Group>
      ))}
    </Stack>
  );
}
