import type { UserAdminView } from '@ampelos/domain';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../../components/back-button.tsx';
import { DetailTable } from '../../../components/detail-table.tsx';
import { formatCalendarDate } from '../../../lib/format.ts';
import { useRoleLabel } from '../../../lib/role-label.ts';
import { UserAvatar } from './user-avatar.tsx';

const LANGUAGE_NAMES = { en: 'English', el: 'Ελληνικά' } as const;

interface UserDetailProps {
  user: UserAdminView;
  /** Small screens show the detail alone, with a way back to the list. */
  onBack?: () => void;
  /** "Edit user", when the caller may edit this user. */
  editAction?: ReactNode;
}

/** The active user (spec section 2): contact, role, identifiers, language, member since, company. */
export function UserDetail({ user, onBack, editAction }: UserDetailProps) {
  const { t, i18n } = useTranslation();
  const roleLabel = useRoleLabel();
  const company = user.company;
  return (
    <Stack gap="md" data-testid="user-detail" data-uuid={user.uuid}>
      {onBack && <BackButton onClick={onBack} label={t('users.back')} testId="user-back" />}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="md" wrap="nowrap">
          <UserAvatar user={user} size={64} radius="xl" />
          <Stack gap={4}>
            <Title order={3} data-testid="user-detail-name">
              {user.firstName} {user.lastName}
            </Title>
            <Group gap="xs">
              <Badge variant="light" color="grape" tt="none">
                {roleLabel(user.role)}
              </Badge>
              {user.invitationPending ? (
                <Badge variant="light" color="yellow" data-testid="user-detail-invited">
                  {t('users.invitationPending')}
                </Badge>
              ) : (
                !user.emailVerified && (
                  <Badge variant="light" color="gray">
                    {t('users.emailNotVerified')}
                  </Badge>
                )
              )}
            </Group>
          </Stack>
        </Group>
        {editAction}
      </Group>
      <Paper withBorder p="md">
        <DetailTable
          testId="user-detail"
          rows={[
            { key: 'email', label: t('auth.email'), value: user.email },
            { key: 'mobile', label: t('profile.mobile'), value: user.mobile },
            { key: 'location', label: t('profile.location'), value: user.location },
            { key: 'role', label: t('users.role'), value: roleLabel(user.role) },
            { key: 'uuid', label: t('users.uuid'), value: user.uuid },
            { key: 'id', label: t('users.id'), value: String(user.id) },
            { key: 'lang', label: t('users.language'), value: LANGUAGE_NAMES[user.lang] ?? user.lang },
            {
              key: 'memberSince',
              label: t('users.memberSince'),
              value: formatCalendarDate(user.createdAt, i18n.language),
            },
          ]}
        />
      </Paper>
      <Paper withBorder p="md" data-testid="user-company">
        <Title order={4} mb="xs">
          {t('users.companyInfo')}
        </Title>
        {company ? (
          <DetailTable
            testId="user-company"
            rows={[
              { key: 'name', label: t('users.companyName'), value: company.title },
              { key: 'email', label: t('auth.email'), value: company.email },
              { key: 'telephone', label: t('company.fields.telephone'), value: company.telephone },
              { key: 'activity', label: t('company.fields.firmActivity'), value: company.activity },
            ]}
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="user-company-none">
            {t('users.noCompany')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
