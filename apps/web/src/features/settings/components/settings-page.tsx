import type { UserView } from '@ampelos/domain';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DeleteAccountForm } from './delete-account-form.tsx';
import { EmailPreferences } from './email-preferences.tsx';
import { LanguageForm } from './language-form.tsx';

export function SettingsPage({ user }: { user: UserView }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={2}>{t('settings.title')}</Title>
      <ChangePasswordForm />
      <LanguageForm user={user} />
      <EmailPreferences user={user} />
      <DeleteAccountForm user={user} />
    </Stack>
  );
}
