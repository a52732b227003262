import type { UserView } from '@ampelos/domain';
import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DeleteAccountForm } from './delete-account-form.tsx';
import { EmailPreferences } from './email-preferences.tsx';
import { LanguageForm } from './language-form.tsx';

/** `dataExport`: the privacy feature's download card, placed by the route above account deletion. */
export function SettingsPage({ user, dataExport }: { user: UserView; dataExport?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={2}>{t('settings.title')}</Title>
      <ChangePasswordForm />
      <LanguageForm user={user} />
      <EmailPreferences user={user} />
      {dataExport}
      <DeleteAccountForm user={user} />
    </Stack>
  );
}
