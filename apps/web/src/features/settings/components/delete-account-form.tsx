import type { UserView } from '@ampelos/domain';
import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount } from '../api/delete-account.ts';

export function DeleteAccountForm({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();

  return (
    <Paper withBorder p="lg" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) remove.mutate({ email: typed.trim() });
        }}
        noValidate
      >
        <Stack>
          <Title order={3} c="red.8">
            {t('settings.deleteAccount')}
          </Title>
          <Text size="sm">{t('settings.deleteWarning')}</Text>
          <TextInput
            // The address below the label, not in it: a long one made the label three lines on a phone.
            label={t('settings.deleteTypeEmail')}
            description={user.email}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-testid="delete-account-email"
          />
          <Button
            type="submit"
            color="red"
            w="fit-content"
            disabled={!matches}
            loading={remove.isPending}
            data-testid="delete-account-submit"
          >
            {t('settings.deleteAccountButton')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
