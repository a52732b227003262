import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AppLang, setAnonymousLang } from '../lib/i18n.ts';

/** Offered on anonymous pages only; signed-in users choose in Settings. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('settings.language')}
      data-testid="anonymous-language-switch"
      value={i18n.language === 'el' ? 'el' : 'en'}
      onChange={(value) => setAnonymousLang(value as AppLang)}
      data={[
        { value: 'en', label: 'EN' },
        { value: 'el', label: 'ΕΛ' },
      ]}
    />
  );
}
