import type { UserView } from '@ampelos/domain';
import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateEmailPreferences } from '../api/update-email-preferences.ts';

export function EmailPreferences({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const update = useUpdateEmailPreferences();

  const onToggle = (marketingOptIn: boolean) =>
    update.mutate(
      { firstName: user.firstName, lastName: user.lastName, marketingOptIn },
      {
        onSuccess: () => notifySuccess(t('settings.preferencesUpdated')),
        onError: () => notifyError(t('settings.preferencesFailed')),
      },
    );

  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={3}>{t('settings.emailPreferences')}</Title>
        <Switch
          checked={
            update.isPending ? (update.variables?.marketingOptIn ?? user.marketingOptIn) : user.marketingOptIn
          }
          disabled={update.isPending}
          onChange={(event) => onToggle(event.currentTarget.checked)}
          label={t('signup.marketingOptIn')}
          data-testid="marketing-opt-in"
        />
        <Text size="xs" c="dimmed">
          {t('settings.emailPreferencesHint')}
        </Text>
      </Stack>
    </Paper>
  );
}
