import type { Lang, UserView } from '@ampelos/domain';
import { NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangeLanguage } from '../api/change-language.ts';

export function LanguageForm({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const change = useChangeLanguage();

  const onChange = (lang: Lang) =>
    change.mutate(lang, {
      // After the switch the message appears in the new language.
      onSuccess: () => notifySuccess(i18n.t('settings.languageUpdated')),
      onError: () => notifyError(t('settings.languageFailed')),
    });

  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={3}>{t('settings.language')}</Title>
        <Text size="sm" c="dimmed">
          {t('settings.languageHint')}
        </Text>
        <NativeSelect
          label={t('settings.language')}
          maw={260}
          value={user.lang}
          disabled={change.isPending}
          onChange={(event) => onChange(event.currentTarget.value as Lang)}
          data={[
            { value: 'en', label: 'English' },
            { value: 'el', label: 'Ελληνικά' },
          ]}
          data-testid="language-select"
        />
      </Stack>
    </Paper>
  );
}
