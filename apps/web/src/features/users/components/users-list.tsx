import type { UserAdminView } from '@ampelos/domain';
import { Badge, Box, Text, UnstyledButton } from '@mantine/core';
import classes from '../../../components/list-row.module.css';
import { useRoleLabel } from '../../../lib/role-label.ts';
import { UserAvatar } from './user-avatar.tsx';

interface UsersListProps {
  users: readonly UserAdminView[];
  activeUuid: string | null;
  onSelect: (uuid: string) => void;
  /** Height of the scrolling list. */
  h: string | number;
}

/** One row per user: picture, name, e-mail and role. */
export function UsersList({ users, activeUuid, onSelect, h }: UsersListProps) {
  const roleLabel = useRoleLabel();
  return (
    <Box h={h} style={{ overflowY: 'auto' }} data-testid="users-list">
      {users.map((user) => {
        const active = user.uuid === activeUuid;
        return (
          <UnstyledButton
            key={user.uuid}
            className={classes.row}
            data-active={active || undefined}
            aria-current={active ? 'true' : undefined}
            onClick={() => onSelect(user.uuid)}
            data-testid="user-row"
            data-uuid={user.uuid}
            data-role={user.role}
          >
            <UserAvatar user={user} size={40} radius="xl" />
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="user-row-name">
                {user.firstName} {user.lastName}
              </Text>
              {/* The whole address, broken where needed: a cut one cannot be told from another. */}
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            </Box>
            <Badge
              variant="light"
              color="grape"
              size="sm"
              tt="none"
              style={{ flexShrink: 0 }}
              data-testid="user-row-role"
            >
              {roleLabel(user.role)}
            </Badge>
          </UnstyledButton>
        );
      })}
    </Box>
  );
}
